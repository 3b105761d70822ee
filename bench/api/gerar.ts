import type pg from 'pg';
import { normalizarBusca } from '../../apps/api/src/lib/busca.ts';
import { PRIMEIROS_NOMES, SOBRENOMES } from '../../apps/api/src/modules/demo/demo-data.ts';
import { hashPassword } from '../../apps/api/src/modules/usuarios/password.ts';
import { comCliente } from '../banco.ts';

// The API rows' data set (README.md § Performance): 20 operators, customers, receivables, payments and
// messages, generated inside PostgreSQL (INSERT … SELECT over generate_series, random() seeded with
// setseed in one session, rows consumed in generate_series order, so one seed gives the same rows).

export type EscalaApi = { clientes: number; contas: number; mensagens: number };

export const OPERADORES = 20;
export const SENHA_BENCH = 'Bench@2026x';
export const EMAIL_ADMIN = 'admin@bench.local';
/** The operator the bench signs in as; it owns a bigger share, so its list reaches deep pages. */
export const EMAIL_OPERADOR = 'operador01@bench.local';

/**
 * A customer's attributes are functions of its id, so receivables, payments and messages are generated
 * without joining clientes. By `id % 100`: 0–4 unassigned and awaiting service (the shared queue), 5–16
 * (12 %) the bench operator's (id 1), the rest spread over the other 19. Assigned ones, by a hash of the
 * id: 70 % ativo, 5 % pausado, 5 % aguardando, 5 % em_atendimento, 15 % concluido (docs/produto.md §3), so the
 * bench operator's Ativos list holds 9 % of all customers: 450 pages of 20 at 100 000 customers.
 */
const operadorDoCliente = (k: string) =>
  `CASE WHEN ${k} % 100 < 5 THEN NULL WHEN ${k} % 100 < 17 THEN 1 ELSE 2 + ${k} % ${OPERADORES - 1} END`;
const statusDoCliente = (k: string) => {
  const sorteio = `(hashint4(${k})::bigint + 2147483648) % 100`;
  return `CASE WHEN ${k} % 100 < 5 THEN 'aguardando_atendimento' WHEN ${sorteio} < 70 THEN 'ativo'
    WHEN ${sorteio} < 75 THEN 'pausado' WHEN ${sorteio} < 80 THEN 'aguardando_atendimento'
    WHEN ${sorteio} < 85 THEN 'em_atendimento' ELSE 'concluido' END`;
};
const telefoneDoCliente = (k: string) => `'+55119' || lpad(${k}::text, 8, '0')`;

export type CarteiraApi = EscalaApi & {
  operadores: number;
  pagamentos: number;
  /** Milliseconds per step, and in all. */
  tempos: Record<string, number>;
  ms: number;
};

const TABELAS =
  'mensagens, regua_envios, pagamentos, negociacao_contas, contas_receber, negociacoes, chamadas, promessas, clientes, api_tokens, audit_logs, usuarios';

type Executar = (texto: string, valores?: unknown[]) => Promise<number>;

const inserirUsuarios = async (executar: Executar) => {
  const hash = await hashPassword(SENHA_BENCH);
  await executar(
    `INSERT INTO usuarios (name, email, password_hash, role)
     SELECT 'Operador ' || lpad(i::text, 2, '0'), 'operador' || lpad(i::text, 2, '0') || '@bench.local', $1, 'operador'
     FROM generate_series(1, $2::int) AS i`,
    [hash, OPERADORES],
  );
  await executar(
    `INSERT INTO usuarios (name, email, password_hash, role) VALUES ('Admin Bench', $1, $2, 'admin')`,
    [EMAIL_ADMIN, hash],
  );
};

/**
 * Messages over the last 180 days, ids in time order: 75 % outbound (85 % from the régua, the rest
 * written by the customer's operator; 5 % failed), 25 % inbound replies.
 */
