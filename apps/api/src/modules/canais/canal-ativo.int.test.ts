import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../../test/test-database.ts';
import type { Database } from '../../db/client.ts';
import { canalAtivo } from './canal-ativo.ts';
import { salvarWhatsappArmazenado, whatsappArmazenado } from './whatsapp-settings.repository.ts';

let database: Database;

beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

describe('canalAtivo', () => {
  it('is the simulator when nothing was configured', async () => {
    expect((await canalAtivo(database.db)).canal).toBe('simulador');
  });

  it('is still the simulator when the admin chose the Cloud API (its driver is not built yet)', async () => {
    await salvarWhatsappArmazenado(
      database.db,
      whatsappArmazenado.parse({ provedor: 'whatsapp_cloud' }),
      null,
    );
    const canal = await canalAtivo(database.db);
    expect(canal.canal).toBe('simulador');
    expect(await canal.enviar({ telefone: '+5511999990001', conteudo: 'oi', mensagemId: 7 })).toMatchObject({
      ok: true,
      status: 'entregue',
    });
  });
});
