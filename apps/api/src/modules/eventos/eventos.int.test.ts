import { eq, inArray } from 'drizzle-orm';
import { EventSourceParserStream } from 'eventsource-parser/stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  buildTestApp,
  createTestUser,
  issueToken,
  type TestApp,
  type TestUser,
} from '../../../test/build-test-app.ts';
import { clientes, mensagens } from '../../db/schema/index.ts';
import { inserirCliente } from '../clientes/clientes.test-fixtures.ts';

type Evento = { evento: string; dados: unknown };

/** An open event stream over real HTTP: the events read so far, and a wait for the next matching one. */
const abrirFluxo = async (base: string, token: string) => {
  const controle = new AbortController();
  const resposta = await fetch(`${base}/api/operador/eventos`, {
    headers: bearer(token),
    signal: controle.signal,
  });
  const eventos: Evento[] = [];
  const esperas: { teste: (e: Evento) => boolean; resolver: (e: Evento) => void }[] = [];
  let encerrado = false;
  const encerramento = (async () => {
    if (!resposta.body) return;
    const fluxo = resposta.body
      .pipeThrough(new TextDecoderStream())
      .pipeThrough(new EventSourceParserStream());
    try {
      for await (const { event, data } of fluxo) {
        if (!event) continue;
        const lido = { evento: event, dados: JSON.parse(data) };
        eventos.push(lido);
        for (const espera of esperas.filter((e) => e.teste(lido))) espera.resolver(lido);
      }
    } catch {
      // aborted by the test
    }
    encerrado = true;
  })();
  const proximo = (teste: (e: Evento) => boolean, ms = 2_000) =>
    new Promise<Evento>((resolver, rejeitar) => {
      const achado = eventos.find(teste);
      if (achado) return resolver(achado);
      const timer = setTimeout(() => rejeitar(new Error(`nenhum evento em ${ms} ms`)), ms);
      const resolverAntes = (e: Evento) => {
        clearTimeout(timer);
        resolver(e);
      };
      esperas.push({ teste, resolver: resolverAntes });
    });
  return {
    resposta,
    eventos,
    proximo,
    encerrado: () => encerrado,
    fechar: async () => {
      controle.abort();
      await encerramento;
    },
  };
};

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
        canal: 'simulador',
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
        canal: 'simulador',
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
