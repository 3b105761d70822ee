import { randomBytes } from 'node:crypto';
import { sistemaSettings } from '@cobranca/contracts';
import { hojeNoFuso, somarDias } from '@cobranca/dominio';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  buildTestApp,
  createTestUser,
  issueToken,
  type TestApp,
} from '../../../../test/build-test-app.ts';
import { type FakeZenvia, iniciarFakeZenvia } from '../../../../test/fake-zenvia.ts';
import { clientes, mensagens, optOutsCanal } from '../../../db/schema/index.ts';
import { criarRelogioManual } from '../../../lib/relogio.ts';
import { inserirCliente, inserirConta } from '../../clientes/clientes.test-fixtures.ts';
import { configurarUrlPublica } from '../../links-portal/links.ts';
import { executarPassada } from '../../regua/motor.ts';
import { configurar, JANELA_SEMPRE } from '../../regua/regua.test-fixtures.ts';
import { canaisAtivos } from '../canais-ativos.ts';

// SMS end to end against a fake Zenvia on loopback (docs/produto.md §12): the régua's SMS goes through
// Zenvia's API; delivery reports and replies come back to the webhook URL the settings screen gives; an
// undeliverable SMS falls back to e-mail the same day; "SAIR" opts out of SMS only.

const appKey = randomBytes(32);
let t: TestApp;
let zenvia: FakeZenvia;
let token: string;
let webhook: string;

beforeAll(async () => {
  configurarUrlPublica('https://cobranca.exemplo.com.br');
  zenvia = await iniciarFakeZenvia();
  t = await buildTestApp({ appKey });
  token = await issueToken(t.database, (await createTestUser(t.database, 'admin')).id);
  const salvo = await t.app.inject({
    method: 'PUT',
    url: '/api/admin/configuracoes/sms',
    headers: bearer(token),
    payload: { provedor: 'zenvia', base_url: zenvia.url, token: zenvia.token, remetente: zenvia.remetente },
  });
  expect(salvo.statusCode).toBe(200);
  webhook = new URL(salvo.json().webhook_url).pathname;
  await configurar(t.database.db, {
    janela_envio: JANELA_SEMPRE,
    regua: sistemaSettings.parse({}).regua.map((e) => ({ ...e, canais: ['sms', 'email'] })),
  });
});
afterAll(async () => {
  await t.close();
  await zenvia.fechar();
});

const passada = () =>
  executarPassada({
    db: t.database.db,
    appKey,
    canaisDe: () => canaisAtivos(t.database.db, appKey),
    relogio: criarRelogioManual(new Date()),
    worker: 'teste',
  });

const devedor = async (nome: string, telefone: string) => {
  const id = await inserirCliente(t.database.db, {
    nome,
    telefone,
    email: `${nome.split(' ')[0]?.toLowerCase()}@cliente.example`,
  });
  await inserirConta(t.database.db, {
    clienteId: id,
    valorCentavos: 12_000,
    vencimento: somarDias(hojeNoFuso(new Date()), -3),
  });
  return id;
};

const doCliente = (id: number) =>
  t.database.db.select().from(mensagens).where(eq(mensagens.clienteId, id)).orderBy(mensagens.id);

const postar = (corpo: unknown, caminho = webhook) =>
  t.app.inject({ method: 'POST', url: caminho, payload: corpo as object });

describe('the régua by SMS through Zenvia', () => {
  it('sends a short text with the portal link (no copia e cola), then follows the delivery report', async () => {
    const id = await devedor('Eva Sms', '+5511987650001');
    await passada();
    const [m] = await doCliente(id);
    expect(m).toMatchObject({ canal: 'sms', provedor: 'zenvia', status: 'enviada' });
    const [sms] = zenvia.recebidas;
    expect(sms?.corpo).toMatchObject({ from: zenvia.remetente, to: '5511987650001' });
    const texto = JSON.stringify(sms?.corpo);
    expect(texto).toContain('https://cobranca.exemplo.com.br/p/');
    expect(texto).not.toContain('copia e cola');
    expect((await postar(zenvia.relatorio(m?.canalMensagemId ?? '', 'DELIVERED'))).statusCode).toBe(200);
    const [entregue] = await doCliente(id);
    expect(entregue?.status).toBe('entregue');
  });

  it('an undeliverable SMS falls back to e-mail the same day', async () => {
    const id = await devedor('Fabio Sem Sinal', '+5511987650002');
    await passada();
    const [sms] = await doCliente(id);
    expect((await postar(zenvia.relatorio(sms?.canalMensagemId ?? '', 'NOT_DELIVERED'))).statusCode).toBe(
      200,
    );
    await passada();
    const [falhou, email] = await doCliente(id);
    expect(falhou).toMatchObject({ canal: 'sms', status: 'falhou' });
    expect(email).toMatchObject({ canal: 'email', status: 'enviada', substituiMensagemId: sms?.id });
  });

  it('"SAIR" by SMS opts out of SMS only, with proof; the reply still reaches the operator', async () => {
    const id = await devedor('Gil Saiu', '+5511987650003');
    expect((await postar(zenvia.mo('+5511987650003', 'SAIR'))).statusCode).toBe(200);
    const optOuts = await t.database.db.select().from(optOutsCanal).where(eq(optOutsCanal.clienteId, id));
    expect(optOuts).toMatchObject([{ canal: 'sms', origem: 'resposta_sms' }]);
    const [c] = await t.database.db.select().from(clientes).where(eq(clientes.id, id));
    expect(c?.optOutEm).toBeNull();
    expect(c?.status).toBe('aguardando_atendimento');
    // The same event posted again (Zenvia retries) adds nothing.
    await postar(zenvia.mo('+5511987650003', 'SAIR'));
    expect((await doCliente(id)).filter((m) => m.direcao === 'entrada').length).toBeGreaterThanOrEqual(1);
  });

  it('answers 404 on a wrong secret segment, and 200 (logged, nothing applied) on a body that is not an event', async () => {
    expect((await postar(zenvia.mo('+5511987650003', 'oi'), '/api/webhooks/zenvia/errado')).statusCode).toBe(
      404,
    );
    expect((await postar({ qualquer: 'coisa' })).statusCode).toBe(200);
  });
});
