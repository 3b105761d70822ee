import type { ClienteLista, Paged } from '@cobranca/contracts';
import { diasDeAtraso, hojeNoFuso, somarDias } from '@cobranca/dominio';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  buildTestApp,
  createTestUser,
  issueToken,
  type TestApp,
  type TestUser,
} from '../../../test/build-test-app.ts';
import { clientes } from '../../db/schema/index.ts';
import { SISTEMA_KEY, salvarConfiguracao } from '../configuracoes/configuracoes.repository.ts';
import {
  inserirCliente,
  inserirConta,
  inserirMensagem,
  type NovoCliente,
  valorAtualizadoCentavos,
} from './clientes.test-fixtures.ts';

let t: TestApp;
let ana: TestUser;
let bruno: TestUser;
const tokens = { ana: '', bruno: '' };
const ids: Record<string, number> = {};
const horasAtras = (horas: number) => new Date(Date.now() - horas * 3_600_000);
// Names whose order is the same under the C collation (PGlite) and a linguistic one (PostgreSQL).
const zecas = Array.from({ length: 21 }, (_, i) => `Zeca Ativo ${String(i + 1).padStart(2, '0')}`);

const cliente = async (
  chave: string,
  novo: NovoCliente,
  extra: Partial<typeof clientes.$inferInsert> = {},
) => {
  const id = await inserirCliente(t.database.db, novo);
  ids[chave] = id;
  if (Object.keys(extra).length > 0)
    await t.database.db.update(clientes).set(extra).where(eq(clientes.id, id));
};

const clientesDaAna = async () => {
  const a = ana.id;
  await cliente('alvaro', {
    nome: 'Alvaro Átila',
    documento: '52998224725',
    telefone: '+5511999990001',
    operadorId: a,
    numeroChamadas: 4,
  });
  await cliente('beto', { nome: 'Beto Pausado', status: 'pausado', operadorId: a, numeroChamadas: 3 });
  await cliente('caio', { nome: 'Caio Ativo', operadorId: a, numeroChamadas: 2 });
  for (const nome of zecas) await inserirCliente(t.database.db, { nome, operadorId: a });
  const aguardando = { status: 'aguardando_atendimento' } as const;
  await cliente(
    'dora',
    { nome: 'Dora Aguardando', ...aguardando, operadorId: a },
    { aguardandoDesde: horasAtras(1) },
  );
  await cliente('edu', { nome: 'Edu Sem Operador', ...aguardando }, { aguardandoDesde: horasAtras(3) });
  await cliente('gil', { nome: 'Gil Sem Operador', ...aguardando }, { aguardandoDesde: horasAtras(2) });
  const emAtendimento = { status: 'em_atendimento', operadorId: a } as const;
  await cliente('hugo', { nome: 'Hugo Atendido', ...emAtendimento }, { ultimaMensagemEm: horasAtras(0.2) });
  await cliente('iara', { nome: 'Iara Atendida', ...emAtendimento });
  await cliente(
    'jonas',
    { nome: 'Jonas Atendido', ...emAtendimento },
    { ultimaMensagemEm: horasAtras(0.01) },
  );
  await cliente('katia', { nome: 'Katia Concluída', status: 'concluido', operadorId: a });
};

const clientesDoBruno = async () => {
  const b = bruno.id;
  await cliente('ze', { nome: 'Zé do Bruno', operadorId: b, numeroChamadas: 5 });
  await cliente(
    'fabi',
    { nome: 'Fabi do Bruno', status: 'aguardando_atendimento', operadorId: b },
    {
      aguardandoDesde: horasAtras(5),
    },
  );
  await cliente('xavier', { nome: 'Xavier do Bruno', status: 'em_atendimento', operadorId: b });
  await cliente('yara', { nome: 'Yara do Bruno', status: 'concluido', operadorId: b });
};

const contasEMensagens = async () => {
  const db = t.database.db;
  const hoje = hojeNoFuso(new Date());
  const alvaro = ids.alvaro ?? 0;
  await inserirConta(db, { clienteId: alvaro, valorCentavos: 10_000, vencimento: somarDias(hoje, -10) });
  await inserirConta(db, {
    clienteId: alvaro,
    valorCentavos: 25_000,
    valorPagoCentavos: 5_000,
    vencimento: somarDias(hoje, 5),
  });
  // Older, but not open: neither counts for the balance nor for the days overdue.
  await inserirConta(db, {
    clienteId: alvaro,
    valorCentavos: 9_900,
    status: 'paga',
    vencimento: somarDias(hoje, -40),
  });
  await inserirConta(db, {
    clienteId: alvaro,
    valorCentavos: 8_000,
    status: 'cancelada',
    vencimento: somarDias(hoje, -60),
  });
  await inserirConta(db, { clienteId: ids.caio ?? 0, valorCentavos: 1_050, vencimento: somarDias(hoje, 3) });
  await inserirMensagem(db, {
    clienteId: alvaro,
    direcao: 'saida',
    conteudo: 'Lembrete',
    createdAt: horasAtras(2),
  });
  await inserirMensagem(db, {
    clienteId: alvaro,
    direcao: 'entrada',
    conteudo: 'Vou pagar',
    createdAt: horasAtras(1),
  });
  // Inserted last (highest id) but older: the newest is by created_at.
  await inserirMensagem(db, {
    clienteId: alvaro,
    direcao: 'saida',
    conteudo: 'Antiga',
    createdAt: horasAtras(3),
  });
};

