import { createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../../test/build-test-app.ts';
import { clientes, mensagens } from '../../../db/schema/index.ts';
import {
  cifrarSegredo,
  salvarWhatsappArmazenado,
  whatsappArmazenado,
} from '../../canais/whatsapp-settings.repository.ts';
import { inserirCliente } from '../../clientes/clientes.test-fixtures.ts';

const SECRET = 'test_app_secret_0123456789abcdef';
const VERIFY_TOKEN = 'verifica-meta-7f3a9c';
const PHONE_ID = '106540352242922';
const WEBHOOK = '/api/webhooks/whatsapp';

// The fixture bytes exactly as Meta sent them, with the signatures their README gives.
const fixture = (nome: string) =>
  readFileSync(new URL(`../../../../test/fixtures/whatsapp/${nome}`, import.meta.url));
const INBOUND = fixture('inbound-text.json');
const INBOUND_SIG = 'sha256=7e56f8efe4f88ec11c497ee0fac032e993675085d488fc60da1e3cf1a3de93da';
const DELIVERED = fixture('status-delivered.json');
const DELIVERED_SIG = 'sha256=1b936d29e60a21d1d44bf5e8a843342bdbf60cd9a09b3f276bb2b0eb7f7c0d93';
const FAILED = fixture('status-failed-131047.json');
const FAILED_SIG = 'sha256=67ff7673efbad8015c587eb047f3ee25db8dbc0b6ba8a84cf37cefee104ca6fa';
const INBOUND_WAMID = 'wamid.HBgNNTUxMTk4NzY1NDMyMRUCABIYFDNBRjQ1QjE5QzJEOEU3NkEwMUJCAA==';
const DELIVERED_WAMID = 'wamid.HBgNNTUxMTk4NzY1NDMyMRUCABEYEjdDNUE4RjE2QjlFMjA0QzNEMQA=';
const FAILED_WAMID = 'wamid.HBgNNTUyMTk5ODc2NTQzMhUCABEYEkE0NEIyOTlGMDNFNkQ4QjI3RQA=';

let t: TestApp;
const logs: string[] = [];

beforeAll(async () => {
  t = await buildTestApp({
    logger: { level: 'trace', stream: { write: (linha: string) => logs.push(linha) } },
  });
});
afterAll(() => t.close());

const configurar = (appSecret: string | null) =>
  salvarWhatsappArmazenado(
    t.database.db,
    whatsappArmazenado.parse({
      provedor: 'whatsapp_cloud',
      phone_number_id: PHONE_ID,
      webhook_verify_token: VERIFY_TOKEN,
      app_secret: appSecret && cifrarSegredo(t.app.appKey, 'app_secret', appSecret),
    }),
    null,
  );

const assinar = (corpo: Buffer) => `sha256=${createHmac('sha256', SECRET).update(corpo).digest('hex')}`;

const post = (corpo: Buffer, assinatura?: string) =>
  t.app.inject({
    method: 'POST',
    url: WEBHOOK,
    headers: {
      'content-type': 'application/json',
      ...(assinatura === undefined ? {} : { 'x-hub-signature-256': assinatura }),
    },
    payload: corpo,
  });

const verificar = (query: string) => t.app.inject({ method: 'GET', url: `${WEBHOOK}?${query}` });

const contarMensagens = async () => (await t.database.db.select({ id: mensagens.id }).from(mensagens)).length;
const porWamid = async (wamid: string) => {
  const [row] = await t.database.db.select().from(mensagens).where(eq(mensagens.canalMensagemId, wamid));
  return row;
};

/** A notification of our own, signed with the app secret. */
const notificacao = (value: object) =>
  Buffer.from(
    JSON.stringify({
      object: 'whatsapp_business_account',
      entry: [{ id: '102290129340398', changes: [{ field: 'messages', value }] }],
    }),
  );
const textoDe = (from: string, id: string, body: string, phoneNumberId = PHONE_ID) =>
  notificacao({
    messaging_product: 'whatsapp',
    metadata: { display_phone_number: '5511940028922', phone_number_id: phoneNumberId },
    messages: [{ from, id, timestamp: '1788181300', type: 'text', text: { body } }],
  });

describe('before an app secret is configured', () => {
  it('answers 401 to a correctly signed POST and stores nothing', async () => {
    const response = await post(INBOUND, INBOUND_SIG);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ code: 'NAO_AUTENTICADO', message: expect.any(String) });
    expect(await contarMensagens()).toBe(0);
  });

  it('answers 403 to the verification while no verify token is stored', async () => {
    const response = await verificar('hub.mode=subscribe&hub.challenge=1158201444&hub.verify_token=x');
    expect(response.statusCode).toBe(403);
  });
});

