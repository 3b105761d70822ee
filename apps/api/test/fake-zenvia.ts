import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { z } from 'zod';

// A stand-in for api.zenvia.com on loopback for tests: it checks what Zenvia checks (the X-API-TOKEN, the
// SMS body shape of zenvia/zenvia-openapi-spec), answers like Zenvia (the message with its id, or the error
// object `{code, message, details}`), can be told to fail, and builds the webhook events Zenvia would post
// (MESSAGE_STATUS, MESSAGE) so tests can post them to our route. It listens on 127.0.0.1 only.

export type SmsRecebido = {
  /** Zenvia's message id, as answered. */
  id: string;
  from: string;
  /** Digits with the country code, as sent. */
  to: string;
  text: string;
  externalId: string | null;
  /** The body exactly as received. */
  corpo: unknown;
};

/**
 * An HTTP status answered with Zenvia's error object (502–504 answer an HTML page, like the gateway in
 * front of it); `timeout`: never answered; `fechar_conexao`: the socket dropped without an answer.
 */
export type FalhaRoteirizada = number | 'timeout' | 'fechar_conexao';

export type CodigoRelatorio = 'SENT' | 'DELIVERED' | 'NOT_DELIVERED' | 'REJECTED';

export type FakeZenvia = {
  url: string;
  /** The only token accepted. */
  token: string;
  /** The sender alias of the account (`from`). */
  remetente: string;
  /** Every accepted SMS, in arrival order. */
  readonly recebidas: SmsRecebido[];
  /** Every `POST /v2/channels/sms/messages` received, refused ones included. */
  readonly tentativas: number;
  /** The next n calls (sends or the connection check) fail this way, in order. */
  falharProximas(n: number, falha: FalhaRoteirizada): void;
  /** Every send to this number (digits, no `+`) fails with this status until `limpar`. */
  falharPara(numero: string, status: number): void;
  /** A send beyond n in any sliding 1 s window (refused ones count too) gets a 429; null: no limit. */
  limitePorSegundo(n: number | null): void;
  /** The MESSAGE_STATUS event Zenvia posts for an accepted SMS. */
  relatorio(id: string, codigo: CodigoRelatorio, quando?: Date): Record<string, unknown>;
  /** The MESSAGE event (MO) Zenvia posts when a customer answers; `de` in E.164 or digits. */
  mo(de: string, texto: string, quando?: Date): Record<string, unknown>;
  /** Forgets messages, counters, scripted failures, rules and the limit. */
  limpar(): void;
  fechar(): Promise<void>;
};

export type OpcoesFakeZenvia = { token: string; remetente: string };

const PADRAO: OpcoesFakeZenvia = { token: 'zenvia-token-de-teste-0123456789', remetente: 'cobranca-demo' };
const SUBSCRIPTION_ID = '6a3e7add-258d-4571-b0bd-2bf25c6cd5af';
/** "The maximum length currently supported is 1520 characters" (tags/sms.md). */
const TEXTO_MAX = 1520;

const corpoSms = z.object({
  from: z.string().min(1).max(64),
  to: z.string().min(1).max(64),
  contents: z.array(z.object({ type: z.literal('text'), text: z.string().min(1).max(TEXTO_MAX) })).min(1),
  externalId: z.string().optional(),
});

// 400, 401, 404 and 500 as the spec's "Error Handling" table has them; it lists no 403 or 429, so those
// codes are placeholders (the driver decides on the HTTP status, never on them).
const ERROS: Record<number, { code: string; message: string }> = {
  400: { code: 'VALIDATION_ERROR', message: 'Validation error' },
  401: { code: 'AUTHENTICATION_ERROR', message: 'No authorization token was found' },
  403: { code: 'FORBIDDEN', message: 'Forbidden' },
  404: { code: 'NOT_FOUND', message: 'Not found' },
  429: { code: 'TOO_MANY_REQUESTS', message: 'Too many requests' },
  500: { code: 'INTERNAL_ERROR', message: 'Internal error' },
};

const DESCRICOES: Record<CodigoRelatorio, string> = {
  SENT: 'The message has been forwarded to the provider',
  DELIVERED: 'The message has been delivered by the provider',
  NOT_DELIVERED: 'The provider was unable to deliver the message',
  REJECTED: 'The message was rejected by the provider',
};

