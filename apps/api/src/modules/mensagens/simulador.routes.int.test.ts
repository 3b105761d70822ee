import type { SimularRespostaResponse } from '@cobranca/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  buildTestApp,
  createTestUser,
  loginAs,
  type TestApp,
  type TestUser,
} from '../../../test/build-test-app.ts';
import { auditLogs, clientes, mensagens } from '../../db/schema/index.ts';
import { salvarWhatsappArmazenado, whatsappArmazenado } from '../canais/whatsapp-settings.repository.ts';
import { inserirCliente, type NovoCliente } from '../clientes/clientes.test-fixtures.ts';
import { SIMULACAO_SO_NO_SIMULADOR } from './receber-mensagem.service.ts';

let t: TestApp;
let ana: TestUser;
let anaToken: string;
let brunoToken: string;
let adminToken: string;

beforeAll(async () => {
  t = await buildTestApp();
  ana = await createTestUser(t.database, 'operador', { name: 'Ana Operadora' });
  anaToken = await loginAs(t.app, ana);
  brunoToken = await loginAs(t.app, await createTestUser(t.database, 'operador'));
  adminToken = await loginAs(t.app, await createTestUser(t.database, 'admin'));
});
afterAll(() => t.close());

const usarProvedor = (provedor: 'simulador' | 'whatsapp_cloud') =>
  salvarWhatsappArmazenado(t.database.db, whatsappArmazenado.parse({ provedor }), null);

const novoCliente = (extra: Partial<NovoCliente> = {}) =>
  inserirCliente(t.database.db, { nome: 'Cliente Simulado', operadorId: ana.id, ...extra });

const simular = (id: number, payload: object, token = anaToken) =>
  t.app.inject({
    method: 'POST',
    url: `/api/operador/clientes/${id}/simular-resposta`,
    headers: bearer(token),
    payload,
  });

const canal = (token = anaToken) =>
  t.app.inject({ method: 'GET', url: '/api/operador/canal', headers: bearer(token) });

describe('GET /api/operador/canal', () => {
  it('says the simulator is active by default', async () => {
    const response = await canal();
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ provedor: 'simulador', simulador: true });
  });

  it('says when the WhatsApp Cloud API is active', async () => {
    await usarProvedor('whatsapp_cloud');
    try {
      expect((await canal()).json()).toEqual({ provedor: 'whatsapp_cloud', simulador: false });
    } finally {
      await usarProvedor('simulador');
    }
  });

  it('answers 403 to an admin', async () => {
    expect((await canal(adminToken)).statusCode).toBe(403);
  });
});

