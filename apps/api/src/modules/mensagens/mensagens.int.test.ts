import type { ClienteDetalhe, MensagemView } from '@cobranca/contracts';
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
import { inserirCliente } from '../clientes/clientes.test-fixtures.ts';
import { LIMITE_THREAD } from './thread.repository.ts';

let t: TestApp;
let ana: TestUser;
let token: string;

beforeAll(async () => {
  t = await buildTestApp();
  ana = await createTestUser(t.database, 'operador', { name: 'Ana Operadora' });
  token = await issueToken(t.database, ana.id);
});
afterAll(() => t.close());

const url = (id: number) => `/api/operador/clientes/${id}/mensagens`;
const listar = (id: number) => t.app.inject({ method: 'GET', url: url(id), headers: bearer(token) });
const enviar = (id: number, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: url(id), headers: bearer(token), payload });

const novoCliente = (extra = {}) =>
  inserirCliente(t.database.db, {
    nome: 'Cliente Conversa',
    status: 'em_atendimento',
    operadorId: ana.id,
    ...extra,
  });

const entrada = (clienteId: number, conteudo: string, createdAt: Date) =>
  t.database.db.insert(mensagens).values({
    clienteId,
    telefone: '+5511900000000',
    direcao: 'entrada',
    origem: 'cliente',
    status: 'recebida',
    conteudo,
    canal: 'whatsapp',
    provedor: 'simulador',
    createdAt,
  });

describe('POST /api/operador/clientes/:id/mensagens', () => {
  it('stores the message and sends it through the simulator: delivered, channel id kept, audited', async () => {
    const id = await novoCliente({ telefone: '+5511912345678' });
    const response = await enviar(id, { conteudo: '  Olá! Podemos conversar sobre a fatura?  ' });
    expect(response.statusCode, response.body).toBe(201);
    const view = response.json<MensagemView>();
    expect(view).toMatchObject({
      direcao: 'saida',
      origem: 'operador',
      status: 'entregue',
      conteudo: 'Olá! Podemos conversar sobre a fatura?',
      autor: { id: ana.id, name: 'Ana Operadora' },
      erro: null,
      lida_em: null,
    });
    expect(view.enviada_em).not.toBeNull();
    expect(view.entregue_em).not.toBeNull();
    const [row] = await t.database.db.select().from(mensagens).where(eq(mensagens.id, view.id));
    expect(row).toMatchObject({
      telefone: '+5511912345678',
      canal: 'whatsapp',
      provedor: 'simulador',
      canalMensagemId: `sim-${view.id}`,
      clienteId: id,
    });
    const [cliente] = await t.database.db.select().from(clientes).where(eq(clientes.id, id));
    expect(cliente?.ultimaMensagemTexto).toBe('Olá! Podemos conversar sobre a fatura?');
    expect(cliente?.ultimaMensagemEm).not.toBeNull();
    const audits = await t.database.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.acao, 'mensagem.enviada'), eq(auditLogs.entidadeId, String(id))));
    expect(audits).toHaveLength(1);
  });

  it('keeps unicode and emoji as typed, and accepts exactly 4096 characters', async () => {
    const id = await novoCliente();
    const texto = 'Olá, João! Ação às 9h — obrigado 🙏🏽👍 ção';
    const response = await enviar(id, { conteudo: texto });
    expect(response.json<MensagemView>().conteudo).toBe(texto);
    expect((await enviar(id, { conteudo: 'a'.repeat(4096) })).statusCode).toBe(201);
    const thread = (await listar(id)).json<MensagemView[]>();
    expect(thread[0]?.conteudo).toBe(texto);
  });

  it.each([
    ['4097 characters', { conteudo: 'a'.repeat(4097) }],
    ['an empty message', { conteudo: '   ' }],
    ['no conteudo', {}],
    ['an unknown field', { conteudo: 'oi', para: '+55' }],
  ])('answers 422 on %s and stores nothing', async (_caso, body) => {
    const id = await novoCliente();
    const response = await enviar(id, body);
    expect(response.statusCode).toBe(422);
    expect(await t.database.db.select().from(mensagens).where(eq(mensagens.clienteId, id))).toEqual([]);
  });

  it('refuses 5000 characters with a field error on conteudo instead of cutting them to 4096', async () => {
    const id = await novoCliente();
    const response = await enviar(id, { conteudo: 'a'.repeat(5000) });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({
      code: 'DADOS_INVALIDOS',
      errors: { conteudo: ['A mensagem pode ter no máximo 4096 caracteres (limite do WhatsApp).'] },
    });
    expect(await t.database.db.select().from(mensagens).where(eq(mensagens.clienteId, id))).toEqual([]);
  });

  it('answers 422 for an opted-out customer, with the opt-out date', async () => {
    const id = await novoCliente();
    await t.database.db
      .update(clientes)
      .set({ optOutEm: new Date('2026-02-10T15:00:00Z'), optOutMensagem: 'SAIR' })
      .where(eq(clientes.id, id));
    const response = await enviar(id, { conteudo: 'Oi' });
    expect(response.statusCode).toBe(422);
    expect(response.json().message).toBe(
      'O cliente pediu para não receber mensagens (opt-out em 10/02/2026).',
    );
    expect(await t.database.db.select().from(mensagens).where(eq(mensagens.clienteId, id))).toEqual([]);
    const detalhe = await t.app.inject({
      method: 'GET',
      url: `/api/operador/clientes/${id}`,
      headers: bearer(token),
    });
    expect(detalhe.json<ClienteDetalhe>().opt_out).toEqual({
      em: '2026-02-10T15:00:00.000Z',
      mensagem: 'SAIR',
      canal: null,
    });
  });

  it('answers 422 for a customer with neither a phone nor an e-mail (no channel reaches them)', async () => {
    const id = await novoCliente({ email: null });
    await t.database.db.update(clientes).set({ telefone: null }).where(eq(clientes.id, id));
    const response = await enviar(id, { conteudo: 'Oi' });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({
      canal: ['O cliente não pode receber mensagens por nenhum canal configurado.'],
    });
  });

  it('still messages a concluded customer', async () => {
    const id = await novoCliente({ status: 'concluido' });
    expect((await enviar(id, { conteudo: 'Obrigado!' })).statusCode).toBe(201);
  });
});