const inserirMensagens = (executar: Executar, n: number, clientes: number) =>
  executar(
    `INSERT INTO mensagens (cliente_id, telefone, direcao, origem, status, conteudo, autor_id, canal, provedor,
       template_tipo, created_at, enviada_em, entregue_em, lida_em, falhou_em)
     SELECT k, ${telefoneDoCliente('k')}, s.direcao, s.origem, s.status,
       CASE WHEN s.direcao = 'entrada' THEN 'Oi, recebi a mensagem. Posso pagar semana que vem?'
         ELSE 'Olá! Sua fatura está disponível. Responda para negociar. (' || i || ')' END,
       CASE WHEN s.origem = 'operador' THEN s.operador END, 'whatsapp', 'simulador',
       CASE WHEN s.origem = 'regua' THEN (ARRAY['lembrete', 'vencimento', 'atraso'])[1 + i % 3] END,
       em, CASE WHEN s.status IN ('enviada', 'entregue', 'lida') THEN em END,
       CASE WHEN s.status IN ('entregue', 'lida') THEN em + interval '3 seconds' END,
       CASE WHEN s.status = 'lida' THEN em + interval '10 minutes' END,
       CASE WHEN s.status = 'falhou' THEN em END
     FROM (
       SELECT i, 1 + floor(random() * $1::int)::int AS k, random() AS r_direcao, random() AS r_origem,
         random() AS r_status, now() - interval '180 days' + (i + random()) * (interval '180 days' / $2::int) AS em
       FROM generate_series(1, $2::int) AS i) AS g,
     LATERAL (SELECT ${operadorDoCliente('k')} AS operador) o, LATERAL (
       SELECT o.operador, CASE WHEN r_direcao < 0.75 THEN 'saida' ELSE 'entrada' END AS direcao,
         CASE WHEN r_direcao >= 0.75 THEN 'cliente' WHEN r_origem < 0.85 OR o.operador IS NULL THEN 'regua'
           ELSE 'operador' END AS origem,
         CASE WHEN r_direcao >= 0.75 THEN 'recebida' WHEN r_status < 0.05 THEN 'falhou'
           WHEN r_status < 0.35 THEN 'entregue' WHEN r_status < 0.90 THEN 'lida' ELSE 'enviada' END AS status) s`,
    [clientes, n],
  );

/** Customers, with the denormalised "last message" columns the app keeps (ids are in time order). */
const inserirClientes = (executar: Executar, n: number) =>
  executar(
    `INSERT INTO clientes (nome, documento, documento_tipo, telefone, termo_busca, status, operador_id,
       numero_chamadas, pausa_motivo, aguardando_desde, ultima_mensagem_em, ultima_mensagem_texto,
       origem_contato, created_at)
     SELECT ($2::text[])[a] || ' ' || ($3::text[])[b] || ' ' || ($3::text[])[c], doc, 'cpf', ${telefoneDoCliente('i')},
       ($4::text[])[a] || ' ' || ($5::text[])[b] || ' ' || ($5::text[])[c] || ' ' || doc, s.status,
       ${operadorDoCliente('i')}, chamadas, CASE WHEN s.status = 'pausado' THEN 'Cliente pediu prazo para pagar' END,
       CASE WHEN s.status = 'aguardando_atendimento' THEN now() - r_tempo * interval '3 days' END,
       m.created_at, m.conteudo, 'importacao_csv', now() - interval '400 days' + r_tempo * interval '200 days'
     FROM (
       SELECT i, 1 + floor(random() * 20)::int AS a, 1 + floor(random() * 20)::int AS b,
         1 + floor(random() * 20)::int AS c, floor(random() * 6)::int AS chamadas, random() AS r_tempo
       FROM generate_series(1, $1::int) AS i) AS g
     CROSS JOIN LATERAL (SELECT lpad(i::text, 11, '0') AS doc, ${statusDoCliente('i')} AS status) s
     LEFT JOIN (SELECT cliente_id, max(id) AS id FROM mensagens GROUP BY cliente_id) u ON u.cliente_id = i
     LEFT JOIN mensagens m ON m.id = u.id
     ORDER BY i`,
    [n, PRIMEIROS_NOMES, SOBRENOMES, PRIMEIROS_NOMES.map(normalizarBusca), SOBRENOMES.map(normalizarBusca)],
  );

/**
 * Receivables due from a year ago to two months ahead; a concluded customer has none open. Past due:
 * 45 % open (one in ten partly paid), 45 % paid, the rest cancelled or renegotiated; future: mostly open.
 */
const inserirContas = (executar: Executar, n: number, clientes: number, hoje: string) =>
  executar(
    `INSERT INTO contas_receber (cliente_id, origem, descricao, valor_centavos, vencimento, status,
       valor_pago_centavos, pago_em, created_at)
     SELECT k, CASE WHEN i % 10 < 7 THEN 'importacao_csv' ELSE 'manual' END, 'Fatura ' || i, valor,
       vencimento, s.status,
       CASE WHEN s.status = 'paga' THEN valor WHEN s.status = 'aberta' AND r_pago < 0.1 THEN valor / 2 ELSE 0 END,
       CASE WHEN s.status = 'paga' THEN least(vencimento + atraso_pagamento, $2::date) END,
       vencimento - 30
     FROM (
       SELECT i, 1 + floor(random() * $1::int)::int AS k, random() AS r_status,
         $2::date - 365 + floor(random() * 426)::int AS vencimento, 1000 + floor(random() * 500000)::int AS valor,
         random() AS r_pago, floor(random() * 30)::int - 10 AS atraso_pagamento
       FROM generate_series(1, $3::int) AS i) AS g,
     LATERAL (SELECT ${statusDoCliente('k')} AS cliente) c, LATERAL (
       SELECT CASE
         WHEN c.cliente = 'concluido' THEN CASE WHEN r_status < 0.9 THEN 'paga' WHEN r_status < 0.95 THEN 'cancelada' ELSE 'negociada' END
         WHEN vencimento >= $2::date THEN CASE WHEN r_status < 0.9 THEN 'aberta' WHEN r_status < 0.97 THEN 'paga' ELSE 'cancelada' END
         WHEN r_status < 0.45 THEN 'aberta' WHEN r_status < 0.90 THEN 'paga' WHEN r_status < 0.95 THEN 'cancelada'
         ELSE 'negociada' END AS status) s`,
    [clientes, hoje, n],
  );

