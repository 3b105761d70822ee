import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { classificarEmail, type EmailClassificado } from './classificar-email.ts';

const pasta = new URL('../../../../../test/fixtures/email/', import.meta.url);
const fixture = (nome: string) => readFileSync(new URL(nome, pasta));

const esperados: Record<string, EmailClassificado> = {
  'dsn-hard-5.1.1-postfix.eml': {
    tipo: 'devolucao',
    permanente: true,
    destinatario: 'userunknown@libsisimai.org',
    status: '5.1.1',
    acao: 'failed',
    diagnostico: 'smtp; 550 5.1.1 <userunknown@libsisimai.org>... User Unknown',
    mensagemOriginalId: '<20150429233445.BB8FFFFC16@p6.libsisimai.org>',
    messageId: '<20150429233445.7620000C1A@p6.libsisimai.org>',
  },
  'dsn-hard-5.1.1-amazonses.eml': {
    tipo: 'devolucao',
    permanente: true,
    destinatario: 'bounce@simulator.amazonses.com',
    status: '5.1.1',
    acao: 'failed',
    diagnostico: 'smtp; 550 5.1.1 user unknown',
    mensagemOriginalId:
      '<01010157b3c0c026-110cf920-4be1-4c36-87c0-1f48d0cc6639-000000@us-west-2.amazonses.com>',
    messageId: '<01010157b3c0c752-ee5b6bff-a3a2-42a2-a4ea-7fbeb7b65f30-000000@us-west-2.amazonses.com>',
  },
  'dsn-failed-4.4.1-postfix-expired.eml': {
    tipo: 'devolucao',
    permanente: false,
    destinatario: 'kijitora@example.com',
    status: '4.4.1',
    acao: 'failed',
    diagnostico: 'X-mPOP-Fallback_MX; connect to example.com[93.184.216.119]: Connection timed out',
    mensagemOriginalId: '<143E20AB-3911-4809-8B49-BB1A17513571@mail.ru>',
    messageId: '<20141124112304.8572B11F987B1@fallback7.mail.ru>',
  },
  'dsn-soft-delayed-4.5.0-sendmail.eml': {
    tipo: 'devolucao',
    permanente: false,
    destinatario: 'this-local-part-does-not-exist-on-the-system@y-mobile.ne.jp',
    status: '4.5.0',
    acao: 'delayed',
    diagnostico: 'SMTP;',
    mensagemOriginalId: '<54341A75-5EF4-4F06-9C5D-56D36A9283FC@example.jp>',
    messageId: '<201509122221.t8CMLrXO030573@neko.example.jp>',
  },
  'dsn-soft-delayed-4.4.0-rfc3464.eml': {
    tipo: 'devolucao',
    permanente: false,
    destinatario: 'kijitora@example.net',
    status: '4.4.0',
    acao: 'delayed',
    diagnostico: null,
    mensagemOriginalId: '<000000000000000@list.example.jp>',
    messageId: '<0000000000000000@mx54.exmaple.com>',
  },
  'arf-abuse-complaint-returnpath.eml': {
    tipo: 'reclamacao',
    destinatario: 'hashed@example.com',
    mensagemOriginalId: null,
    messageId: '<01xxxx.fbl@bounce.mailstream.senderscore.net>',
  },
  'arf-abuse-complaint-yahoo.eml': {
    tipo: 'reclamacao',
    destinatario: 'kijitora@y.example.com',
    mensagemOriginalId: '<2222222222222222-00000000-eeee-eeee-ffff-222222222222-111111@email.amazonses.com>',
    messageId: '<222222222222eeee-22222222-2222-2222-2222-2222222222222222222@email.amazonses.com>',
  },
};

describe('classificarEmail: real bounces and complaints', () => {
  const arquivos = readdirSync(pasta).filter((n) => n.endsWith('.eml'));

  it('has an expectation for every fixture in the folder', () => {
    expect(arquivos.sort()).toEqual(Object.keys(esperados).sort());
  });

  it.each(arquivos)('%s', async (nome) => {
    expect(await classificarEmail(fixture(nome))).toEqual(esperados[nome]);
  });
});

const resposta = (cabecalhos: string, corpo: string) =>
  Buffer.from(`${cabecalhos.trim()}\r\n\r\n${corpo}`, 'utf8');

