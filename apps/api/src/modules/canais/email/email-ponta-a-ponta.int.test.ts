import { randomBytes } from 'node:crypto';
import { sistemaSettings } from '@cobranca/contracts';
import {
  formatarLinhaDigitavel,
  hojeNoFuso,
  linhaDoCodigo,
  montarCodigoDeBarras,
  somarDias,
} from '@cobranca/dominio';
import { and, eq } from 'drizzle-orm';
import { authenticate } from 'mailauth';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  buildTestApp,
  createTestUser,
  issueToken,
  type TestApp,
} from '../../../../test/build-test-app.ts';
import { type Dovecot, iniciarDovecot, motivoSemDovecot } from '../../../../test/dovecot.ts';
import { type FakeSmtp, iniciarFakeSmtp } from '../../../../test/fake-smtp.ts';
import { jobsDa } from '../../../../test/fila.ts';
import {
  clientes,
  contasReceber,
  emailsDevolvidos,
  mensagens,
  optOutsCanal,
} from '../../../db/schema/index.ts';
import { criarRelogioManual } from '../../../lib/relogio.ts';
import { inserirCliente, inserirConta } from '../../clientes/clientes.test-fixtures.ts';
import { configurarUrlPublica } from '../../links-portal/links.ts';
import { lerCaixaDeEmail } from '../../mensagens/jobs/ler-caixa.job.ts';
import { iniciarVigiaDaCaixa } from '../../mensagens/vigia-caixa.ts';
import { executarPassada } from '../../regua/motor.ts';
import { configurar, JANELA_SEMPRE } from '../../regua/regua.test-fixtures.ts';
import { canaisAtivos } from '../canais-ativos.ts';
import { devolucaoSimulada, reclamacaoSimulada, respostaSimulada } from './relatorios-simulados.ts';

// The e-mail channel end to end against local servers (docs/produto.md §12): the régua's e-mail through a
// real SMTP server, its DKIM signature verified; one-click unsubscribe; then replies, bounces and
// complaints read from a real IMAP mailbox (Dovecot) by the inbox job.

const DOMINIO = 'cobranca.exemplo.com.br';
const REMETENTE = `avisos@${DOMINIO}`;
const appKey = randomBytes(32);
let t: TestApp;
let smtp: FakeSmtp;
let dovecot: Dovecot | null = null;
let token: string;
let registroDkim: { nome: string; valor: string };

const admin = (method: 'PUT' | 'POST', url: string, payload: object) =>
  t.app.inject({ method, url, headers: bearer(token), payload });

beforeAll(async () => {
  configurarUrlPublica(`https://${DOMINIO}`);
  smtp = await iniciarFakeSmtp({ seguranca: 'nenhuma', auth: null });
  if (!motivoSemDovecot) dovecot = await iniciarDovecot();
  t = await buildTestApp({ appKey });
  token = await issueToken(t.database, (await createTestUser(t.database, 'admin')).id);
  const salvo = await admin('PUT', '/api/admin/configuracoes/email', {
    provedor: 'smtp',
    smtp: { host: smtp.host, porta: smtp.porta, seguranca: 'nenhuma' },
    remetente: { email: REMETENTE, nome: 'Cobranças ACME' },
    limite_por_minuto: 600,
    ...(dovecot
      ? {
          imap: {
            host: dovecot.host,
            porta: dovecot.porta,
            seguranca: 'nenhuma',
            usuario: dovecot.usuario,
            senha: dovecot.senha,
            pasta: 'INBOX',
          },
        }
      : {}),
  });
  expect(salvo.statusCode).toBe(200);
  const dkim = await admin('POST', '/api/admin/configuracoes/email/dkim', {
    dominio: DOMINIO,
    seletor: 'cobranca',
  });
  expect(dkim.statusCode).toBe(200);
  registroDkim = dkim.json().registro;
  await configurar(t.database.db, {
    janela_envio: JANELA_SEMPRE,
    regua: sistemaSettings.parse({}).regua.map((e) => ({ ...e, canais: ['email', 'sms'] })),
  });
});
afterAll(async () => {
  await t.close();
  await smtp.fechar();
  await dovecot?.fechar();
});

