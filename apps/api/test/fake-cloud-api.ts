import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as esperar } from 'node:timers/promises';
import { z } from 'zod';

// A stand-in for graph.facebook.com on loopback (docs/formatos-externos.md §4.1–§4.5) for tests and benchmarks: it
// checks what Meta checks (token, ids, body shape), answers like Meta and can be told to fail. It
// listens on 127.0.0.1 only, so nothing ever reaches the internet.

export type MensagemRecebida = {
  /** Arrival, in ms on the `performance.timeOrigin + performance.now()` clock. */
  instante: number;
  para: string;
  corpo: unknown;
  wamid: string;
  /** `biz_opaque_callback_data` as sent (Meta echoes it in the status webhooks); null when absent. */
  referencia: string | null;
};

/** A Graph error answer; without `code` the body is an HTML page (what a proxy in front of Meta sends). */
export type RespostaDeErro = { status: number; code?: number; details?: string };
/** `timeout`: the request is never answered; `fechar_conexao`: the socket is dropped without an answer. */
export type FalhaRoteirizada = RespostaDeErro | 'timeout' | 'fechar_conexao';

export type FakeCloudApi = {
  url: string;
  apiVersion: string;
  phoneNumberId: string;
  /** The only access token accepted. */
  token: string;
  /** Every accepted `POST /messages`, in arrival order. */
  readonly recebidas: MensagemRecebida[];
  /** Every `POST /messages` received, failed ones included. */
  readonly tentativas: number;
  /** Sends refused because they went over `limitePorSegundo`. */
  readonly excedeuLimite: number;
  /** When each of those arrived, in ms on the `instante` clock. */
  readonly recusas: number[];
  /** The next n calls to the number (sends or the connection check) fail this way, in order. */
  falharProximas(n: number, resposta: FalhaRoteirizada): void;
  /** Every send to this recipient (digits, no `+`) fails this way until `limpar`. */
  falharPara(numeroSemMais: string, resposta: RespostaDeErro): void;
  /** A send beyond n in any sliding 1 s window (refused ones count too) gets 429 / 130429; null: no limit. */
  limitePorSegundo(n: number | null): void;
  /**
   * Accepted sends are recorded at once but answered `ms` later: the request stays in flight with the
   * message already taken, like Meta's answer lost when the sender dies before reading it.
   */
  atrasarRespostas(ms: number): void;
  /** Forgets messages, counters, scripted failures, rules, the limit and the answer delay. */
  limpar(): void;
  fechar(): Promise<void>;
};

export type OpcoesFakeCloudApi = { token: string; phoneNumberId: string; atrasoMs: number };

export const FAKE_API_VERSION = 'v23.0';
export const NUMERO_FAKE = {
  display_phone_number: '+55 11 4002-8922',
  verified_name: 'Cobranças Demo',
  quality_rating: 'GREEN',
  platform_type: 'CLOUD_API',
  code_verification_status: 'VERIFIED',
  messaging_limit_tier: 'TIER_1K',
  throughput: { level: 'STANDARD' },
};

const PADRAO: OpcoesFakeCloudApi = {
  token: 'EAAGfakeTokenDeTeste0123456789abcdef',
  phoneNumberId: '106540352242922',
  atrasoMs: 0,
};

// The body shape of docs/formatos-externos.md §4.2 and §4.3 (body parameters only: that is all the driver sends).
const base = z.object({
  messaging_product: z.literal('whatsapp'),
  recipient_type: z.literal('individual').optional(),
  to: z.string().regex(/^[1-9][0-9]{7,14}$/),
  biz_opaque_callback_data: z.string().max(512).optional(),
});
const corpoMensagem = z.discriminatedUnion('type', [
  base.extend({
    type: z.literal('text'),
    text: z.object({ preview_url: z.boolean().optional(), body: z.string().min(1).max(4096) }),
  }),
  base.extend({
    type: z.literal('template'),
    template: z.object({
      name: z.string().min(1),
      language: z.object({ code: z.string().min(1) }),
      components: z
        .array(
          z.object({
            type: z.literal('body'),
            parameters: z.array(z.object({ type: z.literal('text'), text: z.string().min(1) })).min(1),
          }),
        )
        .optional(),
    }),
  }),
]);

