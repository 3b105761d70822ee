import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  buildTestApp,
  createTestUser,
  issueToken,
  type TestApp,
  type TestUser,
} from '../../../test/build-test-app.ts';
import { apiTokens, clientes, mensagens } from '../../db/schema/index.ts';
import { inserirCliente } from '../clientes/clientes.test-fixtures.ts';
import { abrirFluxo, type Evento } from './eventos.test-fixtures.ts';

const comCliente = (id: number) => (e: Evento) =>
  e.evento === 'clientes' && ((e.dados as { clientes?: number[] }).clientes ?? []).includes(id);

let t: TestApp;
let base: string;
let ana: TestUser;
let bruno: TestUser;
let tokenAna: string;
let tokenBruno: string;

beforeAll(async () => {
  t = await buildTestApp();
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  ana = await createTestUser(t.database, 'operador', { name: 'Ana' });
  bruno = await createTestUser(t.database, 'operador', { name: 'Bruno' });
  tokenAna = await issueToken(t.database, ana.id);
  tokenBruno = await issueToken(t.database, bruno.id);
});
afterAll(() => t.close());

describe('GET /api/operador/eventos', () => {
  it('opens a text/event-stream that starts with "pronto"', async () => {
    const fluxo = await abrirFluxo(base, tokenAna);
    try {
      expect(fluxo.resposta.status).toBe(200);
      expect(fluxo.resposta.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
      expect(fluxo.resposta.headers.get('cache-control')).toContain('no-store');
      expect((await fluxo.proximo((e) => e.evento === 'pronto')).dados).toEqual({ operador_id: ana.id });
    } finally {
      await fluxo.fechar();
    }
  });

  it('refuses without a session (401) and to an admin (403)', async () => {
    const admin = await createTestUser(t.database, 'admin');
    expect((await t.app.inject({ method: 'GET', url: '/api/operador/eventos' })).statusCode).toBe(401);
    const comoAdmin = await t.app.inject({
      method: 'GET',
      url: '/api/operador/eventos',
      headers: bearer(await issueToken(t.database, admin.id)),
    });
    expect(comoAdmin.statusCode).toBe(403);
  });

  it('tells the operator, and only them, about a change to their customer made by any connection', async () => {
    const daAna = await inserirCliente(t.database.db, { nome: 'Cliente da Ana', operadorId: ana.id });
    const doBruno = await inserirCliente(t.database.db, { nome: 'Cliente do Bruno', operadorId: bruno.id });
    const [fluxoAna, fluxoBruno] = [await abrirFluxo(base, tokenAna), await abrirFluxo(base, tokenBruno)];
    try {
      await fluxoAna.proximo((e) => e.evento === 'pronto');
      await fluxoBruno.proximo((e) => e.evento === 'pronto');
      // A reply arrives (the webhook's or a worker's write: any connection to the database).
      await t.database.db.insert(mensagens).values({
        clienteId: daAna,
        telefone: '+5511999990000',
        direcao: 'entrada',
        origem: 'cliente',
        status: 'recebida',
        conteudo: 'Quero negociar',
        canal: 'whatsapp',
        provedor: 'simulador',
      });
      await fluxoAna.proximo(comCliente(daAna));
      await t.database.db.update(clientes).set({ numeroChamadas: 1 }).where(eq(clientes.id, doBruno));
      await fluxoBruno.proximo(comCliente(doBruno));
      expect(fluxoAna.eventos.some(comCliente(doBruno))).toBe(false);
      expect(fluxoBruno.eventos.some(comCliente(daAna))).toBe(false);
    } finally {
      await fluxoAna.fechar();
      await fluxoBruno.fechar();
    }
  });

  it('tells both operators when a customer is handed from one to the other', async () => {
    const id = await inserirCliente(t.database.db, { nome: 'Cliente repassado', operadorId: ana.id });
    const [fluxoAna, fluxoBruno] = [await abrirFluxo(base, tokenAna), await abrirFluxo(base, tokenBruno)];
    try {
      await fluxoBruno.proximo((e) => e.evento === 'pronto');
      await t.database.db.update(clientes).set({ operadorId: bruno.id }).where(eq(clientes.id, id));
      expect((await fluxoAna.proximo(comCliente(id))).evento).toBe('clientes');
      expect((await fluxoBruno.proximo(comCliente(id))).evento).toBe('clientes');
    } finally {
      await fluxoAna.fechar();
      await fluxoBruno.fechar();
    }
  });

  it('says nothing for a sender lease, which no screen shows', async () => {
    const id = await inserirCliente(t.database.db, { nome: 'Cliente com envio', operadorId: ana.id });
    const [mensagem] = await t.database.db
      .insert(mensagens)
      .values({
        clienteId: id,
        telefone: '+5511999990001',
        direcao: 'saida',
        origem: 'regua',
        status: 'pendente',
        conteudo: 'Lembrete',
        canal: 'whatsapp',
        provedor: 'simulador',
      })
      .returning({ id: mensagens.id });
    const barreira = await inserirCliente(t.database.db, { nome: 'Barreira', operadorId: ana.id });
    const fluxo = await abrirFluxo(base, tokenAna);
    try {
      await fluxo.proximo((e) => e.evento === 'pronto');
      // The inserts' notifications may reach the listener after the stream opened. Notifications come
      // in commit order, so once a later write's event is here, theirs are too: then forget them all.
      await t.database.db.update(clientes).set({ nome: 'Barreira 2' }).where(eq(clientes.id, barreira));
      await fluxo.proximo(comCliente(barreira));
      fluxo.eventos.length = 0;
      await t.database.db
        .update(mensagens)
        .set({ bloqueadaAte: new Date(Date.now() + 60_000) })
        .where(eq(mensagens.id, mensagem?.id ?? 0));
      await expect(fluxo.proximo(comCliente(id), 500)).rejects.toThrow('nenhum evento');
      await t.database.db
        .update(mensagens)
        .set({ status: 'enviada', enviadaEm: new Date() })
        .where(eq(mensagens.id, mensagem?.id ?? 0));
      await fluxo.proximo(comCliente(id));
    } finally {
      await fluxo.fechar();
    }
  });

  it('says "todos" for a bulk write too large for one notification', async () => {
    const ids = [];
    for (let i = 0; i < 201; i++) ids.push(await inserirCliente(t.database.db, { nome: `Lote ${i}` }));
    const fluxo = await abrirFluxo(base, tokenAna);
    try {
      await fluxo.proximo((e) => e.evento === 'pronto');
      await t.database.db.update(clientes).set({ operadorId: ana.id }).where(inArray(clientes.id, ids));
      expect((await fluxo.proximo((e) => e.evento === 'clientes')).dados).toEqual({ todos: true });
    } finally {
      await fluxo.fechar();
    }
  });

  it('closes open streams when the server shuts down', async () => {
    const outro = await buildTestApp();
    const endereco = await outro.app.listen({ port: 0, host: '127.0.0.1' });
    const operador = await createTestUser(outro.database, 'operador');
    const fluxo = await abrirFluxo(endereco, await issueToken(outro.database, operador.id));
    await fluxo.proximo((e) => e.evento === 'pronto');
    const inicio = Date.now();
    await outro.close();
    await expect.poll(fluxo.encerrado, { timeout: 2_000 }).toBe(true);
    expect(Date.now() - inicio).toBeLessThan(2_000);
    await fluxo.fechar();
  });
});

// docs/decisions/035-fluxos-ao-vivo.md: a session's streams are capped, and end with the session.
describe('streams per session', () => {
  /** A fresh operator's session with `n` streams open, each past its "pronto". */
  const sessaoComFluxos = async (n: number) => {
    const operador = await createTestUser(t.database, 'operador');
    const token = await issueToken(t.database, operador.id);
    const fluxos = [];
    for (let i = 0; i < n; i++) {
      const fluxo = await abrirFluxo(base, token);
      await fluxo.proximo((e) => e.evento === 'pronto');
      fluxos.push(fluxo);
    }
    return { operador, token, fluxos };
  };
  const fecharTodos = (fluxos: { fechar: () => Promise<void> }[]) =>
    Promise.all(fluxos.map((f) => f.fechar()));

  it('holds at most 5 streams a session: the 6th closes the oldest, and no other session’s', async () => {
    const { token, fluxos } = await sessaoComFluxos(5);
    const outra = await sessaoComFluxos(1);
    try {
      const sexto = await abrirFluxo(base, token);
      fluxos.push(sexto);
      await sexto.proximo((e) => e.evento === 'pronto');
      expect(await fluxos[0]?.terminou(1_000)).toBe(true);
      // Told to come back in a minute, not in the usual 3 s: tabs past the cap take slow turns.
      expect(fluxos[0]?.retry()).toBe(60_000);
      expect(sexto.retry()).toBe(3_000);
      for (const fluxo of [...fluxos.slice(1), ...outra.fluxos]) expect(fluxo.encerrado()).toBe(false);
    } finally {
      await fecharTodos([...fluxos, ...outra.fluxos]);
    }
  });

  it('ends a stream within 1 s of its logout, and only that session’s', async () => {
    const { operador, token, fluxos } = await sessaoComFluxos(2);
    const outraSessao = await abrirFluxo(base, await issueToken(t.database, operador.id));
    await outraSessao.proximo((e) => e.evento === 'pronto');
    try {
      const saida = await t.app.inject({ method: 'POST', url: '/api/logout', headers: bearer(token) });
      expect(saida.statusCode).toBe(204);
      for (const fluxo of fluxos) expect(await fluxo.terminou(1_000)).toBe(true);
      expect(await outraSessao.terminou(300)).toBe(false);
    } finally {
      await fecharTodos([...fluxos, outraSessao]);
    }
  });

  it('ends every stream of a user within 1 s of an admin blocking them', async () => {
    const { operador, fluxos } = await sessaoComFluxos(2);
    const admin = await issueToken(t.database, (await createTestUser(t.database, 'admin')).id);
    try {
      const bloqueio = await t.app.inject({
        method: 'PATCH',
        url: `/api/admin/operadores/${operador.id}/bloquear`,
        headers: bearer(admin),
      });
      expect(bloqueio.statusCode, bloqueio.body).toBe(200);
      for (const fluxo of fluxos) expect(await fluxo.terminou(1_000)).toBe(true);
    } finally {
      await fecharTodos(fluxos);
    }
  });

  it('ends a stream within 1 s of its session being revoked by any writer (the database’s notice)', async () => {
    const { operador, fluxos } = await sessaoComFluxos(1);
    try {
      await t.database.db
        .update(apiTokens)
        .set({ revokedAt: new Date() })
        .where(eq(apiTokens.usuarioId, operador.id));
      expect(await fluxos[0]?.terminou(1_000)).toBe(true);
    } finally {
      await fecharTodos(fluxos);
    }
  });
});
