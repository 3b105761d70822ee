import { randomBytes } from 'node:crypto';
import { desc, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  buildTestApp,
  createTestUser,
  issueToken,
  type TestApp,
} from '../../../../test/build-test-app.ts';
import { iniciarFakeZenvia } from '../../../../test/fake-zenvia.ts';
import { auditLogs, configuracoes } from '../../../db/schema/index.ts';
import { encryptSecret } from '../../../lib/secret-box.ts';
import { configurarUrlPublica } from '../../links-portal/links.ts';
import { buscarSmsConfigurado } from './sms-settings.repository.ts';

const TOKEN = `zenvia-${randomBytes(20).toString('hex')}`;
const TOKEN_ERRADO = `${TOKEN}-errado`;
const REMETENTE = 'cobranca-acme';
const WEBHOOK = /^https:\/\/cobranca\.exemplo\.com\.br\/api\/webhooks\/zenvia\/([A-Za-z0-9_-]{43})$/;

const appKey = randomBytes(32);
// Started at load: the test tables below are built from its URL.
const zenvia = await iniciarFakeZenvia({ token: TOKEN, remetente: REMETENTE });
let t: TestApp;
let adminId: number;
let token: string;
let tokenOperador: string;
const logs: string[] = [];
const respostas: string[] = [];

beforeAll(async () => {
  configurarUrlPublica('https://cobranca.exemplo.com.br');
  t = await buildTestApp({
    appKey,
    logger: { level: 'trace', stream: { write: (linha: string) => logs.push(linha) } },
  });
  adminId = (await createTestUser(t.database, 'admin')).id;
  token = await issueToken(t.database, adminId);
  tokenOperador = await issueToken(t.database, (await createTestUser(t.database, 'operador')).id);
});
afterAll(async () => {
  await t.close();
  await zenvia.fechar();
});

const call = async (method: 'GET' | 'PUT' | 'POST', path: string, payload?: object, comToken = token) => {
  const response = await t.app.inject({
    method,
    url: `/api/admin/configuracoes/sms${path}`,
    headers: comToken ? bearer(comToken) : {},
    ...(payload ? { payload } : {}),
  });
  respostas.push(response.body);
  return response;
};
const getConfig = () => call('GET', '');
const putConfig = (payload: object) => call('PUT', '', payload);
const verificar = () => call('POST', '/verificar');

const linhaArmazenada = async () => {
  const [row] = await t.database.db.select().from(configuracoes).where(eq(configuracoes.chave, 'sms'));
  return row?.valor as Record<string, unknown> | undefined;
};
const ultimaAuditoria = async (acao: string) => {
  const [row] = await t.database.db
    .select()
    .from(auditLogs)
    .where(eq(auditLogs.acao, acao))
    .orderBy(desc(auditLogs.id))
    .limit(1);
  return row;
};

const mascaraCom = (segredo: string) => `••••••••${segredo.slice(-4)}`;
const zenviaBody = (mudancas: object = {}) => ({
  provedor: 'zenvia',
  base_url: zenvia.url,
  remetente: REMETENTE,
  ...mudancas,
});

describe('access', () => {
  it.each<[string, 'GET' | 'PUT' | 'POST', string, object | undefined]>([
    ['GET', 'GET', '', undefined],
    ['PUT', 'PUT', '', zenviaBody({ token: TOKEN })],
    ['POST /verificar', 'POST', '/verificar', undefined],
  ])(
    '%s is refused to an operator (403) and to the anonymous (401)',
    async (_rota, method, path, payload) => {
      expect((await call(method, path, payload, tokenOperador)).statusCode).toBe(403);
      expect((await call(method, path, payload, '')).statusCode).toBe(401);
      expect(await linhaArmazenada()).toBeUndefined();
    },
  );
});

describe('a fresh install', () => {
  let webhookUrl: string;

  it('reads the simulator and a webhook URL on PUBLIC_URL with a new 32-byte secret', async () => {
    const response = await getConfig();
    expect(response.statusCode).toBe(200);
    const view = response.json();
    expect(view).toEqual({
      provedor: 'simulador',
      base_url: 'https://api.zenvia.com',
      token: null,
      remetente: null,
      webhook_url: expect.stringMatching(WEBHOOK),
    });
    webhookUrl = view.webhook_url;
    expect(Buffer.from(WEBHOOK.exec(webhookUrl)?.[1] ?? '', 'base64url')).toHaveLength(32);
  });

  it('keeps the webhook URL across reads, and hands its secret to the webhook side', async () => {
    expect((await getConfig()).json().webhook_url).toBe(webhookUrl);
    expect((await getConfig()).json().webhook_url).toBe(webhookUrl);
    expect(await buscarSmsConfigurado(t.database.db, appKey)).toEqual({
      provedor: 'simulador',
      zenvia: null,
      webhookSegredo: WEBHOOK.exec(webhookUrl)?.[1],
    });
  });

  it('verifies the simulator without calling Zenvia, and audits it', async () => {
    const response = await verificar();
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ok: true, erros: [] });
    expect(await ultimaAuditoria('sms.verificado')).toMatchObject({
      usuarioId: adminId,
      detalhes: { provedor: 'simulador', ok: true, erros: [] },
    });
  });
});