type Estado = {
  opcoes: OpcoesFakeCloudApi;
  recebidas: MensagemRecebida[];
  tentativas: number;
  /** Arrival of each send refused by the limit. */
  recusas: number[];
  roteiro: FalhaRoteirizada[];
  regras: Map<string, RespostaDeErro>;
  limite: number | null;
  atrasoRespostaMs: number;
  /** Arrival instants (performance.now) of the sends in the last second, while a limit is set. */
  janela: number[];
};

const json = (res: ServerResponse, status: number, corpo: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(corpo));
};

const erroGraph = (res: ServerResponse, status: number, code: number, details: string) =>
  json(res, status, {
    error: {
      message: `(#${code}) ${details}`,
      type: 'OAuthException',
      code,
      error_data: { messaging_product: 'whatsapp', details },
      fbtrace_id: 'AFakeTrace',
    },
  });

const responderErro = (res: ServerResponse, r: RespostaDeErro) => {
  if (r.code !== undefined) return erroGraph(res, r.status, r.code, r.details ?? 'Erro simulado pelo fake');
  res.writeHead(r.status, { 'content-type': 'text/html' });
  res.end(`<html><body>Erro ${r.status}</body></html>`);
};

/** Answers a scripted failure, if one is queued; true when it did. */
const aplicarRoteiro = (estado: Estado, req: IncomingMessage, res: ServerResponse): boolean => {
  const falha = estado.roteiro.shift();
  if (falha === undefined) return false;
  if (falha === 'fechar_conexao') req.socket.destroy();
  else if (falha !== 'timeout') responderErro(res, falha); // a timeout simply never answers
  return true;
};

/** Token, then the number's id, as Meta checks them; true when the call may go on. */
const autorizar = (estado: Estado, req: IncomingMessage, res: ServerResponse, numero: string): boolean => {
  if (req.headers.authorization !== `Bearer ${estado.opcoes.token}`) {
    erroGraph(res, 401, 190, 'Invalid OAuth access token - Cannot parse access token');
    return false;
  }
  if (numero !== estado.opcoes.phoneNumberId) {
    erroGraph(res, 400, 100, `Unsupported request - Object with ID '${numero}' does not exist`);
    return false;
  }
  return true;
};

/** Counted at the request's arrival, not after its body is read: reading it waits on the event loop. */
const dentroDoLimite = (estado: Estado, agora: number): boolean => {
  if (estado.limite === null) return true;
  while ((estado.janela[0] ?? agora) <= agora - 1_000) estado.janela.shift();
  estado.janela.push(agora);
  return estado.janela.length <= estado.limite;
};

const consultarNumero = (estado: Estado, url: URL, res: ServerResponse) => {
  const campos = url.searchParams.get('fields')?.split(',');
  const numero: Record<string, unknown> = { id: estado.opcoes.phoneNumberId, ...NUMERO_FAKE };
  const pedidos = campos
    ? Object.entries(numero).filter(([campo]) => campo === 'id' || campos.includes(campo))
    : null;
  json(res, 200, pedidos ? Object.fromEntries(pedidos) : numero);
};

const receberMensagem = async (estado: Estado, texto: string, instante: number, res: ServerResponse) => {
  let corpo: unknown;
  try {
    corpo = JSON.parse(texto);
  } catch {
    return erroGraph(res, 400, 100, 'Invalid parameter: the body is not JSON');
  }
  const mensagem = corpoMensagem.safeParse(corpo);
  if (!mensagem.success) {
    const [problema] = mensagem.error.issues;
    return erroGraph(res, 400, 100, `Invalid parameter ${problema?.path.join('.')}: ${problema?.message}`);
  }
  const para = mensagem.data.to;
  const regra = estado.regras.get(para);
  if (regra) return responderErro(res, regra);
  const wamid = `wamid.${randomUUID().replaceAll('-', '')}`;
  const referencia = mensagem.data.biz_opaque_callback_data ?? null;
  estado.recebidas.push({ instante, para, corpo, wamid, referencia });
  if (estado.atrasoRespostaMs > 0) await esperar(estado.atrasoRespostaMs);
  json(res, 200, {
    messaging_product: 'whatsapp',
    contacts: [{ input: para, wa_id: para }],
    messages: [{ id: wamid, ...(mensagem.data.type === 'template' ? { message_status: 'accepted' } : {}) }],
  });
};

