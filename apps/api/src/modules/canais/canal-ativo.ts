import type { DbOrTx } from '../../db/client.ts';
import type { CanalDriver } from './canal.ts';
import { criarSimulador } from './simulador.ts';
import { getWhatsappStatus } from './whatsapp-settings.repository.ts';

const simulador = criarSimulador();

/** The driver of the channel configured by the admin (PRODUCT §5). */
export const canalAtivo = async (db: DbOrTx): Promise<CanalDriver> => {
  const { provedor } = await getWhatsappStatus(db);
  switch (provedor) {
    case 'simulador':
      return simulador;
    case 'whatsapp_cloud':
      // The Cloud API driver arrives with the channel issue; until then messages go through the
      // simulator so the operator flow works whatever the admin selected.
      return simulador;
  }
};
