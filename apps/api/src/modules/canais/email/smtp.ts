import { createPrivateKey } from 'node:crypto';
import nodemailer, { type SendMailOptions, type SMTPPoolOptions, type Transporter } from 'nodemailer';
import type { ResultadoEnvio } from '../canal.ts';
import type { EmailMontado } from './conteudo-email.ts';
import { dkimAlinhado, dominioDoEmail } from './dominio.ts';
import { classificarErroSmtp } from './smtp-erros.ts';

// Sending through the tenant's SMTP relay with nodemailer: a pooled transport, DKIM signed by nodemailer's
// own signer, and RFC 8058 one-click unsubscribe. SMTP 250 means the relay took the message, not that the
// mailbox got it: e-mail answers `enviada`, never `entregue` (bounces arrive later, by mail).

export type SegurancaSmtp = 'nenhuma' | 'starttls' | 'tls';

export type ConfigSmtp = {
  host: string;
  porta: number;
  seguranca: SegurancaSmtp;
  usuario: string | null;
  senha: string | null;
  remetente: { email: string; nome: string };
  dkim: { dominio: string; seletor: string; chavePrivada: string } | null;
  tempoLimiteMs?: number;
};

export type EmailAEnviar = {
  mensagemId: number;
  para: string;
  montado: EmailMontado;
  /** `<…@dominio>`: becomes the Message-ID header and the channel's message id. */
  messageId: string;
  emRespostaA: string | null;
  referencias: string[];
  descadastro: { url: string; mailto: string } | null;
};

/** A relay, or the simulator's stand-in that keeps the message instead (`info.message`). */
export type TransporteSmtp = {
  readonly config: Pick<ConfigSmtp, 'remetente' | 'dkim'>;
  readonly mailer: Transporter<{ rejected?: unknown[]; message?: unknown }>;
  close(): void;
};

const TEMPO_LIMITE_PADRAO_MS = 30_000;

// Signed on top of the usual set: a signature that does not cover both List-Unsubscribe headers does not
// count as one-click unsubscribe for Gmail and Yahoo (RFC 8058 §4).
const CAMPOS_ASSINADOS = [
  'From',
  'Sender',
  'Reply-To',
  'To',
  'Cc',
  'Subject',
  'Date',
  'Message-ID',
  'In-Reply-To',
  'References',
  'MIME-Version',
  'Content-Type',
  'List-Unsubscribe',
  'List-Unsubscribe-Post',
].join(':');

/** Why the DKIM setup cannot sign for this sender (pt-BR), or null when it can. */
const problemaDkim = (cfg: TransporteSmtp['config']): string | null => {
  if (!cfg.dkim) return null;
  if (!dkimAlinhado(cfg.dkim.dominio, cfg.remetente.email))
    return `O domínio DKIM (${cfg.dkim.dominio}) não corresponde ao do remetente (${dominioDoEmail(cfg.remetente.email)}): a assinatura não valeria para o DMARC.`;
  try {
    if (createPrivateKey(cfg.dkim.chavePrivada).asymmetricKeyType !== 'rsa') throw new Error('not RSA');
  } catch {
    return 'A chave privada DKIM é inválida: gere uma nova chave nas configurações de e-mail.';
  }
  return null;
};

const opcoesDkim = (cfg: TransporteSmtp['config']) =>
  cfg.dkim
    ? {
        dkim: {
          domainName: cfg.dkim.dominio,
          keySelector: cfg.dkim.seletor,
          privateKey: cfg.dkim.chavePrivada,
          headerFieldNames: CAMPOS_ASSINADOS,
        },
      }
    : {};

const opcoesTransporte = (cfg: ConfigSmtp): SMTPPoolOptions => {
  const tempo = cfg.tempoLimiteMs ?? TEMPO_LIMITE_PADRAO_MS;
  return {
    host: cfg.host,
    port: cfg.porta,
    secure: cfg.seguranca === 'tls',
    requireTLS: cfg.seguranca === 'starttls',
    ignoreTLS: cfg.seguranca === 'nenhuma',
    ...(cfg.usuario ? { auth: { user: cfg.usuario, pass: cfg.senha ?? '' } } : {}),
    connectionTimeout: tempo,
    greetingTimeout: tempo,
    socketTimeout: tempo,
    dnsTimeout: tempo,
    // Attachments are buffers built here: never let message data make nodemailer read a file or a URL.
    disableFileAccess: true,
    disableUrlAccess: true,
    ...opcoesDkim(cfg),
  };
};

/** A pooled transport; throws when the DKIM key cannot sign for the sender (a configuration bug). */
export const criarTransporteSmtp = (cfg: ConfigSmtp): TransporteSmtp => {
  const problema = problemaDkim(cfg);
  if (problema) throw new Error(problema);
  // One requeue covers a pooled connection the server closed while idle; more could duplicate a message
  // whose 250 was lost, and the outbox already retries. Connections are kept until the server closes
  // them: nodemailer's default of a new one every 100 messages delayed that send by the handshake, and
  // the paced sends behind it then reached the relay bunched, over its per-second limit.
  const mailer = nodemailer.createTransport({
    ...opcoesTransporte(cfg),
    pool: true,
    maxRequeues: 1,
    maxMessages: Number.POSITIVE_INFINITY,
  });
  return { config: cfg, mailer, close: () => mailer.close() };
};

/**
 * The simulator's transport (docs/produto.md §12): the same message, signed the same way, kept whole in
 * `info.message` instead of going to a relay.
 */