describe('GET /api/operador/clientes/:id/mensagens', () => {
  it('returns the thread oldest first, inbound and outbound together', async () => {
    const id = await novoCliente();
    await entrada(id, 'Recebi a cobrança', new Date(Date.now() - 60_000));
    await enviar(id, { conteudo: 'Posso ajudar?' });
    await entrada(id, 'Sim, quero parcelar', new Date());
    const response = await listar(id);
    expect(response.statusCode).toBe(200);
    const thread = response.json<MensagemView[]>();
    expect(thread.map((m) => [m.direcao, m.conteudo])).toEqual([
      ['entrada', 'Recebi a cobrança'],
      ['saida', 'Posso ajudar?'],
      ['entrada', 'Sim, quero parcelar'],
    ]);
    expect(thread[0]).toMatchObject({ origem: 'cliente', status: 'recebida', autor: null });
    const detalhe = await t.app.inject({
      method: 'GET',
      url: `/api/operador/clientes/${id}`,
      headers: bearer(token),
    });
    expect(detalhe.json<ClienteDetalhe>().ultima_mensagem).toMatchObject({
      conteudo: 'Sim, quero parcelar',
      direcao: 'entrada',
    });
  });

  it(`keeps only the latest ${LIMITE_THREAD}, still oldest first`, async () => {
    const id = await novoCliente();
    const base = Date.now() - 1_000_000;
    await t.database.db.insert(mensagens).values(
      Array.from({ length: LIMITE_THREAD + 5 }, (_, i) => ({
        clienteId: id,
        telefone: '+5511900000000',
        direcao: 'entrada' as const,
        origem: 'cliente' as const,
        status: 'recebida' as const,
        conteudo: `m${i}`,
        canal: 'whatsapp' as const,
        provedor: 'simulador' as const,
        createdAt: new Date(base + i * 1000),
      })),
    );
    const thread = (await listar(id)).json<MensagemView[]>();
    expect(thread).toHaveLength(LIMITE_THREAD);
    expect(thread[0]?.conteudo).toBe('m5');
    expect(thread.at(-1)?.conteudo).toBe(`m${LIMITE_THREAD + 4}`);
  });
});
