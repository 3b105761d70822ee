import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../../db/client.ts';
import type { EventoZenvia } from '../../canais/sms/zenvia-webhook.ts';
import { receberSms } from '../recebidas/sms-recebido.service.ts';
import { registrarStatusCanal } from '../status-entrega.repository.ts';

// Zenvia's delivery reports and replies (docs/formatos-externos.md §11): a report moves the SMS's status
// forward (an undeliverable one falls back to the next channel); a reply goes through `receberSms`.

export const aplicarEventoZenvia = async (
  db: Db,
  log: FastifyBaseLogger,
  evento: EventoZenvia,
): Promise<void> => {
  if (evento.tipo === 'status') {
    const r = await registrarStatusCanal(db, { provedor: 'zenvia', ...evento });
    if (r === 'desconhecida')
      log.info({ zenvia_id: evento.canalMensagemId }, 'SMS: status de mensagem desconhecida');
    return;
  }
  const r = await receberSms(db, 'zenvia', {
    de: evento.de,
    texto: evento.texto,
    canalMensagemId: evento.canalMensagemId,
    instante: evento.instante,
  });
  if (r.clienteId === null && !r.duplicada)
    log.warn({ mensagem_id: r.mensagemId }, 'SMS de um número sem cliente');
};
