import { type ClienteLista, NAO_LIDAS_MAXIMO, type Paged } from '@cobranca/contracts';
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
import { auditLogs, leiturasCliente, mensagens } from '../../db/schema/index.ts';
import { inserirCliente, inserirMensagem } from './clientes.test-fixtures.ts';

// Unread markers per operator (decision 023): `nao_lidas` on the list rows, POST …/lida from the workspace.

let t: TestApp;
let ana: TestUser;
let bruno: TestUser;
let admin: TestUser;
const tokens = { ana: '', bruno: '', admin: '' };
const db = () => t.database.db;
const minutosAtras = (n: number) => new Date(Date.now() - n * 60_000);

beforeAll(async () => {
  t = await buildTestApp();
  ana = await createTestUser(t.database, 'operador', { name: 'Ana Operadora' });
  bruno = await createTestUser(t.database, 'operador', { name: 'Bruno Operador' });
  admin = await createTestUser(t.database, 'admin', { name: 'Alberto Admin' });
  tokens.ana = await issueToken(t.database, ana.id);
  tokens.bruno = await issueToken(t.database, bruno.id);
  tokens.admin = await issueToken(t.database, admin.id);
});
afterAll(() => t.close());

const marcarLida = (id: number | string, token = tokens.ana) =>
  t.app.inject({ method: 'POST', url: `/api/operador/clientes/${id}/lida`, headers: bearer(token) });

const lista = async (url: string, token = tokens.ana): Promise<Paged<ClienteLista>> => {
  const response = await t.app.inject({ method: 'GET', url, headers: bearer(token) });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};

/** The customer's `nao_lidas` in a list as `token` sees it (undefined: not on the list). */
const naoLidasEm = async (url: string, id: number, token = tokens.ana) =>
  (await lista(url, token)).data.find((c) => c.id === id)?.nao_lidas;

const AGUARDANDO = '/api/operador/clientes/aguardando-atendimento';
const EM_ATENDIMENTO = '/api/operador/clientes/em-atendimento';
const ATIVOS = '/api/operador/clientes/ativos';

const leituraDe = async (usuarioId: number, clienteId: number) =>
  (
    await db()
      .select()
      .from(leiturasCliente)
      .where(and(eq(leiturasCliente.usuarioId, usuarioId), eq(leiturasCliente.clienteId, clienteId)))
  )[0];

describe('nao_lidas on the operator lists', () => {
  it('counts the inbound messages of a customer never read, never the outbound ones', async () => {
    const id = await inserirCliente(db(), {
      nome: 'Carla Respondeu',
      status: 'em_atendimento',
      operadorId: ana.id,
    });
    await inserirMensagem(db(), { clienteId: id, direcao: 'saida', createdAt: minutosAtras(30) });
    await inserirMensagem(db(), { clienteId: id, direcao: 'entrada', createdAt: minutosAtras(20) });
    await inserirMensagem(db(), { clienteId: id, direcao: 'entrada', createdAt: minutosAtras(10) });
    await inserirMensagem(db(), { clienteId: id, direcao: 'saida', createdAt: minutosAtras(5) });
    const silencioso = await inserirCliente(db(), {
      nome: 'Davi Calado',
      status: 'em_atendimento',
      operadorId: ana.id,
    });
    await inserirMensagem(db(), { clienteId: silencioso, direcao: 'saida' });

    expect(await naoLidasEm(EM_ATENDIMENTO, id)).toBe(2);
    expect(await naoLidasEm(EM_ATENDIMENTO, silencioso)).toBe(0);
  });

  it(`stops counting at ${NAO_LIDAS_MAXIMO}`, async () => {
    const id = await inserirCliente(db(), { nome: 'Elisa Falante', operadorId: ana.id });
    await db()
      .insert(mensagens)
      .values(
        Array.from({ length: NAO_LIDAS_MAXIMO + 3 }, (_, i) => ({
          clienteId: id,
          telefone: '+5511900000000',
          direcao: 'entrada' as const,
          origem: 'cliente' as const,
          status: 'recebida' as const,
          conteudo: `Mensagem ${i}`,
          canal: 'whatsapp' as const,
          provedor: 'simulador' as const,
          createdAt: minutosAtras(200 - i),
        })),
      );
    expect(await naoLidasEm(`${ATIVOS}?busca=Elisa`, id)).toBe(NAO_LIDAS_MAXIMO);
  });
});