const lerCorpo = async (req: IncomingMessage): Promise<string> => {
  const partes: Buffer[] = [];
  for await (const parte of req) partes.push(parte as Buffer);
  return Buffer.concat(partes).toString('utf8');
};

const tratar = async (estado: Estado, req: IncomingMessage, res: ServerResponse) => {
  const chegada = performance.now();
  const instante = performance.timeOrigin + chegada;
  const url = new URL(req.url ?? '/', 'http://fake');
  const texto = await lerCorpo(req);
  if (estado.opcoes.atrasoMs > 0) await esperar(estado.opcoes.atrasoMs);
  const [versao, numero = '', recurso, ...resto] = url.pathname.split('/').slice(1);
  const envio = req.method === 'POST' && recurso === 'messages';
  const consulta = req.method === 'GET' && recurso === undefined;
  if (versao !== FAKE_API_VERSION || resto.length > 0 || !(envio || consulta))
    return erroGraph(res, 404, 100, `Unknown path components: ${url.pathname}`);
  if (envio) {
    estado.tentativas += 1;
    if (!dentroDoLimite(estado, chegada)) {
      estado.recusas.push(instante);
      return erroGraph(res, 429, 130429, 'Rate limit hit: too many messages sent from this phone number');
    }
  }
  if (aplicarRoteiro(estado, req, res) || !autorizar(estado, req, res, numero)) return;
  if (envio) await receberMensagem(estado, texto, instante, res);
  else consultarNumero(estado, url, res);
};

const limparEstado = (estado: Estado) => {
  estado.recebidas.length = 0; // in place: callers may hold the array
  estado.tentativas = 0;
  estado.recusas.length = 0;
  estado.roteiro.length = 0;
  estado.regras.clear();
  estado.limite = null;
  estado.atrasoRespostaMs = 0;
  estado.janela.length = 0;
};

export const iniciarFakeCloudApi = async (
  opcoes: Partial<OpcoesFakeCloudApi> = {},
): Promise<FakeCloudApi> => {
  const estado: Estado = {
    opcoes: { ...PADRAO, ...opcoes },
    recebidas: [],
    tentativas: 0,
    recusas: [],
    roteiro: [],
    regras: new Map(),
    limite: null,
    atrasoRespostaMs: 0,
    janela: [],
  };
  const server = createServer((req, res) => {
    tratar(estado, req, res).catch(() => res.destroy()); // the client went away mid-request
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    apiVersion: FAKE_API_VERSION,
    phoneNumberId: estado.opcoes.phoneNumberId,
    token: estado.opcoes.token,
    recebidas: estado.recebidas,
    get tentativas() {
      return estado.tentativas;
    },
    recusas: estado.recusas,
    get excedeuLimite() {
      return estado.recusas.length;
    },
    falharProximas: (n, resposta) => {
      for (let i = 0; i < n; i += 1) estado.roteiro.push(resposta);
    },
    falharPara: (numeroSemMais, resposta) => {
      estado.regras.set(numeroSemMais, resposta);
    },
    limitePorSegundo: (n) => {
      estado.limite = n;
      estado.janela.length = 0;
    },
    atrasarRespostas: (ms) => {
      estado.atrasoRespostaMs = ms;
    },
    limpar: () => limparEstado(estado),
    fechar: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections(); // including requests held by a scripted timeout
        server.close(() => resolve());
      }),
  };
};