describe('classificarEmail: replies', () => {
  it('keeps only what the customer wrote, and reads the threading headers', async () => {
    const bruto = resposta(
      `
Received: from mx.cliente.example by imap.cobranca.example; Wed, 05 Mar 2025 13:01:02 +0000
Delivered-To: Cobranca@Cobranca.example
X-Original-To: financeiro@cobranca.example
Message-ID: <CAF=resposta1@mail.gmail.com>
In-Reply-To: <m123.abc@cobranca.example>
References: <m100.zzz@cobranca.example> <m123.abc@cobranca.example>
From: =?UTF-8?Q?Jo=C3=A3o_da_Silva?= <Joao.Silva@Cliente.example>
To: "Cobrança" <cobranca@cobranca.example>
Subject: =?UTF-8?Q?Re:_Sua_fatura_vence_amanh=C3=A3?=
Date: Wed, 05 Mar 2025 10:00:00 -0300
MIME-Version: 1.0
Content-Type: text/plain; charset=UTF-8
Content-Transfer-Encoding: quoted-printable
`,
      [
        'J=C3=A1 paguei ontem, segue o comprovante.',
        '> uma linha citada solta',
        'Obrigado!',
        '',
        'Em qua., 5 de mar. de 2025 =C3=A0s 09:00, Cobran=C3=A7a <cobranca@cobranca.example>',
        'escreveu:',
        '',
        '> Ol=C3=A1 Jo=C3=A3o, sua fatura de R$ 150,00 vence amanh=C3=A3.',
        '> Atenciosamente',
        '',
      ].join('\r\n'),
    );
    expect(await classificarEmail(bruto)).toEqual({
      tipo: 'resposta',
      messageId: '<CAF=resposta1@mail.gmail.com>',
      de: 'joao.silva@cliente.example',
      nomeDe: 'João da Silva',
      para: ['cobranca@cobranca.example', 'financeiro@cobranca.example'],
      assunto: 'Re: Sua fatura vence amanhã',
      texto: 'Já paguei ontem, segue o comprovante.\nObrigado!',
      emRespostaA: '<m123.abc@cobranca.example>',
      referencias: ['<m100.zzz@cobranca.example>', '<m123.abc@cobranca.example>'],
      recebidaEm: new Date('2025-03-05T13:01:02Z'),
    });
  });

  it('cuts an English attribution and an Outlook header block', async () => {
    const ingles = await classificarEmail(
      resposta(
        'From: ana@cliente.example\r\nTo: cobranca@cobranca.example\r\nSubject: Re: fatura',
        'Can we talk tomorrow?\r\n\r\nOn Wed, Mar 5, 2025 at 9:00 AM Cobranca <cobranca@cobranca.example> wrote:\r\n> Hi\r\n',
      ),
    );
    expect(ingles).toMatchObject({ tipo: 'resposta', texto: 'Can we talk tomorrow?' });
    const outlook = await classificarEmail(
      resposta(
        'From: bia@cliente.example\r\nTo: cobranca@cobranca.example\r\nSubject: RES: fatura',
        'Pode parcelar em 3 vezes?\r\n\r\n________________________________\r\nDe: Cobrança <cobranca@cobranca.example>\r\nEnviado: quarta-feira, 5 de março de 2025 09:00\r\nPara: bia@cliente.example\r\nAssunto: fatura\r\n\r\nSua fatura vence amanhã.\r\n',
      ),
    );
    expect(outlook).toMatchObject({ tipo: 'resposta', texto: 'Pode parcelar em 3 vezes?' });
  });

  it('cuts the text at 4096 characters', async () => {
    const longa = await classificarEmail(
      resposta('From: ana@cliente.example\r\nTo: cobranca@cobranca.example\r\nSubject: x', 'é'.repeat(5000)),
    );
    expect(longa).toMatchObject({ tipo: 'resposta', texto: 'é'.repeat(4096) });
  });
});

describe('classificarEmail: automatic and hostile mail', () => {
  it.each([
    ['Auto-Submitted: auto-replied', 'Auto-Submitted'],
    ['X-Autoreply: yes', 'x-autoreply'],
    ['Precedence: bulk', 'Precedence: bulk'],
  ])('an automatic reply (%s)', async (cabecalho, motivo) => {
    const bruto = resposta(
      `From: ana@cliente.example\r\nTo: cobranca@cobranca.example\r\nSubject: Ausente\r\n${cabecalho}`,
      'Estou de férias até segunda.',
    );
    const classificado = await classificarEmail(bruto);
    expect(classificado.tipo).toBe('ignorado');
    expect(classificado).toHaveProperty('motivo', expect.stringContaining(motivo));
  });

  it('our own message looping back', async () => {
    const bruto = resposta(
      'From: cobranca@cobranca.example\r\nTo: cobranca@cobranca.example\r\nMessage-ID: <m9.x@Cobranca.example>\r\nSubject: Fatura',
      'Sua fatura vence amanhã.',
    );
    expect(await classificarEmail(bruto, { dominioMensagens: 'cobranca.example' })).toEqual({
      tipo: 'ignorado',
      motivo: 'mensagem nossa de volta à caixa',
    });
  });

  it('a non-standard bounce from MAILER-DAEMON', async () => {
    const bruto = resposta(
      'From: MAILER-DAEMON@mx.example\r\nTo: cobranca@cobranca.example\r\nSubject: failure',
      'x',
    );
    expect(await classificarEmail(bruto)).toMatchObject({ tipo: 'ignorado' });
  });

  it('a reply in an unknown charset is still read', async () => {
    const bruto = Buffer.concat([
      Buffer.from('From: ana@cliente.example\r\nContent-Type: text/plain; charset=x-no-such-charset\r\n\r\n'),
      Buffer.from([0x4f, 0x6b, 0xe9, 0xff]),
    ]);
    expect(await classificarEmail(bruto)).toMatchObject({
      tipo: 'resposta',
      texto: expect.stringMatching(/^Ok/),
    });
  });

  it('hostile input never throws', async () => {
    const entradas = [
      randomBytes(64 * 1024),
      Buffer.alloc(0),
      Buffer.from('\0\0\0\xff\xfe garbage without headers'),
      Buffer.from(`Subject: ${'a'.repeat(500_000)}\r\n\r\ncorpo`),
      resposta(
        'From: ana@cliente.example\r\nContent-Type: multipart/report; report-type=delivery-status; boundary=b',
        '--b\r\nContent-Type: message/delivery-status\r\n\r\n::::\r\n--b--',
      ),
      resposta(
        'From: ana@cliente.example\r\nContent-Type: multipart/mixed; boundary=b',
        `${'--b\r\nContent-Type: multipart/mixed; boundary=b\r\n\r\n'.repeat(2000)}`,
      ),
      Buffer.alloc(41 * 1024 * 1024, 'a'),
    ];
    for (const bruto of entradas) {
      const classificado = await classificarEmail(bruto);
      expect(classificado.tipo, bruto.subarray(0, 80).toString()).toBe('ignorado');
    }
  });
});
