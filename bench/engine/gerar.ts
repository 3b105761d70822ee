import { sistemaSettings } from '@cobranca/contracts';
import { somarDias } from '@cobranca/dominio';
import type pg from 'pg';
import { dataDaEtapa } from '../../apps/api/src/modules/regua/calendario.ts';
import { ordenarEtapas } from '../../apps/api/src/modules/regua/etapas.ts';
import { MARCADOR_PIX } from '../../apps/api/src/modules/regua/mensagem-regua.ts';
import { type Consultor, comCliente } from '../banco.ts';

// Deterministic data for the engine rows, generated inside the database (PostgreSQL, or PGlite at the
// 10× smaller scale): INSERT … SELECT over generate_series, random() seeded with setseed in one
// session, so the same seed gives the same rows.

/** Due dates spread from this many days before "today"… */
export const DIAS_ANTES = 120;
/** …to this many days after it. */
export const DIAS_DEPOIS = 30;
/** About one customer per this many receivables. */
export const CONTAS_POR_CLIENTE = 3;

const TABELAS = 'mensagens, regua_envios, contas_receber, clientes, canal_vazao';

export type Carteira = {
  clientes: number;
  contas: number;
  historicoEnvios: number;
  historicoMensagens: number;
  ms: number;
};

/**
 * `contas` open receivables of active customers, due from −120 to +30 days around `hoje`, and the
 * history of an engine that ran every day before: a `regua_envios` row ('enviado') for every step whose
 * date (calendar-shifted as the engine shifts it) is before `hoje`, and the régua messages of the last
 * seven days (what the contact limits read). Customers start with `numero_chamadas` 0, as if they had
 * answered, so every one of them is still the engine's to contact.
 */
export const gerarCarteira = (url: string, contas: number, hoje: string, seed = 2026): Promise<Carteira> =>
  comCliente(url, (client) => gerarCarteiraCom(client, contas, hoje, seed));

/** `gerarCarteira` through any client (the embedded PGlite's too). */
export const gerarCarteiraCom = async (
  client: Consultor,
  contas: number,
  hoje: string,
  seed = 2026,
): Promise<Carteira> => {
  const inicio = performance.now();
  const clientes = Math.ceil(contas / CONTAS_POR_CLIENTE);
  const settings = sistemaSettings.parse({});
  const mapa: { vencimento: string; etapa_dias: number; data: string }[] = [];
  for (let d = -DIAS_ANTES; d <= DIAS_DEPOIS; d += 1) {
    const vencimento = somarDias(hoje, d);
    for (const etapa of ordenarEtapas(settings.regua)) {
      const data = dataDaEtapa(vencimento, etapa.dias, settings.janela_envio);
      if (data < hoje) mapa.push({ vencimento, etapa_dias: etapa.dias, data });
    }
  }
  await client.query(`TRUNCATE ${TABELAS} RESTART IDENTITY CASCADE`);
  await client.query('BEGIN');
  // Bulk load: the rows are consistent by construction, so the per-row foreign-key triggers are
  // skipped when the role may do it (a superuser; otherwise they just run).
  const { rows } = await client.query<{ super: boolean }>(
    'SELECT rolsuper AS super FROM pg_roles WHERE rolname = current_user',
  );
  if (rows[0]?.super) await client.query('SET LOCAL session_replication_role = replica');
  await client.query('SELECT setseed($1)', [(seed % 1000) / 1000]);
  await client.query(
    `INSERT INTO clientes (nome, documento, documento_tipo, telefone, termo_busca, status, origem_contato)
       SELECT 'Cliente ' || i, lpad(i::text, 11, '0'), 'cpf', '+55119' || lpad(i::text, 8, '0'),
         'cliente ' || i || ' ' || lpad(i::text, 11, '0'), 'ativo', 'importacao_csv'
       FROM generate_series(1, $1::int) AS i`,
    [clientes],
  );
  await client.query(
    `INSERT INTO contas_receber (cliente_id, origem, descricao, valor_centavos, vencimento, status)
       SELECT 1 + floor(random() * $1::int)::int, 'manual', 'Fatura ' || i, 1000 + floor(random() * 500000)::int,
         $2::date + (floor(random() * $3::int)::int - $4::int), 'aberta'
       FROM generate_series(1, $5::int) AS i`,
    [clientes, hoje, DIAS_ANTES + DIAS_DEPOIS + 1, DIAS_ANTES, contas],
  );
  const envios = await client.query(
    `INSERT INTO regua_envios (conta_id, etapa_dias, mensagem_id, status, data_referencia, created_at)
       SELECT cr.id, m.etapa_dias, NULL, 'enviado', m.data,
         (m.data + time '10:00') AT TIME ZONE 'America/Sao_Paulo'
       FROM contas_receber cr
       JOIN jsonb_to_recordset($1::jsonb) AS m(vencimento date, etapa_dias integer, data date)
         ON m.vencimento = cr.vencimento
       ORDER BY cr.id, m.etapa_dias`,
    [JSON.stringify(mapa)],
  );
  // One régua message per customer and day over the last seven days (the engine joins a customer's
  // receivables due the same day into one message).
  const mensagens = await client.query(
    `INSERT INTO mensagens (cliente_id, telefone, direcao, origem, status, conteudo, canal, provedor, template_tipo,
         chave_idempotencia, created_at, enviada_em, entregue_em)
       SELECT c.id, c.telefone, 'saida', 'regua', 'entregue', 'Mensagem da régua de ' || d.data, 'whatsapp', 'simulador',
         CASE WHEN d.etapa < 0 THEN 'lembrete' WHEN d.etapa = 0 THEN 'vencimento' ELSE 'atraso' END,
         'historico:' || c.id || ':' || d.data, d.em, d.em, d.em
       FROM (
         SELECT cr.cliente_id, re.data_referencia AS data, max(re.etapa_dias) AS etapa,
           (re.data_referencia + time '10:00') AT TIME ZONE 'America/Sao_Paulo' AS em
         FROM regua_envios re JOIN contas_receber cr ON cr.id = re.conta_id
         WHERE re.data_referencia >= $1::date - 6
         GROUP BY cr.cliente_id, re.data_referencia) AS d
       JOIN clientes c ON c.id = d.cliente_id
       ORDER BY d.data, c.id`,
    [hoje],
  );
  // The read models' triggers were off with the foreign keys: rebuild them once.
  await client.query('SELECT recalcular_agregados()');
  await client.query('COMMIT');
  await client.query(`VACUUM (ANALYZE) ${TABELAS}`);
  return {
    clientes,
    contas,
    historicoEnvios: envios.rowCount ?? 0,
    historicoMensagens: mensagens.rowCount ?? 0,
    ms: performance.now() - inicio,
  };
};

