import type { SistemaSettings, TemplateTipo } from '@cobranca/contracts';
import { instanteNoFuso, somarDias } from '@cobranca/dominio';
import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { linhasDe } from '../../db/linhas.ts';
import { type AlternativaDeCanal, type Canais, configurados } from '../canais/canal.ts';
import { contatosDosClientes } from '../canais/rota.repository.ts';
import { type ContatoDoCliente, rotear } from '../canais/rota.ts';
import {
  type Atualizacao,
  contaDaLinha,
  encargosDaConta,
  type LinhaDeEncargos,
  percentuaisDe,
} from '../clientes/valor-atualizado.ts';
import { type TemplateMensagem, templatePadrao } from '../mensagens/template-canal.ts';
import { listarTemplatesSalvos } from '../mensagens/templates.repository.ts';
import { emDebitoAutomatico } from '../pix/cobrancas/parcelas-em-debito.ts';
import {
  type ContaAberta,
  ordenarEtapas,
  type PlanoCliente,
  type Pulo,
  planejarCliente,
  proximaVisita,
} from './etapas.ts';
import { chaveRegua, montarMensagemRegua } from './mensagem-regua.ts';

// Planning (docs/produto.md §11): one cursor over the open receivables of the customers automation may
// contact, read in slices so memory stays flat; each slice's messages go into the outbox in one
// statement under their unique key, so planning twice (or on two workers) never duplicates.

const TRAVA_PLANEJAMENTO = 7_310_422;
const FATIA = 5_000;

export type ResultadoPlanejamento = { planejadas: number; puladas: number; adiadas: number };

type LinhaCandidata = LinhaDeEncargos & {
  cliente_id: number;
  nome: string;
  conta_id: number;
  linha_digitavel: string | null;
  registradas: number[];
};

type ClienteCandidato = { id: number; nome: string; contas: ContaAberta[] };

export type ContextoPlanejamento = {
  settings: SistemaSettings;
  hoje: string;
  /** Each channel's driver as configured now (null: not configured, never routed to). */
  canais: Canais;
  templates: ReadonlyMap<TemplateTipo, TemplateMensagem>;
};

// An instalment in automatic debit gets pre-debit notices instead (docs/pix-automatico.md §5).
const EM_DEBITO = emDebitoAutomatico('cr');

// No due-date bound: a receivable whose first step is far ahead is read once, dated, and skipped until
// then (docs/decisions/026-regua-proxima.md).
const abrirCursor = (tx: Tx, ctx: ContextoPlanejamento) =>
  tx.execute(sql`
    DECLARE regua_planejamento NO SCROLL CURSOR FOR
    -- The day's few receivables first, from their partial index: ordered by customer, the planner would
    -- rather walk every open receivable in customer order and filter (seen at 1 M rows).
    WITH devidas AS MATERIALIZED (
      SELECT * FROM contas_receber
      WHERE status = 'aberta' AND regua_proxima_em <= ${ctx.hoje}::date
    )
    SELECT c.id AS cliente_id, c.nome, cr.id AS conta_id, cr.vencimento::text AS vencimento,
      cr.valor_centavos, cr.valor_pago_centavos, cr.multa_pendente_centavos, cr.juros_pendentes_centavos,
      cr.encargos_ate::text AS encargos_ate, cr.linha_digitavel,
      ARRAY(SELECT re.etapa_dias FROM regua_envios re WHERE re.conta_id = cr.id) AS registradas
    FROM devidas cr
    JOIN clientes c ON c.id = cr.cliente_id
    WHERE c.status = 'ativo' AND NOT ${EM_DEBITO} AND c.opt_out_em IS NULL AND (c.telefone IS NOT NULL OR c.email IS NOT NULL)
      AND c.numero_chamadas < ${ctx.settings.tentativas_com_falhas}
      AND (c.soneca_ate IS NULL OR c.soneca_ate < ${ctx.hoje}::date)
      AND NOT EXISTS (
        SELECT 1 FROM mensagens m WHERE m.cliente_id = c.id AND m.status = 'pendente' AND m.origem = 'regua')
    ORDER BY c.id, cr.vencimento, cr.id`);

/**
 * Régua messages per customer already sent (or waiting) today and in the last seven days, and whether an
 * agreement's terms went today: that day the agreement is the collection message (docs/produto.md §11).
 */
