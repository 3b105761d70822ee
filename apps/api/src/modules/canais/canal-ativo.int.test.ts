import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeCloudApi, iniciarFakeCloudApi } from '../../../test/fake-cloud-api.ts';
import { openTestDatabase } from '../../../test/test-database.ts';
import type { Database } from '../../db/client.ts';
import { canalAtivo } from './canal-ativo.ts';
import { semCredenciais } from './whatsapp-cloud.ts';
import {
  cifrarSegredo,
  salvarWhatsappArmazenado,
  type WhatsappArmazenado,
  whatsappArmazenado,
} from './whatsapp-settings.repository.ts';

const APP_KEY = randomBytes(32);
const ENVIO = { telefone: '+5511999990001', conteudo: 'oi', mensagemId: 7, ultimaEntradaEm: new Date() };

let database: Database;
let fake: FakeCloudApi;

beforeAll(async () => {
  [database, fake] = await Promise.all([openTestDatabase(), iniciarFakeCloudApi()]);
});
afterAll(() => Promise.all([database.close(), fake.fechar()]));

const salvarCloud = (extra: Partial<WhatsappArmazenado>) =>
  salvarWhatsappArmazenado(
    database.db,
    whatsappArmazenado.parse({
      provedor: 'whatsapp_cloud',
      phone_number_id: fake.phoneNumberId,
      access_token: cifrarSegredo(APP_KEY, 'access_token', fake.token),
      api_version: fake.apiVersion,
      base_url: fake.url,
      ...extra,
    }),
    null,
  );

describe('canalAtivo', () => {
  it('is the simulator when nothing was configured', async () => {
    expect(await canalAtivo(database.db, APP_KEY)).toMatchObject({
      canal: 'whatsapp',
      provedor: 'simulador',
    });
  });

  it('is the Cloud API driver, talking to the configured server, once the id and token are saved', async () => {
    await salvarCloud({});
    const canal = await canalAtivo(database.db, APP_KEY);
    expect(canal).toMatchObject({ canal: 'whatsapp', provedor: 'whatsapp_cloud' });
    const resultado = await canal.enviar(ENVIO);
    expect(resultado).toMatchObject({
      ok: true,
      status: 'enviada',
      canalMensagemId: fake.recebidas[0]?.wamid,
    });
    expect(fake.recebidas.map((m) => m.para)).toEqual(['5511999990001']);
  });

  it.each([
    [
      'the token was saved under another APP_KEY',
      () => ({ access_token: cifrarSegredo(randomBytes(32), 'access_token', fake.token) }),
    ],
    ['there is no token', () => ({ access_token: null })],
    ['there is no Phone Number ID', () => ({ phone_number_id: null })],
  ])('holds messages for the admin when %s', async (_, extra) => {
    await salvarCloud(extra());
    const antes = fake.tentativas;
    const canal = await canalAtivo(database.db, APP_KEY);
    expect(canal).toBe(semCredenciais);
    expect(await canal.enviar(ENVIO)).toMatchObject({
      ok: false,
      erroCodigo: 'canal_sem_credenciais',
      transitorio: true,
    });
    expect(fake.tentativas).toBe(antes);
  });
});
