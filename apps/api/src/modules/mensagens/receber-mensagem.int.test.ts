import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  buildTestApp,
  createTestUser,
  issueToken,
  type TestApp,
  type TestUser,
} from '../../../test/build-test-app.ts';
import { auditLogs, clientes, mensagens } from '../../db/schema/index.ts';
import { inserirCliente, type NovoCliente } from '../clientes/clientes.test-fixtures.ts';
import type { EntradaCanal } from './entrada.repository.ts';
import { receberMensagem } from './receber-mensagem.service.ts';

let t: TestApp;
let ana: TestUser;
let token: string;

beforeAll(async () => {
  t = await buildTestApp();
  ana = await createTestUser(t.database, 'operador');
  token = await issueToken(t.database, ana.id);
});
afterAll(() => t.close());

// Each test gets numbers of its own: the lookup is by phone across all customers.
let sequencia = 0;
const novoTelefone = () => {
  sequencia += 1;
  return `+55219${String(70_000_000 + sequencia)}`;
};

const novoCliente = (extra: Partial<NovoCliente> = {}) =>
  inserirCliente(t.database.db, { nome: 'Cliente Resposta', operadorId: ana.id, ...extra });

const receber = (
  telefone: string,
  conteudo = 'Oi, recebi a cobrança',
  extra: Partial<Omit<EntradaCanal, 'telefone'>> = {},
) =>
  receberMensagem(t.database.db, {
    canal: 'whatsapp',
    provedor: 'whatsapp_cloud',
    telefone,
    conteudo,
    canalMensagemId: `wamid.${crypto.randomUUID()}`,
    recebidaEm: new Date('2026-03-10T13:00:00Z'),
    ...extra,
  });

const cliente = async (id: number) => {
  const [row] = await t.database.db.select().from(clientes).where(eq(clientes.id, id));
  return row;
};
const auditorias = (acao: string, clienteId: number) =>
  t.database.db
    .select()
    .from(auditLogs)
    .where(and(eq(auditLogs.acao, acao), eq(auditLogs.entidadeId, String(clienteId))));
const mensagensDe = (telefone: string) =>
  t.database.db.select().from(mensagens).where(eq(mensagens.telefone, telefone));

const aguardandoNoPainel = async () => {
  const response = await t.app.inject({ url: '/api/operador/dashboard', headers: bearer(token) });
  return response.json<{ mensagens_aguardando: number }>().mensagens_aguardando;
};