export const criarTransporteSimulado = (cfg: TransporteSmtp['config']): TransporteSmtp => {
  const problema = problemaDkim(cfg);
  if (problema) throw new Error(problema);
  const mailer = nodemailer.createTransport({
    streamTransport: true,
    buffer: true,
    newline: 'windows',
    disableFileAccess: true,
    disableUrlAccess: true,
    ...opcoesDkim(cfg),
  });
  return { config: cfg, mailer, close: () => mailer.close() };
};

// A header value written as given (nodemailer's `prepared`) must not be able to end the header line.
const seguroEmCabecalho = (valor: string): boolean =>
  ![...valor].some((c) => c <= ' ' || c === '\x7f' || c === '<' || c === '>');

const uriDescadastro = (valor: string, protocolos: string[]): string | null => {
  if (!URL.canParse(valor)) return null;
  const uri = new URL(valor);
  return protocolos.includes(uri.protocol) && seguroEmCabecalho(uri.href) ? uri.href : null;
};

/**
 * List-Unsubscribe and List-Unsubscribe-Post as prepared (unfolded) values: nodemailer folds long
 * headers, and a folded List-Unsubscribe broke DKIM verification (nodemailer issue #1654).
 * One-click (the Post header) only with an https URI, as RFC 8058 requires.
 */
const cabecalhosDescadastro = (
  descadastro: NonNullable<EmailAEnviar['descadastro']>,
): Record<string, { prepared: true; value: string }> | null => {
  const url = uriDescadastro(descadastro.url, ['https:', 'http:']);
  const mailto = uriDescadastro(descadastro.mailto, ['mailto:']);
  if (!url || !mailto) return null;
  return {
    'List-Unsubscribe': { prepared: true, value: `<${url}>, <${mailto}>` },
    ...(url.startsWith('https:')
      ? { 'List-Unsubscribe-Post': { prepared: true as const, value: 'List-Unsubscribe=One-Click' } }
      : {}),
  };
};

const MESSAGE_ID = /^<[^<>@\s]+@[^<>@\s]+>$/;

const falhaPermanente = (erroCodigo: string, erroMensagem: string): ResultadoEnvio => ({
  ok: false,
  erroCodigo,
  erroMensagem,
  transitorio: false,
});

/**
 * Sends `email` through `t`; `aoAceitar` sees what the transport answered (the simulator keeps the
 * message it holds).
 */
export const enviarEmail = async (
  t: TransporteSmtp,
  email: EmailAEnviar,
  aoAceitar?: (info: { message?: unknown }) => Promise<void>,
): Promise<ResultadoEnvio> => {
  if (!MESSAGE_ID.test(email.messageId))
    return falhaPermanente('message_id_invalido', `Message-ID inválido: ${email.messageId}`);
  const descadastro = email.descadastro ? cabecalhosDescadastro(email.descadastro) : {};
  if (!descadastro)
    return falhaPermanente(
      'descadastro_invalido',
      'O link de descadastro do e-mail é inválido: precisa ser um endereço http(s) e um mailto.',
    );
  const { montado } = email;
  try {
    const opcoes: SendMailOptions = {
      from: { name: t.config.remetente.nome, address: t.config.remetente.email },
      to: email.para,
      subject: montado.assunto,
      text: montado.texto,
      html: montado.html,
      attachments: montado.anexos.map((a) => ({
        cid: a.cid,
        filename: a.nomeArquivo,
        contentType: a.tipo,
        content: a.conteudo,
        contentDisposition: 'inline' as const,
      })),
      messageId: email.messageId,
      ...(email.emRespostaA ? { inReplyTo: email.emRespostaA } : {}),
      ...(email.referencias.length > 0 ? { references: email.referencias } : {}),
      headers: descadastro,
    };
    const info = await t.mailer.sendMail(opcoes);
    // One recipient per message: a partial acceptance cannot happen, but a silent rejection must not pass.
    if (info.rejected?.length)
      return falhaPermanente('smtp_recusado', `O servidor recusou o destinatário ${email.para}.`);
    await aoAceitar?.(info);
    return {
      ok: true,
      canalMensagemId: email.messageId,
      status: 'enviada',
      enviadaEm: new Date(),
      entregueEm: null,
    };
  } catch (erro) {
    return { ok: false, ...classificarErroSmtp(erro) };
  }
};

/** Connects, negotiates TLS as configured and authenticates; says in pt-BR what failed. */
export const verificarSmtp = async (cfg: ConfigSmtp): Promise<{ ok: true } | { ok: false; erro: string }> => {
  const problema = problemaDkim(cfg);
  if (problema) return { ok: false, erro: problema };
  const mailer = nodemailer.createTransport(opcoesTransporte(cfg));
  try {
    await mailer.verify();
    return { ok: true };
  } catch (erro) {
    const { erroCodigo, erroMensagem } = classificarErroSmtp(erro);
    const endereco = `${cfg.host}:${cfg.porta}`;
    const porCodigo: Record<string, string> = {
      smtp_conexao: `Não foi possível conectar a ${endereco}: confira o servidor, a porta e se o firewall permite a conexão.`,
      smtp_tempo_esgotado: `${endereco} não respondeu a tempo: confira o servidor e a porta (465 costuma ser TLS; 587, STARTTLS).`,
      smtp_tls: `A negociação TLS com ${endereco} falhou: confira o modo de segurança (TLS na porta 465, STARTTLS na 587) e o certificado do servidor.`,
      smtp_dns: `O servidor ${cfg.host} não foi encontrado: confira o nome do servidor SMTP.`,
      smtp_autenticacao: 'Usuário ou senha recusados pelo servidor SMTP: corrija as credenciais.',
    };
    return { ok: false, erro: porCodigo[erroCodigo] ?? erroMensagem };
  } finally {
    mailer.close();
  }
};
