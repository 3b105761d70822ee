import { sistemaSettings } from '@cobranca/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  buildTestApp,
  createTestUser,
  issueToken,
  type TestApp,
} from '../../../test/build-test-app.ts';
import { salvarSistemaSettings } from '../configuracoes/configuracoes.repository.ts';
import { definirKillSwitch } from './regua.test-fixtures.ts';

const FUSO = 'America/Sao_Paulo';
const horaLocal = (instante: Date) =>
  Number(
    new Intl.DateTimeFormat('en-GB', { timeZone: FUSO, hour: '2-digit', hour12: false }).format(instante),
  );
const hh = (h: number) => `${String(h).padStart(2, '0')}:00`;

let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await buildTestApp();
  token = await issueToken(t.database, (await createTestUser(t.database, 'operador')).id);
});
afterAll(() => t.close());

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
    const alvo = (horaLocal(new Date()) + 2) % 24;
    await janelaTodoDia(alvo, alvo === 23 ? '23:59' : hh(alvo + 1));
    const janela = await consultar();
    expect(janela).toMatchObject({
      aberta: false,
      automacao_ligada: true,
      fecha_em: null,
      fuso_horario: FUSO,
    });
    const abre = new Date(janela.abre_em);
    expect(horaLocal(abre)).toBe(alvo);
    expect(abre.getTime() - Date.now()).toBeGreaterThan(0);
    expect(abre.getTime() - Date.now()).toBeLessThanOrEqual(26 * 3_600_000);
  });

  it('says when an open window closes', async () => {
    const agora = horaLocal(new Date());
    await janelaTodoDia(agora, agora === 23 ? '23:59' : hh(agora + 1));
    const janela = await consultar();
    expect(janela).toMatchObject({ aberta: true, abre_em: null });
    expect(horaLocal(new Date(janela.fecha_em))).toBe(agora === 23 ? 23 : (agora + 1) % 24);
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
