import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../../db/client.ts';
import { receberMensagem } from '../../mensagens/receber-mensagem.service.ts';
import { registrarStatusCanal } from '../../mensagens/status-entrega.repository.ts';
import { descadastrarDoCanal } from '../opt-out-canal.ts';
import { type EventoZenvia, pedeParaSair } from './zenvia-webhook.ts';

// Zenvia's delivery reports and replies (docs/formatos-externos.md §11): a report moves the SMS's status
// forward (an undeliverable one falls back to the next channel); a reply enters the conversation like a
// WhatsApp one, and "SAIR", "PARAR" or "STOP" opts the customer out of SMS (the other channels go on).

export const aplicarEventoZenvia = async (db: Db, log: FastifyBaseLogger, evento: EventoZenvia): Promise<void> => {
  if (evento.tipo === 'status') {
    const r = await registrarStatusCanal(db, { provedor: 'zenvia', ...evento });
    if (r === 'desconhecida') log.info({ zenvia_id: evento.canalMensagemId }, 'SMS: status de mensagem desconhecida');
    return;
  }
  const r = await receberMensagem(db, {
    canal: 'sms',
    provedor: 'zenvia',
    telefone: evento.de,
    conteudo: evento.texto,
    canalMensagemId: evento.canalMensagemId,
    recebidaEm: evento.instante,
  });
  if (r.clienteId === null || r.duplicada || !pedeParaSair(evento.texto)) return;
  const clienteId = r.clienteId;
  await db.transaction((tx) =>
    descadastrarDoCanal(tx, {
      clienteId,
      canal: 'sms',
      origem: 'resposta_sms',
      prova: { mensagem_id: r.mensagemId, texto: evento.texto, zenvia_id: evento.canalMensagemId },
      agora: evento.instante,
    }),
  );
};
