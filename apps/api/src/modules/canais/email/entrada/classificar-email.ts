import {
  type AddressObject,
  type Attachment,
  type ParsedMail,
  type StructuredHeader,
  simpleParser,
} from 'mailparser';
import addressparser from 'nodemailer/lib/addressparser';
import { blocosDeCampos, cabecalhosDe, enderecoDe, idDeMensagem } from './campos-relatorio.ts';
import { textoDaResposta } from './texto-da-resposta.ts';

// Sorts what arrives in the collection mailbox (docs/formatos-externos.md): delivery reports (RFC 3464),
// abuse complaints (ARF, RFC 5965), customers' replies, and everything else to ignore. The input is
// whatever a stranger sent us, so nothing here throws: unreadable mail is 'ignorado' with the reason.

export type EmailClassificado =
  | {
      tipo: 'devolucao';
      permanente: boolean;
      /** Final-Recipient, lower case. */
      destinatario: string | null;
      /** '5.1.1'; '' when the report carries no status code. */
      status: string;
      /** failed | delayed | delivered | relayed | expanded, lower case. */
      acao: string;
      diagnostico: string | null;
      /** Message-ID (`<id@host>`) of the message that bounced, from the returned headers. */
      mensagemOriginalId: string | null;
      messageId: string | null;
    }
  | {
      tipo: 'reclamacao';
      /** Original-Rcpt-To, or the returned message's To. */
      destinatario: string | null;
      mensagemOriginalId: string | null;
      messageId: string | null;
    }
  | {
      tipo: 'resposta';
      messageId: string | null;
      /** Lower case. */
      de: string;
      nomeDe: string | null;
      /** To + Delivered-To + X-Original-To, lower case, without repeats. */
      para: string[];
      assunto: string;
      /** Without the quoted history, trimmed, at most 4096 characters. */
      texto: string;
      emRespostaA: string | null;
      referencias: string[];
      recebidaEm: Date;
    }
  | { tipo: 'ignorado'; motivo: string };

export type OpcoesClassificacao = {
  /** Our Message-ID domain (`cobranca.example`): a message bearing it is our own, looping back. */
  dominioMensagens?: string;
};

// Replies may carry a payment receipt; 25 MB of attachments is about 34 MB once base64-encoded.
const TAMANHO_MAXIMO = 40 * 1024 * 1024;

const ignorado = (motivo: string): EmailClassificado => ({ tipo: 'ignorado', motivo });

const enderecos = (campo: AddressObject | AddressObject[] | undefined): string[] =>
  [campo ?? []]
    .flat()
    .flatMap((objeto) => objeto.value)
    .flatMap((e) => (e.group ? e.group : [e]))
    .flatMap((e) => (e.address?.includes('@') ? [e.address.toLowerCase()] : []));

const cabecalhoTexto = (email: ParsedMail, nome: string): string[] =>
  [email.headers.get(nome) ?? []].flat().flatMap((v) => (typeof v === 'string' ? [v] : []));

const anexo = (email: ParsedMail, ...tipos: string[]): Attachment | undefined =>
  email.attachments.find((a) => tipos.includes(a.contentType.toLowerCase()));

const TIPOS_ORIGINAL = ['message/rfc822', 'text/rfc822-headers'];

/** Headers of the message a report returns (the whole message, or its headers only). */
const original = (email: ParsedMail, bruto: Buffer, fronteira: string | undefined) => {
  const parte = anexo(email, ...TIPOS_ORIGINAL);
  if (parte) return cabecalhosDe(parte.content.toString('utf8'));
  // mailparser opens an inline message/rfc822 (Yahoo's reports) into the body: find the part ourselves.
  if (!fronteira) return new Map<string, string>();
  for (const trecho of bruto.toString('utf8').split(`--${fronteira}`).slice(1)) {
    const corpo = trecho.replace(/^[ \t]*\r?\n/, '');
    const tipo = cabecalhosDe(corpo).get('content-type')?.split(';')[0]?.trim().toLowerCase() ?? '';
    const inicio = corpo.search(/\r?\n\r?\n/);
    if (TIPOS_ORIGINAL.includes(tipo) && inicio !== -1) return cabecalhosDe(corpo.slice(inicio).trimStart());
  }
  return new Map<string, string>();
};