export type FilaEnvio = { mensagens: number; ms: number };

/** Customers 1…n (CPF, mobile), each with one open receivable #i of R$ 100,00 + i cents due that day. */
export const inserirClientesComConta = async (client: pg.Client, n: number, vencimento: string) => {
  await client.query(
    `INSERT INTO clientes (nome, documento, documento_tipo, telefone, termo_busca, status, origem_contato)
     SELECT 'Cliente ' || i, lpad(i::text, 11, '0'), 'cpf', '+55119' || lpad(i::text, 8, '0'),
       'cliente ' || i, 'ativo', 'importacao_csv'
     FROM generate_series(1, $1::int) AS i`,
    [n],
  );
  await client.query(
    `INSERT INTO contas_receber (cliente_id, origem, descricao, valor_centavos, vencimento, status)
     SELECT i, 'manual', 'Fatura ' || i, 10000 + i, $2::date, 'aberta'
     FROM generate_series(1, $1::int) AS i`,
    [n, vencimento],
  );
};

/**
 * `n` régua messages waiting in the outbox ('pendente'), each for a customer of its own with one open
 * receivable planned for it; each customer wrote an hour ago, so the Cloud API gets the text itself,
 * and every text is unique ("nº i") so the fake server can tell a message sent twice. `comPix`: each text
 * ends with the PIX marker the planner leaves, for the sender to create the message's charge.
 */
export const gerarFilaEnvio = async (
  url: string,
  n: number,
  hoje: string,
  comPix = false,
): Promise<FilaEnvio> =>
  comCliente(url, async (client) => {
    const inicio = performance.now();
    await client.query(`TRUNCATE ${TABELAS} RESTART IDENTITY CASCADE`);
    await client.query('BEGIN');
    await inserirClientesComConta(client, n, somarDias(hoje, -3));
    await client.query(
      `INSERT INTO mensagens (cliente_id, telefone, direcao, origem, status, conteudo, canal, provedor, template_tipo,
         chave_idempotencia, valor_centavos)
       SELECT i, '+55119' || lpad(i::text, 8, '0'), 'saida', 'regua', 'pendente',
         'Olá, Cliente ' || i || '! Mensagem de cobrança nº ' || i || ': a Fatura ' || i
           || ' venceu há 3 dias. Responda esta mensagem para negociar.' || $2::text,
         'whatsapp', 'whatsapp_cloud', 'atraso', 'bench-envio:' || i, 10000 + i
       FROM generate_series(1, $1::int) AS i`,
      [n, comPix ? `\n\n${MARCADOR_PIX}` : ''],
    );
    await client.query(
      `INSERT INTO regua_envios (conta_id, etapa_dias, mensagem_id, status, data_referencia)
       SELECT i, 3, i, 'planejado', $2::date FROM generate_series(1, $1::int) AS i`,
      [n, hoje],
    );
    await client.query(
      `INSERT INTO mensagens (cliente_id, telefone, direcao, origem, status, conteudo, canal, provedor, created_at)
       SELECT i, '+55119' || lpad(i::text, 8, '0'), 'entrada', 'cliente', 'recebida', 'Oi, pode mandar',
         'whatsapp', 'whatsapp_cloud', now() - interval '1 hour'
       FROM generate_series(1, $1::int) AS i`,
      [n],
    );
    await client.query('COMMIT');
    await client.query(`VACUUM (ANALYZE) ${TABELAS}`);
    return { mensagens: n, ms: performance.now() - inicio };
  });