/** The engine on the real configured channels (SMTP for e-mail, the simulator for SMS), from now. */
const passada = async () =>
  executarPassada({
    db: t.database.db,
    appKey,
    canaisDe: () => canaisAtivos(t.database.db, appKey),
    relogio: criarRelogioManual(new Date()),
    worker: 'teste',
  });

const devedor = async (nome: string, email: string) => {
  const id = await inserirCliente(t.database.db, { nome, email });
  await inserirConta(t.database.db, {
    clienteId: id,
    valorCentavos: 25_000,
    vencimento: somarDias(hojeNoFuso(new Date()), -3),
  });
  return id;
};

const doCliente = (id: number) =>
  t.database.db.select().from(mensagens).where(eq(mensagens.clienteId, id)).orderBy(mensagens.id);

const lerCaixa = () =>
  lerCaixaDeEmail.executar(
    {},
    { db: t.database.db, appKey, log: { info: () => {}, warn: () => {}, error: () => {} } },
  );

let bia: number;
let enviada: typeof mensagens.$inferSelect;

describe('the régua by e-mail through SMTP', () => {
  it('sends it signed with DKIM (d= the From domain, relaxed/relaxed) that verifies, with one-click unsubscribe', async () => {
    bia = await devedor('Bia Email', 'bia@cliente.example');
    await passada();
    const [m] = await doCliente(bia);
    expect(m).toMatchObject({ canal: 'email', provedor: 'smtp', status: 'enviada' });
    if (!m) throw new Error('sem mensagem');
    enviada = m;
    const [recebida] = smtp.recebidas;
    if (!recebida) throw new Error('o servidor SMTP não recebeu nada');
    expect(recebida.para).toEqual(['bia@cliente.example']);
    const { dkim } = await authenticate(recebida.bruto, {
      resolver: async (nome: string, tipo: string) => {
        if (tipo === 'TXT' && nome === registroDkim.nome) return [[registroDkim.valor]];
        throw Object.assign(new Error(`sem ${tipo} ${nome}`), { code: 'ENOTFOUND' });
      },
      ip: '127.0.0.1',
      helo: 'localhost',
      sender: recebida.de,
      mta: 'mx.teste',
      disableArc: true,
      disableBimi: true,
    });
    expect(dkim.results[0]).toMatchObject({ signingDomain: DOMINIO, status: { result: 'pass' } });
    const email = await simpleParser(recebida.bruto);
    expect(email.messageId).toBe(m.canalMensagemId);
    expect(email.messageId).toMatch(new RegExp(`@${DOMINIO.replaceAll('.', '\\.')}>$`));
    // The QR code travels inline, referenced by the HTML part.
    const qr = email.attachments.find((a) => a.contentType === 'image/png');
    expect(qr?.contentDisposition).toBe('inline');
    expect(recebida.bruto.toString()).toContain(`cid:${qr?.cid}`);
    expect(email.text).toContain('PIX copia e cola');
  });

  it('a resend of the message (its sender died before recording the relay took it) is the same e-mail: same Message-ID', async () => {
    const { email: driver } = await canaisAtivos(t.database.db, appKey);
    const envio = {
      mensagemId: enviada.id,
      clienteId: bia,
      telefone: null,
      email: 'bia@cliente.example',
      assunto: enviada.assunto,
      conteudo: enviada.conteudo,
    };
    const antes = smtp.recebidas.length;
    expect(await driver?.enviar(envio)).toMatchObject({ ok: true, canalMensagemId: enviada.canalMensagemId });
    const copia = await simpleParser(smtp.recebidas[antes]?.bruto ?? Buffer.from(''));
    expect(copia.messageId).toBe(enviada.canalMensagemId);
    // Another message, or the same id under another APP_KEY (another installation), is another e-mail.
    const outra = await driver?.enviar({ ...envio, clienteId: null, mensagemId: enviada.id + 1_000 });
    expect(outra?.ok && outra.canalMensagemId).not.toBe(enviada.canalMensagemId);
    const { email: deOutraInstalacao } = await canaisAtivos(t.database.db, randomBytes(32));
    const outraChave = await deOutraInstalacao?.enviar(envio);
    expect(outraChave?.ok && outraChave.canalMensagemId).not.toBe(enviada.canalMensagemId);
    smtp.recebidas.splice(antes);
  });

  it("a receivable's boleto goes once: its linha in the text, its barcode as an image beside the PIX (issue 33)", async () => {
    const id = await devedor('Caio Boleto', 'caio@cliente.example');
    const [contaDoCaio] = await t.database.db
      .select()
      .from(contasReceber)
      .where(eq(contasReceber.clienteId, id));
    const codigo = montarCodigoDeBarras({
      banco: '341',
      vencimento: contaDoCaio?.vencimento ?? '',
      valorCentavos: 25_000,
      campoLivre: '1090000000112340123456000',
    });
    await t.database.db
      .update(contasReceber)
      .set({ banco: '341', nossoNumero: '1', codigoBarras: codigo, linhaDigitavel: linhaDoCodigo(codigo) })
      .where(eq(contasReceber.clienteId, id));
    const antes = smtp.recebidas.length;
    await passada();
    const email = await simpleParser(smtp.recebidas[antes]?.bruto ?? Buffer.from(''));
    const linha = formatarLinhaDigitavel(linhaDoCodigo(codigo));
    expect(email.text?.split(linha)).toHaveLength(2);
    expect(email.attachments.map((a) => a.cid)).toEqual(expect.arrayContaining(['boleto-1@cobranca']));
    const [m] = await doCliente(id);
    expect(m?.conteudo).toContain(`Boleto (linha digitável):\n${linha}`);
  });

  it('one-click unsubscribe: a GET shows a page and changes nothing; the provider POST opts out of e-mail, with proof', async () => {
    const email = await simpleParser(smtp.recebidas[0]?.bruto ?? Buffer.from(''));
    const url = /<(https:[^>]+)>/.exec(
      email.headerLines.find((h) => h.key === 'list-unsubscribe')?.line ?? '',
    )?.[1];
    if (!url) throw new Error('sem List-Unsubscribe');
    const caminho = new URL(url).pathname;
    const pagina = await t.app.inject({ method: 'GET', url: caminho, headers: { accept: 'text/html' } });
    expect(pagina.statusCode).toBe(200);
    expect(pagina.body).toContain('<form method="post">');
    expect(await t.database.db.select().from(optOutsCanal).where(eq(optOutsCanal.clienteId, bia))).toEqual(
      [],
    );

    const clique = await t.app.inject({
      method: 'POST',
      url: caminho,
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'user-agent': 'Gmail' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(clique.statusCode).toBe(200);
    expect(clique.json()).toEqual({ descadastrado: true });
    const [optOut] = await t.database.db.select().from(optOutsCanal).where(eq(optOutsCanal.clienteId, bia));
    expect(optOut).toMatchObject({ canal: 'email', origem: 'descadastro_um_clique' });
    expect(optOut?.prova).toMatchObject({ corpo: 'List-Unsubscribe=One-Click', user_agent: 'Gmail' });
    // Again: nothing new; a forged token is a 404.
    expect((await t.app.inject({ method: 'POST', url: caminho, payload: '' })).statusCode).toBe(200);
    const forjado = caminho.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A'));
    expect((await t.app.inject({ method: 'POST', url: forjado, payload: '' })).statusCode).toBe(404);
    // The customer keeps WhatsApp and SMS: only e-mail stopped.
    const [c] = await t.database.db.select().from(clientes).where(eq(clientes.id, bia));
    expect(c?.optOutEm).toBeNull();
  });
});

describe.skipIf(motivoSemDovecot !== null)('the inbox, read from a real IMAP server', () => {
  it('a reply threads into the conversation and the customer waits for service', async () => {
    await dovecot?.entregar(
      respostaSimulada(
        {
          messageId: enviada.canalMensagemId ?? '',
          para: 'bia@cliente.example',
          de: REMETENTE,
          assunto: enviada.assunto ?? '',
        },
        'Posso pagar na sexta?\n\nEm seg., escreveu:\n> mensagem antiga',
        new Date(),
      ),
    );
    await lerCaixa();
    const entrada = (await doCliente(bia)).find((m) => m.direcao === 'entrada');
    expect(entrada).toMatchObject({
      canal: 'email',
      conteudo: 'Posso pagar na sexta?',
      email: 'bia@cliente.example',
    });
    const [c] = await t.database.db.select().from(clientes).where(eq(clientes.id, bia));
    expect(c?.status).toBe('aguardando_atendimento');
    // Read once: the same mailbox read again changes nothing.
    await lerCaixa();
    expect((await doCliente(bia)).filter((m) => m.direcao === 'entrada')).toHaveLength(1);
  });

  it('a permanent bounce marks the address bounced, fails the message and sends it by SMS the same day, same charge', async () => {
    const caio = await devedor('Caio Devolvido', 'caio@inexistente.example');
    await passada();
    const [email] = await doCliente(caio);
    expect(email).toMatchObject({ canal: 'email', status: 'enviada' });
    await dovecot?.entregar(
      devolucaoSimulada(
        {
          messageId: email?.canalMensagemId ?? '',
          para: 'caio@inexistente.example',
          de: REMETENTE,
          assunto: email?.assunto ?? '',
        },
        true,
        new Date(),
      ),
    );
    await lerCaixa();
    const [devolvido] = await t.database.db
      .select()
      .from(emailsDevolvidos)
      .where(eq(emailsDevolvidos.email, 'caio@inexistente.example'));
    expect(devolvido).toMatchObject({ status: '5.1.1', mensagemId: email?.id });
    await passada();
    const [falhou, sms] = await doCliente(caio);
    expect(falhou).toMatchObject({ status: 'falhou', erroCodigo: 'devolvido' });
    expect(sms).toMatchObject({
      canal: 'sms',
      status: 'enviada',
      pixTxid: email?.pixTxid,
      substituiMensagemId: email?.id,
    });
  });

  it('a temporary bounce is only recorded; a complaint opts the customer out of e-mail', async () => {
    const davi = await devedor('Davi Reclamou', 'davi@cliente.example');
    await passada();
    const [email] = await doCliente(davi);
    const original = {
      messageId: email?.canalMensagemId ?? '',
      para: 'davi@cliente.example',
      de: REMETENTE,
      assunto: email?.assunto ?? '',
    };
    await dovecot?.entregar(devolucaoSimulada(original, false, new Date()));
    await dovecot?.entregar(reclamacaoSimulada(original, new Date()));
    await lerCaixa();
    const [m] = await doCliente(davi);
    expect(m?.status).toBe('enviada');
    const optOuts = await t.database.db
      .select()
      .from(optOutsCanal)
      .where(and(eq(optOutsCanal.clienteId, davi), eq(optOutsCanal.canal, 'email')));
    expect(optOuts.map((o) => o.origem)).toEqual(['reclamacao']);
  });

  it('the IDLE watch enqueues the inbox job within seconds of new mail', async () => {
    const vigia = iniciarVigiaDaCaixa(t.database.db, appKey, { warn: () => {} });
    try {
      // The watch's first pass enqueues at start; what matters is a job after the mail arrives.
      await new Promise((r) => setTimeout(r, 1500));
      const antes = (await jobsDa(t.database, lerCaixaDeEmail.nome)).length;
      await dovecot?.entregar(
        respostaSimulada(
          { messageId: '<x@y>', para: 'quem@cliente.example', de: REMETENTE, assunto: 'Oi' },
          'Oi',
          new Date(),
        ),
      );
      await expect
        .poll(async () => (await jobsDa(t.database, lerCaixaDeEmail.nome)).length, {
          timeout: 8000,
          interval: 200,
        })
        .toBeGreaterThan(antes);
    } finally {
      await vigia.parar();
    }
  });
});
