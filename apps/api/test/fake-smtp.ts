import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SMTPServer, type SMTPServerOptions } from 'smtp-server';

// A real SMTP server (smtp-server) on 127.0.0.1 for tests and benchmarks: it records the raw bytes of every
// accepted message, can require AUTH, speaks STARTTLS or implicit TLS, and can be told to refuse
// (a recipient, the next messages, or beyond a per-second rate) with any SMTP code.

export type MensagemSmtp = {
  de: string;
  para: string[];
  bruto: Buffer;
  /** Arrival, in ms on the `performance.timeOrigin + performance.now()` clock. */
  instante: number;
};

export type SegurancaFake = 'nenhuma' | 'starttls' | 'tls';

export type CertificadoFake = { certificadoPem: string; chavePrivadaPem: string };

export type OpcoesFakeSmtp = {
  seguranca: SegurancaFake;
  /** The only credentials accepted; null: the server offers no AUTH. */
  auth: { usuario: string; senha: string } | null;
  /** For STARTTLS / TLS; default: a self-signed certificate for 127.0.0.1 (no client trusts it). */
  certificado?: CertificadoFake;
};

export type FakeSmtp = {
  host: '127.0.0.1';
  porta: number;
  /** Every accepted message, in arrival order. */
  readonly recebidas: MensagemSmtp[];
  /** Messages refused because they went over `limitePorSegundo`. */
  readonly excedeuLimite: number;
  /** Every RCPT TO for this address (any case) is refused with `codigo texto` until `limpar`. */
  falharPara(endereco: string, codigo: number, texto?: string): void;
  /** The next n messages are refused at the end of DATA with `codigo texto`. */
  falharProximas(n: number, codigo: number, texto?: string): void;
  /** A message beyond n in any sliding 1 s window (refused ones count too) gets 451 4.7.1; null: no limit. */
  limitePorSegundo(n: number | null): void;
  /** Forgets messages, counters, scripted failures and the limit. */
  limpar(): void;
  fechar(): Promise<void>;
};

type Falha = { codigo: number; texto: string };

const TEXTO_PADRAO: Record<number, string> = {
  421: '4.3.2 Service not available, closing transmission channel',
  450: '4.2.1 Mailbox temporarily unavailable',
  451: '4.3.0 Local error in processing, try again later',
  452: '4.2.2 Insufficient system storage',
  550: '5.1.1 Recipient address rejected: User unknown',
  552: '5.2.2 Mailbox full',
  554: '5.7.1 Message rejected as spam',
};

const falha = (codigo: number, texto?: string): Falha => ({
  codigo,
  texto: texto ?? TEXTO_PADRAO[codigo] ?? 'Scripted failure',
});

const erroSmtp = ({ codigo, texto }: Falha): Error =>
  Object.assign(new Error(texto), { responseCode: codigo });

const agoraMs = () => performance.timeOrigin + performance.now();

let autoassinado: CertificadoFake | undefined;

/** A self-signed certificate for 127.0.0.1 made by the openssl CLI once per process. */
const certificadoAutoassinado = (): CertificadoFake => {
  if (autoassinado) return autoassinado;
  const diretorio = mkdtempSync(join(tmpdir(), 'fake-smtp-'));
  try {
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:P-256',
        '-nodes',
        '-keyout',
        'chave.pem',
        '-out',
        'certificado.pem',
        '-subj',
        '/CN=127.0.0.1',
        '-addext',
        'subjectAltName=IP:127.0.0.1',
        '-days',
        '2',
      ],
      { cwd: diretorio, stdio: 'pipe' },
    );
    autoassinado = {
      certificadoPem: readFileSync(join(diretorio, 'certificado.pem'), 'utf8'),
      chavePrivadaPem: readFileSync(join(diretorio, 'chave.pem'), 'utf8'),
    };
    return autoassinado;
  } finally {
    rmSync(diretorio, { recursive: true, force: true });
  }
};

type Estado = {
  recebidas: MensagemSmtp[];
  excedeuLimite: number;
  porEndereco: Map<string, Falha>;
  roteiro: Falha[];
  limite: number | null;
  janela: number[];
};