const contatosRecentes = async (tx: Tx, ids: number[], hoje: string, fuso: string) => {
  const inicioDoDia = sql`${instanteNoFuso(hoje, 0, fuso).toISOString()}::timestamptz`;
  const linhas = linhasDe<{ cliente_id: number; hoje: number; semana: number; termos_hoje: boolean }>(
    await tx.execute(sql`
      SELECT cliente_id,
        count(*) FILTER (WHERE origem = 'regua' AND coalesce(enviada_em, created_at) >= ${inicioDoDia})::int AS hoje,
        count(*) FILTER (WHERE origem = 'regua')::int AS semana,
        bool_or(template_tipo = 'negociacao' AND coalesce(enviada_em, created_at) >= ${inicioDoDia}) AS termos_hoje
      FROM mensagens
      WHERE cliente_id IN (SELECT jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb)::int)
        AND (origem = 'regua' OR template_tipo = 'negociacao')
        AND direcao = 'saida' AND status NOT IN ('falhou', 'cancelada')
        AND coalesce(enviada_em, created_at) >= ${instanteNoFuso(somarDias(hoje, -6), 0, fuso).toISOString()}::timestamptz
      GROUP BY cliente_id`),
  );
  return new Map(linhas.map((l) => [l.cliente_id, l]));
};

type NovaMensagem = {
  cliente_id: number;
  canal: string;
  provedor: string;
  telefone: string | null;
  email: string | null;
  assunto: string | null;
  conteudo: string;
  alternativas: AlternativaDeCanal[] | null;
  template_tipo: TemplateTipo;
  chave: string;
  valor_centavos: number;
  template_canal: unknown;
  contas: { conta_id: number; etapa_dias: number }[];
};

/** Writes the slice's messages; the keys of those created (a key planned before adds nothing). */
const gravarMensagens = async (
  tx: Tx,
  ctx: ContextoPlanejamento,
  novas: NovaMensagem[],
): Promise<Set<string>> => {
  if (novas.length === 0) return new Set();
  const criadas = linhasDe<{ id: number; chave: string }>(
    await tx.execute(sql`
      INSERT INTO mensagens (cliente_id, telefone, email, assunto, direcao, origem, status, conteudo, canal,
        provedor, alternativas, template_tipo, chave_idempotencia, valor_centavos, template_canal)
      SELECT cliente_id, telefone, email, assunto, 'saida', 'regua', 'pendente', conteudo, canal, provedor,
        alternativas, template_tipo, chave, valor_centavos, template_canal
      FROM jsonb_to_recordset(${JSON.stringify(novas)}::jsonb) AS x(cliente_id integer, telefone text,
        email text, assunto text, conteudo text, canal text, provedor text, alternativas jsonb,
        template_tipo text, chave text, valor_centavos bigint, template_canal jsonb)
      ON CONFLICT (chave_idempotencia) DO NOTHING
      RETURNING id, chave_idempotencia AS chave`),
  );
  const porChave = new Map(novas.map((n) => [n.chave, n]));
  const envios = criadas.flatMap(({ id, chave }) =>
    (porChave.get(chave)?.contas ?? []).map((c) => ({ ...c, mensagem_id: id })),
  );
  await gravarEnvios(tx, ctx.hoje, envios, 'planejado');
  return new Set(criadas.map((c) => c.chave));
};

/** The next visit of each receivable the slice decided on, from what is now recorded for it. */
const gravarProximasVisitas = async (
  tx: Tx,
  ctx: ContextoPlanejamento,
  contas: { id: number; vencimento: string; registradas: readonly number[] }[],
) => {
  if (contas.length === 0) return;
  const etapas = ordenarEtapas(ctx.settings.regua);
  const proximas = contas.map((c) => ({
    id: c.id,
    data: proximaVisita(c.vencimento, c.registradas, etapas, ctx.settings.janela_envio),
  }));
  await tx.execute(sql`
    UPDATE contas_receber cr SET regua_proxima_em = x.data
    FROM jsonb_to_recordset(${JSON.stringify(proximas)}::jsonb) AS x(id integer, data date)
    WHERE cr.id = x.id AND cr.regua_proxima_em IS DISTINCT FROM x.data`);
};