describe('PUT /api/admin/configuracoes/sms', () => {
  it.each<[string, object, Record<string, RegExp>]>([
    [
      'Zenvia without token nor sender',
      { provedor: 'zenvia' },
      { token: /^Informe o token da API da Zenvia\.$/, remetente: /^Informe o remetente/ },
    ],
    ['Zenvia with an empty token', zenviaBody({ token: '' }), { token: /^Informe o token/ }],
    ['Zenvia with an empty sender', zenviaBody({ token: TOKEN, remetente: ' ' }), { remetente: /^Informe/ }],
    [
      'a non-http base URL',
      zenviaBody({ token: TOKEN, base_url: 'ftp://api.zenvia.com' }),
      { base_url: /^Informe uma URL http\(s\) válida\.$/ },
    ],
    [
      'a sender over 40 characters',
      zenviaBody({ token: TOKEN, remetente: 'x'.repeat(41) }),
      { remetente: /40/ },
    ],
    ['an unknown provider', { provedor: 'twilio' }, { provedor: /^Escolha o simulador ou a Zenvia\.$/ }],
    ['an unknown field', zenviaBody({ token: TOKEN, senha: TOKEN }), { senha: /^Campo não permitido\.$/ }],
    ['a NUL in a field', zenviaBody({ token: TOKEN, remetente: 'cob\u0000ranca' }), { remetente: /nulo/ }],
  ])('answers 422 for %s, in pt-BR on the field', async (_caso, payload, campos) => {
    const antes = await linhaArmazenada();
    const response = await putConfig(payload);
    expect(response.statusCode).toBe(422);
    const { errors } = response.json();
    expect(Object.keys(errors).sort()).toEqual(Object.keys(campos).sort());
    for (const [campo, mensagem] of Object.entries(campos)) expect(errors[campo][0]).toMatch(mensagem);
    expect(await linhaArmazenada()).toEqual(antes);
  });

  it('switches to Zenvia with the token masked and the same webhook URL', async () => {
    const webhookUrl = (await getConfig()).json().webhook_url;
    const response = await putConfig(zenviaBody({ token: TOKEN }));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      provedor: 'zenvia',
      base_url: zenvia.url,
      token: mascaraCom(TOKEN),
      remetente: REMETENTE,
      webhook_url: webhookUrl,
    });
    expect((await getConfig()).json()).toEqual(response.json());
  });

  it('keeps the token encrypted at rest and audits field names only', async () => {
    const valor = await linhaArmazenada();
    expect(JSON.stringify(valor)).not.toContain(TOKEN);
    expect(valor?.token).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(await ultimaAuditoria('sms.configuracao_alterada')).toMatchObject({
      usuarioId: adminId,
      entidadeId: 'sms',
      detalhes: { provedor: 'zenvia', campos_alterados: ['provedor', 'base_url', 'remetente', 'token'] },
    });
  });

  it('keeps the stored token when it is omitted or empty', async () => {
    const antes = await linhaArmazenada();
    for (const payload of [zenviaBody(), zenviaBody({ token: '' })]) {
      const response = await putConfig(payload);
      expect(response.statusCode).toBe(200);
      expect(response.json().token).toBe(mascaraCom(TOKEN));
    }
    expect(await linhaArmazenada()).toEqual(antes);
  });

  it('hands the sender side the Zenvia settings with the token decrypted', async () => {
    expect((await buscarSmsConfigurado(t.database.db, appKey)).zenvia).toEqual({
      baseUrl: zenvia.url,
      token: TOKEN,
      remetente: REMETENTE,
    });
  });
});

describe('POST /api/admin/configuracoes/sms/verificar (Zenvia)', () => {
  it('proves the token with an authenticated read', async () => {
    const response = await verificar();
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ok: true, erros: [] });
    expect(await ultimaAuditoria('sms.verificado')).toMatchObject({
      detalhes: { provedor: 'zenvia', ok: true, erros: [] },
    });
  });

  it('reports a token Zenvia refuses', async () => {
    await putConfig(zenviaBody({ token: TOKEN_ERRADO }));
    const resultado = (await verificar()).json();
    expect(resultado).toEqual({
      ok: false,
      erros: [{ parte: 'zenvia', erro: expect.stringMatching(/token/i) }],
    });
    expect(resultado.erros[0].erro).not.toContain(TOKEN_ERRADO);
    expect((await ultimaAuditoria('sms.verificado'))?.detalhes).toMatchObject({ ok: false });
    await putConfig(zenviaBody({ token: TOKEN }));
  });

  it('asks for the token again when it was encrypted under another APP_KEY', async () => {
    const alheio = encryptSecret(randomBytes(32), TOKEN, 'configuracoes.sms.token');
    await t.database.db
      .update(configuracoes)
      .set({ valor: { ...(await linhaArmazenada()), token: alheio } })
      .where(eq(configuracoes.chave, 'sms'));
    expect((await getConfig()).json().token).toBe('••••••••');
    expect((await verificar()).json().erros[0].erro).toMatch(/APP_KEY/);
    expect((await buscarSmsConfigurado(t.database.db, appKey)).zenvia).toBeNull();
    const semToken = await putConfig(zenviaBody());
    expect(semToken.statusCode).toBe(422);
    expect(semToken.json().errors.token[0]).toMatch(/informe-o novamente/);
    expect((await putConfig(zenviaBody({ token: TOKEN }))).statusCode).toBe(200);
  });
});

describe('secrets', () => {
  it('never appear in any response, audit entry or log line', async () => {
    const audits = await t.database.db.select().from(auditLogs).where(like(auditLogs.acao, 'sms.%'));
    expect(audits.length).toBeGreaterThanOrEqual(8);
    expect(respostas.length).toBeGreaterThanOrEqual(25);
    expect(logs.length).toBeGreaterThan(0);
    for (const [onde, textos] of [
      ['responses', respostas],
      ['audit', audits.map((a) => JSON.stringify(a))],
      ['logs', logs],
    ] as const)
      for (const segredo of [TOKEN, TOKEN_ERRADO])
        expect(
          textos.filter((texto) => texto.includes(segredo)),
          onde,
        ).toEqual([]);
  });
});
