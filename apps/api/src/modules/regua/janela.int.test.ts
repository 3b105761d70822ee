import { sistemaSettings } from '@cobranca/contracts';
import { instanteNoFuso } from '@cobranca/dominio';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  bearer,
  buildTestApp,
  createTestUser,
  issueToken,
  type TestApp,
} from '../../../test/build-test-app.ts';
import { relogioDoSistema } from '../../lib/relogio.ts';
import { salvarSistemaSettings } from '../configuracoes/configuracoes.repository.ts';
import { definirKillSwitch } from './regua.test-fixtures.ts';

const FUSO = 'America/Sao_Paulo';
const hh = (h: number) => `${String(h).padStart(2, '0')}:00`;
// A fixed Monday 14:30 in São Paulo (17:30 UTC): the answers must not depend on when the suite runs
// (near midnight no window of the real clock's hour could be open).
const AGORA = instanteNoFuso('2026-06-15', 14 * 60 + 30, FUSO);

let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await buildTestApp();
  token = await issueToken(t.database, (await createTestUser(t.database, 'operador')).id);
});
afterAll(() => t.close());
beforeEach(() => {
  vi.spyOn(relogioDoSistema, 'agora').mockReturnValue(AGORA);
});
afterEach(() => {
  vi.restoreAllMocks();
});

/** The same hours every day of the week, holidays included, so the answer depends only on the hour. */
const janelaTodoDia = async (inicio: number, fim: string) => {
  const faixa = { inicio: hh(inicio), fim };
  const settings = sistemaSettings.parse({
    fuso_horario: FUSO,
    janela_envio: { dias_uteis: faixa, sabado: faixa, domingo: faixa, feriados_nacionais: true },
  });
  await salvarSistemaSettings(t.database.db, settings, null);
};

const consultar = async () => {
  const response = await t.app.inject({
    method: 'GET',
    url: '/api/operador/janela-envio',
    headers: bearer(token),
  });
  expect(response.statusCode).toBe(200);
  return response.json();
};

describe('GET /api/operador/janela-envio', () => {
  it('says when a closed window opens, in the settings’ time zone', async () => {
    await janelaTodoDia(16, hh(17));
    expect(await consultar()).toEqual({
      aberta: false,
      automacao_ligada: true,
      abre_em: '2026-06-15T19:00:00.000Z',
      fecha_em: null,
      fuso_horario: FUSO,
    });
  });

  it('says a window already closed today opens tomorrow', async () => {
    await janelaTodoDia(8, hh(12));
    expect(await consultar()).toMatchObject({ aberta: false, abre_em: '2026-06-16T11:00:00.000Z' });
  });

  it('says when an open window closes', async () => {
    await janelaTodoDia(14, hh(15));
    expect(await consultar()).toMatchObject({
      aberta: true,
      abre_em: null,
      fecha_em: '2026-06-15T18:00:00.000Z',
    });
  });

  it('says when automation is switched off, whatever the hour', async () => {
    await definirKillSwitch(t.database.db, false);
    try {
      expect((await consultar()).automacao_ligada).toBe(false);
    } finally {
      await definirKillSwitch(t.database.db, true);
    }
  });

  it('is for operators only', async () => {
    const admin = await createTestUser(t.database, 'admin');
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/operador/janela-envio',
      headers: bearer(await issueToken(t.database, admin.id)),
    });
    expect(response.statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/operador/janela-envio' })).statusCode).toBe(401);
  });
});