const gravarEnvios = async (
  tx: Tx,
  hoje: string,
  envios: { conta_id: number; etapa_dias: number; mensagem_id?: number }[],
  status: 'planejado' | 'pulado',
) => {
  if (envios.length === 0) return;
  await tx.execute(sql`
    INSERT INTO regua_envios (conta_id, etapa_dias, mensagem_id, status, data_referencia)
    SELECT conta_id, etapa_dias, mensagem_id, ${status}, ${hoje}::date
    FROM jsonb_to_recordset(${JSON.stringify(envios)}::jsonb) AS x(conta_id integer, etapa_dias integer,
      mensagem_id bigint)
    ON CONFLICT (conta_id, etapa_dias) DO NOTHING`);
};

/**
 * The step's message through the first channel the customer can receive on, with the next ones kept
 * for a permanent failure (docs/produto.md §12); null when no channel reaches the customer.
 */
const novaMensagem = (
  ctx: ContextoPlanejamento,
  cliente: ClienteCandidato,
  contato: ContatoDoCliente,
  plano: PlanoCliente,
): NovaMensagem | null => {
  const template = ctx.templates.get(plano.etapa.tipo) ?? templatePadrao(plano.etapa.tipo);
  const chave = chaveRegua(cliente.id, plano);
  const [primeiro, ...resto] = rotear(plano.etapa.canais, contato, configurados(ctx.canais)).map(
    (canal): AlternativaDeCanal => {
      const mensagem = montarMensagemRegua({
        nome: cliente.nome,
        plano,
        chave,
        hoje: ctx.hoje,
        credor: ctx.settings.empresa,
        comPix: true,
        template,
        canal,
      });
      return {
        canal,
        telefone: canal === 'email' ? null : contato.telefone,
        email: canal === 'email' ? contato.email : null,
        assunto: mensagem.assunto,
        conteudo: mensagem.conteudo,
        template: mensagem.template,
      };
    },
  );
  if (!primeiro) return null;
  return {
    cliente_id: cliente.id,
    canal: primeiro.canal,
    provedor: ctx.canais[primeiro.canal]?.provedor ?? 'simulador',
    telefone: primeiro.telefone,
    email: primeiro.email,
    assunto: primeiro.assunto,
    conteudo: primeiro.conteudo,
    alternativas: resto.length > 0 ? resto : null,
    template_tipo: plano.etapa.tipo,
    chave,
    valor_centavos: plano.totalCentavos,
    template_canal: primeiro.template,
    contas: plano.contas.map((c) => ({ conta_id: c.id, etapa_dias: c.etapa.dias })),
  };
};

/** Plans one slice of whole customers; caps defer a customer to a later day without recording anything. */
const planejarFatia = async (
  tx: Tx,
  ctx: ContextoPlanejamento,
  clientes: ClienteCandidato[],
): Promise<ResultadoPlanejamento> => {
  const { por_dia, por_semana } = ctx.settings.limites_contato;
  const planos = clientes.map((cliente) => ({
    cliente,
    ...planejarCliente(cliente.contas, ctx.settings.regua, ctx.hoje, ctx.settings.janela_envio),
  }));
  const comPlano = planos.filter((p) => p.plano !== null);
  const ids = comPlano.map((p) => p.cliente.id);
  const [recentes, contatos] = await Promise.all([
    contatosRecentes(tx, ids, ctx.hoje, ctx.settings.fuso_horario),
    contatosDosClientes(tx, ids),
  ]);
  const novas: NovaMensagem[] = [];
  const pulos: Pulo[] = [];
  const decididos: typeof planos = [];
  let adiadas = 0;
  for (const p of planos) {
    const recente = recentes.get(p.cliente.id);
    const contato = contatos.get(p.cliente.id);
    const nova = p.plano && contato ? novaMensagem(ctx, p.cliente, contato, p.plano) : null;
    // A deferred customer keeps its receivables' visit date: planning sees them again tomorrow. So does
    // one no channel reaches today (no address left, every channel opted out or bounced).
    if (
      p.plano &&
      (!nova || (recente && (recente.termos_hoje || recente.hoje >= por_dia || recente.semana >= por_semana)))
    ) {
      adiadas += 1;
      continue;
    }
    decididos.push(p);
    pulos.push(...p.pulos);
    if (nova) novas.push(nova);
  }
  await gravarEnvios(
    tx,
    ctx.hoje,
    pulos.map((p) => ({ conta_id: p.contaId, etapa_dias: p.etapa.dias })),
    'pulado',
  );
  const criadas = await gravarMensagens(tx, ctx, novas);
  // Steps now recorded per receivable: skipped ones, and those of a message actually created.
  const agora = new Map<number, number[]>();
  const registrar = (contaId: number, dias: number) =>
    agora.set(contaId, [...(agora.get(contaId) ?? []), dias]);
  for (const p of pulos) registrar(p.contaId, p.etapa.dias);
  for (const n of novas)
    if (criadas.has(n.chave)) for (const c of n.contas) registrar(c.conta_id, c.etapa_dias);
  await gravarProximasVisitas(
    tx,
    ctx,
    decididos.flatMap(({ cliente }) =>
      cliente.contas.map((c) => ({ ...c, registradas: [...c.registradas, ...(agora.get(c.id) ?? [])] })),
    ),
  );
  return { planejadas: criadas.size, puladas: pulos.length, adiadas };
};