describe('POST /api/operador/clientes/:id/simular-resposta', () => {
  it('moves the operator’s "Aguardando atendimento" count (the sidebar badge) and the thread', async () => {
    const aguardando = async () =>
      (
        await t.app.inject({
          method: 'GET',
          url: '/api/operador/clientes/aguardando-atendimento?page=1',
          headers: bearer(anaToken),
        })
      ).json<{ total: number }>().total;
    const antes = await aguardando();
    const id = await novoCliente();
    expect((await simular(id, { texto: 'Recebi a mensagem' })).statusCode).toBe(201);
    expect(await aguardando()).toBe(antes + 1);
    const thread = await t.app.inject({
      method: 'GET',
      url: `/api/operador/clientes/${id}/mensagens`,
      headers: bearer(anaToken),
    });
    expect(thread.json<{ conteudo: string; direcao: string }[]>().at(-1)).toMatchObject({
      direcao: 'entrada',
      conteudo: 'Recebi a mensagem',
    });
  });

  it('stores the reply as an inbound simulator message and puts the customer in the queue', async () => {
    const id = await novoCliente({ numeroChamadas: 2 });
    const response = await simular(id, { texto: '  Posso pagar amanhã?  ' });
    expect(response.statusCode, response.body).toBe(201);
    const body = response.json<SimularRespostaResponse>();
    expect(body).toEqual({
      mensagem: expect.objectContaining({
        direcao: 'entrada',
        origem: 'cliente',
        status: 'recebida',
        conteudo: 'Posso pagar amanhã?',
        autor: null,
      }),
      cliente_status: 'aguardando_atendimento',
      opt_out: false,
    });
    const [row] = await t.database.db.select().from(mensagens).where(eq(mensagens.id, body.mensagem.id));
    expect(row).toMatchObject({ clienteId: id, canal: 'whatsapp', provedor: 'simulador' });
    expect(row?.canalMensagemId).toMatch(/^sim-in-[0-9a-f-]{36}$/);
    const [cliente] = await t.database.db.select().from(clientes).where(eq(clientes.id, id));
    expect(cliente).toMatchObject({ status: 'aguardando_atendimento', numeroChamadas: 0 });
    const acoes = await t.database.db
      .select({ acao: auditLogs.acao, usuarioId: auditLogs.usuarioId })
      .from(auditLogs)
      .where(and(eq(auditLogs.entidade, 'cliente'), eq(auditLogs.entidadeId, String(id))));
    expect(acoes).toEqual(
      expect.arrayContaining([
        { acao: 'mensagem.resposta_simulada', usuarioId: ana.id },
        { acao: 'cliente.resposta_recebida', usuarioId: null },
      ]),
    );
  });

  it('records an opt-out keyword', async () => {
    const id = await novoCliente({ status: 'em_atendimento' });
    const response = await simular(id, { texto: 'SAIR' });
    expect(response.json()).toMatchObject({ cliente_status: 'em_atendimento', opt_out: true });
  });

  it('goes to this customer even when another one shares the number and was messaged later', async () => {
    const telefone = '+5531987650001';
    const id = await novoCliente({ telefone });
    const outro = await novoCliente({ telefone, operadorId: null });
    await t.database.db.update(clientes).set({ ultimaMensagemEm: new Date() }).where(eq(clientes.id, outro));
    expect((await simular(id, { texto: 'oi' })).statusCode).toBe(201);
    const doOutro = await t.database.db.select().from(mensagens).where(eq(mensagens.clienteId, outro));
    expect(doOutro).toEqual([]);
  });

  it('answers 404 for another operator’s customer and stores nothing', async () => {
    const id = await novoCliente();
    const response = await simular(id, { texto: 'oi' }, brunoToken);
    expect(response.statusCode).toBe(404);
    expect(await t.database.db.select().from(mensagens).where(eq(mensagens.clienteId, id))).toEqual([]);
  });

  it('answers 403 to an admin', async () => {
    const id = await novoCliente();
    expect((await simular(id, { texto: 'oi' }, adminToken)).statusCode).toBe(403);
  });

  it('answers 409 while the WhatsApp Cloud API is the active channel', async () => {
    const id = await novoCliente();
    await usarProvedor('whatsapp_cloud');
    try {
      const response = await simular(id, { texto: 'oi' });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({ code: 'SIMULADOR_INATIVO', message: SIMULACAO_SO_NO_SIMULADOR });
    } finally {
      await usarProvedor('simulador');
    }
    const [cliente] = await t.database.db.select().from(clientes).where(eq(clientes.id, id));
    expect(cliente?.status).toBe('ativo');
  });

  it('answers 422 for a customer without a phone', async () => {
    const id = await novoCliente();
    await t.database.db.update(clientes).set({ telefone: null }).where(eq(clientes.id, id));
    const response = await simular(id, { texto: 'oi' });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toHaveProperty('telefone');
  });

  it.each([
    ['an empty text', { texto: '   ' }],
    ['no text', {}],
    ['4097 characters', { texto: 'a'.repeat(4097) }],
    ['an unknown field', { texto: 'oi', telefone: '+5511999999999' }],
  ])('answers 422 for %s', async (_caso, payload) => {
    const id = await novoCliente();
    const response = await simular(id, payload);
    expect(response.statusCode).toBe(422);
    expect(await t.database.db.select().from(mensagens).where(eq(mensagens.clienteId, id))).toEqual([]);
  });
});
