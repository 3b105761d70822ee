import type { ClienteAdmin, ClienteLista, Paged } from '@cobranca/contracts';
import { diasDeAtraso, hojeNoFuso, somarDias } from '@cobranca/dominio';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  buildTestApp,
  createTestUser,
  issueToken,
  type TestApp,
  type TestUser,
} from '../../../test/build-test-app.ts';
import { clientes, pagamentos } from '../../db/schema/index.ts';
import { inserirCliente, inserirConta, inserirMensagem, type NovoCliente } from './clientes.test-fixtures.ts';

// Sort keys, filters, phone search and the pt-BR name order of the customer lists (issue 17), on both
// databases: the name order must not depend on the database's default collation.

let t: TestApp;
let ana: TestUser;
let bruno: TestUser;
const tokens = { ana: '', bruno: '', admin: '' };
const ids: Record<string, number> = {};
const horasAtras = (horas: number) => new Date(Date.now() - horas * 3_600_000);
const hoje = hojeNoFuso(new Date());

const cliente = async (
  chave: string,
  novo: NovoCliente,
  extra: Partial<typeof clientes.$inferInsert> = {},
) => {
  const id = await inserirCliente(t.database.db, novo);
  ids[chave] = id;
  if (Object.keys(extra).length > 0)
    await t.database.db.update(clientes).set(extra).where(eq(clientes.id, id));
  return id;
};

/** Days overdue per customer id: a due date on a weekend or holiday counts from the next business day. */
const atraso: Record<number, number> = {};
const conta = (clienteId: number, reais: number, diasCorridos: number) => {
  atraso[clienteId] = diasDeAtraso(somarDias(hoje, -diasCorridos), hoje);
  return inserirConta(t.database.db, {
    clienteId,
    valorCentavos: reais * 100,
    vencimento: somarDias(hoje, -diasCorridos),
  });
};
const atrasoDe = (chave: string) => atraso[ids[chave] ?? 0];

const resposta = (clienteId: number, conteudo: string, horas: number) =>
  inserirMensagem(t.database.db, { clienteId, direcao: 'entrada', conteudo, createdAt: horasAtras(horas) });

const pagamento = async (clienteId: number, reais: number, createdAt: Date) => {
  const contaId = await inserirConta(t.database.db, {
    clienteId,
    valorCentavos: reais * 100,
    valorPagoCentavos: reais * 100,
    status: 'paga',
    vencimento: somarDias(hoje, -20),
  });
  await t.database.db.insert(pagamentos).values({
    clienteId,
    contaId,
    valorCentavos: reais * 100,
    principalCentavos: reais * 100,
    data: hoje,
    forma: 'pix',
    createdAt,
  });
};

// Ana's Ativos, inserted in an order unlike the name order so the id tie-break is visible.
const NOMES_EM_ORDEM = ['abel', 'Açougue', 'Auto Peças', 'Élida', 'Vanessa'];

