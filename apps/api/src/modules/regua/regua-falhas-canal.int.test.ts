import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type FakeCloudApi, iniciarFakeCloudApi } from '../../../test/fake-cloud-api.ts';
import { openTestDatabase } from '../../../test/test-database.ts';
import type { Database } from '../../db/client.ts';
import { criarRelogioManual } from '../../lib/relogio.ts';
import { soWhatsapp } from '../canais/canal.ts';
import { criarWhatsappCloud } from '../canais/whatsapp-cloud.ts';
import { executarPassada } from './motor.ts';
import {
  CHAVE_DE_TESTE,
  configurar,
  em,
  inserirPendentesCloud,
  JANELA_SEMPRE,
  mensagensRegua,
} from './regua.test-fixtures.ts';

// The channel misbehaving (issue 8 fault list): 500s, 429s, timeouts and dropped connections are
// retried with backoff until the message goes; nothing is lost and nothing reaches the customer twice.

let database: Database;
let fake: FakeCloudApi;

beforeEach(async () => {
  database = await openTestDatabase();
  fake = await iniciarFakeCloudApi();
});
afterEach(async () => {
  await fake.fechar();
  await database.close();
});

describe('a failing Cloud API', () => {
  it('retries 500, 429, timeouts and dropped connections until every message is delivered once', async () => {
    const { db } = database;
    await configurar(db, { janela_envio: JANELA_SEMPRE, vazao_canal_por_segundo: 50 });
    await inserirPendentesCloud(db, 8);
    fake.falharProximas(2, { status: 500 });
    fake.falharProximas(2, { status: 429, code: 130429 });
    fake.falharProximas(1, 'timeout');
    fake.falharProximas(1, 'fechar_conexao');
    const canal = criarWhatsappCloud({
      baseUrl: fake.url,
      apiVersion: fake.apiVersion,
      phoneNumberId: fake.phoneNumberId,
      accessToken: fake.token,
      // Only the scripted timeout, which is never answered, should hit this; 2 s keeps the answered
      // calls clear of it on a loaded machine.
      timeoutMs: 2_000,
    });
    const relogio = criarRelogioManual(em('2026-12-15', '09:00'));
    const deps = {
      db,
      appKey: CHAVE_DE_TESTE,
      canaisDe: async () => soWhatsapp(canal),
      relogio,
      worker: 'teste',
      aleatorio: () => 0.5,
    };
    const primeira = await executarPassada(deps);
    expect(primeira.enviadas).toBe(2);
    expect(primeira.reagendadas).toBe(6);
    // Backoff: nothing is due again a second later; an hour later everything is.
    relogio.avancar(1_000);
    expect((await executarPassada(deps)).enviadas).toBe(0);
    relogio.avancar(3_600_000);
    expect((await executarPassada(deps)).enviadas).toBe(6);

    const mensagens = await mensagensRegua(db);
    expect(mensagens.every((m) => m.status === 'enviada' && m.canalMensagemId?.startsWith('wamid.'))).toBe(
      true,
    );
    expect(mensagens.reduce((soma, m) => soma + m.tentativas, 0)).toBe(8 + 6);
    expect(fake.recebidas).toHaveLength(8);
    expect(new Set(fake.recebidas.map((r) => r.para)).size).toBe(8);
  });

  it('marks a permanent refusal falhou with Meta’s code and does not retry it', async () => {
    const { db } = database;
    await configurar(db, { janela_envio: JANELA_SEMPRE });
    await inserirPendentesCloud(db, 2);
    fake.falharPara('5511970000000', { status: 400, code: 131026, details: 'Message undeliverable.' });
    const canal = criarWhatsappCloud({
      baseUrl: fake.url,
      apiVersion: fake.apiVersion,
      phoneNumberId: fake.phoneNumberId,
      accessToken: fake.token,
    });
    const relogio = criarRelogioManual(em('2026-12-15', '09:00'));
    const deps = {
      db,
      appKey: CHAVE_DE_TESTE,
      canaisDe: async () => soWhatsapp(canal),
      relogio,
      worker: 'teste',
    };
    expect(await executarPassada(deps)).toMatchObject({ enviadas: 1, falhas: 1, reagendadas: 0 });
    relogio.avancar(3_600_000);
    expect(await executarPassada(deps)).toMatchObject({ enviadas: 0, falhas: 0 });
    const [falhou] = (await mensagensRegua(db)).filter((m) => m.status === 'falhou');
    expect(falhou).toMatchObject({ erroCodigo: '131026', tentativas: 1 });
    expect(fake.tentativas).toBe(2);
  });
});
