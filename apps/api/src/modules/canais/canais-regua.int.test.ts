import { randomBytes } from 'node:crypto';
import { sistemaSettings } from '@cobranca/contracts';
import { eq } from 'drizzle-orm';
import { simpleParser } from 'mailparser';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../../test/test-database.ts';
import type { Database } from '../../db/client.ts';
import { clientes, emailsSimulados, mensagens, portalLinks, reguaEnvios } from '../../db/schema/index.ts';
import { inserirCliente, inserirConta } from '../clientes/clientes.test-fixtures.ts';
import { configurarUrlPublica } from '../links-portal/links.ts';
import { executarPassada } from '../regua/motor.ts';
import { configurar, em, JANELA_SEMPRE, mensagensRegua, montarMotor } from '../regua/regua.test-fixtures.ts';
import type { Canais, ResultadoEnvio } from './canal.ts';
import { criarCanalEmail } from './email/canal-email.ts';
import { buscarEmailConfigurado } from './email/email-settings.repository.ts';
import { descadastrarDoCanal } from './opt-out-canal.ts';

// Routing, fallback and one contact budget across WhatsApp, e-mail and SMS (docs/produto.md §12), on the
// real engine: planning routes each step, the sender paces each channel, a permanent failure goes out
// the same day through the next channel with the same charge.

let database: Database;
const appKey = randomBytes(32);

beforeEach(async () => {
  // One-click unsubscribe needs an https address (RFC 8058).
  configurarUrlPublica('https://cobranca.exemplo.com.br');
  database = await openTestDatabase();
  await configurar(database.db, {
    janela_envio: JANELA_SEMPRE,
    regua: sistemaSettings.parse({}).regua.map((e) => ({ ...e, canais: ['whatsapp', 'email', 'sms'] })),
  });
});
afterEach(() => database.close());

const NAO_E_WHATSAPP: ResultadoEnvio = {
  ok: false,
  erroCodigo: '131026',
  erroMensagem: 'O número não tem WhatsApp.',
  transitorio: false,
};

/**
 * The engine with counted WhatsApp and SMS simulators and the real e-mail channel on the simulator;
 * `textos` gets what each counted channel was handed (the portal link filled in).
 */
const motor = async (inicio: Date, falharWhatsapp = false, textos: string[] = []) => {
  const m = montarMotor(
    database.db,
    inicio,
    (envio, _n, canal) => {
      textos.push(envio.conteudo);
      return falharWhatsapp && canal === 'whatsapp' ? NAO_E_WHATSAPP : undefined;
    },
    { todosOsCanais: true },
  );
  const contados = await m.deps.canaisDe();
  const email = criarCanalEmail(database.db, appKey, await buscarEmailConfigurado(database.db, appKey));
  const canais: Canais = { ...contados, email };
  return { ...m, deps: { ...m.deps, appKey, canaisDe: async () => canais } };
};

const devedor = async (contato: { telefone?: string | null; email?: string | null }) => {
  const id = await inserirCliente(database.db, {
    nome: 'Bia Devedora',
    documento: '52998224725',
    ...contato,
  });
  await inserirConta(database.db, { clienteId: id, valorCentavos: 15_000, vencimento: '2026-12-12' });
  return id;
};