type Detalhe = { code: string; path: string; message: string };

type Estado = {
  opcoes: OpcoesFakeZenvia;
  recebidas: SmsRecebido[];
  tentativas: number;
  roteiro: FalhaRoteirizada[];
  regras: Map<string, number>;
  limite: number | null;
  janela: number[];
};

const json = (res: ServerResponse, status: number, corpo: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(corpo));
};

const responderErro = (res: ServerResponse, status: number, details: Detalhe[] = []) => {
  const erro = ERROS[status];
  if (!erro) {
    res.writeHead(status, { 'content-type': 'text/html' });
    res.end(`<html><body><h1>${status}</h1></body></html>`);
    return;
  }
  json(res, status, { ...erro, ...(details.length > 0 ? { details } : {}) });
};

const dentroDoLimite = (estado: Estado): boolean => {
  if (estado.limite === null) return true;
  const agora = performance.now();
  while ((estado.janela[0] ?? agora) <= agora - 1_000) estado.janela.shift();
  estado.janela.push(agora);
  return estado.janela.length <= estado.limite;
};

const aplicarRoteiro = (estado: Estado, req: IncomingMessage, res: ServerResponse): boolean => {
  const falha = estado.roteiro.shift();
  if (falha === undefined) return false;
  if (falha === 'fechar_conexao') req.socket.destroy();
  else if (falha !== 'timeout') responderErro(res, falha); // a timeout simply never answers
  return true;
};

/** Zenvia's checks beyond the schema: its own sender alias, a whole phone number as digits. */
const problemasDoSms = (estado: Estado, sms: z.infer<typeof corpoSms>): Detalhe[] => [
  ...(sms.from === estado.opcoes.remetente
    ? []
    : [{ code: 'INVALID_SENDER', path: 'from', message: `Sender '${sms.from}' not found` }]),
  ...(/^[1-9]\d{9,14}$/.test(sms.to)
    ? []
    : [{ code: 'INVALID_PARAMETER', path: 'to', message: 'Invalid recipient phone number' }]),
];

const receberSms = (estado: Estado, texto: string, res: ServerResponse) => {
  let corpo: unknown;
  try {
    corpo = JSON.parse(texto);
  } catch {
    return responderErro(res, 400, [{ code: 'INVALID_JSON', path: '', message: 'Body is not valid JSON' }]);
  }
  const lido = corpoSms.safeParse(corpo);
  if (!lido.success)
    return responderErro(
      res,
      400,
      lido.error.issues.map((i) => ({
        code: 'INVALID_PARAMETER',
        path: i.path.join('.'),
        message: i.message,
      })),
    );
  const sms = lido.data;
  const problemas = problemasDoSms(estado, sms);
  if (problemas.length > 0) return responderErro(res, 400, problemas);
  const regra = estado.regras.get(sms.to);
  if (regra !== undefined) return responderErro(res, regra);
  const id = randomUUID();
  const text = sms.contents.map((c) => c.text).join('');
  estado.recebidas.push({ id, from: sms.from, to: sms.to, text, externalId: sms.externalId ?? null, corpo });
  json(res, 200, {
    id,
    from: sms.from,
    to: sms.to,
    direction: 'OUT',
    channel: 'sms',
    contents: sms.contents,
    ...(sms.externalId === undefined ? {} : { externalId: sms.externalId }),
    timestamp: new Date().toISOString(),
  });
};

const lerCorpo = async (req: IncomingMessage): Promise<string> => {
  const partes: Buffer[] = [];
  for await (const parte of req) partes.push(parte as Buffer);
  return Buffer.concat(partes).toString('utf8');
};

