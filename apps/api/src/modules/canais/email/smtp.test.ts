import { type AddressInfo, createServer, type Server, type Socket } from 'node:net';
import { authenticate } from 'mailauth';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type FakeSmtp, iniciarFakeSmtp } from '../../../../test/fake-smtp.ts';
import { certificadosDeTeste } from '../../pix/psp/certificados.test-fixtures.ts';
import { CID_QR_PIX, type EmailMontado, montarEmail } from './conteudo-email.ts';
import { gerarChaveDkim } from './dkim.ts';
import {
  type ConfigSmtp,
  criarTransporteSmtp,
  type EmailAEnviar,
  enviarEmail,
  type TransporteSmtp,
  verificarSmtp,
} from './smtp.ts';

const DOMINIO = 'cobranca.exemplo.com.br';
const SELETOR = 'cob2026';
const chave = gerarChaveDkim(DOMINIO, SELETOR);
const AUTH = { usuario: 'relay@cobranca.exemplo.com.br', senha: 's3nh@-do-relay' };
// Long enough that nodemailer would fold a List-Unsubscribe it built itself.
const URL_DESCADASTRO = `https://portal.${DOMINIO}/descadastro/${'a1b2c3d4'.repeat(8)}`;
const MAILTO_DESCADASTRO = `mailto:descadastro+${'9f8e7d6c'.repeat(4)}@${DOMINIO}?subject=descadastrar`;

/** DNS for mailauth: the DKIM key record and nothing else (nothing leaves the machine). */
const resolver = async (nome: string, tipo: string): Promise<string[][]> => {
  if (tipo === 'TXT' && nome === chave.registro.nome) return [[chave.registro.valor]];
  throw Object.assign(new Error(`sem registro ${tipo} ${nome}`), { code: 'ENOTFOUND' });
};

const configDe = (fake: FakeSmtp, mudancas: Partial<ConfigSmtp> = {}): ConfigSmtp => ({
  host: fake.host,
  porta: fake.porta,
  seguranca: 'starttls',
  usuario: AUTH.usuario,
  senha: AUTH.senha,
  remetente: { email: `cobranca@${DOMINIO}`, nome: 'Cobranças ACME' },
  dkim: { dominio: DOMINIO, seletor: SELETOR, chavePrivada: chave.chavePrivada },
  tempoLimiteMs: 5_000,
  ...mudancas,
});

let montado: EmailMontado;
beforeAll(async () => {
  montado = await montarEmail({
    assunto: 'Sua fatura de março está em aberto',
    corpo: 'Olá, Maria.\n\nSua fatura venceu em 10/03.',
    credor: { nome: 'ACME Ltda', documento: '12.345.678/0001-95' },
    valor: { totalCentavos: 123_456, multaCentavos: 2_000, jurosCentavos: 345 },
    boletos: [],
    pix: {
      copiaECola: '00020126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-4266554400005204000053039865802BR',
    },
    link: { url: `https://portal.${DOMINIO}/p/xyz`, rotulo: 'Ver e pagar minha dívida' },
    descadastroUrl: URL_DESCADASTRO,
  });
});

const email = (mudancas: Partial<EmailAEnviar> = {}): EmailAEnviar => ({
  mensagemId: 42,
  para: 'maria.silva@cliente.exemplo',
  montado,
  messageId: `<msg-42.k7x9@${DOMINIO}>`,
  emRespostaA: null,
  referencias: [],
  descadastro: { url: URL_DESCADASTRO, mailto: MAILTO_DESCADASTRO },
  ...mudancas,
});

/** A port nothing listens on: bound once, then released. */
const portaFechada = async (): Promise<number> => {
  const servidor = createServer();
  await new Promise<void>((resolve) => servidor.listen(0, '127.0.0.1', resolve));
  const { port } = servidor.address() as AddressInfo;
  await new Promise((resolve) => servidor.close(resolve));
  return port;
};

const cabecalhoBruto = (bruto: Buffer, nome: string): string[] => {
  const cabecalhos = bruto.toString('latin1').split('\r\n\r\n')[0] ?? '';
  const linhas = cabecalhos.split('\r\n');
  const inicio = linhas.findIndex((l) => l.toLowerCase().startsWith(`${nome.toLowerCase()}:`));
  if (inicio < 0) return [];
  const fim = linhas.findIndex((l, i) => i > inicio && !/^[ \t]/.test(l));
  return linhas.slice(inicio, fim < 0 ? undefined : fim);
};

