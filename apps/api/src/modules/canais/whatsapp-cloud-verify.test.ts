import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type FakeCloudApi, iniciarFakeCloudApi } from '../../../test/fake-cloud-api.ts';
import type { CloudConexao } from './graph-api.ts';
import { interpretarResposta, urlVerificacao, verificarNumeroCloud } from './whatsapp-cloud-verify.ts';

let fake: FakeCloudApi;

beforeAll(async () => {
  fake = await iniciarFakeCloudApi();
});
afterAll(() => fake.fechar());
beforeEach(() => fake.limpar());

const conexao = (extra: Partial<CloudConexao> = {}): CloudConexao => ({
  baseUrl: fake.url,
  apiVersion: fake.apiVersion,
  phoneNumberId: fake.phoneNumberId,
  accessToken: fake.token,
  ...extra,
});

describe('urlVerificacao', () => {
  it('joins base URL, version and id, tolerating a trailing slash', () => {
    expect(urlVerificacao(conexao({ baseUrl: 'https://graph.facebook.com/', phoneNumberId: '123' }))).toBe(
      'https://graph.facebook.com/v23.0/123?fields=display_phone_number,verified_name,quality_rating',
    );
  });
});

describe('interpretarResposta', () => {
  it.each([
    ['a list', [1, 2]],
    ['a body that is not JSON', undefined],
  ])('refuses %s as the phone-number object', (_, json) => {
    expect(interpretarResposta(200, json)).toEqual({
      ok: false,
      erro: 'Resposta inesperada da API do WhatsApp (não é o objeto do número).',
    });
  });

  it('accepts a phone-number object without the optional fields', () => {
    expect(interpretarResposta(200, { id: '1' })).toEqual({
      ok: true,
      numeroExibicao: null,
      nomeVerificado: null,
      qualidade: null,
    });
  });
});

describe('verificarNumeroCloud', () => {
  it('reads the number, its name and quality', async () => {
    expect(await verificarNumeroCloud(conexao())).toEqual({
      ok: true,
      numeroExibicao: '+55 11 4002-8922',
      nomeVerificado: 'Cobranças Demo',
      qualidade: 'GREEN',
    });
  });

  it('asks for a new token when Meta refuses it, without repeating it', async () => {
    const accessToken = 'EAAGtokenRecusadoPelaMeta123456';
    const resultado = await verificarNumeroCloud(conexao({ accessToken }));
    expect(resultado).toEqual({
      ok: false,
      erro: expect.stringMatching(/^O token de acesso .* \(código 190\)/),
    });
    expect(JSON.stringify(resultado)).not.toContain(accessToken);
  });

  it('points at the Phone Number ID when Meta does not know it', async () => {
    expect(await verificarNumeroCloud(conexao({ phoneNumberId: '999' }))).toEqual({
      ok: false,
      erro: expect.stringMatching(/Phone Number ID .* \(código 100\): .*'999' does not exist$/),
    });
  });

  it.each([
    [
      { status: 403, code: 200, details: 'Permissions error' },
      /^O token não tem permissão .* \(código 200\): Permissions error$/,
    ],
    [
      { status: 429, code: 4, details: 'Application request limit reached' },
      /^Limite de chamadas .* \(código 4\)/,
    ],
    [
      { status: 400, code: 131000, details: 'Something went wrong' },
      /^Falha temporária .* \(código 131000\): Something went wrong$/,
    ],
    [{ status: 502 }, /^Falha temporária .* \(HTTP 502\): sem detalhes na resposta$/],
  ])('turns %o into a pt-BR reason', async (resposta, erro) => {
    fake.falharProximas(1, resposta);
    expect(await verificarNumeroCloud(conexao())).toEqual({ ok: false, erro: expect.stringMatching(erro) });
  });

  it('times out with the configured limit', async () => {
    fake.falharProximas(1, 'timeout');
    expect(await verificarNumeroCloud(conexao(), 200)).toEqual({
      ok: false,
      erro: expect.stringMatching(/^Tempo esgotado: .* não respondeu em 0\.2 segundos\.$/),
    });
  });

  it('refuses to follow a redirect (the bearer token goes nowhere else)', async () => {
    // Meta never redirects: a plain server stands in for a base URL pointing somewhere else.
    const server = createServer((_, res) => {
      res.writeHead(302, { location: `${fake.url}/roubar` });
      res.end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const resultado = await verificarNumeroCloud(conexao({ baseUrl }));
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    expect(resultado).toEqual({
      ok: false,
      erro: expect.stringMatching(/respondeu com um redirecionamento, que não é seguido/),
    });
  });

  it('reports an unusable base URL', async () => {
    expect(await verificarNumeroCloud(conexao({ baseUrl: 'não é url' }))).toEqual({
      ok: false,
      erro: 'A URL base da API do WhatsApp é inválida.',
    });
  });
});
