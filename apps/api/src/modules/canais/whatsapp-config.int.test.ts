import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { desc, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  buildTestApp,
  createTestUser,
  issueToken,
  type TestApp,
} from '../../../test/build-test-app.ts';
import { auditLogs, configuracoes } from '../../db/schema/index.ts';
import { encryptSecret } from '../../lib/secret-box.ts';

// A stand-in for graph.facebook.com on loopback: each test says what the next answer is.
type Resposta = { status: number; body: unknown } | { status: 'silencio' };
type Chamada = { url: string; authorization: string | undefined };

const fakeGraph = async () => {
  let proxima: Resposta = { status: 500, body: {} };
  const chamadas: Chamada[] = [];
  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    chamadas.push({ url: req.url ?? '', authorization: req.headers.authorization });
    if (proxima.status === 'silencio') return; // never answers: the client must time out
    res.writeHead(proxima.status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(proxima.body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    chamadas,
    responder: (r: Resposta) => {
      proxima = r;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
};

const portaFechada = async (): Promise<string> => {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}`;
};

const TOKEN = `EAAGtoken${randomBytes(24).toString('hex')}Zq9f`;
const APP_SECRET = `appsecret${randomBytes(16).toString('hex')}`;
const PHONE_ID = '106540352242922';

let t: TestApp;
let graph: Awaited<ReturnType<typeof fakeGraph>>;
let adminId: number;
let token: string;
const logs: string[] = [];
const respostas: string[] = [];

beforeAll(async () => {
  graph = await fakeGraph();
  // Every log line at every level is kept, to prove no secret reaches the log.
  t = await buildTestApp({
    logger: { level: 'trace', stream: { write: (linha: string) => logs.push(linha) } },
  });
  adminId = (await createTestUser(t.database, 'admin')).id;
  token = await issueToken(t.database, adminId);
});
afterAll(async () => {
  await t.close();
  await graph.close();
});

const call = async (method: 'GET' | 'PUT' | 'POST', path: string, payload?: object, host?: string) => {
  const response = await t.app.inject({
    method,
    url: `/api/admin/configuracoes/whatsapp${path}`,
    headers: { ...bearer(token), ...(host ? { host } : {}) },
    ...(payload ? { payload } : {}),
  });
  respostas.push(response.body);
  return response;
};
const getConfig = () => call('GET', '');
const putConfig = (payload: object) => call('PUT', '', payload);
const getStatus = () => call('GET', '/status');
const verificar = () => call('POST', '/verificar');

const linhaArmazenada = async () => {
  const [row] = await t.database.db.select().from(configuracoes).where(eq(configuracoes.chave, 'whatsapp'));
  return row;
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

const MASCARA = /^•{8}$/;
const mascaraCom = (segredo: string) => `••••••••${segredo.slice(-4)}`;
const cloud = () => ({ provedor: 'whatsapp_cloud', phone_number_id: PHONE_ID, base_url: graph.url });

describe('with the embedded simulator (default)', () => {
  it('GET /whatsapp returns the defaults and the webhook URL as this server is reached', async () => {
    const response = await call('GET', '', undefined, 'cobranca.exemplo.com.br');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      provedor: 'simulador',
      phone_number_id: null,
      access_token: null,
      app_secret: null,
      webhook_verify_token: null,
      api_version: 'v23.0',
      base_url: 'https://graph.facebook.com',
      webhook_url: 'http://cobranca.exemplo.com.br/api/webhooks/whatsapp',
    });
  });

  it('GET /whatsapp/status reports the simulator as connected, never verified', async () => {
    expect((await getStatus()).json()).toEqual({
      provedor: 'simulador',
      status: 'conectado',
      numero_exibicao: 'Simulador',
      nome_verificado: 'Simulador embutido',
      qualidade: null,
      verificado_em: null,
      erro: null,
    });
  });

  it('POST /whatsapp/verificar stamps the check, stores it and audits it', async () => {
    const response = await verificar();
    expect(response.statusCode).toBe(200);
    const status = response.json();
    expect(status).toMatchObject({ provedor: 'simulador', status: 'conectado', erro: null });
    expect(Date.now() - Date.parse(status.verificado_em)).toBeLessThan(60_000);
    expect((await getStatus()).json()).toEqual(status);
    expect(await ultimaAuditoria('whatsapp.verificado')).toMatchObject({
      usuarioId: adminId,
      detalhes: { provedor: 'simulador', status: 'conectado', erro: null },
    });
    expect(graph.chamadas).toHaveLength(0);
  });
});

describe('PUT /api/admin/configuracoes/whatsapp', () => {
  it.each<[string, object, string[]]>([
    [
      'cloud without phone number id nor token',
      { provedor: 'whatsapp_cloud' },
      ['access_token', 'phone_number_id'],
    ],
    ['cloud without a token', { provedor: 'whatsapp_cloud', phone_number_id: PHONE_ID }, ['access_token']],
    [
      'cloud with an empty token',
      { provedor: 'whatsapp_cloud', phone_number_id: PHONE_ID, access_token: '   ' },
      ['access_token'],
    ],
    [
      'a phone number id with letters',
      { provedor: 'simulador', phone_number_id: '12ab345' },
      ['phone_number_id'],
    ],
    ['a non-http base URL', { provedor: 'simulador', base_url: 'ftp://graph.local' }, ['base_url']],
    ['a malformed API version', { provedor: 'simulador', api_version: '23' }, ['api_version']],
    [
      'a short verify token',
      { provedor: 'simulador', webhook_verify_token: 'curto' },
      ['webhook_verify_token'],
    ],
    ['an unknown provider', { provedor: 'telegram' }, ['provedor']],
    ['an unknown field', { provedor: 'simulador', token: TOKEN }, ['token']],
  ])('answers 422 for %s, naming the fields', async (_caso, payload, campos) => {
    const response = await putConfig(payload);
    expect(response.statusCode).toBe(422);
    expect(Object.keys(response.json().errors).sort()).toEqual(campos);
    expect(response.body).not.toContain(TOKEN);
  });

  it('switches to the Cloud API, masks the secrets and generates a webhook verify token', async () => {
    const response = await putConfig({ ...cloud(), access_token: TOKEN, app_secret: APP_SECRET });
    expect(response.statusCode).toBe(200);
    const view = response.json();
    expect(view).toMatchObject({
      provedor: 'whatsapp_cloud',
      phone_number_id: PHONE_ID,
      access_token: mascaraCom(TOKEN),
      app_secret: mascaraCom(APP_SECRET),
      base_url: graph.url,
    });
    expect(view.webhook_verify_token).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect((await getConfig()).json()).toEqual(view);
  });

  it('audits the names of the changed fields, never their secret values', async () => {
    const audit = await ultimaAuditoria('whatsapp.configuracao_alterada');
    expect(audit?.usuarioId).toBe(adminId);
    expect(audit?.detalhes).toEqual({
      provedor: 'whatsapp_cloud',
      campos_alterados: expect.arrayContaining([
        'provedor',
        'phone_number_id',
        'access_token',
        'app_secret',
        'webhook_verify_token',
        'base_url',
      ]),
    });
  });

  it('keeps the secrets encrypted at rest', async () => {
    const row = await linhaArmazenada();
    const cru = JSON.stringify(row?.valor);
    expect(cru).not.toContain(TOKEN);
    expect(cru).not.toContain(APP_SECRET);
    expect(cru).not.toContain(TOKEN.slice(-12));
    const valor = row?.valor as { access_token: string; app_secret: string };
    expect(valor.access_token).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(valor.app_secret).toMatch(/^v1\./);
  });

  it('leaves the channel disconnected until it is verified', async () => {
    expect((await getStatus()).json()).toMatchObject({ provedor: 'whatsapp_cloud', status: 'desconectado' });
  });

  it('keeps the stored secrets when they are omitted or empty', async () => {
    const antes = (await linhaArmazenada())?.valor;
    for (const payload of [cloud(), { ...cloud(), access_token: '', app_secret: '' }]) {
      const response = await putConfig(payload);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({
        access_token: mascaraCom(TOKEN),
        app_secret: mascaraCom(APP_SECRET),
      });
    }
    expect((await linhaArmazenada())?.valor).toEqual(antes);
  });
});

describe('POST /api/admin/configuracoes/whatsapp/verificar (Cloud API)', () => {
  it('reads the phone number with the stored token and stores the connection', async () => {
    graph.responder({
      status: 200,
      body: {
        id: PHONE_ID,
        display_phone_number: '+55 11 4002-8922',
        verified_name: 'Cobranças XYZ',
        quality_rating: 'GREEN',
      },
    });
    const response = await verificar();
    expect(response.statusCode).toBe(200);
    const status = response.json();
    expect(status).toMatchObject({
      provedor: 'whatsapp_cloud',
      status: 'conectado',
      numero_exibicao: '+55 11 4002-8922',
      nome_verificado: 'Cobranças XYZ',
      qualidade: 'GREEN',
      erro: null,
    });
    expect(Date.now() - Date.parse(status.verificado_em)).toBeLessThan(60_000);
    expect(graph.chamadas.at(-1)).toEqual({
      url: `/v23.0/${PHONE_ID}?fields=display_phone_number,verified_name,quality_rating`,
      authorization: `Bearer ${TOKEN}`,
    });
    expect((await getStatus()).json()).toEqual(status);
  });

  it('keeps the connection when only the app secret changes', async () => {
    await putConfig({ ...cloud(), app_secret: `${APP_SECRET}-novo` });
    expect((await getStatus()).json().status).toBe('conectado');
    await putConfig({ ...cloud(), app_secret: APP_SECRET });
  });

  it('reports an invalid or expired token (401, code 190) with the Graph message', async () => {
    graph.responder({
      status: 401,
      body: {
        error: {
          message: 'Error validating access token: Session has expired on Friday, 10-Oct-25.',
          type: 'OAuthException',
          code: 190,
          error_subcode: 463,
          fbtrace_id: 'Az8or2yhqkZfEZ',
        },
      },
    });
    const status = (await verificar()).json();
    expect(status).toMatchObject({ status: 'erro', numero_exibicao: null, qualidade: null });
    expect(status.erro).toMatch(/^O token de acesso da WhatsApp Cloud API é inválido ou expirou/);
    expect(status.erro).toContain(
      '(código 190): Error validating access token: Session has expired on Friday, 10-Oct-25.',
    );
    expect((await getStatus()).json()).toEqual(status);
    expect(await ultimaAuditoria('whatsapp.verificado')).toMatchObject({
      detalhes: { provedor: 'whatsapp_cloud', status: 'erro', erro: status.erro },
    });
  });

  it('reports a wrong phone number id (code 100)', async () => {
    graph.responder({
      status: 400,
      body: {
        error: { message: 'Unsupported get request. Object does not exist.', code: 100, error_subcode: 33 },
      },
    });
    const status = (await verificar()).json();
    expect(status.status).toBe('erro');
    expect(status.erro).toMatch(/confira o Phone Number ID/);
    expect(status.erro).toContain('(código 100): Unsupported get request');
  });

  it('reports a server error without a JSON body', async () => {
    graph.responder({ status: 503, body: 'Service Unavailable' });
    expect((await verificar()).json().erro).toBe(
      'Falha temporária na API do WhatsApp: vale tentar de novo em instantes. Detalhe da Meta (HTTP 503): sem detalhes na resposta',
    );
  });

  it('never stores the token even when the server echoes it back', async () => {
    graph.responder({ status: 400, body: { error: { message: `Bad token ${TOKEN} given`, code: 1 } } });
    const status = (await verificar()).json();
    expect(status.erro).toContain('Bad token •••••••• given');
    expect(status.erro).not.toContain(TOKEN);
  });

  it('gives up after 5 seconds when the server does not answer', async () => {
    graph.responder({ status: 'silencio' });
    const inicio = Date.now();
    const status = (await verificar()).json();
    expect(Date.now() - inicio).toBeGreaterThanOrEqual(4_900);
    expect(status.status).toBe('erro');
    expect(status.erro).toMatch(
      /^Tempo esgotado: a API do WhatsApp \(127\.0\.0\.1:\d+\) não respondeu em 5 segundos\.$/,
    );
  });

  it('reports a network failure in plain words', async () => {
    await putConfig({ ...cloud(), base_url: await portaFechada() });
    const status = (await verificar()).json();
    expect(status.status).toBe('erro');
    expect(status.erro).toMatch(
      /^Não foi possível conectar à API do WhatsApp \(127\.0\.0\.1:\d+\): conexão recusada\.$/,
    );
    await putConfig(cloud());
  });

  it('resets the status to disconnected when the credentials change', async () => {
    graph.responder({ status: 200, body: { display_phone_number: '+55 11 4002-8922', verified_name: 'X' } });
    expect((await verificar()).json().status).toBe('conectado');
    const novo = `${TOKEN}-rotacionado`;
    await putConfig({ ...cloud(), access_token: novo });
    expect((await getStatus()).json()).toMatchObject({ status: 'desconectado', verificado_em: null });
    expect((await getConfig()).json().access_token).toBe(mascaraCom(novo));
    await verificar();
    expect(graph.chamadas.at(-1)?.authorization).toBe(`Bearer ${novo}`);
    await putConfig({ ...cloud(), access_token: TOKEN });
  });

  it('asks for the token again when the stored one was encrypted under another APP_KEY', async () => {
    const row = await linhaArmazenada();
    const alheio = encryptSecret(randomBytes(32), TOKEN, 'configuracoes.whatsapp.access_token');
    await t.database.db
      .update(configuracoes)
      .set({ valor: { ...(row?.valor as object), access_token: alheio } })
      .where(eq(configuracoes.chave, 'whatsapp'));
    expect((await getConfig()).json().access_token).toMatch(MASCARA);
    const status = (await verificar()).json();
    expect(status).toMatchObject({ status: 'erro', erro: expect.stringMatching(/APP_KEY/) });
    const semToken = await putConfig(cloud());
    expect(semToken.statusCode).toBe(422);
    expect(semToken.json().errors.access_token[0]).toMatch(/informe-o novamente/);
    expect((await putConfig({ ...cloud(), access_token: TOKEN })).statusCode).toBe(200);
  });
});

describe('secrets', () => {
  it('never appear in any response, audit entry or log line', async () => {
    const audits = await t.database.db.select().from(auditLogs).where(like(auditLogs.acao, 'whatsapp.%'));
    expect(audits.length).toBeGreaterThanOrEqual(10);
    expect(respostas.length).toBeGreaterThanOrEqual(30);
    expect(logs.length).toBeGreaterThan(0);
    for (const [onde, textos] of [
      ['responses', respostas],
      ['audit', audits.map((a) => JSON.stringify(a))],
      ['logs', logs],
    ] as const) {
      for (const segredo of [TOKEN, APP_SECRET, `${TOKEN}-rotacionado`]) {
        expect(
          textos.filter((texto) => texto.includes(segredo)),
          onde,
        ).toEqual([]);
      }
    }
  });
});
