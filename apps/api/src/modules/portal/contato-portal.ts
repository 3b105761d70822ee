import { randomUUID } from 'node:crypto';
import { CANAL_ROTULOS, type Canal } from '@cobranca/contracts';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { clientes } from '../../db/schema/index.ts';
import { registrarAuditoria } from '../auditoria/auditoria.repository.ts';
import { receberDoCliente } from '../mensagens/receber-mensagem.service.ts';
import { clienteDaSessao } from './dados-portal.ts';

// The customer reaching the company from the portal (docs/produto.md §22): a message for a person, which
// is a reply like one through WhatsApp, and the request to stop the messages, kept with its proof.

/** Enters the thread as an inbound message; an `ativo` customer moves to Aguardando atendimento. */
export const falarComAtendente = (db: Db, clienteId: number, mensagem: string, agora: Date) =>
  db.transaction(async (tx) => {
    const cliente = await clienteDaSessao(tx, clienteId, { forUpdate: true });
    await receberDoCliente(tx, cliente, {
      canal: 'portal',
      provedor: 'portal',
      telefone: cliente.telefone ?? '',
      conteudo: mensagem,
      canalMensagemId: `portal-${randomUUID()}`,
      recebidaEm: agora,
    });
  });

export const PROVA_OPT_OUT_PORTAL =
  'Pedido feito pelo próprio cliente no portal, após confirmar o CPF/CNPJ e a opção "Não quero mais receber mensagens".';

/** Records the opt-out once (the first request is the proof kept); answers when it was recorded. */
export const pararMensagens = (db: Db, clienteId: number, entrada: { agora: Date; ip: string | null }) =>
  db.transaction(async (tx): Promise<Date> => {
    const cliente = await clienteDaSessao(tx, clienteId, { forUpdate: true });
    if (cliente.optOutEm) return cliente.optOutEm;
    await tx
      .update(clientes)
      .set({ optOutEm: entrada.agora, optOutMensagem: PROVA_OPT_OUT_PORTAL, optOutCanal: 'portal' })
      .where(eq(clientes.id, cliente.id));
    await registrarAuditoria(tx, {
      usuarioId: null,
      acao: 'cliente.opt_out',
      descricao: `Cliente pediu para não receber mensagens: ${cliente.nome}`,
      entidade: 'cliente',
      entidadeId: cliente.id,
      detalhes: { canal: 'portal', mensagem: PROVA_OPT_OUT_PORTAL },
      ip: entrada.ip,
    });
    return entrada.agora;
  });

/** The channel the customer wants to be reached on first (docs/produto.md §12); audited. */
export const escolherCanalPreferido = (db: Db, clienteId: number, canal: Canal | null, ip: string | null) =>
  db.transaction(async (tx): Promise<Canal | null> => {
    const cliente = await clienteDaSessao(tx, clienteId, { forUpdate: true });
    if (cliente.canalPreferido === canal) return canal;
    await tx.update(clientes).set({ canalPreferido: canal }).where(eq(clientes.id, cliente.id));
    await registrarAuditoria(tx, {
      usuarioId: null,
      acao: 'cliente.canal_preferido',
      descricao: canal
        ? `Cliente escolheu no portal receber por ${CANAL_ROTULOS[canal]}`
        : 'Cliente voltou à ordem do credor no portal',
      entidade: 'cliente',
      entidadeId: cliente.id,
      detalhes: { anterior: cliente.canalPreferido, novo: canal, origem: 'portal' },
      ip,
    });
    return canal;
  });
