import type { ContaListada, Paged } from '@cobranca/contracts';
import { calcularEncargos, diasDeAtraso, ENCARGOS_PADRAO, hojeNoFuso, somarDias } from '@cobranca/dominio';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  buildTestApp,
  createTestUser,
  issueToken,
  type TestApp,
  type TestUser,
} from '../../../test/build-test-app.ts';
import { inserirCliente, inserirConta, type NovaConta } from '../clientes/clientes.test-fixtures.ts';

let t: TestApp;
let ana: TestUser;
let bruno: TestUser;
const tokens = { ana: '', bruno: '' };
const hoje = hojeNoFuso(new Date());
const dia = (n: number) => somarDias(hoje, n);
const ids = { joao: 0, maria: 0, nina: 0, otto: 0, bia: 0 };
const c = { vencida30: 0, vencida1: 0, hoje: 0, paga: 0, cancelada: 0, negociada: 0 };
/** Ana's receivables in insertion order, to derive the expected vencimento, id order. */
const daAna: { id: number; vencimento: string }[] = [];

const conta = async (nova: NovaConta) => {
  const id = await inserirConta(t.database.db, nova);
  if (nova.clienteId === ids.joao || nova.clienteId === ids.maria)
    daAna.push({ id, vencimento: nova.vencimento });
  return id;
};

const contasDoJoao = async () => {
  const joao = ids.joao;
  c.vencida30 = await conta({ clienteId: joao, valorCentavos: 10_000, vencimento: dia(-30) });
  c.vencida1 = await conta({
    clienteId: joao,
    valorCentavos: 25_000,
    valorPagoCentavos: 5_000,
    vencimento: dia(-1),
  });
  c.hoje = await conta({ clienteId: joao, valorCentavos: 8_000, vencimento: hoje });
  c.paga = await conta({
    clienteId: joao,
    valorCentavos: 9_900,
    valorPagoCentavos: 9_900,
    status: 'paga',
    vencimento: dia(-60),
  });
  c.cancelada = await conta({
    clienteId: joao,
    valorCentavos: 1_000,
    status: 'cancelada',
    vencimento: dia(10),
  });
  c.negociada = await conta({
    clienteId: joao,
    valorCentavos: 7_000,
    status: 'negociada',
    vencimento: dia(20),
  });
};

beforeAll(async () => {
  t = await buildTestApp();
  const db = t.database.db;
  ana = await createTestUser(t.database, 'operador', { name: 'Ana Operadora' });
  bruno = await createTestUser(t.database, 'operador', { name: 'Bruno Operador' });
  tokens.ana = await issueToken(t.database, ana.id);
  tokens.bruno = await issueToken(t.database, bruno.id);
  ids.joao = await inserirCliente(db, { nome: 'João Conta', documento: '52998224725', operadorId: ana.id });
  ids.maria = await inserirCliente(db, { nome: 'Maria Conta', operadorId: ana.id });
  ids.nina = await inserirCliente(db, { nome: 'Nina Sem Conta', status: 'concluido', operadorId: ana.id });
  ids.otto = await inserirCliente(db, { nome: 'Otto Sem Operador', status: 'aguardando_atendimento' });
  ids.bia = await inserirCliente(db, { nome: 'Bia do Bruno', operadorId: bruno.id });
  await contasDoJoao();
  // 16 open receivables of 10,00, due tomorrow onwards: enough for a second page.
  for (let n = 1; n <= 16; n++)
    await conta({ clienteId: ids.maria, valorCentavos: 1_000, vencimento: dia(n) });
  await conta({ clienteId: ids.otto, valorCentavos: 50_000, vencimento: dia(-3) });
  await conta({ clienteId: ids.bia, valorCentavos: 100_000, vencimento: dia(-5) });
});
afterAll(() => t.close());

const get = (url: string, token = tokens.ana) => t.app.inject({ method: 'GET', url, headers: bearer(token) });
const ok = async <T>(url: string, token = tokens.ana): Promise<T> => {
  const response = await get(url, token);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<T>();
};
const LISTAR = '/api/operador/contas-receber/listar';
const listar = (query = '', token = tokens.ana) => ok<Paged<ContaListada>>(`${LISTAR}?${query}`, token);
const idsDe = (p: Paged<ContaListada>) => p.data.map((conta) => conta.id);
const ordenadas = () =>
  [...daAna].sort((x, y) => x.vencimento.localeCompare(y.vencimento) || x.id - y.id).map((x) => x.id);

