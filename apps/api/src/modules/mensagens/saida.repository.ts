import type { Canal, MensagemOrigem, ProvedorMensagem, TemplateTipo } from '@cobranca/contracts';
import { and, eq, gt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { clientes, mensagens, reguaEnvios } from '../../db/schema/index.ts';
import type { AlternativaDeCanal, ResultadoEnvio, TemplateCanal } from '../canais/canal.ts';
import { seguirNoProximoCanal } from './outro-canal.ts';
import { LEASE_MS } from './tentativas.ts';

// The outbox: outbound rows the services create, then the sender claims, marks and closes with the
// channel's answer (docs/produto.md §11). SQL only; the retry policy is in tentativas.ts.

export type NovaMensagemSaida = {
  clienteId: number;
  telefone: string | null;
  email?: string | null;
  assunto?: string | null;
  conteudo: string;
  origem: MensagemOrigem;
  autorId: number | null;
  canal: Canal;
  provedor: ProvedorMensagem;
  /** The next channels to try after a permanent failure (docs/produto.md §12). */
  alternativas?: AlternativaDeCanal[] | null;
  templateTipo?: TemplateTipo;
  templateCanal?: TemplateCanal | null;
  valorCentavos?: number;
  /** The charge whose PIX the message carries (the e-mail shows its QR code). */
  pixTxid?: string | null;
  /** Left to the outbox sender from this instant on, instead of held for its creator's immediate send. */
  aguardarAte?: Date;
};

/**
 * Inserts an outbound message as `pendente`, held for its creator's immediate send (the lease keeps
 * the outbox sender off it unless that send never happens) unless `aguardarAte` leaves it to the outbox,
 * and makes it the customer's latest message.
 * The send counts as started from the insert's commit on: if the request dies before recording the
 * answer, the outbox treats the outcome as unknown (see `marcarEnvioIniciado`).
 */
export const inserirMensagemSaida = async (tx: DbOrTx, nova: NovaMensagemSaida): Promise<number> => {
  const [row] = await tx
    .insert(mensagens)
    .values({
      clienteId: nova.clienteId,
      telefone: nova.telefone,
      email: nova.email ?? null,
      assunto: nova.assunto ?? null,
      direcao: 'saida',
      origem: nova.origem,
      status: 'pendente',
      conteudo: nova.conteudo,
      autorId: nova.autorId,
      canal: nova.canal,
      provedor: nova.provedor,
      alternativas: nova.alternativas?.length ? nova.alternativas : null,
      templateTipo: nova.templateTipo ?? null,
      templateCanal: nova.templateCanal ?? null,
      valorCentavos: nova.valorCentavos ?? null,
      pixTxid: nova.pixTxid ?? null,
      ...(nova.aguardarAte
        ? { proximaTentativaEm: nova.aguardarAte }
        : {
            bloqueadaAte: sql`now() + ${`${LEASE_MS} milliseconds`}::interval`,
            envioIniciadoEm: sql`now()`,
          }),
    })
    .returning({ id: mensagens.id, createdAt: mensagens.createdAt });
  if (!row) throw new Error('insert de mensagem não devolveu a linha');
  await tx
    .update(clientes)
    .set({ ultimaMensagemEm: row.createdAt, ultimaMensagemTexto: nova.conteudo })
    .where(eq(clientes.id, nova.clienteId));
  return row.id;
};

export type MensagemEnviada = {
  id: number;
  origem: MensagemOrigem;
  clienteId: number | null;
  conteudo: string;
};
export type OpcoesResultado = { agora: Date; aleatorio?: () => number };

export type MarcaDeEnvio = { id: number; provedor: ProvedorMensagem; prazo: Date; agora: Date };

/**
 * Commits that the message is about to go through `provedor`, before the channel is called: from then on,
 * until an outcome is recorded, a claim waits for the channel's confirmation (`RECONCILIACAO_MS`)
 * instead of resending at the lease's end. Only the holder of the lease ending at `prazo`, while it
 * lasts, may mark; false: the lease was lost (another sender has the message), so do not send.
 */
export const marcarEnvioIniciado = async (db: DbOrTx, marca: MarcaDeEnvio): Promise<boolean> => {
  const linhas = await db
    .update(mensagens)
    .set({ envioIniciadoEm: marca.agora, provedor: marca.provedor })
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

/** Failed for good: no more attempts. */
export const registrarFalha = async (
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
  await aposFalhaDefinitiva(tx, m, agora);
};

/**
 * After a permanent failure: the same message through the next channel it was planned with
 * (outro-canal.ts); when there is none, the régua step failed and it counts as an attempt (enough of
 * them stop automation: com falhas).
 */
export const aposFalhaDefinitiva = async (
  tx: DbOrTx,
  m: Pick<MensagemEnviada, 'id' | 'origem' | 'clienteId'>,
  agora: Date,
) => {
  if (m.clienteId === null) return;
  if ((await seguirNoProximoCanal(tx, m.id, agora)) !== null) return;
  if (m.origem !== 'regua') return;
  await tx.update(reguaEnvios).set({ status: 'falhou' }).where(eq(reguaEnvios.mensagemId, m.id));
  await tx
    .update(clientes)
    .set({ numeroChamadas: sql`${clientes.numeroChamadas} + 1` })
    .where(eq(clientes.id, m.clienteId));
};

/** Sends of one e-mail in all when relays give up on it for a temporary reason (docs/produto.md §12). */
export const MAX_ENVIOS_EMAIL_ADIADO = 3;
const HORA_MS = 3_600_000;

/**
 * A relay gave up on a sent e-mail for a temporary reason (a 4.x.x report with a failed action, its queue
 * expired): back to the outbox on the same channel, one hour later per send so far, up to
 * MAX_ENVIOS_EMAIL_ADIADO sends; then it failed for good and goes on to the next channel. The address stays
 * usable either way. Null: the message is no longer a sent one (already failed, or not ours).
 */
export const reenviarEmailAdiado = async (
  tx: DbOrTx,
  m: Pick<MensagemEnviada, 'id' | 'origem' | 'clienteId'>,
  falha: { erroCodigo: string; erroMensagem: string },
  agora: Date,
): Promise<'reagendada' | 'falhou' | null> => {
  const [row] = await tx
    .select({ status: mensagens.status, tentativas: mensagens.tentativas, conteudo: mensagens.conteudo })
    .from(mensagens)
    .where(and(eq(mensagens.id, m.id), eq(mensagens.canal, 'email')))
    .for('update');
  if (row?.status !== 'enviada') return null;
  if (row.tentativas >= MAX_ENVIOS_EMAIL_ADIADO) {
    await registrarFalha(
      tx,
      { ...m, conteudo: row.conteudo },
      { ok: false, ...falha, transitorio: false },
      agora,
    );
    return 'falhou';
  }
  await tx
    .update(mensagens)
    .set({
      ...DESFECHO,
      ...falha,
      status: 'pendente',
      enviadaEm: null,
      proximaTentativaEm: new Date(agora.getTime() + HORA_MS * Math.max(1, row.tentativas)),
    })
    .where(eq(mensagens.id, m.id));
  // The send that never arrived is not a contact attempt: the re-send counts it again.
  if (m.origem === 'regua' && m.clienteId !== null)
    await tx
      .update(clientes)
      .set({ numeroChamadas: sql`greatest(${clientes.numeroChamadas} - 1, 0)` })
      .where(eq(clientes.id, m.clienteId));
  return 'reagendada';
};

/** A transient failure with attempts left: back to the outbox, not before `em`. */
export const agendarNovaTentativa = async (
  tx: DbOrTx,
  m: MensagemEnviada,
  resultado: Extract<ResultadoEnvio, { ok: false }>,
  tentativa: number,
  em: Date,
) => {
  await tx
    .update(mensagens)
    .set({
      tentativas: tentativa,
      erroCodigo: resultado.erroCodigo,
      erroMensagem: resultado.erroMensagem,
      ...DESFECHO,
      proximaTentativaEm: em,
    })
    .where(eq(mensagens.id, m.id));
};

/** The message's status and attempts so far, locked until the outcome is recorded. */
export const travarMensagem = async (tx: DbOrTx, id: number) => {
  const [row] = await tx
    .select({ status: mensagens.status, tentativas: mensagens.tentativas })
    .from(mensagens)
    .where(eq(mensagens.id, id))
    .for('update');
  return row;
};
