import type { ClienteLista, ClientesOrdem, Paged } from '@cobranca/contracts';
import { hojeNoFuso, somarDias } from '@cobranca/dominio';
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
import { espiarConsultas } from '../../../test/consultas-espiadas.ts';
import { clientes, leiturasCliente, pagamentos } from '../../db/schema/index.ts';
import type { Sentido } from '../../lib/ordenacao.ts';
import { inserirCliente, inserirConta, inserirMensagem } from './clientes.test-fixtures.ts';
import {
  ClientesDoOperador,
  type FiltroClientesOperador,
  type ListaOperador,
} from './clientes-operador.repository.ts';
import { type Atualizacao, buscarAtualizacao } from './valor-atualizado.ts';

// Issue 18: an operator list page comes from one statement (clientes-operador-lista.ts): the page's ids by
// a deferred join, the total and every aggregate beside them. Paging through it must give exactly the
// list the export reads in one ordered select (`idsDaLista`), for every list and sort key, ties included;
// the prepared statement of a plain list and the one built for a search must give the same rows.

let t: TestApp;
let ana: TestUser;
let bruno: TestUser;
let tokenAna: string;
let atualizacao: Atualizacao;
const db = () => t.database.db;
const horasAtras = (horas: number) => new Date(Date.now() - horas * 3_600_000);

/** Customers with repeated names, counts and dates, so ties fall to the id. */
const montar = async () => {
  const hoje = hojeNoFuso(new Date());
  const novo = async (
    i: number,
    status: 'ativo' | 'pausado' | 'aguardando_atendimento' | 'em_atendimento' | 'concluido',
    operadorId: number | null,
  ) => {
    const id = await inserirCliente(db(), {
      nome: `Cliente ${['Ana', 'Bia', 'Caio', 'Élida', 'abel'][i % 5]} ${i % 3}`,
      status,
      operadorId,
      numeroChamadas: i % 4,
    });
    if (status === 'aguardando_atendimento')
      await db()
        .update(clientes)
        .set({ aguardandoDesde: horasAtras(i % 3) })
        .where(eq(clientes.id, id));
    if (i % 3 === 0)
      await db()
        .update(clientes)
        .set({ ultimaMensagemEm: horasAtras(i % 7), etiquetas: ['vip'] })
        .where(eq(clientes.id, id));
    if (i % 2 === 0)
      await inserirConta(db(), {
        clienteId: id,
        valorCentavos: 1_000 * (1 + (i % 4)),
        vencimento: somarDias(hoje, -(i % 5) * 7),
      });
    if (i % 5 === 1) {
      const paga = await inserirConta(db(), {
        clienteId: id,
        valorCentavos: 500 * (1 + (i % 2)),
        vencimento: somarDias(hoje, -30),
        status: 'paga',
      });
      await db()
        .insert(pagamentos)
        .values({
          clienteId: id,
          contaId: paga,
          valorCentavos: 500 * (1 + (i % 2)),
          principalCentavos: 500 * (1 + (i % 2)),
          data: somarDias(hoje, -30),
          forma: 'pix',
        });
    }
    if (i % 4 !== 3)
      await inserirMensagem(db(), {
        clienteId: id,
        direcao: i % 4 === 0 ? 'saida' : 'entrada',
        conteudo: `Mensagem ${i}`,
        createdAt: horasAtras(i % 6),
      });
    if (i % 6 === 1)
      await inserirMensagem(db(), { clienteId: id, direcao: 'entrada', createdAt: horasAtras(30) });
    return id;
  };
  const STATUS_ANA = [
    'ativo',
    'ativo',
    'pausado',
    'aguardando_atendimento',
    'em_atendimento',
    'concluido',
  ] as const;
  const daAna: number[] = [];
  for (let i = 0; i < 60; i++)
    daAna.push(await novo(i, STATUS_ANA[i % STATUS_ANA.length] ?? 'ativo', ana.id));
  for (let i = 0; i < 5; i++) await novo(i, 'aguardando_atendimento', null);
  for (let i = 0; i < 8; i++) await novo(i, i % 2 === 0 ? 'ativo' : 'aguardando_atendimento', bruno.id);
  // Ana has read one conversation, so the unread markers differ between rows.
  await db()
    .insert(leiturasCliente)
    .values({ usuarioId: ana.id, clienteId: daAna[1] ?? 0, lidaAte: horasAtras(2) });
};

