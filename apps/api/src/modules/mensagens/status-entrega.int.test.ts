import type { MensagemOrigem, MensagemStatus } from '@cobranca/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { mensagens, reguaEnvios } from '../../db/schema/index.ts';
import { inserirCliente, inserirConta } from '../clientes/clientes.test-fixtures.ts';
import { registrarResultadoEnvio } from './resultado-envio.service.ts';
import { registrarStatusCanal } from './status-entrega.repository.ts';
import type { StatusEntrega } from './status-entrega.ts';

let t: TestApp;
let clienteId: number;

beforeAll(async () => {
  t = await buildTestApp();
  clienteId = await inserirCliente(t.database.db, { nome: 'Cliente Status' });
});
afterAll(() => t.close());

const ENVIADA_EM = new Date('2026-03-10T12:00:00Z');
const ENTREGUE_EM = new Date('2026-03-10T12:00:05Z');
const LIDA_EM = new Date('2026-03-10T12:10:00Z');

/** An outbound message the channel accepted (`enviada`), with its wamid. */
const saida = async (origem: MensagemOrigem = 'operador', status: MensagemStatus = 'enviada') => {
  const wamid = `wamid.${crypto.randomUUID()}`;
  const [row] = await t.database.db
    .insert(mensagens)
    .values({
      clienteId,
      telefone: '+5511987654321',
      direcao: 'saida',
      origem,
      status,
      conteudo: 'Lembrete de vencimento',
      canal: 'whatsapp',
      provedor: 'whatsapp_cloud',
      canalMensagemId: wamid,
      enviadaEm: status === 'pendente' ? null : ENVIADA_EM,
    })
    .returning({ id: mensagens.id });
  if (!row) throw new Error('insert returned no row');
  return { id: row.id, wamid };
};

const status = (wamid: string, novo: StatusEntrega['status'], instante: Date, extra = {}) =>
  registrarStatusCanal(t.database.db, {
    provedor: 'whatsapp_cloud',
    canalMensagemId: wamid,
    status: novo,
    instante,
    ...extra,
  });

const linha = async (id: number) => {
  const [row] = await t.database.db.select().from(mensagens).where(eq(mensagens.id, id));
  return row;
};

describe('registrarStatusCanal', () => {
  it('moves sent → delivered → read, each timestamp set once', async () => {
    const m = await saida();
    expect(await status(m.wamid, 'entregue', ENTREGUE_EM)).toBe('atualizada');
    expect(await status(m.wamid, 'lida', LIDA_EM)).toBe('atualizada');
    expect(await linha(m.id)).toMatchObject({
      status: 'lida',
      enviadaEm: ENVIADA_EM,
      entregueEm: ENTREGUE_EM,
      lidaEm: LIDA_EM,
    });
  });

  it('takes a read that overtook its delivered, fills delivered with it, and ignores the late delivered', async () => {
    const m = await saida();
    expect(await status(m.wamid, 'lida', LIDA_EM)).toBe('atualizada');
    expect(await linha(m.id)).toMatchObject({ status: 'lida', entregueEm: LIDA_EM, lidaEm: LIDA_EM });
    expect(await status(m.wamid, 'entregue', ENTREGUE_EM)).toBe('ignorada');
    expect(await linha(m.id)).toMatchObject({ status: 'lida', entregueEm: LIDA_EM });
  });

  it('ignores a repeated report and keeps the first timestamp', async () => {
    const m = await saida();
    await status(m.wamid, 'entregue', ENTREGUE_EM);
    expect(await status(m.wamid, 'entregue', LIDA_EM)).toBe('ignorada');
    expect((await linha(m.id))?.entregueEm).toEqual(ENTREGUE_EM);
  });

  it('fills the sent time of a pending message reported delivered', async () => {
    const m = await saida('operador', 'pendente');
    expect(await status(m.wamid, 'entregue', ENTREGUE_EM)).toBe('atualizada');
    expect(await linha(m.id)).toMatchObject({ status: 'entregue', enviadaEm: ENTREGUE_EM });
  });

  it('ignores a failure reported after delivery', async () => {
    const m = await saida();
    await status(m.wamid, 'entregue', ENTREGUE_EM);
    expect(await status(m.wamid, 'falhou', LIDA_EM, { erroCodigo: '131026' })).toBe('ignorada');
    expect(await linha(m.id)).toMatchObject({ status: 'entregue', falhouEm: null, erroCodigo: null });
  });

  it('records a failure with the channel’s code and message, and nothing moves it afterwards', async () => {
    const m = await saida();
    const erro = { erroCodigo: '131047', erroMensagem: 'Mais de 24 horas desde a última resposta.' };
    expect(await status(m.wamid, 'falhou', LIDA_EM, erro)).toBe('atualizada');
    expect(await linha(m.id)).toMatchObject({ status: 'falhou', falhouEm: LIDA_EM, ...erro });
    expect(await status(m.wamid, 'lida', LIDA_EM)).toBe('ignorada');
    expect((await linha(m.id))?.status).toBe('falhou');
  });

  it('marks the régua step of a failed automatic message as failed', async () => {
    const m = await saida('regua');
    const contaId = await inserirConta(t.database.db, {
      clienteId,
      valorCentavos: 10_000,
      vencimento: '2026-03-10',
    });
    await t.database.db
      .insert(reguaEnvios)
      .values({ contaId, etapaDias: 0, mensagemId: m.id, status: 'enviado', dataReferencia: '2026-03-10' });
    await status(m.wamid, 'falhou', LIDA_EM, { erroCodigo: '131026' });
    const [envio] = await t.database.db.select().from(reguaEnvios).where(eq(reguaEnvios.mensagemId, m.id));
    expect(envio?.status).toBe('falhou');
  });

  it('answers desconhecida for a wamid we never sent (or sent on another channel)', async () => {
    expect(await status('wamid.nunca-enviado', 'entregue', ENTREGUE_EM)).toBe('desconhecida');
    const m = await saida();
    const outroCanal = await registrarStatusCanal(t.database.db, {
      provedor: 'simulador',
      canalMensagemId: m.wamid,
      status: 'entregue',
      instante: ENTREGUE_EM,
    });
    expect(outroCanal).toBe('desconhecida');
  });
});

