import type { Canal, MensagemOrigem, MensagemView, TemplateTipo } from '@cobranca/contracts';
import { and, desc, eq, sql } from 'drizzle-orm';
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

const registrarSucesso = async (tx: DbOrTx, m: MensagemEnviada, r: Extract<ResultadoEnvio, { ok: true }>) => {
  await tx
    .update(mensagens)
    .set({
      status: r.status,
      canalMensagemId: r.canalMensagemId,
      enviadaEm: r.enviadaEm,
      entregueEm: r.entregueEm,
      tentativas: sql`${mensagens.tentativas} + 1`,
      bloqueadaAte: null,
      proximaTentativaEm: null,
      erroCodigo: null,
      erroMensagem: null,
    })
    .where(eq(mensagens.id, m.id));
  if (m.origem !== 'regua' || m.clienteId === null) return;
  await tx.update(reguaEnvios).set({ status: 'enviado' }).where(eq(reguaEnvios.mensagemId, m.id));
  // Every automatic message sent is a contact attempt (PRODUCT §2).
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
      bloqueadaAte: null,
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

/**
 * Records what the channel answered for message `m`: sent, failed for good, or (transient failure
 * with attempts left) back to `pendente` with the next attempt scheduled.
 */
export const registrarResultadoEnvio = (
  db: Db,
  m: MensagemEnviada,
  resultado: ResultadoEnvio,
  opcoes: OpcoesResultado,
): Promise<void> =>
  db.transaction(async (tx) => {
    if (resultado.ok) return registrarSucesso(tx, m, resultado);
    const [row] = await tx
      .select({ tentativas: mensagens.tentativas })
      .from(mensagens)
      .where(eq(mensagens.id, m.id))
      .for('update');
    const tentativa = (row?.tentativas ?? 0) + 1;
    if (!resultado.transitorio || tentativa >= MAX_TENTATIVAS)
      return registrarFalha(tx, m, resultado, opcoes.agora);
    await tx
      .update(mensagens)
      .set({
        tentativas: tentativa,
        erroCodigo: resultado.erroCodigo,
        erroMensagem: resultado.erroMensagem,
        bloqueadaAte: null,
        proximaTentativaEm: new Date(opcoes.agora.getTime() + atrasoDaTentativa(tentativa, opcoes.aleatorio)),
      })
      .where(eq(mensagens.id, m.id));
  });