beforeAll(async () => {
  t = await buildTestApp();
  ana = await createTestUser(t.database, 'operador', { name: 'Ana Operadora' });
  bruno = await createTestUser(t.database, 'operador', { name: 'Bruno Operador' });
  tokenAna = await issueToken(t.database, ana.id);
  await montar();
  atualizacao = await buscarAtualizacao(db());
});
afterAll(() => t.close());

const LISTAS: ListaOperador[] = ['ativos', 'aguardando', 'em_atendimento', 'concluidos'];
const ORDENS: (undefined | { chave: ClientesOrdem; sentido: Sentido })[] = [
  undefined,
  { chave: 'nome', sentido: 'desc' },
  { chave: 'dias_atraso', sentido: 'desc' },
  { chave: 'total_em_aberto', sentido: 'asc' },
  { chave: 'numero_chamadas', sentido: 'desc' },
  { chave: 'ultima_mensagem', sentido: 'asc' },
  { chave: 'ultima_resposta', sentido: 'desc' },
  { chave: 'aguardando_desde', sentido: 'asc' },
  { chave: 'recuperado', sentido: 'desc' },
  { chave: 'concluido_em', sentido: 'asc' },
];
const POR_PAGINA = 4;

/** Every page of the list, from the first to the first empty one; the totals each page reported. */
const todasAsPaginas = async (repo: ClientesDoOperador, filtro: FiltroClientesOperador) => {
  const linhas: ClienteLista[] = [];
  const totais = new Set<number>();
  for (let pagina = 0; ; pagina++) {
    const { rows, total } = await repo.listar(
      filtro,
      { limit: POR_PAGINA, offset: pagina * POR_PAGINA },
      atualizacao,
    );
    totais.add(total);
    if (rows.length === 0) return { linhas, totais: [...totais] };
    expect(rows.length).toBeLessThanOrEqual(POR_PAGINA);
    linhas.push(...rows);
  }
};

type NoDoPlano = {
  'Node Type': string;
  'Actual Loops': number;
  'One-Time Filter'?: string;
  'Parent Relationship'?: string;
  Plans?: NoDoPlano[];
};

/**
 * For each half under the plan's Append, in the statement's order: whether what its condition guards
 * (the walk along the list) ran.
 */
const ladosPercorridos = (linha: unknown): boolean[] => {
  const plano = Object.values(linha as Record<string, unknown>)[0];
  const [raiz] = (typeof plano === 'string' ? JSON.parse(plano) : plano) as [{ Plan: NoDoPlano }];
  const achar = (no: NoDoPlano, e: (n: NoDoPlano) => boolean): NoDoPlano | undefined =>
    e(no) ? no : (no.Plans ?? []).map((filho) => achar(filho, e)).find(Boolean);
  const lados = achar(raiz.Plan, (n) => n['Node Type'] === 'Append')?.Plans ?? [];
  return lados.map((lado) => {
    const guarda = achar(lado, (n) => n['One-Time Filter'] !== undefined);
    const guardado = guarda?.Plans?.find((filho) => filho['Parent Relationship'] === 'Outer');
    return (guardado?.['Actual Loops'] ?? 0) > 0;
  });
};