beforeAll(async () => {
  t = await buildTestApp();
  ana = await createTestUser(t.database, 'operador', { name: 'Ana Operadora' });
  bruno = await createTestUser(t.database, 'operador', { name: 'Bruno Operador' });
  const admin = await createTestUser(t.database, 'admin');
  tokens.ana = await issueToken(t.database, ana.id);
  tokens.bruno = await issueToken(t.database, bruno.id);
  tokens.admin = await issueToken(t.database, admin.id);

  const a = ana.id;
  await cliente('vanessa', { nome: 'Vanessa', operadorId: a, numeroChamadas: 5 });
  const elida = await cliente('elida', { nome: 'Élida', operadorId: a, telefone: '+5511987654321' });
  const auto = await cliente('auto', { nome: 'Auto Peças', operadorId: a, numeroChamadas: 1 });
  const acougue = await cliente('acougue', { nome: 'Açougue', operadorId: a, numeroChamadas: 2 });
  const abel = await cliente('abel', { nome: 'abel', operadorId: a, numeroChamadas: 1 });
  await conta(abel, 100, 30);
  await conta(acougue, 500, 5);
  await conta(auto, 50, -10); // not due yet
  await conta(elida, 1000, 60);
  await resposta(abel, 'Posso pagar amanhã', 2);
  await resposta(acougue, 'Quem fala?', 72);
  await resposta(elida, 'Já paguei', 240);

  // Bruno's customer matches every filter below, so any leak would show in Ana's lists.
  const bruna = await cliente('bruna', {
    nome: 'Bruna Alheia',
    operadorId: bruno.id,
    telefone: '+5511912345678',
  });
  await conta(bruna, 2000, 90);
  await resposta(bruna, 'Oi', 1);

  const carla = await cliente('carla', { nome: 'Carla Quitou', status: 'concluido', operadorId: a });
  await pagamento(carla, 300, horasAtras(48));
  await pagamento(carla, 200, horasAtras(5));
  await cliente('davi', { nome: 'Davi Importado', status: 'concluido', operadorId: a });

  await cliente(
    'gil',
    { nome: 'Gil Aguardando', status: 'aguardando_atendimento', operadorId: a },
    { aguardandoDesde: horasAtras(3) },
  );
  await inserirMensagem(t.database.db, {
    clienteId: ids.gil ?? 0,
    direcao: 'saida',
    createdAt: horasAtras(4),
  });
  await resposta(ids.gil ?? 0, 'Quero negociar a dívida em três vezes', 3);
});
afterAll(() => t.close());

const get = (url: string, token = tokens.ana) => t.app.inject({ method: 'GET', url, headers: bearer(token) });
const pagina = async <T = ClienteLista>(url: string, token = tokens.ana): Promise<Paged<T>> => {
  const response = await get(url, token);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};
const nomes = async (url: string, token = tokens.ana) =>
  (await pagina<{ nome: string }>(url, token)).data.map((c) => c.nome);
const ATIVOS = '/api/operador/clientes/ativos';
const ADMIN = '/api/admin/clientes';

describe('pt-BR name order (COLLATE "und-x-icu")', () => {
  it('sorts accented and lower-case names where a pt-BR reader expects them', async () => {
    expect(await nomes(ATIVOS)).toEqual(NOMES_EM_ORDEM);
    expect(await nomes(`${ATIVOS}?ordem=nome&sentido=asc`)).toEqual(NOMES_EM_ORDEM);
    expect(await nomes(`${ATIVOS}?ordem=nome&sentido=desc`)).toEqual([...NOMES_EM_ORDEM].reverse());
  });

  it('orders the admin list the same way', async () => {
    expect(await nomes(`${ADMIN}/por-status/ativo`, tokens.admin)).toEqual([
      'abel',
      'Açougue',
      'Auto Peças',
      'Bruna Alheia',
      'Élida',
      'Vanessa',
    ]);
    expect(await nomes(ADMIN, tokens.admin)).toEqual([
      'abel',
      'Açougue',
      'Auto Peças',
      'Bruna Alheia',
      'Carla Quitou',
      'Davi Importado',
      'Élida',
      'Gil Aguardando',
      'Vanessa',
    ]);
  });

  it('orders the operators list the same way', async () => {
    const elida = await createTestUser(t.database, 'operador', { name: 'Élida Ordem' });
    const abel = await createTestUser(t.database, 'operador', { name: 'abel Ordem' });
    const acougue = await createTestUser(t.database, 'operador', { name: 'Açougueiro Ordem' });
    const body = await pagina<{ id: number }>('/api/admin/operadores?busca=ordem', tokens.admin);
    expect(body.data.map((o) => o.id)).toEqual([abel.id, acougue.id, elida.id]);
  });
});

