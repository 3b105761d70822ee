import type { CanalMensagem, MensagemOrigem } from '@cobranca/contracts';
import { sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { linhasDe } from '../../db/linhas.ts';
import { type Canais, canalNaoConfigurado, enviarPeloCanal, type TemplateCanal } from '../canais/canal.ts';
import { preencherLinkDoPortal } from '../links-portal/links.ts';
import { registrarResultadoEnvio } from './resultado-envio.service.ts';
import { LEASE_MS } from './tentativas.ts';
import { ultimaEntradaDoCliente } from './thread.repository.ts';

// A message its creator stored to go at once (thank-you, receipt, agreement terms) goes through a job
// (docs/efeitos-colaterais.md). The insert's lease keeps the outbox sender off it; the job takes the
// message from that lease, once: a retry after a crash finds the lease moved and leaves the message to
// the outbox, which treats the outcome as unknown and waits for the channel's confirmation (decision 009).

/** The creator's lease, as the database wrote it (text: compared exactly, microseconds included). */
export type Reserva = { mensagemId: number; prazo: string };

export const reservaDa = async (tx: DbOrTx, mensagemId: number): Promise<Reserva> => {
  const [linha] = linhasDe<{ prazo: string | null }>(
    await tx.execute(sql`SELECT bloqueada_ate::text AS prazo FROM mensagens WHERE id = ${mensagemId}`),
  );
  if (!linha?.prazo) throw new Error(`mensagem ${mensagemId} sem reserva do criador`);
  return { mensagemId, prazo: linha.prazo };
};

/** An outbound message's row as a sender reads it to send it. */
export type LinhaDeSaida = {
  id: number;
  cliente_id: number | null;
  telefone: string | null;
  email: string | null;
  assunto: string | null;
  conteudo: string;
  origem: MensagemOrigem;
  template_canal: TemplateCanal | null;
};

export type MensagemTomada = {
  id: number;
  clienteId: number | null;
  canal: CanalMensagem;
  telefone: string | null;
  email: string | null;
  assunto: string | null;
  conteudo: string;
  origem: MensagemOrigem;
  templateCanal: TemplateCanal | null;
};

/** Takes the message from its creator's lease while that lease holds; null: it is no longer ours. */
export const tomarReservada = async (db: DbOrTx, reserva: Reserva): Promise<MensagemTomada | null> => {
  const [linha] = linhasDe<LinhaDeSaida & { canal: CanalMensagem }>(
    await db.execute(sql`
      UPDATE mensagens SET bloqueada_ate = now() + ${`${LEASE_MS} milliseconds`}::interval, envio_iniciado_em = now()
      WHERE id = ${reserva.mensagemId} AND status = 'pendente'
        AND bloqueada_ate = ${reserva.prazo}::timestamptz AND bloqueada_ate > now()
      RETURNING id, cliente_id, canal, telefone, email, assunto, conteudo, origem, template_canal`),
  );
  if (!linha) return null;
  return {
    id: Number(linha.id),
    clienteId: linha.cliente_id === null ? null : Number(linha.cliente_id),
    canal: linha.canal,
    telefone: linha.telefone,
    email: linha.email,
    assunto: linha.assunto,
    conteudo: linha.conteudo,
    origem: linha.origem,
    templateCanal: linha.template_canal,
  };
};

/** Sends a taken message through its channel (its portal link made now) and records the answer. */
export const enviarTomada = async (
  db: Db,
  appKey: Buffer,
  canais: Canais,
  m: MensagemTomada,
): Promise<void> => {
  const canal = m.canal === 'portal' ? null : (canais[m.canal] ?? canalNaoConfigurado(m.canal));
  if (!canal) throw new Error(`mensagem ${m.id} do portal não sai por um canal`);
  const agora = new Date();
  const envio = await preencherLinkDoPortal(
    db,
    appKey,
    {
      telefone: m.telefone,
      email: m.email,
      assunto: m.assunto,
      clienteId: m.clienteId,
      conteudo: m.conteudo,
      mensagemId: m.id,
      template: m.templateCanal,
      ultimaEntradaEm: m.clienteId === null ? null : await ultimaEntradaDoCliente(db, m.clienteId),
    },
    { clienteId: m.clienteId, agora },
  );
  const resultado = await enviarPeloCanal(canal, envio);
  await registrarResultadoEnvio(
    db,
    { id: m.id, origem: m.origem, clienteId: m.clienteId, conteudo: m.conteudo },
    resultado,
    { agora: new Date() },
  );
};