describe('routing a régua step', () => {
  it('goes by e-mail to a customer without a phone: sent, never "delivered", with the message kept whole', async () => {
    const id = await devedor({ telefone: null, email: 'bia@example.com' });
    const { deps } = await motor(em('2026-12-15', '10:00'));
    await executarPassada(deps);
    const [m] = await mensagensRegua(database.db, id);
    expect(m).toMatchObject({
      canal: 'email',
      provedor: 'simulador',
      status: 'enviada',
      email: 'bia@example.com',
    });
    expect(m?.entregueEm).toBeNull();
    expect(m?.assunto).toMatch(/Fatura de R\$/);
    const [guardado] = await database.db
      .select()
      .from(emailsSimulados)
      .where(eq(emailsSimulados.mensagemId, m?.id ?? 0));
    const email = await simpleParser(Buffer.from(guardado?.bruto ?? ''));
    expect(email.messageId).toBe(m?.canalMensagemId);
    expect(email.text).toContain('PIX copia e cola');
    expect(email.text).toMatch(/52998224725|Bia/);
    // One-click unsubscribe (RFC 8058), each header on one line.
    const linha = (nome: string) => email.headerLines.find((h) => h.key === nome)?.line;
    expect(linha('list-unsubscribe-post')).toBe('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    expect(linha('list-unsubscribe')).toMatch(
      /^List-Unsubscribe: <https:\/\/cobranca\.exemplo\.com\.br\/api\/publico\/descadastro\/\d+\.[\w-]{32}>, <mailto:[^>\n]+>$/,
    );
    expect(email.attachments.some((a) => a.contentType === 'image/png' && a.cid)).toBe(true);
  });

  it('tries the preferred channel first', async () => {
    const id = await devedor({ email: 'bia@example.com' });
    await database.db.update(clientes).set({ canalPreferido: 'sms' }).where(eq(clientes.id, id));
    const { deps } = await motor(em('2026-12-15', '10:00'));
    await executarPassada(deps);
    const [m] = await mensagensRegua(database.db, id);
    expect(m).toMatchObject({ canal: 'sms', status: 'enviada' });
    expect(m?.alternativas?.map((a) => a.canal)).toEqual(['whatsapp', 'email']);
    // SMS carries the portal link, never the copia e cola.
    expect(m?.conteudo).not.toContain('PIX copia e cola');
  });

  it('leaves out a channel the customer opted out of; the others go on', async () => {
    const id = await devedor({ email: 'bia@example.com' });
    await database.db.transaction((tx) =>
      descadastrarDoCanal(tx, {
        clienteId: id,
        canal: 'whatsapp',
        origem: 'operador',
        prova: {},
        agora: new Date(),
      }),
    );
    const { deps } = await motor(em('2026-12-15', '10:00'));
    await executarPassada(deps);
    const [m] = await mensagensRegua(database.db, id);
    expect(m).toMatchObject({ canal: 'email', status: 'enviada' });
    expect(m?.alternativas?.map((a) => a.canal)).toEqual(['sms']);
  });
});