describe('receberMensagem', () => {
  it('puts an ativo customer in the service queue: status, since, last message, attempts reset, audited', async () => {
    const telefone = novoTelefone();
    const id = await novoCliente({ telefone, numeroChamadas: 2 });
    const antes = await aguardandoNoPainel();
    const recebidaEm = new Date('2026-03-10T13:00:00Z');

    const r = await receber(telefone, 'Posso pagar na sexta?', { recebidaEm });

    expect(r).toEqual({
      mensagemId: expect.any(Number),
      clienteId: id,
      duplicada: false,
      clienteStatus: 'aguardando_atendimento',
      optOut: false,
    });
    expect(await cliente(id)).toMatchObject({
      status: 'aguardando_atendimento',
      aguardandoDesde: recebidaEm,
      numeroChamadas: 0,
      ultimaMensagemEm: recebidaEm,
      ultimaMensagemTexto: 'Posso pagar na sexta?',
      operadorId: ana.id,
      optOutEm: null,
    });
    const [mensagem] = await mensagensDe(telefone);
    expect(mensagem).toMatchObject({
      id: r.mensagemId,
      clienteId: id,
      direcao: 'entrada',
      origem: 'cliente',
      status: 'recebida',
      canal: 'whatsapp',
      provedor: 'whatsapp_cloud',
      conteudo: 'Posso pagar na sexta?',
      createdAt: recebidaEm,
      autorId: null,
    });
    const [auditoria] = await auditorias('cliente.resposta_recebida', id);
    expect(auditoria).toMatchObject({
      usuarioId: null,
      detalhes: {
        mensagem_id: r.mensagemId,
        status_anterior: 'ativo',
        status_novo: 'aguardando_atendimento',
      },
    });
    expect(await aguardandoNoPainel()).toBe(antes + 1);
  });

  it('keeps an em_atendimento customer where they are, still resetting the attempts', async () => {
    const telefone = novoTelefone();
    const id = await novoCliente({ telefone, status: 'em_atendimento', numeroChamadas: 3 });
    const r = await receber(telefone);
    expect(r.clienteStatus).toBe('em_atendimento');
    expect(await cliente(id)).toMatchObject({
      status: 'em_atendimento',
      aguardandoDesde: null,
      numeroChamadas: 0,
      ultimaMensagemTexto: 'Oi, recebi a cobrança',
    });
    expect(await auditorias('cliente.resposta_recebida', id)).toEqual([]);
  });

  it('does not move an awaiting customer back in the queue', async () => {
    const telefone = novoTelefone();
    const id = await novoCliente({ telefone, status: 'aguardando_atendimento' });
    const desde = (await cliente(id))?.aguardandoDesde;
    await receber(telefone, 'Alguém aí?', { recebidaEm: new Date() });
    expect((await cliente(id))?.aguardandoDesde).toEqual(desde);
  });

  it.each(['pausado', 'concluido'] as const)('keeps a %s customer in their status', async (status) => {
    const telefone = novoTelefone();
    const id = await novoCliente({ telefone, status });
    expect((await receber(telefone)).clienteStatus).toBe(status);
    expect((await cliente(id))?.status).toBe(status);
  });

  it('matches the customer whatever the 9th digit, both ways, and keeps the number as it came', async () => {
    const com9 = novoTelefone(); // +55219…
    const sem9 = com9.replace(/^\+55(\d{2})9/, '+55$1');
    const id = await novoCliente({ telefone: com9 });
    expect((await receber(sem9)).clienteId).toBe(id);
    expect((await mensagensDe(sem9))[0]?.clienteId).toBe(id);

    const outroSem9 = novoTelefone().replace(/^\+55(\d{2})9/, '+55$1');
    const antigo = await novoCliente({ telefone: outroSem9 });
    expect((await receber(outroSem9.replace(/^\+55(\d{2})/, '+55$19'))).clienteId).toBe(antigo);
  });

  it('prefers the exact number over its 9th-digit twin', async () => {
    const com9 = novoTelefone();
    const sem9 = com9.replace(/^\+55(\d{2})9/, '+55$1');
    const exato = await novoCliente({ telefone: sem9 });
    await novoCliente({ telefone: com9 });
    expect((await receber(sem9)).clienteId).toBe(exato);
  });

  it('gives a number shared by several customers to the one messaged most recently', async () => {
    const telefone = novoTelefone();
    const recente = await novoCliente({ telefone });
    const antigo = await novoCliente({ telefone });
    const semMensagem = await novoCliente({ telefone });
    await t.database.db
      .update(clientes)
      .set({ ultimaMensagemEm: new Date('2026-03-01T12:00:00Z') })
      .where(eq(clientes.id, recente));
    await t.database.db
      .update(clientes)
      .set({ ultimaMensagemEm: new Date('2026-01-01T12:00:00Z') })
      .where(eq(clientes.id, antigo));
    expect((await receber(telefone)).clienteId).toBe(recente);
    expect((await cliente(semMensagem))?.status).toBe('ativo');
  });

  it('stores a message from an unknown number without a customer', async () => {
    const telefone = novoTelefone();
    const r = await receber(telefone, 'Quem é?');
    expect(r).toEqual({
      mensagemId: expect.any(Number),
      clienteId: null,
      duplicada: false,
      clienteStatus: null,
      optOut: false,
    });
    expect(await mensagensDe(telefone)).toEqual([
      expect.objectContaining({ clienteId: null, conteudo: 'Quem é?', direcao: 'entrada' }),
    ]);
  });

  it('ignores a redelivery of the same channel id: one row, nothing changed', async () => {
    const telefone = novoTelefone();
    const id = await novoCliente({ telefone, status: 'em_atendimento' });
    const canalMensagemId = `wamid.${crypto.randomUUID()}`;
    const primeira = await receber(telefone, 'Oi', { canalMensagemId });
    await t.database.db.update(clientes).set({ numeroChamadas: 1 }).where(eq(clientes.id, id));

    const repetida = await receber(telefone, 'Oi', { canalMensagemId });

    expect(primeira.duplicada).toBe(false);
    expect(repetida).toEqual({
      mensagemId: null,
      clienteId: id,
      duplicada: true,
      clienteStatus: 'em_atendimento',
      optOut: false,
    });
    expect(await mensagensDe(telefone)).toHaveLength(1);
    expect((await cliente(id))?.numeroChamadas).toBe(1);
    // The same id on another channel is another message.
    expect(
      (await receber(telefone, 'Oi', { canalMensagemId, canal: 'whatsapp', provedor: 'simulador' }))
        .duplicada,
    ).toBe(false);
  });

  it('keeps the newest message as the last one when an older one arrives late', async () => {
    const telefone = novoTelefone();
    const id = await novoCliente({ telefone, status: 'em_atendimento' });
    await receber(telefone, 'nova', { recebidaEm: new Date('2026-03-10T15:00:00Z') });
    await receber(telefone, 'velha', { recebidaEm: new Date('2026-03-10T14:00:00Z') });
    expect(await cliente(id)).toMatchObject({
      ultimaMensagemTexto: 'nova',
      ultimaMensagemEm: new Date('2026-03-10T15:00:00Z'),
    });
  });

  it('records an opt-out keyword once, with the date and the text as proof', async () => {
    const telefone = novoTelefone();
    const id = await novoCliente({ telefone });
    const recebidaEm = new Date('2026-03-11T10:00:00Z');
    const r = await receber(telefone, ' Parar. ', { recebidaEm });
    expect(r).toMatchObject({ optOut: true, clienteStatus: 'aguardando_atendimento' });
    expect(await cliente(id)).toMatchObject({ optOutEm: recebidaEm, optOutMensagem: ' Parar. ' });
    const [auditoria] = await auditorias('cliente.opt_out', id);
    expect(auditoria).toMatchObject({
      usuarioId: null,
      detalhes: { mensagem_id: r.mensagemId, mensagem: ' Parar. ' },
    });

    const depois = await receber(telefone, 'STOP', { recebidaEm: new Date('2026-03-12T10:00:00Z') });
    expect(depois.optOut).toBe(true);
    expect(await cliente(id)).toMatchObject({ optOutEm: recebidaEm, optOutMensagem: ' Parar. ' });
    expect(await auditorias('cliente.opt_out', id)).toHaveLength(1);
  });

  it('does not take a sentence that mentions the keyword as an opt-out', async () => {
    const telefone = novoTelefone();
    const id = await novoCliente({ telefone });
    expect((await receber(telefone, 'não quero sair agora')).optOut).toBe(false);
    expect((await cliente(id))?.optOutEm).toBeNull();
  });
});
