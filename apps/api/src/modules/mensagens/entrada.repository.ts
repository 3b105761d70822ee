import type { CanalMensagem, ProvedorMensagem } from '@cobranca/contracts';
import { desc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { clientes, mensagens } from '../../db/schema/index.ts';
import type { ClienteRow } from '../clientes/clientes-operador.repository.ts';
import { variantesCelular } from './celular-br.ts';

// SQL of inbound messages: whose number it is, the stored message, and the reply's mark on the customer.

/** One message as the channel delivered it; `canalMensagemId` makes redeliveries harmless. */
export type EntradaCanal = {
  /** `portal`: written by the customer on their portal page (docs/produto.md §22). */
  canal: CanalMensagem;
  provedor: ProvedorMensagem;
  /** E.164 (+55…); null for an e-mail. */
  telefone: string | null;
  /** The sender's address, for an e-mail. */
  email?: string | null;
  assunto?: string | null;
  conteudo: string;
  canalMensagemId: string;
  recebidaEm: Date;
};

/**
 * The customer who owns the number, locked: the exact number first, then its 9th-digit twin; when
 * several customers share it, the one we talked to last, since the reply most likely answers that.
 */
export const buscarClientePorTelefone = async (tx: DbOrTx, telefone: string): Promise<ClienteRow | null> => {
  const [row] = await tx
    .select()
    .from(clientes)
    .where(inArray(clientes.telefone, variantesCelular(telefone)))
    .orderBy(
      sql`${clientes.telefone} = ${telefone} DESC`,
      sql`${clientes.ultimaMensagemEm} DESC NULLS LAST`,
      desc(clientes.id),
    )
    .limit(1)
    .for('update');
  return row ?? null;
};

/** The new row's id, or null when the channel already delivered this message id. */
export const inserirEntrada = async (
  tx: DbOrTx,
  entrada: EntradaCanal,
  clienteId: number | null,
): Promise<number | null> => {
  const [row] = await tx
    .insert(mensagens)
    .values({
      clienteId,
      telefone: entrada.telefone,
      email: entrada.email ?? null,
      assunto: entrada.assunto ?? null,
      direcao: 'entrada',
      origem: 'cliente',
      status: 'recebida',
      conteudo: entrada.conteudo,
      canal: entrada.canal,
      provedor: entrada.provedor,
      canalMensagemId: entrada.canalMensagemId,
      createdAt: entrada.recebidaEm,
    })
    .onConflictDoNothing({ target: [mensagens.provedor, mensagens.canalMensagemId] })
    .returning({ id: mensagens.id });
  return row?.id ?? null;
};

/** What a reply changes on the (locked) customer it was matched to. */
export const atualizarClienteComResposta = async (
  tx: DbOrTx,
  clienteId: number,
  alteracao: Partial<
    Pick<
      ClienteRow,
      | 'numeroChamadas'
      | 'ultimaMensagemEm'
      | 'ultimaMensagemTexto'
      | 'status'
      | 'aguardandoDesde'
      | 'optOutEm'
      | 'optOutMensagem'
    >
  >,
): Promise<void> => {
  await tx.update(clientes).set(alteracao).where(eq(clientes.id, clienteId));
};
