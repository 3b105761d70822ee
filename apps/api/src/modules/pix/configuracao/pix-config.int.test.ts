import type { PixSettingsView, PixStatus } from '@cobranca/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  bearer,
  buildTestApp,
  createTestUser,
  issueToken,
  type TestApp,
} from '../../../../test/build-test-app.ts';
import { configuracoes } from '../../../db/schema/index.ts';
import { certificadosDeTeste, SENHA_PKCS12 } from '../psp/certificados.test-fixtures.ts';
import { iniciarPspFalso, type PspFalso } from '../psp/psp-falso.test-fixtures.ts';
import { PIX_KEY } from './pix-settings.repository.ts';

// The provider settings through the API (docs/produto.md §21), against a fake PSP with mutual TLS.

const URL = '/api/admin/configuracoes/pix';
let t: TestApp;
let psp: PspFalso;
let admin: string;
let operador: string;

beforeAll(async () => {
  t = await buildTestApp();
  psp = await iniciarPspFalso();
  admin = await issueToken(t.database, (await createTestUser(t.database, 'admin')).id);
  operador = await issueToken(t.database, (await createTestUser(t.database, 'operador')).id);
});
afterAll(async () => {
  await psp.fechar();
  await t.close();
});
beforeEach(async () => {
  await t.database.db.delete(configuracoes).where(eq(configuracoes.chave, PIX_KEY));
});

const put = (payload: object, token = admin) =>
  t.app.inject({ method: 'PUT', url: URL, headers: bearer(token), payload });
const get = (token = admin) => t.app.inject({ method: 'GET', url: URL, headers: bearer(token) });
const verificar = () => t.app.inject({ method: 'POST', url: `${URL}/verificar`, headers: bearer(admin) });

const certs = () => certificadosDeTeste();
const apiPix = (extra: object = {}) => ({
  provedor: 'api_pix',
  chave: psp.chave,
  base_url: psp.url,
  token_url: psp.tokenUrl,
  client_id: psp.clientId,
  client_secret: psp.clientSecret,
  certificado_pem: certs().cliente.certificadoPem,
  chave_privada_pem: certs().cliente.chavePrivadaPem,
  webhook_url: 'https://cobranca.example.com.br',
  ...extra,
});

describe('GET/PUT /api/admin/configuracoes/pix', () => {
  it('starts on the simulator, always connected', async () => {
    const response = await get();
    expect(response.statusCode).toBe(200);
    expect(response.json<PixSettingsView>()).toMatchObject({
      provedor: 'simulador',
      client_secret: null,
      certificado: null,
      validade_apos_vencimento_dias: 30,
      status: { provedor: 'simulador', status: 'conectado' },
    });
  });

  it('saves a PSP with a PEM pair: the secret comes back masked, never in clear, nor stored in clear', async () => {
    const response = await put(apiPix());
    expect(response.statusCode, response.body).toBe(200);
    const view = response.json<PixSettingsView>();
    expect(view).toMatchObject({
      provedor: 'api_pix',
      base_url: psp.url,
      certificado: { formato: 'pem' },
      status: { status: 'nao_verificado' },
    });
    expect(view.client_secret).toMatch(/^•+/);
    expect(view.certificado?.valido_ate).toMatch(/^\d{4}-/);
    const bruto = JSON.stringify(
      (await t.database.db.select().from(configuracoes).where(eq(configuracoes.chave, PIX_KEY)))[0],
    );
    expect(bruto).not.toContain(psp.clientSecret);
    expect(bruto).not.toContain('PRIVATE KEY');
    expect((await get()).body).not.toContain(psp.clientSecret);
  });

  it('saves a PKCS#12 certificate with its password, and refuses a wrong password on the password field', async () => {
    const pkcs12 = {
      certificado_pem: undefined,
      chave_privada_pem: undefined,
      pkcs12_base64: certs().clientePkcs12.toString('base64'),
    };
    const errada = await put(apiPix({ ...pkcs12, pkcs12_senha: 'outra' }));
    expect(errada.statusCode).toBe(422);
    expect(errada.json().errors.pkcs12_senha).toEqual(['Senha do certificado PKCS#12 incorreta.']);
    const certa = await put(apiPix({ ...pkcs12, pkcs12_senha: SENHA_PKCS12 }));
    expect(certa.statusCode, certa.body).toBe(200);
    expect(certa.json<PixSettingsView>().certificado?.formato).toBe('pkcs12');
  });

  it.each<[string, object, string]>([
    ['an expired certificate', { certificado_pem: 'x', chave_privada_pem: 'y' }, 'certificado_pem'],
    ['plain http to a public host', { base_url: 'http://psp.example.com/v2' }, 'base_url'],
    ['an invalid PIX key', { chave: 'não é chave' }, 'chave'],
    ['no client secret', { client_secret: undefined }, 'client_secret'],
    ['no public address for the webhook', { webhook_url: null }, 'webhook_url'],
  ])('answers 422 for %s', async (_caso, extra, campo) => {
    const corpo =
      campo === 'certificado_pem'
        ? apiPix({
            certificado_pem: certs().clienteExpirado.certificadoPem,
            chave_privada_pem: certs().clienteExpirado.chavePrivadaPem,
          })
        : apiPix(extra);
    const response = await put(corpo);
    expect(response.statusCode).toBe(422);
    expect(Object.keys(response.json().errors)).toContain(campo);
    expect((await get()).json<PixSettingsView>().provedor).toBe('simulador');
  });

  it('accepts http on a loopback host (local sandboxes)', async () => {
    expect((await put(apiPix({ webhook_url: 'http://127.0.0.1:3000' }))).statusCode).toBe(200);
  });

  it('is refused to an operator (403)', async () => {
    expect((await get(operador)).statusCode).toBe(403);
    expect((await put(apiPix(), operador)).statusCode).toBe(403);
  });
});

describe('POST /api/admin/configuracoes/pix/verificar', () => {
  it('gets a token and registers the webhook with its secret segment at the PSP', async () => {
    await put(apiPix());
    const response = await verificar();
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<PixStatus>()).toMatchObject({ provedor: 'api_pix', status: 'conectado' });
    expect(psp.webhook?.webhookUrl).toMatch(
      /^https:\/\/cobranca\.example\.com\.br\/api\/webhooks\/pix\/[A-Za-z0-9_-]{32}$/,
    );
    expect((await get()).json<PixSettingsView>().status.status).toBe('conectado');
  });

  it('says in pt-BR why the PSP refused a wrong secret', async () => {
    await put(apiPix({ client_secret: 'segredo-errado-123' }));
    const status = (await verificar()).json<PixStatus>();
    expect(status).toMatchObject({ status: 'erro' });
    expect(status.mensagem).toMatch(/client_id ou o client_secret/);
  });

  it('says when the PSP refuses the client certificate', async () => {
    await put(
      apiPix({
        certificado_pem: certs().clienteDeOutraCa.certificadoPem,
        chave_privada_pem: certs().clienteDeOutraCa.chavePrivadaPem,
      }),
    );
    const status = (await verificar()).json<PixStatus>();
    expect(status.status).toBe('erro');
    expect(status.mensagem).toMatch(/certificado/i);
  });
});
