import { sistemaSettings } from '@cobranca/contracts';
import type { Db } from '../../apps/api/src/db/client.ts';
import { soWhatsapp } from '../../apps/api/src/modules/canais/canal.ts';
import { criarSimulador } from '../../apps/api/src/modules/canais/simulador.ts';
import { type ContextoPlanejamento, carregarTemplates } from '../../apps/api/src/modules/regua/planejador.ts';

/** The engine's planning context on the bench: default settings, the simulator channel, saved templates. */
export const contextoBench = async (db: Db, hoje: string): Promise<ContextoPlanejamento> => ({
  settings: sistemaSettings.parse({}),
  hoje,
  canais: soWhatsapp(criarSimulador()),
  templates: await carregarTemplates(db),
});