describe('sending through SMTP (STARTTLS, AUTH, DKIM)', () => {
  let fake: FakeSmtp;
  let transporte: TransporteSmtp;

  beforeAll(async () => {
    fake = await iniciarFakeSmtp({
      seguranca: 'starttls',
      auth: AUTH,
      certificado: certificadosDeTeste().servidor,
    });
    transporte = criarTransporteSmtp(configDe(fake));
  });
  afterAll(async () => {
    transporte.close();
    await fake.fechar();
  });
  beforeEach(() => fake.limpar());

  it('delivers to the relay as enviada (never entregue) with the Message-ID as the channel id', async () => {
    const resultado = await enviarEmail(transporte, email());
    expect(resultado).toMatchObject({
      ok: true,
      status: 'enviada',
      entregueEm: null,
      canalMensagemId: `<msg-42.k7x9@${DOMINIO}>`,
    });
    expect(fake.recebidas).toHaveLength(1);
    expect(fake.recebidas[0]).toMatchObject({
      de: `cobranca@${DOMINIO}`,
      para: ['maria.silva@cliente.exemplo'],
    });
  });

  it('signs with DKIM that verifies for the From domain, covering both List-Unsubscribe headers', async () => {
    await enviarEmail(transporte, email());
    const [mensagem] = fake.recebidas;
    if (!mensagem) throw new Error('nada recebido');
    const { dkim } = await authenticate(mensagem.bruto, {
      resolver,
      ip: '127.0.0.1',
      helo: 'localhost',
      sender: mensagem.de,
      mta: 'mx.teste',
      disableArc: true,
      disableBimi: true,
    });
    expect(dkim.results).toHaveLength(1);
    expect(dkim.results[0]).toMatchObject({
      signingDomain: DOMINIO,
      selector: SELETOR,
      status: { result: 'pass' },
    });
    const assinatura = cabecalhoBruto(mensagem.bruto, 'DKIM-Signature').join('').replace(/\s+/g, '');
    expect(assinatura).toContain('a=rsa-sha256');
    expect(assinatura).toContain('c=relaxed/relaxed');
    const assinados = (/;h=([^;]+)/.exec(assinatura)?.[1] ?? '').toLowerCase().split(':');
    expect(assinados).toEqual(
      expect.arrayContaining([
        'from',
        'to',
        'subject',
        'date',
        'message-id',
        'list-unsubscribe',
        'list-unsubscribe-post',
      ]),
    );
  });

  it('writes List-Unsubscribe on one line and the one-click List-Unsubscribe-Post', async () => {
    await enviarEmail(transporte, email());
    const bruto = fake.recebidas[0]?.bruto ?? Buffer.alloc(0);
    const linhas = cabecalhoBruto(bruto, 'List-Unsubscribe');
    expect(linhas).toEqual([`List-Unsubscribe: <${URL_DESCADASTRO}>, <${MAILTO_DESCADASTRO}>`]);
    expect(cabecalhoBruto(bruto, 'List-Unsubscribe-Post')).toEqual([
      'List-Unsubscribe-Post: List-Unsubscribe=One-Click',
    ]);
  });

  it('has no List-Unsubscribe when there is no unsubscribe to offer', async () => {
    await enviarEmail(transporte, email({ descadastro: null }));
    const bruto = fake.recebidas[0]?.bruto ?? Buffer.alloc(0);
    expect(cabecalhoBruto(bruto, 'List-Unsubscribe')).toEqual([]);
  });

  it('refuses an unsubscribe URI that could break the header line', async () => {
    const resultado = await enviarEmail(
      transporte,
      email({ descadastro: { url: URL_DESCADASTRO, mailto: 'mailto:x@y.com>\r\nBcc: vitima@z.com' } }),
    );
    expect(resultado).toMatchObject({ ok: false, erroCodigo: 'descadastro_invalido', transitorio: false });
    expect(fake.recebidas).toHaveLength(0);
  });

  it('threads with In-Reply-To and References, keeps the given Message-ID', async () => {
    const anterior = `<msg-41.aaaa@${DOMINIO}>`;
    const resposta = '<CAF=resposta@mail.cliente.exemplo>';
    await enviarEmail(transporte, email({ emRespostaA: resposta, referencias: [anterior, resposta] }));
    const parsed = await simpleParser(fake.recebidas[0]?.bruto ?? '');
    expect(parsed.messageId).toBe(`<msg-42.k7x9@${DOMINIO}>`);
    expect(parsed.inReplyTo).toBe(resposta);
    expect(parsed.references).toEqual([anterior, resposta]);
  });

  it('carries the PIX QR as an inline PNG whose cid the HTML references, plus the text part', async () => {
    await enviarEmail(transporte, email());
    const parsed = await simpleParser(fake.recebidas[0]?.bruto ?? '', { keepCidLinks: true });
    expect(parsed.attachments).toHaveLength(1);
    const [qr] = parsed.attachments;
    expect(qr).toMatchObject({ contentType: 'image/png', contentDisposition: 'inline', cid: CID_QR_PIX });
    expect(qr?.content.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    expect(parsed.html).toContain(`cid:${CID_QR_PIX}`);
    expect(parsed.text).toContain('Valor atualizado: R$');
    expect(parsed.subject).toBe('Sua fatura de março está em aberto');
    expect(parsed.from?.value).toEqual([{ address: `cobranca@${DOMINIO}`, name: 'Cobranças ACME' }]);
  });

  it('sends concurrent messages through the pool', async () => {
    const resultados = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        enviarEmail(transporte, email({ mensagemId: i, messageId: `<m-${i}@${DOMINIO}>` })),
      ),
    );
    expect(resultados.every((r) => r.ok)).toBe(true);
    expect(fake.recebidas).toHaveLength(12);
  });

  it('550 on RCPT is permanent, with the server reply for the admin', async () => {
    fake.falharPara('maria.silva@cliente.exemplo', 550, '5.1.1 <maria.silva@cliente.exemplo>: User unknown');
    const resultado = await enviarEmail(transporte, email());
    expect(resultado).toMatchObject({ ok: false, erroCodigo: 'smtp_550', transitorio: false });
    if (resultado.ok) return;
    expect(resultado.erroMensagem).toContain('recusou o destinatário');
    expect(resultado.erroMensagem).toContain('User unknown');
  });

  it('552 at the end of DATA is permanent', async () => {
    fake.falharProximas(1, 552);
    const resultado = await enviarEmail(transporte, email());
    expect(resultado).toMatchObject({ ok: false, erroCodigo: 'smtp_552', transitorio: false });
  });

  it.each([421, 450, 451, 452])('%i is transient', async (codigo) => {
    fake.falharProximas(1, codigo);
    const resultado = await enviarEmail(transporte, email());
    expect(resultado).toMatchObject({ ok: false, erroCodigo: `smtp_${codigo}`, transitorio: true });
    if (resultado.ok) return;
    expect(resultado.erroMensagem).toContain('nova tentativa');
  });

  it('451 on RCPT (greylisting) is transient', async () => {
    fake.falharPara('maria.silva@cliente.exemplo', 451, '4.7.1 Greylisted, try again later');
    const resultado = await enviarEmail(transporte, email());
    expect(resultado).toMatchObject({ ok: false, erroCodigo: 'smtp_451', transitorio: true });
  });

  it('the rate limit refusal is transient', async () => {
    fake.limitePorSegundo(0);
    const resultado = await enviarEmail(transporte, email());
    expect(resultado).toMatchObject({ ok: false, erroCodigo: 'smtp_451', transitorio: true });
    expect(fake.excedeuLimite).toBe(1);
  });

  it('a wrong password is permanent and tells the admin to fix the credentials', async () => {
    const errado = criarTransporteSmtp(configDe(fake, { senha: 'errada' }));
    try {
      const resultado = await enviarEmail(errado, email());
      expect(resultado).toMatchObject({ ok: false, erroCodigo: 'smtp_autenticacao', transitorio: false });
      if (resultado.ok) return;
      expect(resultado.erroMensagem).toContain('corrija as credenciais');
    } finally {
      errado.close();
    }
  });

  it('a server that is down is transient', async () => {
    const fora = criarTransporteSmtp({ ...configDe(fake), porta: await portaFechada() });
    try {
      const resultado = await enviarEmail(fora, email());
      expect(resultado).toMatchObject({ ok: false, erroCodigo: 'smtp_conexao', transitorio: true });
    } finally {
      fora.close();
    }
  });

  it('refuses a DKIM domain the From address is not aligned with', () => {
    expect(() =>
      criarTransporteSmtp(configDe(fake, { remetente: { email: 'cobranca@outro.exemplo', nome: 'X' } })),
    ).toThrow(/não corresponde/);
  });
});