describe('GET /api/webhooks/whatsapp (verification)', () => {
  beforeAll(() => configurar(SECRET));

  it('echoes hub.challenge as plain text when the verify token matches', async () => {
    const response = await verificar(
      `hub.mode=subscribe&hub.challenge=1158201444&hub.verify_token=${VERIFY_TOKEN}`,
    );
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain/);
    expect(response.body).toBe('1158201444');
  });

  it.each([
    ['a wrong token', `hub.mode=subscribe&hub.challenge=1&hub.verify_token=${VERIFY_TOKEN}x`],
    ['no token', 'hub.mode=subscribe&hub.challenge=1'],
    ['another mode', `hub.mode=unsubscribe&hub.challenge=1&hub.verify_token=${VERIFY_TOKEN}`],
    ['no challenge', `hub.mode=subscribe&hub.verify_token=${VERIFY_TOKEN}`],
  ])('answers 403 JSON with %s', async (_caso, query) => {
    const response = await verificar(query);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ code: 'SEM_PERMISSAO', message: expect.any(String) });
  });

  it('keeps the verify token out of the log', () => {
    expect(logs.join('\n')).not.toContain(VERIFY_TOKEN);
  });
});

describe('POST /api/webhooks/whatsapp', () => {
  let mariaId: number;

  beforeAll(async () => {
    await configurar(SECRET);
    mariaId = await inserirCliente(t.database.db, {
      nome: 'Maria Aparecida',
      telefone: '+5511987654321',
      numeroChamadas: 2,
    });
  });

  it.each([
    ['a bad signature', `sha256=${'0'.repeat(64)}`],
    ['a signature of other bytes', assinar(Buffer.from(JSON.stringify(JSON.parse(INBOUND.toString()))))],
    ['a malformed header', 'sha256=xyz'],
    ['no signature', undefined],
  ])('answers 401 to %s and stores nothing', async (_caso, assinatura) => {
    const response = await post(INBOUND, assinatura);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ code: 'NAO_AUTENTICADO', message: expect.any(String) });
    expect(await porWamid(INBOUND_WAMID)).toBeUndefined();
  });

  it('stores the inbound message of the signed fixture and puts the customer in the queue', async () => {
    const response = await post(INBOUND, INBOUND_SIG);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ recebido: true });
    expect(await porWamid(INBOUND_WAMID)).toMatchObject({
      clienteId: mariaId,
      telefone: '+5511987654321',
      canal: 'whatsapp',
      provedor: 'whatsapp_cloud',
      direcao: 'entrada',
      conteudo: 'Oi, recebi a cobrança da duplicata 001. Posso pagar na sexta-feira?',
      createdAt: new Date(1788181200 * 1000),
    });
    const [maria] = await t.database.db.select().from(clientes).where(eq(clientes.id, mariaId));
    expect(maria).toMatchObject({ status: 'aguardando_atendimento', numeroChamadas: 0 });
  });

  it('ignores Meta redelivering the same notification', async () => {
    const antes = await contarMensagens();
    const response = await post(INBOUND, INBOUND_SIG);
    expect(response.statusCode).toBe(200);
    expect(await contarMensagens()).toBe(antes);
  });

  it('applies the delivered and failed status fixtures to the messages with those wamids', async () => {
    const saida = (canalMensagemId: string) => ({
      clienteId: mariaId,
      telefone: '+5511987654321',
      direcao: 'saida' as const,
      origem: 'regua' as const,
      status: 'enviada' as const,
      conteudo: 'Lembrete',
      canal: 'whatsapp' as const,
      provedor: 'whatsapp_cloud' as const,
      canalMensagemId,
      enviadaEm: new Date(1788177000 * 1000),
    });
    await t.database.db.insert(mensagens).values([saida(DELIVERED_WAMID), saida(FAILED_WAMID)]);

    expect((await post(DELIVERED, DELIVERED_SIG)).statusCode).toBe(200);
    expect((await post(FAILED, FAILED_SIG)).statusCode).toBe(200);

    expect(await porWamid(DELIVERED_WAMID)).toMatchObject({
      status: 'entregue',
      entregueEm: new Date(1788177642 * 1000),
    });
    expect(await porWamid(FAILED_WAMID)).toMatchObject({
      status: 'falhou',
      falhouEm: new Date(1788264000 * 1000),
      erroCodigo: '131047',
      erroMensagem:
        'Message failed to send because more than 24 hours have passed since the customer last replied to this number.',
    });
  });

  it('records as sent a pending message that a status names by our reference (its answer was lost)', async () => {
    const [pendente] = await t.database.db
      .insert(mensagens)
      .values({
        clienteId: mariaId,
        telefone: '+5511987654321',
        direcao: 'saida',
        origem: 'operador',
        status: 'pendente',
        conteudo: 'Olá, Maria',
        canal: 'whatsapp',
        provedor: 'whatsapp_cloud',
        envioIniciadoEm: new Date(1788181290 * 1000),
      })
      .returning({ id: mensagens.id });
    const corpo = notificacao({
      metadata: { phone_number_id: PHONE_ID },
      statuses: [
        {
          id: 'wamid.resposta-perdida',
          status: 'sent',
          timestamp: '1788181300',
          recipient_id: '5511987654321',
          biz_opaque_callback_data: `msg:${pendente?.id}`,
        },
      ],
    });
    expect((await post(corpo, assinar(corpo))).statusCode).toBe(200);
    expect(await porWamid('wamid.resposta-perdida')).toMatchObject({
      id: pendente?.id,
      status: 'enviada',
      enviadaEm: new Date(1788181300 * 1000),
      envioIniciadoEm: null,
    });
    expect(logs.some((l) => l.includes('envio confirmado pelo status'))).toBe(true);
  });

  it('answers 200 to a status of a message it does not know', async () => {
    const corpo = notificacao({
      metadata: { phone_number_id: PHONE_ID },
      statuses: [{ id: 'wamid.desconhecido', status: 'read', timestamp: '1788181300' }],
    });
    expect((await post(corpo, assinar(corpo))).statusCode).toBe(200);
  });

  it('ignores events addressed to another business number', async () => {
    const corpo = textoDe('5511987654321', 'wamid.outro-numero', 'oi', '999999999999999');
    expect((await post(corpo, assinar(corpo))).statusCode).toBe(200);
    expect(await porWamid('wamid.outro-numero')).toBeUndefined();
  });

  it('keeps a message from an unknown number unmatched and logs the number masked', async () => {
    const corpo = textoDe('5521912345678', 'wamid.desconhecido-1', 'Quem fala?');
    expect((await post(corpo, assinar(corpo))).statusCode).toBe(200);
    expect(await porWamid('wamid.desconhecido-1')).toMatchObject({
      clienteId: null,
      telefone: '+5521912345678',
    });
    const aviso = logs.find((l) => l.includes('sem cliente'));
    expect(aviso).toContain('+5521*******78');
    expect(logs.join('\n')).not.toContain('5521912345678');
  });

  it('answers 400 to a signed body that is not JSON, or not a notification', async () => {
    for (const texto of ['{"object":', '[1,2]', '']) {
      const corpo = Buffer.from(texto);
      const response = await post(corpo, assinar(corpo));
      expect(response.statusCode, texto).toBe(400);
      expect(response.json()).toEqual({ code: 'REQUISICAO_INVALIDA', message: expect.any(String) });
    }
  });

  it('refuses a body over 1 MB', async () => {
    const corpo = Buffer.alloc(1024 * 1024 + 1, ' ');
    expect((await post(corpo, assinar(corpo))).statusCode).toBe(413);
  });

  it('leaves the JSON parser of the rest of the API alone', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(response.statusCode).toBe(422);
  });

  it('never logs the app secret', () => {
    expect(logs.join('\n')).not.toContain(SECRET);
  });
});

describe('OpenAPI', () => {
  it('lists both webhook routes under the webhooks tag', async () => {
    const doc = (await t.app.inject({ url: '/api/docs/json' })).json();
    const rotas = doc.paths['/api/webhooks/whatsapp'];
    expect(rotas.get.tags).toEqual(['webhooks']);
    expect(rotas.post.tags).toEqual(['webhooks']);
    expect(Object.keys(rotas.post.responses)).toEqual(expect.arrayContaining(['200', '400', '401']));
  });
});