/** Messages state the updated amount of each receivable (docs/produto.md §7). */
const agrupar = (linhas: LinhaCandidata[], atualizacao: Atualizacao): ClienteCandidato[] => {
  const clientes: ClienteCandidato[] = [];
  for (const l of linhas) {
    let atual = clientes.at(-1);
    if (atual?.id !== l.cliente_id) {
      atual = { id: l.cliente_id, nome: l.nome, contas: [] };
      clientes.push(atual);
    }
    atual.contas.push({
      id: l.conta_id,
      vencimento: l.vencimento,
      saldoCentavos: encargosDaConta(contaDaLinha(l), atualizacao).totalCentavos,
      linhaDigitavel: l.linha_digitavel,
      registradas: l.registradas,
    });
  }
  return clientes;
};

export const carregarTemplates = async (db: Db | Tx): Promise<Map<TemplateTipo, TemplateMensagem>> =>
  new Map((await listarTemplatesSalvos(db)).map((t) => [t.tipo, t]));

/**
 * One planning pass for `ctx.hoje`. Only one planner runs at a time (advisory lock); a second one
 * returns null at once instead of waiting.
 */
export const planejarRegua = (db: Db, ctx: ContextoPlanejamento): Promise<ResultadoPlanejamento | null> =>
  db.transaction(async (tx) => {
    const [trava] = linhasDe<{ ok: boolean }>(
      await tx.execute(sql`SELECT pg_try_advisory_xact_lock(${TRAVA_PLANEJAMENTO}) AS ok`),
    );
    if (!trava?.ok) return null;
    // The cursor is read to the end: plan for all rows, not for the first ones (PostgreSQL's default
    // for cursors), and skip JIT compilation, which costs more than it saves on this query.
    await tx.execute(sql`SET LOCAL cursor_tuple_fraction = 1`);
    await tx.execute(sql`SET LOCAL jit = off`);
    const total: ResultadoPlanejamento = { planejadas: 0, puladas: 0, adiadas: 0 };
    const atualizacao: Atualizacao = { hoje: ctx.hoje, percentuais: percentuaisDe(ctx.settings) };
    await abrirCursor(tx, ctx);
    let resto: LinhaCandidata[] = [];
    for (;;) {
      const linhas = linhasDe<LinhaCandidata>(
        await tx.execute(sql.raw(`FETCH ${FATIA} FROM regua_planejamento`)),
      );
      const todas = resto.concat(linhas);
      const fim = linhas.length < FATIA;
      // The last customer of a slice may continue in the next one: keep its rows back.
      const corte = fim
        ? todas.length
        : todas.findLastIndex((l) => l.cliente_id !== todas.at(-1)?.cliente_id) + 1;
      const prontos = agrupar(todas.slice(0, corte), atualizacao);
      resto = todas.slice(corte);
      const r = await planejarFatia(tx, ctx, prontos);
      total.planejadas += r.planejadas;
      total.puladas += r.puladas;
      total.adiadas += r.adiadas;
      if (fim) break;
    }
    await tx.execute(sql`CLOSE regua_planejamento`);
    return total;
  });