describe('GET /api/operador/contas-receber/resumo', () => {
  it("sums own customers' open receivables, the overdue ones and own customers", async () => {
    expect(await ok('/api/operador/contas-receber/resumo')).toEqual({
      total_contas: 19, // João's 3 abertas + Maria's 16
      valor_total: 540, // 100,00 + (250,00 − 50,00) + 80,00 + 16 × 10,00
      contas_vencidas: 2, // due 30 days and 1 day ago; the one due today is not overdue yet
      clientes_vinculados: 3, // João, Maria, Nina (no receivables); not the unassigned Otto
    });
  });

  it("never counts another operator's receivables", async () => {
    expect(await ok('/api/operador/contas-receber/resumo', tokens.bruno)).toEqual({
      total_contas: 1,
      valor_total: 1000,
      contas_vencidas: 1,
      clientes_vinculados: 1,
    });
  });
});

describe('GET /api/operador/contas-receber/listar', () => {
  it('lists own receivables by vencimento then id, exactly 15 per page', async () => {
    const p1 = await listar();
    expect({ ...p1, data: undefined }).toEqual({
      data: undefined,
      current_page: 1,
      last_page: 2,
      per_page: 15,
      total: 22,
    });
    expect(idsDe(p1).slice(0, 4)).toEqual([c.paga, c.vencida30, c.vencida1, c.hoje]);
    expect(idsDe(p1)).toEqual(ordenadas().slice(0, 15));
    expect(idsDe(await listar('page=2'))).toEqual(ordenadas().slice(15));
    expect(await listar('page=3')).toMatchObject({ data: [], current_page: 3, last_page: 2, total: 22 });
  });

  it('shows each receivable in reais with its balance, encargos, days overdue and customer', async () => {
    const { data } = await listar();
    // The date rules are pinned by the dominio unit tests; here, that the wire carries them.
    const encargos = (principalCentavos: number, vencimento: string) => {
      const e = calcularEncargos({ principalCentavos, vencimento, pendentes: null }, hoje, ENCARGOS_PADRAO);
      return {
        multa: e.multaCentavos / 100,
        juros: e.jurosCentavos / 100,
        valor_atualizado: e.totalCentavos / 100,
      };
    };
    const trinta = data.find((conta) => conta.id === c.vencida30);
    expect(trinta).toMatchObject({ saldo: 100, ...encargos(10_000, dia(-30)) });
    expect(trinta?.multa).toBe(2);
    expect(trinta?.juros).toBeGreaterThan(0);
    expect(data.find((conta) => conta.id === c.hoje)).toMatchObject({
      multa: 0,
      juros: 0,
      valor_atualizado: 80,
    });
    expect(data.find((conta) => conta.id === c.paga)).toMatchObject({
      saldo: 0,
      multa: 0,
      juros: 0,
      valor_atualizado: 0,
    });
    expect(data.find((conta) => conta.id === c.vencida1)).toEqual({
      id: c.vencida1,
      cliente_id: ids.joao,
      origem: 'manual',
      chave_nfe: null,
      numero_parcela: null,
      descricao: 'Parcela de teste',
      valor: 250,
      valor_pago: 50,
      saldo: 200,
      ...encargos(20_000, dia(-1)),
      vencimento: dia(-1),
      status: 'aberta',
      pago_em: null,
      dias_atraso: diasDeAtraso(dia(-1), hoje),
      negociacao_id: null,
      banco: null,
      nosso_numero: null,
      linha_digitavel: null,
      codigo_barras: null,
      cliente: { id: ids.joao, nome: 'João Conta' },
    });
  });

  it("never lists another operator's receivables", async () => {
    const p = await listar('', tokens.bruno);
    expect(p.data.map((conta) => conta.cliente.nome)).toEqual(['Bia do Bruno']);
  });

  it('filters by status, by overdue and by an inclusive due-date range', async () => {
    expect(idsDe(await listar('status=paga'))).toEqual([c.paga]);
    expect(idsDe(await listar('status=cancelada'))).toEqual([c.cancelada]);
    expect(idsDe(await listar('vencidas=1'))).toEqual([c.vencida30, c.vencida1]);
    expect(idsDe(await listar(`vencimento_de=${dia(-1)}&vencimento_ate=${hoje}`))).toEqual([
      c.vencida1,
      c.hoje,
    ]);
    expect((await listar(`vencimento_de=${dia(16)}&vencimento_ate=${dia(20)}`)).total).toBe(2); // Maria's at +16, João's negociada at +20
    expect(idsDe(await listar('status=aberta&vencidas=0&vencimento_ate=2000-01-01'))).toEqual([]);
  });

  it("counts own open receivables bounded by due dates from the read model, equal to the list's rows", async () => {
    const todas = async (query: string, token = tokens.ana) => {
      const vistas: number[] = [];
      for (let page = 1; ; page++) {
        const p = await listar(`${query}&page=${page}`, token);
        vistas.push(...idsDe(p));
        if (page >= p.last_page) return { total: p.total, vistas };
      }
    };
    for (const [query, token] of [
      ['status=aberta', tokens.ana],
      ['vencidas=1', tokens.ana],
      ['status=aberta&vencidas=1', tokens.ana],
      [`status=aberta&vencimento_de=${dia(-1)}&vencimento_ate=${dia(3)}`, tokens.ana],
      [`vencidas=1&vencimento_de=${dia(-5)}`, tokens.ana],
      ['status=aberta&vencimento_ate=2000-01-01', tokens.ana],
      ['vencidas=1', tokens.bruno],
    ] as const) {
      const { total, vistas } = await todas(query, token);
      expect(total, query).toBe(vistas.length);
    }
    expect((await todas('status=aberta')).total).toBe(19);
    // The read model answers those totals, and only those: a drifted counter shows in them alone.
    const db = t.database.db;
    await db.execute(sql`UPDATE agregados_abertas SET contas = contas + 100
      WHERE (operador_id, vencimento, fatia) IN (
        SELECT operador_id, vencimento, fatia FROM agregados_abertas WHERE operador_id = ${ana.id} LIMIT 1)`);
    try {
      expect((await listar('status=aberta')).total).toBe(119);
      // Past the last page no row carries the total: it is read from the model on its own.
      expect(await listar('status=aberta&page=9')).toMatchObject({ data: [], total: 119 });
      expect((await listar('busca=conta&status=aberta')).total).toBe(19);
      expect((await listar(`cliente_id=${ids.maria}&status=aberta`)).total).toBe(16);
    } finally {
      await db.execute(sql`SELECT recalcular_agregados()`);
    }
    expect((await listar('status=aberta')).total).toBe(19);
  });

  it('gives the same pages from the prepared statement of each filter shape as from a searched one', async () => {
    const todas = async (query: string, token = tokens.ana) => {
      const vistas: ContaListada[] = [];
      for (let page = 1; ; page++) {
        const p = await listar(`${query}&page=${page}`, token);
        vistas.push(...p.data);
        if (page >= p.last_page) return { total: p.total, vistas };
      }
    };
    const formas = [
      '',
      'status=aberta',
      'vencidas=1',
      'status=paga',
      `vencimento_de=${dia(-1)}`,
      `status=aberta&vencimento_de=${dia(-30)}&vencimento_ate=${dia(5)}`,
      `cliente_id=${ids.joao}`,
      `cliente_id=${ids.maria}&vencimento_ate=${dia(8)}`,
    ];
    for (const forma of formas)
      for (const ordem of ['', 'ordem=cliente&sentido=desc', 'ordem=saldo&sentido=asc']) {
        const query = [forma, ordem].filter(Boolean).join('&');
        const preparada = await todas(query);
        // Both of Ana's customers are called "… Conta": the search keeps every row but builds the statement anew.
        expect(await todas(`${query}&busca=conta`), query).toEqual(preparada);
        // Bruno through the same prepared statement sees only his own (Ana's customers are a 404 to him).
        if (forma.startsWith('cliente_id')) continue;
        const doBruno = await todas(query, tokens.bruno);
        expect(
          doBruno.vistas.every((conta) => conta.cliente.id === ids.bia),
          query,
        ).toBe(true);
      }
    expect((await todas('')).total).toBe(22);
  });

  it('searches by customer name without accents and by formatted CPF', async () => {
    expect((await listar('busca=JOAO')).total).toBe(6);
    expect((await listar(`busca=${encodeURIComponent('529.982.247-25')}`)).total).toBe(6);
    expect((await listar('busca=maria&vencidas=1')).total).toBe(0);
    expect((await listar('busca=bruno')).total).toBe(0);
  });

  it('filters by one own customer, and answers 404 for one the operator cannot see', async () => {
    const p = await listar(`cliente_id=${ids.maria}`);
    expect({ total: p.total, tamanho: p.data.length }).toEqual({ total: 16, tamanho: 15 });
    for (const [id, token] of [
      [ids.bia, tokens.ana],
      [ids.joao, tokens.bruno],
      [999_999, tokens.ana],
    ] as const) {
      const response = await get(`${LISTAR}?cliente_id=${id}`, token);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ code: 'CLIENTE_NAO_ENCONTRADO', message: 'Cliente não encontrado.' });
    }
  });

  it('treats empty filter values as omitted', async () => {
    const vazios = await listar('status=&vencidas=&vencimento_de=&vencimento_ate=&busca=&cliente_id=');
    expect(vazios).toEqual(await listar());
  });

  it('takes hostile searches as plain text and never fails', async () => {
    for (const busca of ['%', '_', '\\', "' or 1=1 --", 'jo%o', 'jo_o']) {
      expect((await listar(`busca=${encodeURIComponent(busca)}`)).total, busca).toBe(0);
    }
    // A NUL is refused before any route (plugins/sem-nul.ts).
    expect((await get(`${LISTAR}?busca=%00`)).statusCode).toBe(422);
  });

  it('answers 422 for bad page, status, dates, range and a search over 120 characters', async () => {
    const invalidas = [
      'page=0',
      'page=abc',
      'status=vencida',
      'vencidas=talvez',
      'vencimento_de=01/02/2025',
      `vencimento_de=${hoje}&vencimento_ate=${dia(-1)}`,
      'cliente_id=abc',
      `busca=${'a'.repeat(121)}`,
      'ordem=id',
      'ordem=valor&sentido=maior',
    ];
    for (const query of invalidas) {
      const response = await get(`${LISTAR}?${query}`);
      expect(response.statusCode, query).toBe(422);
      expect(response.json()).toMatchObject({ message: expect.any(String), errors: expect.any(Object) });
    }
  });
});