describe('sort keys', () => {
  it('sorts by days overdue, open amount and calls, equal values by id', async () => {
    // 0 days: Vanessa and Auto Peças tie and keep their id order (Vanessa was inserted first).
    expect(await nomes(`${ATIVOS}?ordem=dias_atraso&sentido=desc`)).toEqual([
      'Élida',
      'abel',
      'Açougue',
      'Vanessa',
      'Auto Peças',
    ]);
    expect(await nomes(`${ATIVOS}?ordem=total_em_aberto`)).toEqual([
      'Vanessa',
      'Auto Peças',
      'abel',
      'Açougue',
      'Élida',
    ]);
    expect(await nomes(`${ATIVOS}?ordem=numero_chamadas&sentido=desc`)).toEqual([
      'Vanessa',
      'Açougue',
      'Auto Peças',
      'abel',
      'Élida',
    ]);
  });

  it('sorts by the last reply, customers who never replied last in either direction', async () => {
    expect(await nomes(`${ATIVOS}?ordem=ultima_resposta&sentido=desc`)).toEqual([
      'abel',
      'Açougue',
      'Élida',
      'Vanessa',
      'Auto Peças',
    ]);
    expect(await nomes(`${ATIVOS}?ordem=ultima_resposta&sentido=asc`)).toEqual([
      'Élida',
      'Açougue',
      'abel',
      'Vanessa',
      'Auto Peças',
    ]);
  });

  it('answers 422 with a pt-BR message for a sort key or direction off the whitelist', async () => {
    const ordem = await get(`${ATIVOS}?ordem=senha_hash`);
    expect(ordem.statusCode).toBe(422);
    expect(ordem.json().errors.ordem[0]).toMatch(/^Ordenação desconhecida\. Use: nome, dias_atraso/);
    const sentido = await get(`${ATIVOS}?ordem=nome&sentido=cima`);
    expect(sentido.statusCode).toBe(422);
    expect(sentido.json().errors.sentido).toEqual(['Use asc ou desc.']);
    expect((await get(`${ADMIN}?ordem=nome;drop`, tokens.admin)).statusCode).toBe(422);
  });
});

describe('filters', () => {
  it('filters by a range of days overdue', async () => {
    expect(await nomes(`${ATIVOS}?atraso_min=10`)).toEqual(['abel', 'Élida']);
    expect(await nomes(`${ATIVOS}?atraso_max=${atrasoDe('acougue')}`)).toEqual([
      'Açougue',
      'Auto Peças',
      'Vanessa',
    ]);
    expect(await nomes(`${ATIVOS}?atraso_min=${atrasoDe('acougue')}&atraso_max=30`)).toEqual([
      'abel',
      'Açougue',
    ]);
  });

  it('filters by a range of the open amount (principal, reais)', async () => {
    expect(await nomes(`${ATIVOS}?valor_min=100`)).toEqual(['abel', 'Açougue', 'Élida']);
    expect(await nomes(`${ATIVOS}?valor_max=100`)).toEqual(['abel', 'Auto Peças', 'Vanessa']);
    expect(await nomes(`${ATIVOS}?valor_min=100.01&valor_max=999.99`)).toEqual(['Açougue']);
  });

  it('filters by the last reply: 24 h, 7 days, never', async () => {
    expect(await nomes(`${ATIVOS}?resposta=24h`)).toEqual(['abel']);
    expect(await nomes(`${ATIVOS}?resposta=7d`)).toEqual(['abel', 'Açougue']);
    expect(await nomes(`${ATIVOS}?resposta=sem`)).toEqual(['Auto Peças', 'Vanessa']);
  });

  it('rejects malformed ranges with field messages', async () => {
    const invertido = await get(`${ATIVOS}?atraso_min=30&atraso_max=5`);
    expect(invertido.statusCode).toBe(422);
    expect(invertido.json().errors.atraso_max).toEqual([
      'O atraso mínimo deve ser menor ou igual ao máximo.',
    ]);
    const valor = await get(`${ATIVOS}?valor_min=10.001`);
    expect(valor.statusCode).toBe(422);
    expect(valor.json().errors.valor_min).toEqual(['Use no máximo duas casas decimais.']);
    const negativo = await get(`${ATIVOS}?atraso_min=-1`);
    expect(negativo.json().errors.atraso_min).toEqual(['O atraso mínimo não pode ser negativo.']);
    const texto = await get(`${ATIVOS}?valor_max=muito`);
    expect(texto.json().errors.valor_max).toEqual(['O valor máximo deve ser um número.']);
    expect((await get(`${ATIVOS}?resposta=ontem`)).statusCode).toBe(422);
  });

  it('filters the admin list by operator', async () => {
    expect(await nomes(`${ADMIN}?operador_id=${bruno.id}`, tokens.admin)).toEqual(['Bruna Alheia']);
    expect(await nomes(`${ADMIN}?operador_id=${bruno.id}&atraso_min=100`, tokens.admin)).toEqual([]);
  });
});