describe('an operator list page in one statement', () => {
  it('pages through exactly the ordered list, for every list, sort key and direction, ties by id', async () => {
    const repo = new ClientesDoOperador(db(), { operadorId: ana.id });
    for (const lista of LISTAS)
      for (const ordem of ORDENS) {
        const filtro: FiltroClientesOperador = { lista, ordem };
        const inteira = await repo.idsDaLista(filtro, atualizacao.hoje);
        expect(inteira.length, lista).toBeGreaterThan(POR_PAGINA * 2);
        const { linhas, totais } = await todasAsPaginas(repo, filtro);
        const rotulo = `${lista} ${ordem?.chave ?? 'padrão'} ${ordem?.sentido ?? ''}`;
        expect(
          linhas.map((l) => l.id),
          rotulo,
        ).toEqual(inteira);
        expect(totais, rotulo).toEqual([inteira.length]);
      }
  });

  it('gives the same rows from the prepared statement of a plain list and from a searched one', async () => {
    const repo = new ClientesDoOperador(db(), { operadorId: ana.id });
    for (const lista of LISTAS)
      for (const ordem of [undefined, { chave: 'dias_atraso', sentido: 'asc' } as const]) {
        const simples = await todasAsPaginas(repo, { lista, ordem });
        // Every name holds "cliente": the search keeps every row but builds the statement anew.
        const buscada = await todasAsPaginas(repo, { lista, ordem, busca: 'cliente' });
        expect(buscada.linhas, lista).toEqual(simples.linhas);
        expect(new Set(simples.linhas.map((l) => l.nao_lidas)).size, lista).toBeGreaterThan(1);
      }
    const comFalhas = await todasAsPaginas(repo, { lista: 'ativos', minimoChamadas: 2 });
    expect(comFalhas.linhas.length).toBeGreaterThan(0);
    expect(comFalhas.linhas.every((l) => l.numero_chamadas >= 2)).toBe(true);
    expect(
      (await todasAsPaginas(repo, { lista: 'ativos', minimoChamadas: 2, busca: 'cliente' })).linhas,
    ).toEqual(comFalhas.linhas);
  });

  it("gives an export's batch the page's rows, in the batch's order, without unread markers", async () => {
    const repo = new ClientesDoOperador(db(), { operadorId: ana.id });
    const filtro: FiltroClientesOperador = {
      lista: 'ativos',
      ordem: { chave: 'total_em_aberto', sentido: 'desc' },
    };
    const { linhas } = await todasAsPaginas(repo, filtro);
    const ids = await repo.idsDaLista(filtro, atualizacao.hoje);
    // A batch in reverse, with a customer of Bruno's that must drop out.
    const [deBruno] = await db()
      .select({ id: clientes.id })
      .from(clientes)
      .where(eq(clientes.operadorId, bruno.id));
    const lote = await repo.doLote(filtro, [...ids].reverse().concat(deBruno?.id ?? 0), atualizacao);
    expect(lote).toEqual([...linhas].reverse().map((l) => ({ ...l, nao_lidas: 0 })));
  });

  it('walks to a page from the nearer end of the list: the start before the middle, the end after it', async () => {
    const repo = new ClientesDoOperador(db(), { operadorId: ana.id });
    const filtro: FiltroClientesOperador = { lista: 'ativos' };
    const total = (await repo.idsDaLista(filtro, atualizacao.hoje)).length;
    const ultima = Math.floor((total - 1) / POR_PAGINA) * POR_PAGINA;
    const ramos = async (offset: number) => {
      const consultas = espiarConsultas(t.database);
      try {
        await repo.listar(filtro, { limit: POR_PAGINA, offset }, atualizacao);
        // The page's statement: the one whose FROM holds the total (the settings' may come before it).
        const [texto, valores] = consultas.comValores().find(([sql]) => sql.includes('AS uma_linha')) ?? [];
        expect(texto).toBeDefined();
        const { rows } = await t.database.executarSql(`EXPLAIN (ANALYZE, FORMAT JSON) ${texto}`, valores);
        return ladosPercorridos(rows[0]);
      } finally {
        consultas.restaurar();
      }
    };
    // The half from the start, then the one from the end.
    expect(await ramos(0)).toEqual([true, false]);
    expect(await ramos(ultima)).toEqual([false, true]);
    // Past the end the reversed half's LIMIT is 0: neither walks.
    expect(await ramos(ultima + POR_PAGINA)).toEqual([false, false]);
  });

  it('runs two statements besides the session lookup: the settings and the page', async () => {
    const consultas = espiarConsultas(t.database);
    try {
      for (const url of [
        '/api/operador/clientes/ativos?page=1',
        '/api/operador/clientes/ativos?page=2',
        '/api/operador/clientes/ativos?page=9',
        '/api/operador/clientes/aguardando-atendimento?ordem=dias_atraso&sentido=desc&busca=cliente&resposta=7d',
        '/api/operador/clientes/ativos?etiqueta=vip&ordem=recuperado&sentido=desc',
      ]) {
        consultas.limpar();
        const response = await t.app.inject({ method: 'GET', url, headers: bearer(tokenAna) });
        expect(response.statusCode, response.body).toBe(200);
        const pagina: Paged<ClienteLista> = response.json();
        expect(pagina.total, url).toBeGreaterThan(0);
        const feitas = consultas.semSessao();
        expect(feitas.length, `${url}\n${feitas.join('\n\n')}`).toBeLessThanOrEqual(2);
      }
    } finally {
      consultas.restaurar();
    }
  });
});