describe('GET /api/operador/contas-receber/listar?ordem=', () => {
  type Linha = { id: number; cliente: string; valor: number; saldo: number };
  const todas = async (query: string): Promise<Linha[]> => {
    const paginas = [await listar(query), await listar(`${query}&page=2`)];
    return paginas.flatMap((p) =>
      p.data.map((x) => ({ id: x.id, cliente: x.cliente.nome, valor: x.valor, saldo: x.saldo })),
    );
  };
  const porId = (x: Linha, y: Linha) => x.id - y.id;

  it('sorts by customer name (pt-BR order), amount or balance, both ways, equal values by id', async () => {
    const cliente = await todas('ordem=cliente&sentido=desc');
    expect(cliente.map((x) => x.cliente)).toEqual([
      ...Array(16).fill('Maria Conta'),
      ...Array(cliente.length - 16).fill('João Conta'),
    ]);
    // Ties keep ascending ids whatever the direction: no row repeats or goes missing across pages.
    expect(cliente.slice(0, 16)).toEqual([...cliente.slice(0, 16)].sort(porId));
    expect(new Set(cliente.map((x) => x.id)).size).toBe(22);

    const valor = await todas('ordem=valor&sentido=desc');
    const esperado = [...valor].sort((x, y) => y.valor - x.valor || x.id - y.id);
    expect(valor).toEqual(esperado);
    const saldo = await todas('ordem=saldo&sentido=asc');
    expect(saldo).toEqual([...saldo].sort((x, y) => x.saldo - y.saldo || x.id - y.id));
  });

  it('keeps the scope under any order', async () => {
    const linhas = await todas('ordem=valor&sentido=desc');
    expect(linhas.map((x) => x.cliente)).not.toContain('Bia do Bruno');
  });
});

