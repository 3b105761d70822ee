import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type FakeCloudApi, iniciarFakeCloudApi } from '../../../test/fake-cloud-api.ts';
import type { EnvioCanal } from './canal.ts';
import { criarWhatsappCloud, semCredenciais } from './whatsapp-cloud.ts';

const AGORA = new Date('2026-10-15T12:00:00Z');
const HORA = 3_600_000;
const TEMPLATE = {
  nome: 'lembrete_vencimento',
  idioma: 'pt_BR',
  parametros: ['Maria', 'R$ 1.234,56', '15/10/2026'],
};

let fake: FakeCloudApi;
const urlsChamadas: string[] = [];

// Every call goes through here: the driver may only ever talk to the loopback fake.
const soLoopback: typeof fetch = (input, init) => {
  const url = new URL(input instanceof Request ? input.url : input);
  urlsChamadas.push(url.toString());
  if (url.hostname !== '127.0.0.1') throw new Error(`fora do loopback: ${url}`);
  return fetch(input, init);
};

const driver = (extra: { accessToken?: string; baseUrl?: string; timeoutMs?: number } = {}) =>
  criarWhatsappCloud(
    {
      baseUrl: fake.url,
      apiVersion: fake.apiVersion,
      phoneNumberId: fake.phoneNumberId,
      accessToken: fake.token,
      ...extra,
    },
    { fetch: soLoopback, agora: () => AGORA },
  );

const envio = (extra: Partial<EnvioCanal> = {}): EnvioCanal => ({
  telefone: '+5511987654321',
  conteudo: 'Olá Maria, sua fatura vence hoje.',
  mensagemId: 42,
  ultimaEntradaEm: new Date(AGORA.getTime() - 2 * HORA),
  template: TEMPLATE,
  ...extra,
});

beforeAll(async () => {
  fake = await iniciarFakeCloudApi();
});
afterAll(() => fake.fechar());
beforeEach(() => fake.limpar());

describe('criarWhatsappCloud: what is sent', () => {
  it('sends free text while the 24-hour window is open', async () => {
    const resultado = await driver().enviar(envio());
    expect(resultado).toEqual({
      ok: true,
      canalMensagemId: fake.recebidas[0]?.wamid,
      status: 'enviada',
      enviadaEm: AGORA,
      entregueEm: null,
    });
    expect(fake.recebidas[0]?.corpo).toEqual({
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to: '5511987654321',
      biz_opaque_callback_data: 'msg:42',
      type: 'text',
      text: { preview_url: false, body: 'Olá Maria, sua fatura vence hoje.' },
    });
  });

  it.each([
    ['the customer wrote 24 hours ago', new Date(AGORA.getTime() - 24 * HORA)],
    ['the customer never wrote', null],
  ])('sends the approved template when %s', async (_, ultimaEntradaEm) => {
    expect(await driver().enviar(envio({ ultimaEntradaEm }))).toMatchObject({ ok: true });
    expect(fake.recebidas[0]?.corpo).toEqual({
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to: '5511987654321',
      biz_opaque_callback_data: 'msg:42',
      type: 'template',
      template: {
        name: 'lembrete_vencimento',
        language: { code: 'pt_BR' },
        components: [
          {
            type: 'body',
            parameters: [
              { type: 'text', text: 'Maria' },
              { type: 'text', text: 'R$ 1.234,56' },
              { type: 'text', text: '15/10/2026' },
            ],
          },
        ],
      },
    });
  });

  it('leaves out the components of a template without parameters', async () => {
    const template = { nome: 'agradecimento', idioma: 'pt_BR', parametros: [] };
    expect(await driver().enviar(envio({ ultimaEntradaEm: null, template }))).toMatchObject({ ok: true });
    expect(fake.recebidas[0]?.corpo).toMatchObject({
      type: 'template',
      template: { name: 'agradecimento', language: { code: 'pt_BR' } },
    });
    expect(fake.recebidas[0]?.corpo).not.toHaveProperty('template.components');
  });

  it('fails for good, without calling the API, outside the window with no template', async () => {
    const antes = urlsChamadas.length;
    expect(await driver().enviar(envio({ ultimaEntradaEm: null, template: null }))).toEqual({
      ok: false,
      erroCodigo: 'fora_janela_24h',
      erroMensagem: expect.stringMatching(/há mais de 24 horas .* template aprovado/),
      transitorio: false,
    });
    expect(urlsChamadas.length).toBe(antes);
    expect(fake.tentativas).toBe(0);
  });
});