describe('phone search', () => {
  it.each(['(11) 98765-4321', '11987654321', '+55 11 98765-4321', '5511987654321', '98765-4321'])(
    'finds +5511987654321 from "%s"',
    async (busca) => {
      expect(await nomes(`${ATIVOS}?busca=${encodeURIComponent(busca)}`)).toEqual(['Élida']);
    },
  );

  it('still searches names and documents, and the admin list searches phones too', async () => {
    expect(await nomes(`${ATIVOS}?busca=acougue`)).toEqual(['Açougue']);
    expect(await nomes(`${ADMIN}?busca=${encodeURIComponent('(11) 91234-5678')}`, tokens.admin)).toEqual([
      'Bruna Alheia',
    ]);
  });
});

describe('operator scope under every filter', () => {
  it('never shows another operator’s customer, whatever the filter, sort or search', async () => {
    const urls = [
      `${ATIVOS}?atraso_min=60`,
      `${ATIVOS}?valor_min=1000`,
      `${ATIVOS}?resposta=24h`,
      `${ATIVOS}?ordem=dias_atraso&sentido=desc`,
      `${ATIVOS}?busca=${encodeURIComponent('(11) 91234-5678')}`,
      `${ATIVOS}?busca=bruna`,
      // Not a filter of the operator lists: ignored, never a way into Bruno's customers.
      `${ATIVOS}?operador_id=${bruno.id}`,
    ];
    for (const url of urls) expect(await nomes(url), url).not.toContain('Bruna Alheia');
    expect(await nomes(`${ATIVOS}?operador_id=${bruno.id}`)).toEqual(NOMES_EM_ORDEM);
    expect(await nomes(`${ATIVOS}?atraso_min=${atrasoDe('elida')}`)).toEqual(['Élida']);
    expect(await nomes(`${ATIVOS}?busca=bruna`, tokens.bruno)).toEqual(['Bruna Alheia']);
  });
});

describe('Concluídos and Aguardando', () => {
  it('shows what each concluded customer paid and when the last payment concluded it', async () => {
    const { data } = await pagina('/api/operador/clientes/concluidos?ordem=recuperado&sentido=desc');
    expect(data.map((c) => [c.nome, c.recuperado])).toEqual([
      ['Carla Quitou', 500],
      ['Davi Importado', 0],
    ]);
    const [carla, davi] = data;
    expect(Math.abs(Date.parse(carla?.concluido_em ?? '') - horasAtras(5).getTime())).toBeLessThan(60_000);
    expect(davi?.concluido_em).toBeNull();
    expect(await nomes('/api/operador/clientes/concluidos?ordem=concluido_em&sentido=asc')).toEqual([
      'Carla Quitou',
      'Davi Importado',
    ]);
  });

  it('gives the awaiting queue the customer’s last reply, not the last message of either side', async () => {
    const { data } = await pagina('/api/operador/clientes/aguardando-atendimento');
    expect(data).toHaveLength(1);
    expect(data[0]?.ultima_resposta).toEqual({
      conteudo: 'Quero negociar a dívida em três vezes',
      created_at: expect.any(String),
    });
  });

  it('keeps the admin rows free of the operator-only fields', async () => {
    const { data } = await pagina<ClienteAdmin>(`${ADMIN}?busca=carla`, tokens.admin);
    expect(Object.keys(data[0] ?? {})).not.toContain('recuperado');
  });
});
