import type { PixSettingsView, PixStatus } from '@cobranca/contracts';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  bearer,
  buildTestApp,
  createTestUser,
  issueToken,
  type TestApp,
} from '../../../../test/build-test-app.ts';
import { auditLogs, configuracoes } from '../../../db/schema/index.ts';
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
const ultimaAuditoria = async (acao: string) => {
  const [row] = await t.database.db
    .select()
    .from(auditLogs)
    .where(eq(auditLogs.acao, acao))
    .orderBy(desc(auditLogs.id))
    .limit(1);
  return row;
};
const CONTA = { agencia: '0001', conta: '12345-6', tipo_conta: 'CORRENTE' } as const;
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
      conta_recebedor: null,
      status: { provedor: 'simulador', status: 'conectado', recorrencias: true },
    });
  });

  it('reads settings stored before PIX Automático: no receiver account, recurrences not verified', async () => {
    await t.database.db.insert(configuracoes).values({
      chave: PIX_KEY,
      valor: {
        provedor: 'api_pix',
        chave: psp.chave,
        ultimo_status: { status: 'conectado', mensagem: 'ok', verificado_em: '2026-03-10T12:00:00.000Z' },
      },
    });
    expect((await get()).json<PixSettingsView>()).toMatchObject({
      provedor: 'api_pix',
      conta_recebedor: null,
      status: { status: 'conectado', recorrencias: null, verificado_em: '2026-03-10T12:00:00.000Z' },
    });
  });

  it('saves the receiver account for PIX Automático, refuses a bad one in pt-BR and clears it with null', async () => {
    const salva = await put(apiPix({ conta_recebedor: CONTA }));
    expect(salva.statusCode, salva.body).toBe(200);
    expect(salva.json<PixSettingsView>().conta_recebedor).toEqual(CONTA);
    expect((await get()).json<PixSettingsView>().conta_recebedor).toEqual(CONTA);

    const sem = await put({
      provedor: 'api_pix',
      conta_recebedor: { conta: '998877', tipo_conta: 'PAGAMENTO' },
    });
    expect(sem.statusCode, sem.body).toBe(200);
    expect(sem.json<PixSettingsView>().conta_recebedor).toEqual({
      agencia: null,
      conta: '998877',
      tipo_conta: 'PAGAMENTO',
    });

    const ruim = await put({ provedor: 'api_pix', conta_recebedor: { ...CONTA, agencia: '12345' } });
    expect(ruim.statusCode).toBe(422);
    expect(ruim.json().errors['conta_recebedor.agencia']).toEqual(['A agência tem até 4 dígitos.']);
    const semTipo = await put({ provedor: 'api_pix', conta_recebedor: { conta: '', tipo_conta: 'OUTRA' } });
    expect(semTipo.statusCode).toBe(422);
    expect(semTipo.json().errors).toMatchObject({
      'conta_recebedor.conta': ['Informe a conta (até 20 caracteres).'],
      'conta_recebedor.tipo_conta': ['Escolha o tipo da conta.'],
    });
    expect((await get()).json<PixSettingsView>().conta_recebedor?.conta).toBe('998877');

    // Left out keeps it; null clears it.
    expect((await put({ provedor: 'api_pix' })).json<PixSettingsView>().conta_recebedor?.conta).toBe(
      '998877',
    );
    const limpa = await put({ provedor: 'api_pix', conta_recebedor: null });
    expect(limpa.statusCode, limpa.body).toBe(200);
    expect(limpa.json<PixSettingsView>().conta_recebedor).toBeNull();
    expect((await get()).json<PixSettingsView>().conta_recebedor).toBeNull();
    expect(await ultimaAuditoria('pix.configuracao_alterada')).toMatchObject({
      detalhes: { provedor: 'api_pix', campos_alterados: ['conta_recebedor'] },
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

  it('checks PIX Automático and registers its /rec and /cobr webhooks under the /pix one', async () => {
    await put(apiPix());
    const status = (await verificar()).json<PixStatus>();
    expect(status).toMatchObject({
      status: 'conectado',
      recorrencias: true,
      mensagem: 'Token obtido e webhooks registrados no PSP (PIX e PIX Automático).',
    });
    const base = psp.webhook?.webhookUrl;
    expect(base).toMatch(/\/api\/webhooks\/pix\/[A-Za-z0-9_-]{32}$/);
    expect(psp.recorrencias.webhookRec).toBe(base);
    expect(psp.recorrencias.webhookCobr).toBe(base);
    expect((await get()).json<PixSettingsView>().status.recorrencias).toBe(true);
    expect(await ultimaAuditoria('pix.verificado')).toMatchObject({
      detalhes: { status: 'conectado', recorrencias: true },
    });
  });

  it('stays connected, without PIX Automático, at a PSP that does not offer it', async () => {
    const semRec = await iniciarPspFalso({ recorrencias: false });
    try {
      await put(
        apiPix({
          base_url: semRec.url,
          token_url: semRec.tokenUrl,
          client_id: semRec.clientId,
          client_secret: semRec.clientSecret,
          chave: semRec.chave,
        }),
      );
      const status = (await verificar()).json<PixStatus>();
      expect(status).toMatchObject({
        provedor: 'api_pix',
        status: 'conectado',
        recorrencias: false,
        mensagem:
          'Token obtido e webhook registrado no PSP. O PSP não oferece PIX Automático com estas credenciais (escopos rec.*, cobr.*).',
      });
      expect(semRec.webhook?.webhookUrl).toMatch(/\/api\/webhooks\/pix\//);
      expect(semRec.recorrencias.webhookRec).toBeNull();
      expect((await get()).json<PixSettingsView>().status).toMatchObject({
        status: 'conectado',
        recorrencias: false,
      });
    } finally {
      await semRec.fechar();
    }
  });

  it('keeps the last check when only the receiver account or the validity changes, not the connection', async () => {
    await put(apiPix());
    await verificar();
    const conta = await put({ provedor: 'api_pix', conta_recebedor: CONTA });
    expect(conta.json<PixSettingsView>().status).toMatchObject({ status: 'conectado', recorrencias: true });
    expect(await ultimaAuditoria('pix.configuracao_alterada')).toMatchObject({
      detalhes: { campos_alterados: ['conta_recebedor'] },
    });
    const dias = await put({ provedor: 'api_pix', validade_apos_vencimento_dias: 10 });
    expect(dias.json<PixSettingsView>().status).toMatchObject({ status: 'conectado', recorrencias: true });
    const outra = await put({ provedor: 'api_pix', client_id: 'outro-cliente' });
    expect(outra.json<PixSettingsView>().status).toMatchObject({
      status: 'nao_verificado',
      recorrencias: null,
    });
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
