import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type FakeZenvia, iniciarFakeZenvia } from '../../../../test/fake-zenvia.ts';
import { type ConfigZenvia, enviarSmsZenvia, verificarZenvia } from './zenvia.ts';
import { lerEventoZenvia } from './zenvia-webhook.ts';

const SMS = {
  mensagemId: 7,
  para: '+5511987654321',
  texto: 'Olá! Sua parcela venceu. Responda SAIR para não receber mais.',
};

let fake: FakeZenvia;
let cfg: ConfigZenvia;

beforeAll(async () => {
  fake = await iniciarFakeZenvia();
  cfg = { baseUrl: fake.url, token: fake.token, remetente: fake.remetente };
});
afterEach(() => fake.limpar());
afterAll(() => fake.fechar());

/** A server that answers every request with this status and body, for what the fake never sends. */
const servidorQueResponde = async (status: number, corpo: string, tipo: string): Promise<Server> => {
  const server = createServer((_req, res) => {
    res.writeHead(status, { 'content-type': tipo });
    res.end(corpo);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return server;
};
const urlDe = (server: Server) => `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

describe('enviarSmsZenvia', () => {
  it('sends the body Zenvia expects and answers enviada with Zenvia’s id', async () => {
    const resultado = await enviarSmsZenvia(cfg, SMS);
    expect(fake.recebidas).toHaveLength(1);
    const [recebida] = fake.recebidas;
    expect(recebida?.corpo).toEqual({
      from: fake.remetente,
      to: '5511987654321',
      contents: [{ type: 'text', text: SMS.texto }],
      externalId: 'msg:7',
    });
    expect(resultado).toEqual({
      ok: true,
      canalMensagemId: recebida?.id,
      status: 'enviada',
      enviadaEm: expect.any(Date),
      entregueEm: null,
    });
  });

  it('refuses a number that is not E.164 without calling Zenvia', async () => {
    expect(await enviarSmsZenvia(cfg, { ...SMS, para: '11987654321' })).toMatchObject({
      ok: false,
      erroCodigo: 'numero_invalido',
      transitorio: false,
    });
    expect(fake.tentativas).toBe(0);
  });

  it('reports a wrong token (401) as permanent, in pt-BR, without echoing the token', async () => {
    const token = 'token-errado-segredo';
    const resultado = await enviarSmsZenvia({ ...cfg, token }, SMS);
    expect(resultado).toMatchObject({ ok: false, erroCodigo: 'AUTHENTICATION_ERROR', transitorio: false });
    expect(resultado.ok === false && resultado.erroMensagem).toMatch(/^A Zenvia recusou o token da API/);
    expect(JSON.stringify(resultado)).not.toContain(token);
  });

  it('reports a 403 as permanent', async () => {
    fake.falharProximas(1, 403);
    expect(await enviarSmsZenvia(cfg, SMS)).toMatchObject({ ok: false, transitorio: false });
  });

  it('reports Zenvia’s 400 as permanent, naming the field it refused', async () => {
    const numero = await enviarSmsZenvia(cfg, { ...SMS, para: '+12345678' });
    expect(numero).toMatchObject({ ok: false, erroCodigo: 'VALIDATION_ERROR', transitorio: false });
    expect(numero.ok === false && numero.erroMensagem).toMatch(/número do destinatário/);

    const texto = await enviarSmsZenvia(cfg, { ...SMS, texto: 'x'.repeat(1521) });
    expect(texto.ok === false && texto.erroMensagem).toMatch(/texto do SMS/);

    const remetente = await enviarSmsZenvia({ ...cfg, remetente: 'outra-conta' }, SMS);
    expect(remetente.ok === false && remetente.erroMensagem).toMatch(/remetente/);
    expect(fake.recebidas).toHaveLength(0);
  });

  it('reports a number Zenvia refuses (falharPara) as permanent', async () => {
    fake.falharPara('+5511987654321', 400);
    expect(await enviarSmsZenvia(cfg, SMS)).toMatchObject({ ok: false, transitorio: false });
  });

  it('reports the per-second limit (429) as transient', async () => {
    fake.limitePorSegundo(1);
    expect(await enviarSmsZenvia(cfg, SMS)).toMatchObject({ ok: true });
    const segundo = await enviarSmsZenvia(cfg, { ...SMS, mensagemId: 8 });
    expect(segundo).toMatchObject({ ok: false, transitorio: true });
    expect(segundo.ok === false && segundo.erroMensagem).toMatch(/Limite de envios da Zenvia/);
  });

  it('reports 500 and a gateway’s HTML 503 as transient', async () => {
    fake.falharProximas(1, 500);
    fake.falharProximas(1, 503);
    expect(await enviarSmsZenvia(cfg, SMS)).toMatchObject({
      ok: false,
      erroCodigo: 'INTERNAL_ERROR',
      transitorio: true,
    });
    expect(await enviarSmsZenvia(cfg, SMS)).toMatchObject({
      ok: false,
      erroCodigo: 'http_503',
      transitorio: true,
    });
  });

  it('reports a timeout, a dropped connection and a refused one as transient', async () => {
    fake.falharProximas(1, 'timeout');
    expect(await enviarSmsZenvia({ ...cfg, tempoLimiteMs: 200 }, SMS)).toMatchObject({
      ok: false,
      erroCodigo: 'timeout',
      transitorio: true,
    });
    fake.falharProximas(1, 'fechar_conexao');
    expect(await enviarSmsZenvia(cfg, SMS)).toMatchObject({
      ok: false,
      erroCodigo: 'rede',
      transitorio: true,
    });

    const fechado = await servidorQueResponde(200, '{}', 'application/json');
    const baseUrl = urlDe(fechado);
    await new Promise((resolve) => fechado.close(resolve));
    const recusado = await enviarSmsZenvia({ ...cfg, baseUrl }, SMS);
    expect(recusado).toMatchObject({ ok: false, erroCodigo: 'rede', transitorio: true });
    expect(recusado.ok === false && recusado.erroMensagem).toMatch(/conexão recusada/);
  });

  it('treats a 200 that is not JSON as transient (not Zenvia), and a JSON 200 without id as permanent', async () => {
    const html = await servidorQueResponde(200, '<html>portal</html>', 'text/html');
    const semId = await servidorQueResponde(200, '{"status":"ok"}', 'application/json');
    try {
      expect(await enviarSmsZenvia({ ...cfg, baseUrl: urlDe(html) }, SMS)).toMatchObject({
        ok: false,
        transitorio: true,
      });
      // It may have gone out: sending again could deliver (and charge) it twice.
      expect(await enviarSmsZenvia({ ...cfg, baseUrl: urlDe(semId) }, SMS)).toMatchObject({
        ok: false,
        erroCodigo: 'resposta_inesperada',
        transitorio: false,
      });
    } finally {
      await Promise.all([html, semId].map((s) => new Promise((resolve) => s.close(resolve))));
    }
  });
});

describe('verificarZenvia', () => {
  it('accepts a token that can read the subscriptions', async () => {
    expect(await verificarZenvia(cfg)).toEqual({ ok: true });
  });

  it('explains a wrong token in pt-BR', async () => {
    const resultado = await verificarZenvia({ ...cfg, token: 'outro' });
    expect(resultado).toMatchObject({
      ok: false,
      erro: expect.stringMatching(/^A Zenvia recusou o token da API/),
    });
  });

  it('explains that Zenvia cannot be reached', async () => {
    fake.falharProximas(1, 'fechar_conexao');
    expect(await verificarZenvia(cfg)).toMatchObject({
      ok: false,
      erro: expect.stringMatching(/^Não foi possível conectar à API da Zenvia/),
    });
  });
});

describe('the fake’s webhook events, read by lerEventoZenvia', () => {
  it('turns a delivery report of an accepted SMS into entregue for our message', async () => {
    const enviado = await enviarSmsZenvia(cfg, SMS);
    const id = enviado.ok ? enviado.canalMensagemId : '';
    const quando = new Date('2026-03-10T12:00:00Z');
    expect(lerEventoZenvia(JSON.parse(JSON.stringify(fake.relatorio(id, 'DELIVERED', quando))))).toEqual({
      resultado: 'evento',
      evento: { tipo: 'status', canalMensagemId: id, status: 'entregue', instante: quando, mensagemId: 7 },
    });
    expect(lerEventoZenvia(fake.relatorio(id, 'NOT_DELIVERED'))).toMatchObject({
      resultado: 'evento',
      evento: { status: 'falhou', erroCodigo: 'NOT_DELIVERED' },
    });
  });

  it('turns an MO into an entrada from the customer', () => {
    const quando = new Date('2026-03-10T12:05:00Z');
    expect(lerEventoZenvia(fake.mo('+5511987654321', 'SAIR', quando))).toMatchObject({
      resultado: 'evento',
      evento: { tipo: 'entrada', de: '+5511987654321', texto: 'SAIR', instante: quando },
    });
  });
});
