import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../../db/client.ts';
import { receberMensagem } from '../receber-mensagem.service.ts';
import { registrarStatusCanal } from '../status-entrega.repository.ts';
import type { EventoWebhook } from './payload.ts';

// Applies the events of one verified notification. Each event commits on its own and is idempotent,
// so when Meta redelivers the whole POST (after a timeout or an error) nothing is applied twice.

/** Country code and area code stay readable for support; the subscriber part does not reach the log. */
export const mascararTelefone = (telefone: string): string =>
  `${telefone.slice(0, 5)}${'*'.repeat(Math.max(telefone.length - 7, 0))}${telefone.slice(-2)}`;

const aplicarEvento = async (db: Db, log: FastifyBaseLogger, evento: EventoWebhook): Promise<void> => {
  if (evento.tipo === 'mensagem') {
    const r = await receberMensagem(db, { canal: 'whatsapp', provedor: 'whatsapp_cloud', ...evento });
    if (r.clienteId === null && !r.duplicada)
      log.warn(
        { telefone: mascararTelefone(evento.telefone), mensagem_id: r.mensagemId },
        'WhatsApp: mensagem de um número sem cliente, guardada sem vínculo',
      );
    return;
  }
  const resultado = await registrarStatusCanal(db, { provedor: 'whatsapp_cloud', ...evento });
  if (resultado === 'desconhecida')
    log.info(
      { wamid: evento.canalMensagemId, status: evento.status },
      'WhatsApp: status de mensagem desconhecida',
    );
  else if (resultado === 'reconciliada')
    log.info(
      { wamid: evento.canalMensagemId, mensagem_id: evento.mensagemId },
      'WhatsApp: envio confirmado pelo status antes de sua resposta ser registrada',
    );
};

/** Only events addressed to the configured business number are ours (one app may serve several numbers). */
export const aplicarEventos = async (
  db: Db,
  log: FastifyBaseLogger,
  eventos: EventoWebhook[],
  phoneNumberId: string | null,
): Promise<void> => {
  for (const evento of eventos) {
    if (evento.phoneNumberId === null || evento.phoneNumberId !== phoneNumberId) {
      log.warn({ phone_number_id: evento.phoneNumberId }, 'WhatsApp: evento de outro número ignorado');
      continue;
    }
    await aplicarEvento(db, log, evento);
  }
};