const portaFechada = async (): Promise<string> => {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}`;
};

describe('criarWhatsappCloud: failures', () => {
  it.each([
    ['130429 rate limit', { status: 429, code: 130429 }, '130429', true],
    ['HTTP 500 with no JSON body', { status: 500 }, 'http_500', true],
    ['131000 service error', { status: 500, code: 131000 }, '131000', true],
    ['132001 unknown template', { status: 400, code: 132001 }, '132001', false],
  ])('maps %s', async (_, resposta, erroCodigo, transitorio) => {
    fake.falharProximas(1, resposta);
    expect(await driver().enviar(envio())).toEqual({
      ok: false,
      erroCodigo,
      erroMensagem: expect.any(String),
      transitorio,
    });
  });

  it('maps 131026 (number not on WhatsApp) to a permanent failure', async () => {
    fake.falharPara('5511987654321', { status: 400, code: 131026, details: 'Message undeliverable' });
    expect(await driver().enviar(envio())).toEqual({
      ok: false,
      erroCodigo: '131026',
      erroMensagem: expect.stringMatching(
        /^Mensagem não entregável: .* \(código 131026\): Message undeliverable$/,
      ),
      transitorio: false,
    });
  });

  it('maps a bad token to a permanent 190 that never repeats the token', async () => {
    const tokenErrado = 'EAAGtokenErradoQueNaoPodeVazar987';
    const resultado = await driver({ accessToken: tokenErrado }).enviar(envio());
    expect(resultado).toMatchObject({ ok: false, erroCodigo: '190', transitorio: false });
    if (!resultado.ok) expect(resultado.erroMensagem).toMatch(/informe-o nas configurações do WhatsApp/);

    fake.falharProximas(1, { status: 401, code: 190, details: `token ${fake.token} expirado` });
    const ecoado = await driver().enviar(envio());
    expect(JSON.stringify(ecoado)).not.toContain(fake.token);
    expect(ecoado).toMatchObject({ erroMensagem: expect.stringContaining('token •••••••• expirado') });
  });

  it('gives up after timeoutMs and calls it transient', async () => {
    fake.falharProximas(1, 'timeout');
    expect(await driver({ timeoutMs: 150 }).enviar(envio())).toEqual({
      ok: false,
      erroCodigo: 'timeout',
      erroMensagem: expect.stringMatching(/^Tempo esgotado: .* não respondeu em 0\.15 segundos\.$/),
      transitorio: true,
    });
  });

  it.each([
    ['the connection is refused', async () => ({ baseUrl: await portaFechada() }), /conexão recusada/],
    [
      'the server drops the connection',
      async () => {
        fake.falharProximas(1, 'fechar_conexao');
        return {};
      },
      /Não foi possível conectar/,
    ],
  ])('calls it a transient network failure when %s', async (_, preparar, mensagem) => {
    expect(await driver(await preparar()).enviar(envio())).toEqual({
      ok: false,
      erroCodigo: 'rede',
      erroMensagem: expect.stringMatching(mensagem),
      transitorio: true,
    });
  });

  it('refuses an unusable base URL for good', async () => {
    expect(await driver({ baseUrl: 'não é url' }).enviar(envio())).toMatchObject({
      ok: false,
      erroCodigo: 'url_invalida',
      transitorio: false,
    });
  });
});

describe('semCredenciais', () => {
  it('keeps messages waiting for the admin (transient, never sent)', async () => {
    expect(semCredenciais).toMatchObject({ canal: 'whatsapp', provedor: 'whatsapp_cloud' });
    expect(await semCredenciais.enviar(envio())).toEqual({
      ok: false,
      erroCodigo: 'canal_sem_credenciais',
      erroMensagem: expect.stringMatching(
        /^A WhatsApp Cloud API está selecionada, mas o Phone Number ID ou o token/,
      ),
      transitorio: true,
    });
  });
});