describe('fallback', () => {
  it('a permanent WhatsApp failure goes out the same day by e-mail, with the same charge and portal link', async () => {
    const id = await devedor({ email: 'bia@example.com' });
    const textos: string[] = [];
    const { deps } = await motor(em('2026-12-15', '10:00'), true, textos);
    await executarPassada(deps);
    const [whatsapp, email, ...resto] = await mensagensRegua(database.db, id);
    expect(resto).toEqual([]);
    expect(whatsapp).toMatchObject({ canal: 'whatsapp', status: 'falhou', erroCodigo: '131026' });
    expect(email).toMatchObject({ canal: 'email', status: 'enviada', substituiMensagemId: whatsapp?.id });
    expect(email?.pixTxid).toBe(whatsapp?.pixTxid);
    expect(whatsapp?.pixTxid).not.toBeNull();
    // The code the e-mail shows is the one the WhatsApp message carried.
    const codigo = whatsapp?.conteudo.split('PIX copia e cola:\n')[1]?.split('\n')[0];
    expect(codigo).toBeTruthy();
    const [guardado] = await database.db
      .select()
      .from(emailsSimulados)
      .where(eq(emailsSimulados.mensagemId, email?.id ?? 0));
    const recebido = await simpleParser(Buffer.from(guardado?.bruto ?? ''));
    expect(recebido.text).toContain(codigo);
    // The link the WhatsApp message carried is the one the e-mail carries, in its text and its button.
    const link = /https:\/\/cobranca\.exemplo\.com\.br\/p\/[A-Za-z0-9_-]{32}/.exec(textos[0] ?? '')?.[0];
    expect(link).toBeTruthy();
    expect(
      new Set(recebido.text?.match(/https:\/\/cobranca\.exemplo\.com\.br\/p\/[A-Za-z0-9_-]{32}/g)),
    ).toEqual(new Set([link]));
    expect(recebido.html).toContain(`href="${link}"`);
    expect(await database.db.select().from(portalLinks).where(eq(portalLinks.clienteId, id))).toHaveLength(1);
    // The receivable's step now points at the e-mail, sent; the failure did not count as an attempt.
    const envios = await database.db
      .select()
      .from(reguaEnvios)
      .where(eq(reguaEnvios.mensagemId, email?.id ?? 0));
    expect(envios.map((e) => e.status)).toEqual(['enviado']);
    const [cliente] = await database.db.select().from(clientes).where(eq(clientes.id, id));
    expect(cliente?.numeroChamadas).toBe(1);
  });

  it('a channel closed between planning and sending: the message goes on the next one, same charge', async () => {
    const id = await devedor({ email: 'bia@example.com' });
    const { deps } = await motor(em('2026-12-15', '10:00'));
    await executarPassada(deps, undefined, { planejar: true, enviar: false });
    const [planejada] = await mensagensRegua(database.db, id);
    expect(planejada).toMatchObject({ canal: 'whatsapp', status: 'pendente' });
    await database.db.transaction((tx) =>
      descadastrarDoCanal(tx, {
        clienteId: id,
        canal: 'whatsapp',
        origem: 'operador',
        prova: {},
        agora: new Date(),
      }),
    );
    await executarPassada(deps, undefined, { planejar: false, enviar: true });
    const [whatsapp, email, ...resto] = await mensagensRegua(database.db, id);
    expect(resto).toEqual([]);
    expect(whatsapp).toMatchObject({ canal: 'whatsapp', status: 'cancelada', pixTxid: null });
    expect(email).toMatchObject({ canal: 'email', status: 'enviada', substituiMensagemId: whatsapp?.id });
    // Withdrawn before its charge was made: the e-mail got the one charge of the step.
    expect(email?.pixTxid).not.toBeNull();
    const envios = await database.db
      .select()
      .from(reguaEnvios)
      .where(eq(reguaEnvios.mensagemId, email?.id ?? 0));
    expect(envios.map((e) => e.status)).toEqual(['enviado']);
  });

  it('with no channel left, the step fails and counts as an attempt', async () => {
    const id = await devedor({ email: null });
    await configurar(database.db, {
      janela_envio: JANELA_SEMPRE,
      regua: sistemaSettings.parse({}).regua.map((e) => ({ ...e, canais: ['whatsapp', 'email'] })),
    });
    const { deps } = await motor(em('2026-12-15', '10:00'), true);
    await executarPassada(deps);
    const todas = await mensagensRegua(database.db, id);
    expect(todas.map((m) => [m.canal, m.status])).toEqual([['whatsapp', 'falhou']]);
    const [cliente] = await database.db.select().from(clientes).where(eq(clientes.id, id));
    expect(cliente?.numeroChamadas).toBe(1);
  });
});

describe('one contact budget', () => {
  it('counts every channel together: one message a day, whichever channel carried it', async () => {
    const id = await devedor({ email: 'bia@example.com' });
    await inserirConta(database.db, { clienteId: id, valorCentavos: 9_000, vencimento: '2026-12-18' });
    const { deps, relogio } = await motor(em('2026-12-15', '10:00'));
    await executarPassada(deps);
    relogio.avancar(3_600_000);
    await executarPassada(deps);
    const hoje = (await database.db.select().from(mensagens).where(eq(mensagens.clienteId, id))).filter(
      (m) => m.direcao === 'saida',
    );
    expect(hoje).toHaveLength(1);
  });
});
