import type { ClienteLista, ContaReceber, Paged } from '@cobranca/contracts';
import { diaDaSemana, diasDeAtraso, diasEntre, hojeNoFuso, somarDias } from '@cobranca/dominio';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  buildTestApp,
  createTestUser,
  issueToken,
  type TestApp,
} from '../../../test/build-test-app.ts';
import { linhasDe } from '../../db/linhas.ts';
import { diasDeAtrasoSql } from './atraso-sql.ts';
import { inserirCliente, inserirConta } from './clientes.test-fixtures.ts';

// One definition of days overdue (issue 31 point 6, decision 036): the lists' SQL filter and order agree
// with `diasDeAtraso` for every date, holidays included, and every screen shows the same figure.

let t: TestApp;
const hoje = hojeNoFuso(new Date());

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const DATA = fc
  .integer({ min: 0, max: diasEntre('1995-01-01', '2099-12-31') })
  .map((n) => somarDias('1995-01-01', n));

describe('diasDeAtrasoSql', () => {
  it('gives what diasDeAtraso gives, for any due date and today', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.tuple(DATA, fc.integer({ min: -20, max: 3000 })), { minLength: 1, maxLength: 40 }),
        async (pares) => {
          const casos = pares.map(([vencimento, dias]) => ({
            vencimento,
            hoje: somarDias(vencimento, dias),
          }));
          const resultados = await Promise.all(
            casos.map(async (c) => {
              const [linha] = linhasDe<{ dias: number }>(
                await t.database.db.execute(
                  sql`select ${diasDeAtrasoSql(sql`${c.vencimento}::date`, c.hoje)} as dias`,
                ),
              );
              return Number(linha?.dias);
            }),
          );
          expect(resultados).toEqual(casos.map((c) => diasDeAtraso(c.vencimento, c.hoje)));
        },
      ),
      { numRuns: 15 },
    );
  });

  it('moves a due date on Good Friday, Tiradentes and a weekend to the next business day', async () => {
    // 2025-04-18 Good Friday, 19–20 weekend, 21 Tiradentes: late from Tuesday 22.
    const [linha] = linhasDe<{ dias: number }>(
      await t.database.db.execute(
        sql`select ${diasDeAtrasoSql(sql`'2025-04-18'::date`, '2025-04-25')} as dias`,
      ),
    );
    expect(Number(linha?.dias)).toBe(3);
    expect(diasDeAtraso('2025-04-18', '2025-04-25')).toBe(3);
  });
});

/** The latest Saturday at least two weeks before today whose Monday is a business day. */
const sabadoPassado = (): string => {
  let data = somarDias(hoje, -14);
  while (diaDaSemana(data) !== 6 || diasDeAtraso(data, somarDias(data, 2)) !== 0) data = somarDias(data, -1);
  return data;
};

describe('a debt due on a Saturday', () => {
  it('shows the same days overdue in the list, its filter, the receivables and the workspace', async () => {
    const vencimento = sabadoPassado();
    const esperado = diasDeAtraso(vencimento, hoje);
    // Counted from Monday, not from the Saturday.
    expect(esperado).toBe(diasEntre(vencimento, hoje) - 2);
    const ana = await createTestUser(t.database, 'operador');
    const tokenAna = await issueToken(t.database, ana.id);
    const clienteId = await inserirCliente(t.database.db, { nome: 'Sábado Vencido', operadorId: ana.id });
    await inserirConta(t.database.db, { clienteId, valorCentavos: 34_728, vencimento });
    const get = async <T>(url: string): Promise<T> => {
      const r = await t.app.inject({ method: 'GET', url, headers: bearer(tokenAna) });
      expect(r.statusCode, r.body).toBe(200);
      return r.json();
    };
    const lista = await get<Paged<ClienteLista>>('/api/operador/clientes/ativos');
    expect(lista.data.map((c) => c.dias_atraso)).toEqual([esperado]);
    const noLimite = await get<Paged<ClienteLista>>(
      `/api/operador/clientes/ativos?atraso_min=${esperado}&atraso_max=${esperado}`,
    );
    expect(noLimite.data).toHaveLength(1);
    const acima = await get<Paged<ClienteLista>>(`/api/operador/clientes/ativos?atraso_min=${esperado + 1}`);
    expect(acima.data).toHaveLength(0);
    const detalhe = await get<{ dias_atraso: number; contas: ContaReceber[] }>(
      `/api/operador/clientes/${clienteId}`,
    );
    expect(detalhe.dias_atraso).toBe(esperado);
  });
});