describe('POST /api/operador/clientes/:id/lida', () => {
  it('marks the conversation read for the caller only; a newer reply is unread again', async () => {
    // The shared queue: both operators see it, each with their own marker.
    const id = await inserirCliente(db(), { nome: 'Fila Compartilhada', status: 'aguardando_atendimento' });
    await inserirMensagem(db(), { clienteId: id, direcao: 'entrada', createdAt: minutosAtras(15) });
    await inserirMensagem(db(), { clienteId: id, direcao: 'entrada', createdAt: minutosAtras(14) });
    const auditoriaAntes = await db().select().from(auditLogs);

    const resposta = await marcarLida(id);
    expect(resposta.statusCode, resposta.body).toBe(204);
    expect(resposta.body).toBe('');
    expect(await naoLidasEm(AGUARDANDO, id)).toBe(0);
    expect(await naoLidasEm(AGUARDANDO, id, tokens.bruno)).toBe(2);
    // Reading changes nothing of the customer: no audit entry.
    expect(await db().select().from(auditLogs)).toHaveLength(auditoriaAntes.length);

    const leitura = await leituraDe(ana.id, id);
    expect(leitura).toBeDefined();
    await inserirMensagem(db(), {
      clienteId: id,
      direcao: 'entrada',
      createdAt: new Date((leitura?.lidaAte.getTime() ?? 0) + 1_000),
    });
    expect(await naoLidasEm(AGUARDANDO, id)).toBe(1);
    expect(await naoLidasEm(AGUARDANDO, id, tokens.bruno)).toBe(3);
  });

  it('is idempotent, and a reading never moves back', async () => {
    const id = await inserirCliente(db(), {
      nome: 'Gabi Repetida',
      status: 'em_atendimento',
      operadorId: ana.id,
    });
    await inserirMensagem(db(), { clienteId: id, direcao: 'entrada', createdAt: minutosAtras(5) });
    expect((await marcarLida(id)).statusCode).toBe(204);
    expect((await marcarLida(id)).statusCode).toBe(204);
    expect(await db().select().from(leiturasCliente).where(eq(leiturasCliente.clienteId, id))).toHaveLength(
      1,
    );

    // A reading ahead of the clock (another tab's, a skewed request) is kept.
    const adiante = new Date(Date.now() + 3_600_000);
    await db()
      .update(leiturasCliente)
      .set({ lidaAte: adiante })
      .where(and(eq(leiturasCliente.usuarioId, ana.id), eq(leiturasCliente.clienteId, id)));
    expect((await marcarLida(id)).statusCode).toBe(204);
    expect((await leituraDe(ana.id, id))?.lidaAte.getTime()).toBe(adiante.getTime());
  });

  it('answers another operator’s customer like a missing one and writes nothing', async () => {
    const id = await inserirCliente(db(), {
      nome: 'Hilda da Ana',
      status: 'em_atendimento',
      operadorId: ana.id,
    });
    await inserirMensagem(db(), { clienteId: id, direcao: 'entrada' });
    const alheio = await marcarLida(id, tokens.bruno);
    const ausente = await marcarLida(2_147_483_647, tokens.bruno);
    expect(alheio.statusCode).toBe(404);
    expect(alheio.json()).toEqual({ code: 'CLIENTE_NAO_ENCONTRADO', message: 'Cliente não encontrado.' });
    expect(ausente.statusCode).toBe(404);
    expect(ausente.json()).toEqual(alheio.json());
    expect(await leituraDe(bruno.id, id)).toBeUndefined();
    expect(await naoLidasEm(EM_ATENDIMENTO, id)).toBe(1);
  });

  it('refuses malformed ids, other roles and anonymous callers', async () => {
    const id = await inserirCliente(db(), { nome: 'Iris da Ana', operadorId: ana.id });
    for (const malformado of ['abc', '0', '-1', '1.5', '2147483648']) {
      const resposta = await marcarLida(malformado);
      expect(resposta.statusCode, malformado).toBe(422);
    }
    expect((await marcarLida(id, tokens.admin)).statusCode).toBe(403);
    const anonimo = await t.app.inject({ method: 'POST', url: `/api/operador/clientes/${id}/lida` });
    expect(anonimo.statusCode).toBe(401);
    expect(await db().select().from(leiturasCliente).where(eq(leiturasCliente.clienteId, id))).toEqual([]);
  });
});
