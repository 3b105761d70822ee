import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../../../test/test-database.ts';
import type { Database } from '../../../db/client.ts';
import { clientes, emailsDevolvidos, mensagens } from '../../../db/schema/index.ts';
import { inserirCliente } from '../../clientes/clientes.test-fixtures.ts';
import { registrarResultadoEnvio } from '../resultado-envio.service.ts';
import { inserirMensagemSaida, MAX_ENVIOS_EMAIL_ADIADO } from '../saida.repository.ts';
import { processarEmailRecebido } from './email-recebido.service.ts';

// A relay that gives up on an e-mail for a temporary reason (the real Postfix report in the fixtures:
// `Action: failed`, `Status: 4.4.1`, its queue expired) gets the e-mail again, a bounded number of times,
// without the address being marked bounced; then the message goes on to the next channel.

const pasta = new URL('../../../../test/fixtures/email/', import.meta.url);
const expirado = readFileSync(new URL('dsn-failed-4.4.1-postfix-expired.eml', pasta));
const adiado = readFileSync(new URL('dsn-soft-delayed-4.5.0-sendmail.eml', pasta));
// The Message-ID of the original the Postfix report quotes, and its recipient.
const ID_ORIGINAL = '<143E20AB-3911-4809-8B49-BB1A17513571@mail.ru>';
const DESTINATARIO = 'kijitora@example.com';

let database: Database;
const ctx = () => ({ appKey: randomBytes(32), provedor: 'smtp' as const, dominio: null, agora: new Date() });
const db = () => database.db;

beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

/** An e-mail the relay accepted, with an SMS to fall back to. */
const emailEnviado = async () => {
  const clienteId = await inserirCliente(db(), {
    nome: 'Kiji Tora',
    email: DESTINATARIO,
    telefone: '+5511987650000',
  });
  const id = await inserirMensagemSaida(db(), {
    clienteId,
    telefone: null,
    email: DESTINATARIO,
    assunto: 'Sua fatura',
    conteudo: 'Olá',
    origem: 'operador',
    autorId: null,
    canal: 'email',
    provedor: 'smtp',
    alternativas: [
      {
        canal: 'sms',
        telefone: '+5511987650000',
        email: null,
        assunto: null,
        conteudo: 'Olá por SMS',
        template: null,
      },
    ],
  });
  return { clienteId, id };
};

/** What the sender records when the relay takes the e-mail (again), under the Message-ID a report quotes. */
const relayAceitou = (id: number, clienteId: number, canalMensagemId = ID_ORIGINAL) =>
  registrarResultadoEnvio(
    db(),
    { id, origem: 'operador', clienteId, conteudo: 'Olá' },
    { ok: true, status: 'enviada', canalMensagemId, enviadaEm: new Date(), entregueEm: null },
    { agora: new Date() },
  );

const linha = async (id: number) => (await db().select().from(mensagens).where(eq(mensagens.id, id)))[0];

describe('an e-mail a relay gave up on for a temporary reason', () => {
  it(`is sent again an hour later, then two; after ${MAX_ENVIOS_EMAIL_ADIADO} sends it goes by SMS; the address stays usable`, async () => {
    const { clienteId, id } = await emailEnviado();
    expect(await relayAceitou(id, clienteId)).toBe(true);
    for (const horas of [1, 2]) {
      const antes = Date.now();
      expect(await processarEmailRecebido(db(), expirado, ctx())).toBe('devolucao_temporaria');
      const m = await linha(id);
      expect(m).toMatchObject({ status: 'pendente', erroCodigo: 'adiado', enviadaEm: null });
      expect(m?.erroMensagem).toContain('4.4.1');
      const espera = (m?.proximaTentativaEm?.getTime() ?? 0) - antes;
      expect(espera).toBeGreaterThanOrEqual(horas * 3_600_000 - 1_000);
      expect(espera).toBeLessThanOrEqual(horas * 3_600_000 + 60_000);
      // The same report handed over twice (two nodes) changes nothing more.
      expect(await processarEmailRecebido(db(), expirado, ctx())).toBe('devolucao_temporaria');
      expect((await linha(id))?.proximaTentativaEm).toEqual(m?.proximaTentativaEm);
      expect(await relayAceitou(id, clienteId)).toBe(true);
    }
    expect((await linha(id))?.tentativas).toBe(MAX_ENVIOS_EMAIL_ADIADO);
    await processarEmailRecebido(db(), expirado, ctx());
    expect(await linha(id)).toMatchObject({ status: 'falhou', erroCodigo: 'adiado' });
    const [sms] = await db().select().from(mensagens).where(eq(mensagens.substituiMensagemId, id));
    expect(sms).toMatchObject({ canal: 'sms', status: 'pendente', conteudo: 'Olá por SMS' });
    // Temporary: the address is not suppressed.
    expect(
      await db().select().from(emailsDevolvidos).where(eq(emailsDevolvidos.email, DESTINATARIO)),
    ).toEqual([]);
    const [cliente] = await db().select().from(clientes).where(eq(clientes.id, clienteId));
    expect(cliente?.email).toBe(DESTINATARIO);
  });

  it('a "delayed" report only records: the relay is still trying', async () => {
    const { clienteId, id } = await emailEnviado();
    await relayAceitou(id, clienteId, '<54341A75-5EF4-4F06-9C5D-56D36A9283FC@example.jp>');
    expect(await processarEmailRecebido(db(), adiado, ctx())).toBe('devolucao_temporaria');
    expect(await linha(id)).toMatchObject({ status: 'enviada', tentativas: 1 });
  });
});