const dentroDoLimite = (estado: Estado): boolean => {
  if (estado.limite === null) return true;
  const agora = performance.now();
  while ((estado.janela[0] ?? agora) <= agora - 1_000) estado.janela.shift();
  estado.janela.push(agora);
  return estado.janela.length <= estado.limite;
};

const opcoesDoServidor = (opcoes: OpcoesFakeSmtp, estado: Estado): SMTPServerOptions => {
  const { seguranca, auth } = opcoes;
  const certificado = seguranca === 'nenhuma' ? undefined : (opcoes.certificado ?? certificadoAutoassinado());
  return {
    secure: seguranca === 'tls',
    ...(certificado ? { cert: certificado.certificadoPem, key: certificado.chavePrivadaPem } : {}),
    disabledCommands: [...(seguranca === 'starttls' ? [] : ['STARTTLS']), ...(auth ? [] : ['AUTH'])],
    authOptional: auth === null,
    // Plain mode with AUTH exists for relays on a private network; TLS modes still get it only after TLS.
    allowInsecureAuth: seguranca === 'nenhuma',
    disableReverseLookup: true,
    logger: false,
    closeTimeout: 200,
    onAuth: (tentativa, _sessao, responder) => {
      if (auth && tentativa.username === auth.usuario && tentativa.password === auth.senha)
        responder(null, { user: tentativa.username });
      else responder(erroSmtp(falha(535, '5.7.8 Authentication credentials invalid')));
    },
    onMailFrom: (_endereco, _sessao, responder) => {
      if (dentroDoLimite(estado)) return responder();
      estado.excedeuLimite += 1;
      responder(erroSmtp(falha(451, '4.7.1 Rate limit exceeded, slow down')));
    },
    onRcptTo: (endereco, _sessao, responder) => {
      const regra = estado.porEndereco.get(endereco.address.toLowerCase());
      responder(regra ? erroSmtp(regra) : undefined);
    },
    onData: (fluxo, sessao, responder) => {
      const partes: Buffer[] = [];
      fluxo.on('data', (parte: Buffer) => partes.push(parte));
      fluxo.on('end', () => {
        const roteirizada = estado.roteiro.shift();
        if (roteirizada) return responder(erroSmtp(roteirizada));
        const { mailFrom, rcptTo } = sessao.envelope;
        estado.recebidas.push({
          de: mailFrom ? mailFrom.address : '',
          para: rcptTo.map((r) => r.address),
          bruto: Buffer.concat(partes),
          instante: agoraMs(),
        });
        responder(null, 'OK: queued');
      });
    },
  };
};

export const iniciarFakeSmtp = async (opcoes: Partial<OpcoesFakeSmtp> = {}): Promise<FakeSmtp> => {
  const completas: OpcoesFakeSmtp = { seguranca: 'nenhuma', auth: null, ...opcoes };
  const estado: Estado = {
    recebidas: [],
    excedeuLimite: 0,
    porEndereco: new Map(),
    roteiro: [],
    limite: null,
    janela: [],
  };
  const servidor = new SMTPServer(opcoesDoServidor(completas, estado));
  servidor.on('error', () => {}); // a client dropping mid-session is not the test's failure
  await new Promise<void>((resolve) => servidor.listen(0, '127.0.0.1', resolve));
  return {
    host: '127.0.0.1',
    porta: (servidor.server.address() as AddressInfo).port,
    recebidas: estado.recebidas,
    get excedeuLimite() {
      return estado.excedeuLimite;
    },
    falharPara: (endereco, codigo, texto) => {
      estado.porEndereco.set(endereco.toLowerCase(), falha(codigo, texto));
    },
    falharProximas: (n, codigo, texto) => {
      for (let i = 0; i < n; i += 1) estado.roteiro.push(falha(codigo, texto));
    },
    limitePorSegundo: (n) => {
      estado.limite = n;
      estado.janela.length = 0;
    },
    limpar: () => {
      estado.recebidas.length = 0; // in place: callers may hold the array
      estado.excedeuLimite = 0;
      estado.porEndereco.clear();
      estado.roteiro.length = 0;
      estado.limite = null;
      estado.janela.length = 0;
    },
    fechar: () => new Promise<void>((resolve) => servidor.close(() => resolve())),
  };
};