beforeAll(async () => {
  t = await buildTestApp();
  ana = await createTestUser(t.database, 'operador', { name: 'Ana Operadora' });
  bruno = await createTestUser(t.database, 'operador', { name: 'Bruno Operador' });
  tokens.ana = await issueToken(t.database, ana.id);
  tokens.bruno = await issueToken(t.database, bruno.id);
  await clientesDaAna();
  await clientesDoBruno();
  await contasEMensagens();
});
afterAll(() => t.close());

const get = (url: string, token = tokens.ana) => t.app.inject({ method: 'GET', url, headers: bearer(token) });
const pagina = async (url: string, token = tokens.ana): Promise<Paged<ClienteLista>> => {
  const response = await get(url, token);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};
const nomes = (p: Paged<ClienteLista>) => p.data.map((c) => c.nome);
const ATIVOS = '/api/operador/clientes/ativos';
const AGUARDANDO = '/api/operador/clientes/aguardando-atendimento';
const EM_ATENDIMENTO = '/api/operador/clientes/em-atendimento';
const CONCLUIDOS = '/api/operador/clientes/concluidos';
const buscar = async (busca: string, base = ATIVOS) =>
  nomes(await pagina(`${base}?busca=${encodeURIComponent(busca)}`));

describe('GET /api/operador/clientes/ativos', () => {
  it('lists own ativo and pausado customers by nome, exactly 20 per page', async () => {
    const p = await pagina(ATIVOS);
    expect({ ...p, data: undefined }).toEqual({
      data: undefined,
      current_page: 1,
      last_page: 2, // 3 + 21 zecas = 24
      per_page: 20,
      total: 24,
    });
    expect(nomes(p)).toEqual(['Alvaro Átila', 'Beto Pausado', 'Caio Ativo', ...zecas.slice(0, 17)]);
    expect(nomes(await pagina(`${ATIVOS}?page=2`))).toEqual(zecas.slice(17));
  });

  it('answers a page past the end with empty data and the real totals', async () => {
    expect(await pagina(`${ATIVOS}?page=3`)).toEqual({
      data: [],
      current_page: 3,
      last_page: 2,
      per_page: 20,
      total: 24,
    });
  });

  it('shows the updated open balance, the days overdue of the oldest open receivable and the newest message', async () => {
    const hoje = hojeNoFuso(new Date());
    const { data } = await pagina(ATIVOS);
    expect(data[0]).toEqual({
      id: ids.alvaro,
      nome: 'Alvaro Átila',
      documento: '52998224725',
      telefone: '+5511999990001',
      status: 'ativo',
      numero_chamadas: 4,
      // open: 100,00 ten days overdue, updated, + (250,00 − 50,00) not due; the paga and cancelada ones do not count
      total_em_aberto: (valorAtualizadoCentavos(10_000, somarDias(hoje, -10), hoje) + 20_000) / 100,
      // the oldest open one is due 10 days ago (the older paga/cancelada are ignored)
      dias_atraso: diasDeAtraso(somarDias(hoje, -10), hoje),
      ultima_mensagem: {
        conteudo: 'Vou pagar',
        direcao: 'entrada',
        origem: 'cliente',
        status: 'recebida',
        canal: 'whatsapp',
        erro: null,
        proxima_tentativa_em: null,
        created_at: expect.any(String),
      },
      operador: { id: ana.id, name: 'Ana Operadora' },
      aguardando_desde: null,
      etiquetas: [],
      // the newest inbound message; no payment recorded
      ultima_resposta: { conteudo: 'Vou pagar', created_at: expect.any(String) },
      recuperado: 0,
      concluido_em: null,
      // one inbound message, and Ana never opened the conversation
      nao_lidas: 1,
    });
    // Open but not yet due: 0 days overdue; no message: null.
    expect(data[2]).toMatchObject({
      nome: 'Caio Ativo',
      total_em_aberto: 10.5,
      dias_atraso: 0,
      ultima_mensagem: null,
    });
    expect(data[1]).toMatchObject({
      nome: 'Beto Pausado',
      status: 'pausado',
      total_em_aberto: 0,
      dias_atraso: 0,
    });
  });

  it('keeps only customers at or above the settings limit with com_falhas=1', async () => {
    const falhas = await pagina(`${ATIVOS}?com_falhas=1`);
    expect(nomes(falhas)).toEqual(['Alvaro Átila', 'Beto Pausado']); // 4 and 3 calls, default limit 3
    expect(falhas.total).toBe(2);
    expect((await pagina(`${ATIVOS}?com_falhas=0`)).total).toBe(24);
    await salvarConfiguracao(t.database.db, SISTEMA_KEY, { tentativas_com_falhas: 4 }, null);
    try {
      expect(nomes(await pagina(`${ATIVOS}?com_falhas=true`))).toEqual(['Alvaro Átila']);
    } finally {
      await salvarConfiguracao(t.database.db, SISTEMA_KEY, {}, null);
    }
  });

  it("never shows another operator's customers", async () => {
    expect(nomes(await pagina(ATIVOS, tokens.bruno))).toEqual(['Zé do Bruno']);
    expect(await buscar('bruno')).toEqual([]);
  });

  it('finds a customer by name without accents or case, and by formatted CPF', async () => {
    expect(await buscar('ATILA')).toEqual(['Alvaro Átila']);
    expect(await buscar('álvaro átila')).toEqual(['Alvaro Átila']);
    expect(await buscar('529.982.247-25')).toEqual(['Alvaro Átila']);
    expect(await buscar('99822')).toEqual(['Alvaro Átila']);
  });

  it('takes hostile searches as plain text and never fails', async () => {
    for (const busca of ['%', '_', '\\', "'; drop table clientes; --", '"', 'a%b_c']) {
      expect(await buscar(busca), busca).toEqual([]);
    }
    // Blanks normalise to nothing: no filter. A NUL is refused before any route (plugins/sem-nul.ts).
    expect((await get(`${ATIVOS}?busca=%00`)).statusCode).toBe(422);
    expect((await pagina(`${ATIVOS}?busca=%20%20`)).total).toBe(24);
  });

  it('answers 422 for a search over 120 characters, page=0 and page=abc', async () => {
    for (const query of [`busca=${'a'.repeat(121)}`, 'page=0', 'page=abc', 'com_falhas=talvez']) {
      const response = await get(`${ATIVOS}?${query}`);
      expect(response.statusCode, query).toBe(422);
      expect(response.json()).toMatchObject({ message: expect.any(String), errors: expect.any(Object) });
    }
  });
});