describe('implicit TLS', () => {
  it('sends over TLS from the first byte', async () => {
    const fake = await iniciarFakeSmtp({
      seguranca: 'tls',
      auth: AUTH,
      certificado: certificadosDeTeste().servidor,
    });
    const transporte = criarTransporteSmtp(configDe(fake, { seguranca: 'tls', dkim: null }));
    try {
      const resultado = await enviarEmail(transporte, email());
      expect(resultado).toMatchObject({ ok: true, status: 'enviada' });
      expect(fake.recebidas).toHaveLength(1);
      expect(cabecalhoBruto(fake.recebidas[0]?.bruto ?? Buffer.alloc(0), 'DKIM-Signature')).toEqual([]);
    } finally {
      transporte.close();
      await fake.fechar();
    }
  });
});

describe('verificarSmtp', () => {
  const servidores: { fechar(): Promise<void> }[] = [];
  afterAll(async () => {
    await Promise.all(servidores.map((s) => s.fechar()));
  });
  const fake = async (...args: Parameters<typeof iniciarFakeSmtp>) => {
    const f = await iniciarFakeSmtp(...args);
    servidores.push(f);
    return f;
  };

  it('answers ok when it connects, negotiates STARTTLS and authenticates', async () => {
    const f = await fake({ seguranca: 'starttls', auth: AUTH, certificado: certificadosDeTeste().servidor });
    expect(await verificarSmtp(configDe(f))).toEqual({ ok: true });
  });

  it('answers ok on a plain relay with AUTH (seguranca nenhuma)', async () => {
    const f = await fake({ seguranca: 'nenhuma', auth: AUTH });
    expect(await verificarSmtp(configDe(f, { seguranca: 'nenhuma' }))).toEqual({ ok: true });
  });

  it('says it could not connect to host:port', async () => {
    const porta = await portaFechada();
    const f = await fake();
    const resposta = await verificarSmtp({ ...configDe(f), porta });
    expect(resposta).toEqual({
      ok: false,
      erro: expect.stringContaining(`Não foi possível conectar a 127.0.0.1:${porta}`),
    });
  });

  it('says the TLS handshake failed on an untrusted certificate', async () => {
    const f = await fake({ seguranca: 'tls', auth: AUTH }); // self-signed: nobody trusts it
    const resposta = await verificarSmtp(configDe(f, { seguranca: 'tls' }));
    expect(resposta).toEqual({ ok: false, erro: expect.stringContaining('negociação TLS') });
  });

  it('says STARTTLS failed when the server does not offer it', async () => {
    const f = await fake({ seguranca: 'nenhuma', auth: AUTH });
    const resposta = await verificarSmtp(configDe(f, { seguranca: 'starttls' }));
    expect(resposta).toEqual({ ok: false, erro: expect.stringContaining('negociação TLS') });
  });

  it('says the user or password was refused', async () => {
    const f = await fake({ seguranca: 'starttls', auth: AUTH, certificado: certificadosDeTeste().servidor });
    const resposta = await verificarSmtp(configDe(f, { senha: 'errada' }));
    expect(resposta).toEqual({ ok: false, erro: expect.stringContaining('Usuário ou senha recusados') });
  });

  it('says it timed out when the server never greets', async () => {
    const conexoes: Socket[] = [];
    const mudo: Server = createServer((s) => conexoes.push(s)); // accepts and stays silent
    await new Promise<void>((resolve) => mudo.listen(0, '127.0.0.1', resolve));
    servidores.push({
      fechar: () =>
        new Promise<void>((resolve) => {
          for (const s of conexoes) s.destroy();
          mudo.close(() => resolve());
        }),
    });
    const f = await fake();
    const resposta = await verificarSmtp({
      ...configDe(f, { tempoLimiteMs: 300 }),
      porta: (mudo.address() as AddressInfo).port,
    });
    expect(resposta).toEqual({ ok: false, erro: expect.stringContaining('não respondeu a tempo') });
  });

  it('says the DKIM key is invalid before connecting', async () => {
    const f = await fake();
    const resposta = await verificarSmtp(
      configDe(f, { dkim: { dominio: DOMINIO, seletor: SELETOR, chavePrivada: 'não é uma chave' } }),
    );
    expect(resposta).toEqual({ ok: false, erro: expect.stringContaining('chave privada DKIM é inválida') });
  });
});