describe('registrarStatusCanal with our reference (biz_opaque_callback_data)', () => {
  /** An outbound message still waiting for its send's answer (no wamid yet). */
  const pendente = async (extra: Partial<typeof mensagens.$inferInsert> = {}) => {
    const [row] = await t.database.db
      .insert(mensagens)
      .values({
        clienteId,
        telefone: '+5511987654321',
        direcao: 'saida',
        origem: 'operador',
        status: 'pendente',
        conteudo: 'Olá',
        canal: 'whatsapp',
        provedor: 'whatsapp_cloud',
        envioIniciadoEm: ENVIADA_EM,
        ...extra,
      })
      .returning({ id: mensagens.id });
    if (!row) throw new Error('insert returned no row');
    return row.id;
  };
  const comReferencia = (mensagemId: number, wamid = `wamid.${crypto.randomUUID()}`) =>
    status(wamid, 'entregue', ENTREGUE_EM, { mensagemId });

  it('records a pending message as sent with the wamid, then applies the status', async () => {
    const id = await pendente();
    expect(await comReferencia(id, 'wamid.ref-1')).toBe('reconciliada');
    expect(await linha(id)).toMatchObject({
      status: 'entregue',
      canalMensagemId: 'wamid.ref-1',
      enviadaEm: ENTREGUE_EM,
      entregueEm: ENTREGUE_EM,
      tentativas: 1,
      envioIniciadoEm: null,
    });
  });

  it('leaves alone what the reference names when it is not a pending outbound message of the channel', async () => {
    const casos = [
      await pendente({ status: 'cancelada' }),
      await pendente({ direcao: 'entrada' }),
      await pendente({ canal: 'whatsapp', provedor: 'simulador' }),
    ];
    for (const id of casos) {
      const antes = await linha(id);
      expect(await comReferencia(id)).toBe('desconhecida');
      expect(await linha(id)).toEqual(antes);
    }
  });

  it('makes the late answer of the send a no-op: nothing changes, nothing counts twice', async () => {
    const id = await pendente();
    await comReferencia(id, 'wamid.ref-2');
    const antes = await linha(id);
    const aplicada = await registrarResultadoEnvio(
      t.database.db,
      { id, origem: 'operador', clienteId, conteudo: 'Olá' },
      { ok: true, canalMensagemId: 'wamid.ref-2', status: 'enviada', enviadaEm: LIDA_EM, entregueEm: null },
      { agora: LIDA_EM },
    );
    expect(aplicada).toBe(false);
    expect(await linha(id)).toEqual(antes);
  });
});
