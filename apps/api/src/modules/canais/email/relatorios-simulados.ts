import { randomUUID } from 'node:crypto';

// What the simulator's outbox page sends back as if from the outside (docs/produto.md §12): a customer's
// reply, a delivery status notification (RFC 3464) and an abuse report (ARF, RFC 5965), as raw messages
// that go through the same reading as the real inbox's. Pure.

export type EmailOriginal = { messageId: string; para: string; de: string; assunto: string };

const data = (agora: Date) => agora.toUTCString().replace('GMT', '+0000');
const id = (dominio: string) => `<${randomUUID()}@${dominio}>`;
const dominioDe = (email: string) => email.slice(email.lastIndexOf('@') + 1);

/** The customer answering our e-mail from their mailbox (UTF-8 text, quoted-printable not needed). */
export const respostaSimulada = (o: EmailOriginal, texto: string, agora: Date): Buffer =>
  Buffer.from(
    [
      `From: <${o.para}>`,
      `To: <${o.de}>`,
      `Subject: Re: ${o.assunto.replace(/[\r\n]+/g, ' ')}`,
      `Date: ${data(agora)}`,
      `Message-ID: ${id(dominioDe(o.para))}`,
      `In-Reply-To: ${o.messageId}`,
      `References: ${o.messageId}`,
      'MIME-Version: 1.0',
      'Content-Type: text/plain; charset=utf-8',
      'Content-Transfer-Encoding: base64',
      '',
      Buffer.from(texto, 'utf8').toString('base64'),
      '',
    ].join('\r\n'),
  );

/** The headers of our message, as a report quotes them (the Message-ID names it). */
const cabecalhosDoOriginal = (o: EmailOriginal) => [
  'Content-Type: text/rfc822-headers',
  '',
  `From: <${o.de}>`,
  `To: <${o.para}>`,
  `Subject: ${o.assunto.replace(/[\r\n]+/g, ' ')}`,
  `Message-ID: ${o.messageId}`,
  '',
];

/** A `multipart/report` of `tipo` from `de` to our address: a human part, the machine part, our headers. */
const relatorio = (
  o: EmailOriginal,
  r: { de: string; assunto: string; tipo: string; humano: string; maquina: string[] },
  agora: Date,
  extra: string[] = [],
): Buffer => {
  const fronteira = `rel-${randomUUID()}`;
  return Buffer.from(
    [
      `From: ${r.de}`,
      `To: <${o.de}>`,
      `Subject: ${r.assunto}`,
      `Date: ${data(agora)}`,
      `Message-ID: ${id('simulador.invalid')}`,
      ...extra,
      'MIME-Version: 1.0',
      `Content-Type: multipart/report; report-type=${r.tipo}; boundary="${fronteira}"`,
      '',
      `--${fronteira}`,
      'Content-Type: text/plain; charset=us-ascii',
      '',
      r.humano,
      '',
      `--${fronteira}`,
      ...r.maquina,
      '',
      `--${fronteira}`,
      ...cabecalhosDoOriginal(o),
      `--${fronteira}--`,
      '',
    ].join('\r\n'),
  );
};

/** The receiving side's report: 5.1.1 (no such address) when permanent, 4.2.2 (mailbox full) when not. */
export const devolucaoSimulada = (o: EmailOriginal, permanente: boolean, agora: Date): Buffer => {
  const [acao, status, diagnostico] = permanente
    ? ['failed', '5.1.1', '550 5.1.1 The email account that you tried to reach does not exist']
    : ['delayed', '4.2.2', '452 4.2.2 The email account that you tried to reach is over quota'];
  return relatorio(
    o,
    {
      de: 'Mail Delivery System <MAILER-DAEMON@simulador.invalid>',
      assunto: permanente ? 'Undelivered Mail Returned to Sender' : 'Delayed Mail (still being retried)',
      tipo: 'delivery-status',
      humano: `Delivery to ${o.para} ${permanente ? 'failed permanently' : 'is delayed'}.`,
      maquina: [
        'Content-Type: message/delivery-status',
        '',
        'Reporting-MTA: dns; simulador.invalid',
        '',
        `Final-Recipient: rfc822; ${o.para}`,
        `Action: ${acao}`,
        `Status: ${status}`,
        `Diagnostic-Code: smtp; ${diagnostico}`,
      ],
    },
    agora,
    ['Auto-Submitted: auto-replied'],
  );
};

/** The mailbox provider's abuse report (the customer clicked "spam"). */
export const reclamacaoSimulada = (o: EmailOriginal, agora: Date): Buffer =>
  relatorio(
    o,
    {
      de: '<abuse@simulador.invalid>',
      assunto: 'Abuse report',
      tipo: 'feedback-report',
      humano: 'This is an email abuse report.',
      maquina: [
        'Content-Type: message/feedback-report',
        '',
        'Feedback-Type: abuse',
        'User-Agent: simulador/1.0',
        'Version: 1',
        `Original-Rcpt-To: ${o.para}`,
      ],
    },
    agora,
  );
