import type { Db } from '../../db/client.ts';
import type { Canais } from './canal.ts';
import { canalAtivo } from './canal-ativo.ts';
import { criarCanalEmail } from './email/canal-email.ts';
import { buscarEmailConfigurado } from './email/email-settings.repository.ts';
import { criarCanalSms } from './sms/canal-sms.ts';
import { buscarSmsConfigurado } from './sms/sms-settings.repository.ts';

/** Every channel's driver as the admin configured it (docs/produto.md §12); null: not configured. */
export const canaisAtivos = async (db: Db, appKey: Buffer): Promise<Canais> => {
  const [whatsapp, email, sms] = await Promise.all([
    canalAtivo(db, appKey),
    buscarEmailConfigurado(db, appKey),
    buscarSmsConfigurado(db, appKey),
  ]);
  return {
    whatsapp,
    email: email.provedor === 'simulador' || email.smtp ? criarCanalEmail(db, appKey, email) : null,
    sms: criarCanalSms(sms),
  };
};
