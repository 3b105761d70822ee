import type { ProvedorMensagem } from '@cobranca/contracts';
import type { Db } from '../../../db/client.ts';
import { descadastrarDoCanal } from '../../canais/opt-out-canal.ts';
import { pedeParaSair } from '../../canais/sms/zenvia-webhook.ts';
import { type EntradaRegistrada, receberMensagem } from '../receber-mensagem.service.ts';

/**
 * An SMS from a customer (docs/produto.md §12): it enters the conversation like a WhatsApp reply, and
 * "SAIR", "PARAR" or "STOP" opts the customer out of SMS (the other channels go on).
 */
export const receberSms = async (
  db: Db,
  provedor: ProvedorMensagem,
  sms: { de: string; texto: string; canalMensagemId: string; instante: Date },
): Promise<EntradaRegistrada> => {
  const r = await receberMensagem(db, {
    canal: 'sms',
    provedor,
    telefone: sms.de,
    conteudo: sms.texto,
    canalMensagemId: sms.canalMensagemId,
    recebidaEm: sms.instante,
  });
  const clienteId = r.clienteId;
  if (clienteId === null || r.duplicada || !pedeParaSair(sms.texto)) return r;
  await db.transaction((tx) =>
    descadastrarDoCanal(tx, {
      clienteId,
      canal: 'sms',
      origem: 'resposta_sms',
      prova: { mensagem_id: r.mensagemId, texto: sms.texto, id_no_provedor: sms.canalMensagemId },
      agora: sms.instante,
    }),
  );
  return r;
};