describe('GET /api/operador/clientes/aguardando-atendimento', () => {
  it('lists own and unassigned awaiting customers, oldest reply first', async () => {
    const p = await pagina(AGUARDANDO);
    expect(nomes(p)).toEqual(['Edu Sem Operador', 'Gil Sem Operador', 'Dora Aguardando']);
    expect(p.total).toBe(3);
    expect(p.data[0]).toMatchObject({ operador: null, aguardando_desde: expect.any(String) });
    expect(p.data[2]).toMatchObject({ operador: { id: ana.id, name: 'Ana Operadora' } });
    const desde = p.data.map((c) => Date.parse(c.aguardando_desde ?? ''));
    expect(desde).toEqual([...desde].sort((x, y) => x - y));
  });

  it("shows the shared queue to every operator but never another's own", async () => {
    expect(nomes(await pagina(AGUARDANDO, tokens.bruno))).toEqual([
      'Fabi do Bruno',
      'Edu Sem Operador',
      'Gil Sem Operador',
    ]);
  });

  it('searches within the queue', async () => {
    expect(await buscar('sem operador', AGUARDANDO)).toEqual(['Edu Sem Operador', 'Gil Sem Operador']);
  });
});

describe('GET /api/operador/clientes/em-atendimento', () => {
  it('lists own in-service customers, newest message first and none last', async () => {
    expect(nomes(await pagina(EM_ATENDIMENTO))).toEqual(['Jonas Atendido', 'Hugo Atendido', 'Iara Atendida']);
    expect(nomes(await pagina(EM_ATENDIMENTO, tokens.bruno))).toEqual(['Xavier do Bruno']);
  });
});

describe('GET /api/operador/clientes/concluidos', () => {
  it('lists own concluded customers only', async () => {
    expect(await pagina(CONCLUIDOS)).toMatchObject({ total: 1, data: [{ nome: 'Katia Concluída' }] });
    expect(nomes(await pagina(CONCLUIDOS, tokens.bruno))).toEqual(['Yara do Bruno']);
  });

  it('ignores com_falhas outside the Ativos list', async () => {
    expect((await pagina(`${CONCLUIDOS}?com_falhas=1`)).total).toBe(1);
  });
});

describe('the lists’ totals (docs/decisions/046-totais-das-listas.md)', () => {
  it('reads an unfiltered list’s total from the counters by operator and status, and counts a filtered one', async () => {
    // A customer written with the triggers off moves no counter: only a count over the rows sees it.
    await t.database.db.transaction(async (tx) => {
      await tx.execute(sql`SET LOCAL session_replication_role = replica`);
      await inserirCliente(tx, { nome: 'Zuleica Silenciosa', operadorId: ana.id });
    });
    expect((await pagina(ATIVOS)).total).toBe(24);
    expect((await pagina(`${ATIVOS}?atraso_min=0`)).total).toBe(25);
    await t.database.db.execute(sql`SELECT recalcular_agregados()`);
    expect((await pagina(ATIVOS)).total).toBe(25);
    await t.database.db.delete(clientes).where(eq(clientes.nome, 'Zuleica Silenciosa'));
    expect((await pagina(ATIVOS)).total).toBe(24);
  });
});
