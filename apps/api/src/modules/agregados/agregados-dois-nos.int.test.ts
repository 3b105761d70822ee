import { hojeNoFuso, somarDias } from '@cobranca/dominio';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestUser, type TestUser } from '../../../test/build-test-app.ts';
import { testDbKind } from '../../../test/test-database.ts';
import { type DoisNos, doisNosPostgres, entrar } from '../../falhas/falhas.test-fixtures.ts';
import { inserirCliente, inserirConta } from '../clientes/clientes.test-fixtures.ts';
import { divergenciasDosAgregados } from './agregados.service.ts';

// docs/decisions/034-agregados-sem-impasse.md: 100 agreements and 100 payments over two API processes,
// 20 transactions at a time, move the same counter rows (shared due dates and payment dates) in
// different orders; none may fail, PostgreSQL may report no deadlock, and the read models still equal
// the base tables.
// PGlite is one process with one connection: PostgreSQL only.

const CLIENTES = 100;

describe.runIf(testDbKind() === 'postgres')('read models under concurrent writers on two nodes', () => {
  let nos: DoisNos;
  let operador: TestUser;
  const hoje = hojeNoFuso(new Date());
  const acordos: { clienteId: number; contas: number[] }[] = [];
  const pagamentos: { clienteId: number; contaId: number }[] = [];

  /** A customer in service with two open receivables due on days other customers share, in either order. */
  const clienteComContas = async (i: number) => {
    const clienteId = await inserirCliente(nos.database.db, {
      nome: `Cliente Concorrente ${i}`,
      status: 'em_atendimento',
      operadorId: operador.id,
    });
    const contas: number[] = [];
    for (const dias of [(i % 7) - 3, 20 - (i % 11)])
      contas.push(
        await inserirConta(nos.database.db, {
          clienteId,
          valorCentavos: 10_000 + i,
          vencimento: somarDias(hoje, dias),
        }),
      );
    return { clienteId, contas: i % 2 === 0 ? contas : contas.reverse() };
  };

  const deadlocks = async () => {
    const cliente = new pg.Client({ connectionString: nos.url });
    await cliente.connect();
    try {
      const { rows } = await cliente.query<{ deadlocks: string }>(
        'SELECT deadlocks FROM pg_stat_database WHERE datname = current_database()',
      );
      return Number(rows[0]?.deadlocks);
    } finally {
      await cliente.end();
    }
  };

  beforeAll(async () => {
    nos = await doisNosPostgres('ef'.repeat(32));
    operador = await createTestUser(nos.database, 'operador');
    for (let i = 0; i < CLIENTES; i++) acordos.push(await clienteComContas(i));
    for (let i = 0; i < CLIENTES; i++) {
      const { clienteId, contas } = await clienteComContas(i + CLIENTES);
      pagamentos.push({ clienteId, contaId: contas[0] ?? 0 });
    }
  }, 180_000);
  afterAll(async () => {
    await nos?.fechar();
  });

  it('100 agreements and 100 payments, as many at once as the pools allow: all 2xx, no deadlock, exact counters', {
    timeout: 180_000,
  }, async () => {
    const [a, b] = nos.servidores;
    if (!a || !b) throw new Error('os dois servidores não iniciaram');
    const nosComSessao = [
      { url: a.url, headers: await entrar(a.url, operador.email, operador.password) },
      { url: b.url, headers: await entrar(b.url, operador.email, operador.password) },
    ];
    type Pedido = { caminho: string; corpo: unknown };
    const pedidos: Pedido[] = [];
    for (let i = 0; i < CLIENTES; i++) {
      const acordo = acordos[i];
      const pagamento = pagamentos[i];
      if (!acordo || !pagamento) continue;
      pedidos.push({
        caminho: `/api/operador/clientes/${acordo.clienteId}/negociacoes`,
        corpo: {
          contas: acordo.contas,
          desconto: 0,
          parcelas: 1 + (i % 3),
          primeiro_vencimento: somarDias(hoje, 1 + (i % 13)),
          intervalo_dias: 7,
        },
      });
      pedidos.push({
        caminho: `/api/operador/clientes/${pagamento.clienteId}/pagamentos`,
        corpo: {
          conta_id: pagamento.contaId,
          valor: 50 + (i % 5),
          data: somarDias(hoje, -(i % 9)),
          forma: 'dinheiro',
        },
      });
    }
    // Each node runs at most its pool's 10 transactions at once, so 10 requests in flight per node keep
    // 20 writers inside the database the whole time. More in flight would only queue in the node for a
    // connection, and on a loaded test machine that queue outlasts the pool's 5 s wait (503), sampled
    // with the sessions idle in transaction waiting on the node, not on a lock.
    const respostas: { status: number; corpo: string }[] = [];
    const postarPelo = async (no: (typeof nosComSessao)[number], fila: Pedido[]) => {
      for (let pedido = fila.shift(); pedido; pedido = fila.shift()) {
        const resposta = await fetch(`${no.url}${pedido.caminho}`, {
          method: 'POST',
          headers: { ...no.headers, 'content-type': 'application/json' },
          body: JSON.stringify(pedido.corpo),
        });
        respostas.push({ status: resposta.status, corpo: await resposta.text() });
      }
    };
    const filas = nosComSessao.map((_, n) => pedidos.filter((_, i) => i % 2 === n));

    const antes = await deadlocks();
    await Promise.all(
      nosComSessao.flatMap((no, n) => Array.from({ length: 10 }, () => postarPelo(no, filas[n] ?? []))),
    );

    expect(respostas).toHaveLength(2 * CLIENTES);
    expect({
      falhas: respostas.filter((r) => r.status !== 201),
      deadlocks: (await deadlocks()) - antes,
      divergencias: await divergenciasDosAgregados(nos.database.db, new Date()),
    }).toEqual({ falhas: [], deadlocks: 0, divergencias: [] });
  });
});