const tratar = async (estado: Estado, req: IncomingMessage, res: ServerResponse) => {
  const texto = await lerCorpo(req);
  const caminho = new URL(req.url ?? '/', 'http://fake').pathname;
  const envio = req.method === 'POST' && caminho === '/v2/channels/sms/messages';
  const assinaturas = req.method === 'GET' && caminho === '/v2/subscriptions';
  if (!envio && !assinaturas) return responderErro(res, 404);
  if (envio) {
    estado.tentativas += 1;
    if (!dentroDoLimite(estado)) return responderErro(res, 429);
  }
  if (aplicarRoteiro(estado, req, res)) return;
  if (req.headers['x-api-token'] !== estado.opcoes.token) return responderErro(res, 401);
  if (envio) return receberSms(estado, texto, res);
  json(res, 200, [
    {
      id: SUBSCRIPTION_ID,
      eventType: 'MESSAGE_STATUS',
      webhook: { url: 'https://cobranca.exemplo.com.br/api/webhooks/sms' },
      criteria: { channel: 'sms' },
      status: 'ACTIVE',
    },
  ]);
};

const digitos = (numero: string) => numero.replace(/^\+/, '');

const relatorioDe = (estado: Estado, id: string, codigo: CodigoRelatorio, quando: Date) => {
  const sms = estado.recebidas.find((r) => r.id === id);
  if (!sms) throw new Error(`fake-zenvia: no accepted SMS with id ${id}`);
  const falhou = codigo === 'NOT_DELIVERED' || codigo === 'REJECTED';
  return {
    id: randomUUID(),
    timestamp: new Date().toISOString(),
    type: 'MESSAGE_STATUS',
    subscriptionId: SUBSCRIPTION_ID,
    channel: 'sms',
    messageId: sms.id,
    contentIndex: 0,
    message: {
      id: sms.id,
      ...(sms.externalId === null ? {} : { externalId: sms.externalId }),
      contentIndex: 0,
      direction: 'OUT',
      from: sms.from,
      to: sms.to,
    },
    messageStatus: {
      timestamp: quando.toISOString(),
      code: codigo,
      description: DESCRICOES[codigo],
      // The cause's values are illustrative: the spec gives the fields (channelErrorCode, reason, details), not a list.
      ...(falhou
        ? {
            causes: [
              { channelErrorCode: '007', reason: 'UNDELIVERABLE', details: 'Recipient handset unavailable' },
            ],
          }
        : {}),
      channelData: { sms: { carrier: 'VIVO_BR' } },
    },
  };
};

const moDe = (estado: Estado, de: string, texto: string, quando: Date) => ({
  id: randomUUID(),
  timestamp: new Date().toISOString(),
  type: 'MESSAGE',
  subscriptionId: SUBSCRIPTION_ID,
  channel: 'sms',
  direction: 'IN',
  message: {
    id: randomUUID(),
    from: digitos(de),
    to: estado.opcoes.remetente,
    direction: 'IN',
    channel: 'sms',
    contents: [{ type: 'text', text: texto }],
    timestamp: quando.toISOString(),
  },
});

export const iniciarFakeZenvia = async (opcoes: Partial<OpcoesFakeZenvia> = {}): Promise<FakeZenvia> => {
  const estado: Estado = {
    opcoes: { ...PADRAO, ...opcoes },
    recebidas: [],
    tentativas: 0,
    roteiro: [],
    regras: new Map(),
    limite: null,
    janela: [],
  };
  const server = createServer((req, res) => {
    tratar(estado, req, res).catch(() => res.destroy()); // the client went away mid-request
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    token: estado.opcoes.token,
    remetente: estado.opcoes.remetente,
    recebidas: estado.recebidas,
    get tentativas() {
      return estado.tentativas;
    },
    falharProximas: (n, falha) => {
      for (let i = 0; i < n; i += 1) estado.roteiro.push(falha);
    },
    falharPara: (numero, status) => {
      estado.regras.set(digitos(numero), status);
    },
    limitePorSegundo: (n) => {
      estado.limite = n;
      estado.janela.length = 0;
    },
    relatorio: (id, codigo, quando = new Date()) => relatorioDe(estado, id, codigo, quando),
    mo: (de, texto, quando = new Date()) => moDe(estado, de, texto, quando),
    limpar: () => {
      estado.recebidas.length = 0; // in place: callers may hold the array
      estado.tentativas = 0;
      estado.roteiro.length = 0;
      estado.regras.clear();
      estado.limite = null;
      estado.janela.length = 0;
    },
    fechar: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections(); // including requests held by a scripted timeout
        server.close(() => resolve());
      }),
  };
};