describe('GET /api/operador/contas-receber/cliente/:id', () => {
  it('answers every receivable of an own customer by vencimento', async () => {
    const body = await ok<{ cliente: unknown; contas: { id: number; saldo: number }[] }>(
      `/api/operador/contas-receber/cliente/${ids.joao}`,
    );
    expect(body.cliente).toEqual({ id: ids.joao, nome: 'João Conta', documento: '52998224725' });
    expect(body.contas.map((conta) => conta.id)).toEqual([
      c.paga,
      c.vencida30,
      c.vencida1,
      c.hoje,
      c.cancelada,
      c.negociada,
    ]);
    // Only open receivables have a balance.
    expect(body.contas.map((conta) => conta.saldo)).toEqual([0, 100, 200, 80, 0, 0]);
  });

  it("answers 404 for another operator's customer and an unknown one", async () => {
    for (const [id, token] of [
      [ids.joao, tokens.bruno],
      [ids.bia, tokens.ana],
      [999_999, tokens.ana],
    ] as const) {
      const response = await get(`/api/operador/contas-receber/cliente/${id}`, token);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ code: 'CLIENTE_NAO_ENCONTRADO', message: 'Cliente não encontrado.' });
    }
  });

  it('shows an unassigned customer awaiting service, as the customer workspace does', async () => {
    const body = await ok<{ contas: unknown[] }>(
      `/api/operador/contas-receber/cliente/${ids.otto}`,
      tokens.bruno,
    );
    expect(body.contas).toHaveLength(1);
  });

  it('answers 422 for an id that is not a positive integer', async () => {
    expect((await get('/api/operador/contas-receber/cliente/abc')).statusCode).toBe(422);
  });
});