const ACOES_POR_GRAVIDADE = ['failed', 'delayed'];

const devolucao = (email: ParsedMail, bruto: Buffer, fronteira?: string): EmailClassificado => {
  const parte = anexo(email, 'message/delivery-status', 'message/global-delivery-status');
  if (!parte) return ignorado('relatório de entrega sem a parte message/delivery-status');
  const destinatarios = blocosDeCampos(parte.content.toString('utf8')).filter(
    (b) => b.has('final-recipient') || b.has('action'),
  );
  // One report per message we send, so one recipient; with several, the gravest decides.
  const bloco =
    ACOES_POR_GRAVIDADE.map((acao) =>
      destinatarios.find((b) => b.get('action')?.toLowerCase() === acao),
    ).find(Boolean) ?? destinatarios[0];
  if (!bloco) return ignorado('relatório de entrega sem destinatário');
  const acao = (bloco.get('action') ?? '').toLowerCase().split(/[\s(]/)[0] ?? '';
  const diagnostico = bloco.get('diagnostic-code') || null;
  const codigo = /[245]\.\d{1,3}\.\d{1,3}/;
  const status = bloco.get('status')?.match(codigo)?.[0] ?? diagnostico?.match(codigo)?.[0] ?? '';
  // Permanent: a 5.x.x, or a failure with no code. A 'failed' action with a 4.x.x means the relay's queue
  // expired on a reason that may pass: temporary, sent again by us (docs/produto.md §12).
  const permanente = acao !== 'delayed' && (status.startsWith('5.') || (acao === 'failed' && status === ''));
  return {
    tipo: 'devolucao',
    permanente,
    destinatario: enderecoDe(bloco.get('final-recipient') ?? bloco.get('original-recipient')),
    status,
    acao,
    diagnostico,
    mensagemOriginalId: idDeMensagem(original(email, bruto, fronteira).get('message-id')),
    messageId: email.messageId ?? null,
  };
};

const reclamacao = (email: ParsedMail, bruto: Buffer, fronteira?: string): EmailClassificado => {
  const parte = anexo(email, 'message/feedback-report');
  const campos = parte ? blocosDeCampos(parte.content.toString('utf8'))[0] : undefined;
  if (!campos) return ignorado('relatório de reclamação sem a parte message/feedback-report');
  const tipo = campos.get('feedback-type')?.toLowerCase();
  if (tipo !== 'abuse') return ignorado(`relatório de reclamação do tipo ${tipo ?? 'desconhecido'}`);
  const cabecalhos = original(email, bruto, fronteira);
  return {
    tipo: 'reclamacao',
    destinatario: enderecoDe(campos.get('original-rcpt-to')) ?? enderecoDe(cabecalhos.get('to')),
    mensagemOriginalId: idDeMensagem(cabecalhos.get('message-id')),
    messageId: email.messageId ?? null,
  };
};

/** RFC 3834 and the vendors' own markers of mail no person wrote. */
const motivoAutomatica = (email: ParsedMail): string | null => {
  const autoSubmitted = cabecalhoTexto(email, 'auto-submitted')[0]?.toLowerCase().trim();
  if (autoSubmitted && !autoSubmitted.startsWith('no'))
    return `resposta automática (Auto-Submitted: ${autoSubmitted})`;
  for (const nome of ['x-autoreply', 'x-autorespond', 'x-autoresponder']) {
    if (email.headers.has(nome)) return `resposta automática (${nome})`;
  }
  const precedencia = cabecalhoTexto(email, 'precedence')[0]?.toLowerCase().trim();
  if (precedencia && ['bulk', 'junk', 'list', 'auto_reply'].includes(precedencia)) {
    return `mensagem em massa (Precedence: ${precedencia})`;
  }
  return null;
};

const dataDeRecebimento = (email: ParsedMail): Date => {
  // The topmost Received is stamped by the server that took the message in; Date is the sender's clock.
  const recebido = cabecalhoTexto(email, 'received')[0];
  const carimbo = recebido ? new Date(recebido.slice(recebido.lastIndexOf(';') + 1).trim()) : null;
  if (carimbo && !Number.isNaN(carimbo.getTime())) return carimbo;
  if (email.date && !Number.isNaN(email.date.getTime())) return email.date;
  return new Date();
};

const resposta = (email: ParsedMail, opcoes: OpcoesClassificacao): EmailClassificado => {
  const remetente = email.from?.value.find((e) => e.address?.includes('@'));
  if (!remetente?.address) return ignorado('sem remetente');
  const de = remetente.address.toLowerCase();
  const dominio = opcoes.dominioMensagens?.toLowerCase();
  if (dominio && email.messageId?.toLowerCase().endsWith(`@${dominio}>`)) {
    return ignorado('mensagem nossa de volta à caixa');
  }
  const automatica = motivoAutomatica(email);
  if (automatica) return ignorado(automatica);
  if (/^(mailer-daemon|postmaster)@/.test(de))
    return ignorado('aviso de servidor de e-mail fora do RFC 3464');
  const entregues = [...cabecalhoTexto(email, 'x-original-to')].flatMap((v) =>
    addressparser(v, { flatten: true }).flatMap((e) =>
      e.address.includes('@') ? [e.address.toLowerCase()] : [],
    ),
  );
  const para = [
    ...new Set([
      ...enderecos(email.to),
      ...enderecos(email.headers.get('delivered-to') as AddressObject | AddressObject[] | undefined),
      ...entregues,
    ]),
  ];
  return {
    tipo: 'resposta',
    messageId: email.messageId ?? null,
    de,
    nomeDe: remetente.name?.trim() || null,
    para,
    assunto: email.subject ?? '',
    texto: textoDaResposta(email.text ?? ''),
    emRespostaA: email.inReplyTo ?? null,
    referencias: [email.references ?? []].flat(),
    recebidaEm: dataDeRecebimento(email),
  };
};

export const classificarEmail = async (
  bruto: Buffer,
  opcoes: OpcoesClassificacao = {},
): Promise<EmailClassificado> => {
  if (bruto.length > TAMANHO_MAXIMO) return ignorado(`mensagem grande demais (${bruto.length} bytes)`);
  let email: ParsedMail;
  try {
    // keepDeliveryStatus: without it mailparser folds the report into the text body.
    email = await simpleParser(bruto, {
      keepDeliveryStatus: true,
      skipTextToHtml: true,
      skipImageLinks: true,
      maxHtmlLengthToParse: 2_000_000,
    });
  } catch (erro) {
    return ignorado(`mensagem ilegível: ${erro instanceof Error ? erro.message : String(erro)}`);
  }
  try {
    // mailparser always parses Content-Type into { value, params }.
    const conteudo = email.headers.get('content-type') as StructuredHeader | undefined;
    if (conteudo?.value?.toLowerCase() === 'multipart/report') {
      const relatorio = conteudo.params['report-type']?.toLowerCase();
      const fronteira = conteudo.params.boundary;
      if (relatorio === 'delivery-status') return devolucao(email, bruto, fronteira);
      if (relatorio === 'feedback-report') return reclamacao(email, bruto, fronteira);
    }
    return resposta(email, opcoes);
  } catch (erro) {
    return ignorado(`mensagem ilegível: ${erro instanceof Error ? erro.message : String(erro)}`);
  }
};
