import { MENSAGEM_STATUSES_ENVIADA, TEMPLATE_TIPOS, type TemplateTipo } from '@cobranca/contracts';
import { centavosParaReais, FUSO_PADRAO } from '@cobranca/dominio';
import { and, eq, exists, inArray, isNotNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.ts';
import { mensagemTemplates, mensagens, pagamentos } from '../../db/schema/index.ts';

export type TemplateRow = typeof mensagemTemplates.$inferSelect;
export type TemplateEstatisticas = { enviadas: number; taxa_resposta: number; valor_recuperado: number };

export const listarTemplatesSalvos = (db: DbOrTx): Promise<TemplateRow[]> =>
  db.select().from(mensagemTemplates);

/** The stored row of `tipo` (undefined: still the default text); `forUpdate` locks it in `tx`. */
export const buscarTemplate = async (
  db: DbOrTx,
  tipo: TemplateTipo,
  opts: { forUpdate?: boolean } = {},
): Promise<TemplateRow | undefined> => {
  const query = db.select().from(mensagemTemplates).where(eq(mensagemTemplates.tipo, tipo));
  const [row] = opts.forUpdate ? await query.for('update') : await query;
  return row;
};

export type TemplateValores = Pick<
  TemplateRow,
  | 'tipo'
  | 'texto'
  | 'whatsappTemplateNome'
  | 'whatsappIdioma'
  | 'emailAssunto'
  | 'emailTexto'
  | 'smsTexto'
  | 'updatedBy'
>;

export const upsertTemplate = async (tx: DbOrTx, valores: TemplateValores): Promise<TemplateRow> => {
  const { tipo: _tipo, ...campos } = valores;
  const [row] = await tx
    .insert(mensagemTemplates)
    .values(valores)
    .onConflictDoUpdate({ target: mensagemTemplates.tipo, set: { ...campos, updatedAt: new Date() } })
    .returning();
  if (!row) throw new Error('upsert de template não devolveu a linha');
  return row;
};

// ── Statistics (docs/produto.md §13): what happened within 7 days of each send of a template type ──────────

const PRAZO_RESPOSTA = sql`interval '7 days'`;
// A send counts once it left: sent, delivered or read (pending, failed and cancelled did not reach anyone).
const envioComTemplate = and(
  eq(mensagens.direcao, 'saida'),
  isNotNull(mensagens.templateTipo),
  inArray(mensagens.status, [...MENSAGEM_STATUSES_ENVIADA]),
);
const momentoEnvio = sql`coalesce(${mensagens.enviadaEm}, ${mensagens.createdAt})`;
// Payments are local calendar dates (configured zone), so the window runs from the send's local day to 7 days later.
const diaEnvio = (fuso: string) => sql`(${momentoEnvio} AT TIME ZONE ${fuso})::date`;

const resposta = alias(mensagens, 'resposta');

// A separate subquery object: inside a select field, drizzle would strip the table names of plain columns.
const respondidaEm7Dias = (db: DbOrTx) =>
  exists(
    db
      .select({ um: sql`1` })
      .from(resposta)
      .where(
        and(
          eq(resposta.clienteId, mensagens.clienteId),
          eq(resposta.direcao, 'entrada'),
          sql`${resposta.createdAt} > ${momentoEnvio}`,
          sql`${resposta.createdAt} <= ${momentoEnvio} + ${PRAZO_RESPOSTA}`,
        ),
      ),
  );

/** Sends per type, and how many of them got an inbound message from the customer within 7 days. */
const envioERespostas = (db: DbOrTx) =>
  db
    .select({
      tipo: mensagens.templateTipo,
      enviadas: sql<number>`count(*)::int`,
      respondidas: sql<number>`(count(*) FILTER (WHERE ${respondidaEm7Dias(db)}))::int`,
    })
    .from(mensagens)
    .where(envioComTemplate)
    .groupBy(mensagens.templateTipo);

/** Reais paid per type by customers within 7 days after a send of it; a payment near two sends counts once. */
const valorRecuperado = (db: DbOrTx, fuso: string) => {
  const dia = diaEnvio(fuso);
  const pares = db
    .selectDistinct({
      tipo: mensagens.templateTipo,
      pagamentoId: pagamentos.id,
      centavos: pagamentos.valorCentavos,
    })
    .from(mensagens)
    .innerJoin(
      pagamentos,
      and(
        eq(pagamentos.clienteId, mensagens.clienteId),
        sql`${pagamentos.data} BETWEEN ${dia} AND ${dia} + 7`,
      ),
    )
    .where(envioComTemplate)
    .as('pares');
  return db
    .select({ tipo: pares.tipo, centavos: sql<string>`sum(${pares.centavos})::bigint` })
    .from(pares)
    .groupBy(pares.tipo);
};

const percentual = (parte: number, todo: number) => (todo === 0 ? 0 : Math.round((parte / todo) * 1000) / 10);

export const estatisticasPorTipo = async (
  db: DbOrTx,
  fuso: string = FUSO_PADRAO,
): Promise<Record<TemplateTipo, TemplateEstatisticas>> => {
  const [envios, valores] = await Promise.all([envioERespostas(db), valorRecuperado(db, fuso)]);
  const porTipo = (tipo: TemplateTipo): TemplateEstatisticas => {
    const envio = envios.find((e) => e.tipo === tipo);
    const centavos = Number(valores.find((v) => v.tipo === tipo)?.centavos ?? 0);
    return {
      enviadas: envio?.enviadas ?? 0,
      taxa_resposta: percentual(envio?.respondidas ?? 0, envio?.enviadas ?? 0),
      valor_recuperado: centavosParaReais(centavos),
    };
  };
  return Object.fromEntries(TEMPLATE_TIPOS.map((tipo) => [tipo, porTipo(tipo)])) as Record<
    TemplateTipo,
    TemplateEstatisticas
  >;
};
