import type { Canal, MensagemOrigem, MensagemView, TemplateTipo } from '@cobranca/contracts';
import { and, desc, eq, gt, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { clientes, mensagens, reguaEnvios, usuarios } from '../../db/schema/index.ts';
import type { ResultadoEnvio, TemplateCanal } from '../canais/canal.ts';
import { atrasoDaTentativa, LEASE_MS, MAX_TENTATIVAS } from './tentativas.ts';

// The message thread of a customer and the outbound rows the services create and then send.

export const LIMITE_THREAD = 500;

type MensagemRow = typeof mensagens.$inferSelect;

const toMensagemView = (m: MensagemRow, autorNome: string | null): MensagemView => ({
  id: m.id,
  direcao: m.direcao,
  origem: m.origem,
  status: m.status,
  conteudo: m.conteudo,
  autor: m.autorId === null ? null : { id: m.autorId, name: autorNome ?? '' },
  created_at: m.createdAt.toISOString(),
  enviada_em: m.enviadaEm?.toISOString() ?? null,
  entregue_em: m.entregueEm?.toISOString() ?? null,
  lida_em: m.lidaEm?.toISOString() ?? null,
  erro: m.erroMensagem ?? m.erroCodigo,
});

const comAutor = (db: DbOrTx) =>
  db
    .select({ m: mensagens, autorNome: usuarios.name })
    .from(mensagens)
    .leftJoin(usuarios, eq(usuarios.id, mensagens.autorId));

/** The latest `LIMITE_THREAD` messages of the customer, oldest first (newest last). */
export const listarThread = async (db: DbOrTx, clienteId: number): Promise<MensagemView[]> => {
  const rows = await comAutor(db)
    .where(eq(mensagens.clienteId, clienteId))
    .orderBy(desc(mensagens.id))
    .limit(LIMITE_THREAD);
  return rows.reverse().map(({ m, autorNome }) => toMensagemView(m, autorNome));
};

export const findMensagemView = async (db: DbOrTx, id: number): Promise<MensagemView> => {
  const [row] = await comAutor(db).where(eq(mensagens.id, id));
  if (!row) throw new Error(`mensagem ${id} não encontrada`);
  return toMensagemView(row.m, row.autorNome);
};

export type NovaMensagemSaida = {
  clienteId: number;
  telefone: string;
  conteudo: string;
  origem: MensagemOrigem;
  autorId: number | null;
  canal: Canal;
  templateTipo?: TemplateTipo;
  templateCanal?: TemplateCanal | null;
  valorCentavos?: number;
};

/**
 * Inserts an outbound message as `pendente`, held for its creator's immediate send (the lease keeps
 * the outbox sender off it unless that send never happens), and makes it the customer's latest message.
 * The send counts as started from the insert's commit on: if the request dies before recording the
 * answer, the outbox treats the outcome as unknown (see `marcarEnvioIniciado`).
 */
export const inserirMensagemSaida = async (tx: DbOrTx, nova: NovaMensagemSaida): Promise<number> => {
  const [row] = await tx
    .insert(mensagens)
    .values({
      clienteId: nova.clienteId,
      telefone: nova.telefone,
      direcao: 'saida',
      origem: nova.origem,
      status: 'pendente',
      conteudo: nova.conteudo,
      autorId: nova.autorId,
      canal: nova.canal,
      templateTipo: nova.templateTipo ?? null,
      templateCanal: nova.templateCanal ?? null,
      valorCentavos: nova.valorCentavos ?? null,
      bloqueadaAte: sql`now() + ${`${LEASE_MS} milliseconds`}::interval`,
      envioIniciadoEm: sql`now()`,
    })
    .returning({ id: mensagens.id, createdAt: mensagens.createdAt });
  if (!row) throw new Error('insert de mensagem não devolveu a linha');
  await tx
    .update(clientes)
    .set({ ultimaMensagemEm: row.createdAt, ultimaMensagemTexto: nova.conteudo })
    .where(eq(clientes.id, nova.clienteId));
  return row.id;
};

/** When the customer last wrote (opens the WhatsApp 24-hour window); null when never. */
export const ultimaEntradaDoCliente = async (db: DbOrTx, clienteId: number): Promise<Date | null> => {
  const [row] = await db
    .select({ em: mensagens.createdAt })
    .from(mensagens)
    .where(and(eq(mensagens.clienteId, clienteId), eq(mensagens.direcao, 'entrada')))
    .orderBy(desc(mensagens.id))
    .limit(1);
  return row?.em ?? null;
};

export type MensagemEnviada = {
  id: number;
  origem: MensagemOrigem;
  clienteId: number | null;
  conteudo: string;
};
export type OpcoesResultado = { agora: Date; aleatorio?: () => number };

export type MarcaDeEnvio = { id: number; canal: Canal; prazo: Date; agora: Date };

/**
 * Commits that the message is about to go through `canal`, before the channel is called: from then on,
 * until an outcome is recorded, a claim waits for the channel's confirmation (`RECONCILIACAO_MS`)
 * instead of resending at the lease's end. Only the holder of the lease ending at `prazo`, while it
 * lasts, may mark; false: the lease was lost (another sender has the message), so do not send.
 */
export const marcarEnvioIniciado = async (db: DbOrTx, marca: MarcaDeEnvio): Promise<boolean> => {
  const linhas = await db
    .update(mensagens)
    .set({ envioIniciadoEm: marca.agora, canal: marca.canal })
    .where(
      and(
        eq(mensagens.id, marca.id),
        eq(mensagens.status, 'pendente'),
        eq(mensagens.bloqueadaAte, marca.prazo),
        gt(mensagens.bloqueadaAte, marca.agora),
      ),
    )
    .returning({ id: mensagens.id });
  return linhas.length > 0;
};

/** What every recorded outcome sets: the lease ends and the send is no longer in doubt. */
const DESFECHO = { bloqueadaAte: null, envioIniciadoEm: null } as const;

/**
 * The channel took the message (its answer, or a status webhook naming it): sent, with the channel's
 * id, counted as the customer's contact attempt. `m` must be `pendente` and locked by `tx`.
 */
export const registrarEnvioAceito = async (
  tx: DbOrTx,
  m: MensagemEnviada,
  r: Extract<ResultadoEnvio, { ok: true }>,
) => {
  await tx
    .update(mensagens)
    .set({
      ...DESFECHO,
      status: r.status,
      canalMensagemId: r.canalMensagemId,
      enviadaEm: r.enviadaEm,
      entregueEm: r.entregueEm,
      tentativas: sql`${mensagens.tentativas} + 1`,
      proximaTentativaEm: null,
      erroCodigo: null,
      erroMensagem: null,
    })
    .where(eq(mensagens.id, m.id));
  if (m.origem !== 'regua' || m.clienteId === null) return;
  await tx.update(reguaEnvios).set({ status: 'enviado' }).where(eq(reguaEnvios.mensagemId, m.id));
  // Every automatic message sent is a contact attempt (docs/produto.md §6).
  await tx
    .update(clientes)
    .set({
      numeroChamadas: sql`${clientes.numeroChamadas} + 1`,
      ultimaMensagemEm: r.enviadaEm,
      ultimaMensagemTexto: m.conteudo,
    })
    .where(eq(clientes.id, m.clienteId));
};

const registrarFalha = async (
  tx: DbOrTx,
  m: MensagemEnviada,
  r: Extract<ResultadoEnvio, { ok: false }>,
  agora: Date,
) => {
  await tx
    .update(mensagens)
    .set({
      status: 'falhou',
      erroCodigo: r.erroCodigo,
      erroMensagem: r.erroMensagem,
      falhouEm: agora,
      tentativas: sql`${mensagens.tentativas} + 1`,
      ...DESFECHO,
      proximaTentativaEm: null,
    })
    .where(eq(mensagens.id, m.id));
  if (m.origem !== 'regua' || m.clienteId === null) return;
  await tx.update(reguaEnvios).set({ status: 'falhou' }).where(eq(reguaEnvios.mensagemId, m.id));
  // A permanent failure also counts as an attempt: enough of them stop automation (com falhas).
  await tx
    .update(clientes)
    .set({ numeroChamadas: sql`${clientes.numeroChamadas} + 1` })
    .where(eq(clientes.id, m.clienteId));
};

const registrarRecusa = async (
  tx: DbOrTx,
  m: MensagemEnviada,
  resultado: Extract<ResultadoEnvio, { ok: false }>,
  tentativa: number,
  opcoes: OpcoesResultado,
) => {
  if (!resultado.transitorio || tentativa >= MAX_TENTATIVAS)
    return registrarFalha(tx, m, resultado, opcoes.agora);
  await tx
    .update(mensagens)
    .set({
      tentativas: tentativa,
      erroCodigo: resultado.erroCodigo,
      erroMensagem: resultado.erroMensagem,
      ...DESFECHO,
      proximaTentativaEm: new Date(opcoes.agora.getTime() + atrasoDaTentativa(tentativa, opcoes.aleatorio)),
    })
    .where(eq(mensagens.id, m.id));
};

/**
 * Records what the channel answered for message `m`: sent, failed for good, or (transient failure
 * with attempts left) back to `pendente` with the next attempt scheduled. Only a `pendente` message
 * takes an answer: one the status webhook already confirmed (it can overtake the answer) stays as it
 * is, counted once; false then.
 */
export const registrarResultadoEnvio = (
  db: Db,
  m: MensagemEnviada,
  resultado: ResultadoEnvio,
  opcoes: OpcoesResultado,
): Promise<boolean> =>
  db.transaction(async (tx) => {
    const [row] = await tx
      .select({ status: mensagens.status, tentativas: mensagens.tentativas })
      .from(mensagens)
      .where(eq(mensagens.id, m.id))
      .for('update');
    if (row?.status !== 'pendente') return false;
    if (resultado.ok) await registrarEnvioAceito(tx, m, resultado);
    else await registrarRecusa(tx, m, resultado, row.tentativas + 1, opcoes);
    return true;
  });
