import type { DbOrTx } from '../../db/client.ts';
import type { CanalDriver } from './canal.ts';
import { criarSimulador } from './simulador.ts';
import { criarWhatsappCloud, semCredenciais } from './whatsapp-cloud.ts';
import { buscarWhatsappArmazenado, buscarWhatsappCredenciais } from './whatsapp-settings.repository.ts';

const simulador = criarSimulador();

/** The driver of the channel configured by the admin (docs/produto.md §12); `appKey` opens the stored token. */
export const canalAtivo = async (db: DbOrTx, appKey: Buffer): Promise<CanalDriver> => {
  const { provedor } = await buscarWhatsappArmazenado(db);
  if (provedor === 'simulador') return simulador;
  const c = await buscarWhatsappCredenciais(db, appKey);
  if (!c.phoneNumberId || !c.accessToken) return semCredenciais;
  return criarWhatsappCloud({
    baseUrl: c.baseUrl,
    apiVersion: c.apiVersion,
    phoneNumberId: c.phoneNumberId,
    accessToken: c.accessToken,
  });
};