/** One payment per paid receivable, on its pago_em, registered by the customer's operator. */
const inserirPagamentos = (executar: Executar) =>
  executar(
    `INSERT INTO pagamentos (cliente_id, conta_id, operador_id, valor_centavos, principal_centavos, data, forma, created_at)
     SELECT cliente_id, id, ${operadorDoCliente('cliente_id')}, valor_centavos, valor_centavos, pago_em,
       (ARRAY['pix', 'boleto', 'dinheiro', 'cartao', 'transferencia'])[1 + id % 5], pago_em + time '14:00'
     FROM contas_receber
     WHERE status = 'paga'`,
  );

const TABELAS_VOLUMOSAS = ['clientes', 'contas_receber', 'pagamentos', 'mensagens'];

/**
 * Secondary indexes of the big tables, dropped before the load and rebuilt after it (one sorted build
 * is several times faster than a million random insertions); their definitions come from the migrated
 * database itself, so the rebuilt ones are exactly the app's.
 */
const suspenderIndices = async (client: pg.ClientBase): Promise<string[]> => {
  const { rows } = await client.query<{ nome: string; definicao: string }>(
    `SELECT i.indexrelid::regclass::text AS nome, pg_get_indexdef(i.indexrelid) AS definicao
     FROM pg_index i
     WHERE i.indrelid = ANY($1::regclass[])
       AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = i.indexrelid)`,
    [TABELAS_VOLUMOSAS],
  );
  for (const { nome } of rows) await client.query(`DROP INDEX ${nome}`);
  return rows.map((r) => r.definicao);
};

/** Fills an empty, migrated database with the API data set; `hoje` is São Paulo's date. */
export const gerarCarteiraApi = async (
  url: string,
  escala: EscalaApi,
  hoje: string,
  seed = 2026,
): Promise<CarteiraApi> =>
  comCliente(url, async (client) => {
    const inicio = performance.now();
    const tempos: Record<string, number> = {};
    const executar: Executar = async (texto, valores) => (await client.query(texto, valores)).rowCount ?? 0;
    const etapa = async <T>(nome: string, fazer: () => Promise<T>): Promise<T> => {
      const t0 = performance.now();
      const resultado = await fazer();
      tempos[nome] = performance.now() - t0;
      return resultado;
    };
    await client.query(`TRUNCATE ${TABELAS} RESTART IDENTITY CASCADE`);
    await client.query('BEGIN');
    // Consistent by construction: skip the per-row foreign-key triggers when the role may (superuser).
    const { rows } = await client.query<{ super: boolean }>(
      'SELECT rolsuper AS super FROM pg_roles WHERE rolname = current_user',
    );
    if (rows[0]?.super) await client.query('SET LOCAL session_replication_role = replica');
    await client.query("SET LOCAL work_mem = '64MB'");
    await client.query('SELECT setseed($1)', [(seed % 1000) / 1000]);
    const indices = await suspenderIndices(client);
    await etapa('usuarios', () => inserirUsuarios(executar));
    await etapa('mensagens', () => inserirMensagens(executar, escala.mensagens, escala.clientes));
    await etapa('clientes', () => inserirClientes(executar, escala.clientes));
    await etapa('contas', () => inserirContas(executar, escala.contas, escala.clientes, hoje));
    const pagamentos = await etapa('pagamentos', () => inserirPagamentos(executar));
    await etapa('indices', async () => {
      await client.query("SET LOCAL maintenance_work_mem = '256MB'");
      for (const definicao of indices) await client.query(definicao);
    });
    // The triggers that keep the read models were off with the foreign keys: rebuild them once.
    await etapa('agregados', () => client.query('SELECT recalcular_agregados()'));
    await client.query('COMMIT');
    await etapa('vacuum_analyze', () =>
      client.query(`VACUUM (ANALYZE) ${TABELAS}, agregados_dia, agregados_abertas, agregados_clientes_mes`),
    );
    return { ...escala, operadores: OPERADORES, pagamentos, tempos, ms: performance.now() - inicio };
  });
