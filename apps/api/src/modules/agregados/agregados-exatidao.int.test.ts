import { hojeNoFuso, somarDias } from '@cobranca/dominio';
import { eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  buildTestApp,
  createTestUser,
  issueToken,
  type TestApp,
  type TestUser,
} from '../../../test/build-test-app.ts';
import { efeitosConcluidos } from '../../../test/fila.ts';
import { testDbKind } from '../../../test/test-database.ts';
import { linhasDe } from '../../db/linhas.ts';
import { chamadas, clientes, contasReceber, mensagens, pagamentos } from '../../db/schema/index.ts';
import { inserirCliente } from '../clientes/clientes.test-fixtures.ts';
import { buscarSistemaSettings } from '../configuracoes/configuracoes.repository.ts';
import { configurar } from '../regua/regua.test-fixtures.ts';
import { divergenciasDosAgregados } from './agregados.service.ts';

// The read models' exactness (docs/decisions/025-agregados.md): random sequences of the writes that move
// them — imports, payments by hand and by PIX, agreements, cancellations, operator and status changes,
// messages in and out and their delivery, calls, deletions, a new time zone — and after each sequence
// every read-model figure must equal the direct aggregation over the base tables, to the cent.

let t: TestApp;
let ana: TestUser;
let bruno: TestUser;
const tokens: Record<number, string> = {};
const agora = new Date();
const hoje = hojeNoFuso(agora);

beforeAll(async () => {
  t = await buildTestApp();
  ana = await createTestUser(t.database, 'operador', { name: 'Ana Agregada' });
  bruno = await createTestUser(t.database, 'operador', { name: 'Bruno Agregado' });
  tokens[ana.id] = await issueToken(t.database, ana.id);
  tokens[bruno.id] = await issueToken(t.database, bruno.id);
});
afterAll(() => t.close());

const db = () => t.database.db;
const ids = async (tabela: string, onde = sql`true`): Promise<number[]> =>
  linhasDe<{ id: number }>(
    await db().execute(sql`SELECT id FROM ${sql.raw(tabela)} WHERE ${onde} ORDER BY id`),
  ).map((l) => Number(l.id));
const escolher = <T>(lista: T[], i: number): T | undefined => lista[i % Math.max(lista.length, 1)];
/** An instant `minutos` from now: the draws cover 13 months back and one ahead, across month ends. */
const instante = (minutos: number) => new Date(agora.getTime() + minutos * 60_000);
const MINUTOS = fc.integer({ min: -13 * 31 * 1440, max: 31 * 1440 });
const DIAS = fc.integer({ min: -400, max: 60 });
const OPERADOR = fc.constantFrom<'ana' | 'bruno' | null>('ana', 'bruno', null);
const operador = (quem: 'ana' | 'bruno' | null) =>
  quem === 'ana' ? ana.id : quem === 'bruno' ? bruno.id : null;

/** A customer ready for an operator's action: theirs and in service. */
const emAtendimento = async (clienteId: number, operadorId: number) => {
  await db().update(clientes).set({ status: 'em_atendimento', operadorId }).where(eq(clientes.id, clienteId));
};

const abertasDe = (clienteId: number) =>
  ids('contas_receber', sql`cliente_id = ${clienteId} AND status = 'aberta'`);

const operacao = fc.oneof(
  fc.record({
    tipo: fc.constant('importar' as const),
    operador: OPERADOR,
    contas: fc.array(fc.record({ dias: DIAS, centavos: fc.integer({ min: 1, max: 5_000_000 }) }), {
      minLength: 1,
      maxLength: 4,
    }),
  }),
  fc.record({
    tipo: fc.constant('pagar' as const),
    i: fc.nat(),
    fracao: fc.double({ min: 0.01, max: 1, noNaN: true }),
    dias: fc.integer({ min: -300, max: 0 }),
  }),
  fc.record({ tipo: fc.constant('pix' as const), i: fc.nat() }),
  fc.record({ tipo: fc.constant('acordo' as const), i: fc.nat(), parcelas: fc.integer({ min: 1, max: 3 }) }),
  fc.record({ tipo: fc.constant('cancelar' as const), i: fc.nat() }),
  fc.record({ tipo: fc.constant('mover' as const), i: fc.nat(), operador: OPERADOR }),
  fc.record({
    tipo: fc.constant('status' as const),
    i: fc.nat(),
    status: fc.constantFrom('ativo', 'pausado', 'concluido', 'aguardando_atendimento'),
  }),
  fc.record({ tipo: fc.constant('saida' as const), i: fc.nat(), autor: OPERADOR, minutos: MINUTOS }),
  fc.record({
    tipo: fc.constant('entrega' as const),
    i: fc.nat(),
    status: fc.constantFrom('enviada', 'entregue', 'lida', 'falhou'),
    minutos: MINUTOS,
  }),
  fc.record({
    tipo: fc.constant('entrada' as const),
    i: fc.nat(),
    semCliente: fc.boolean(),
    minutos: MINUTOS,
  }),
  fc.record({ tipo: fc.constant('chamada' as const), i: fc.nat(), operador: OPERADOR, minutos: MINUTOS }),
  fc.record({ tipo: fc.constant('apagarMensagem' as const), i: fc.nat() }),
  fc.record({ tipo: fc.constant('apagarPagamento' as const), i: fc.nat() }),
  fc.record({ tipo: fc.constant('apagarCliente' as const), i: fc.nat() }),
  fc.record({
    tipo: fc.constant('fuso' as const),
    fuso: fc.constantFrom('America/Sao_Paulo', 'America/Manaus', 'America/Noronha', 'America/Rio_Branco'),
  }),
);
type Operacao = typeof operacao extends fc.Arbitrary<infer T> ? T : never;

/** `estrito`: every route call must succeed; concurrent sequences may race for the same row instead. */
const aplicar = async (op: Operacao, estrito = true): Promise<void> => {
  const todos = await ids('clientes');
  switch (op.tipo) {
    case 'importar': {
      // One customer and its receivables in one multi-row INSERT, as an import batch writes them.
      const clienteId = await inserirCliente(db(), {
        nome: 'Cliente Agregado',
        operadorId: operador(op.operador),
      });
      await db()
        .insert(contasReceber)
        .values(
          op.contas.map((c, n) => ({
            clienteId,
            origem: 'importacao_csv' as const,
            descricao: `Fatura ${n + 1}`,
            valorCentavos: c.centavos,
            vencimento: somarDias(hoje, c.dias),
          })),
        );
      return;
    }
    case 'pagar': {
      const clienteId = escolher(todos, op.i);
      const contaId = clienteId && escolher(await abertasDe(clienteId), op.i);
      if (!clienteId || !contaId) return;
      const [conta] = await db().select().from(contasReceber).where(eq(contasReceber.id, contaId));
      if (!conta) return;
      const quem = op.i % 2 === 0 ? ana.id : bruno.id;
      await emAtendimento(clienteId, quem);
      const centavos = Math.max(1, Math.floor((conta.valorCentavos - conta.valorPagoCentavos) * op.fracao));
      const resposta = await t.app.inject({
        method: 'POST',
        url: `/api/operador/clientes/${clienteId}/pagamentos`,
        headers: bearer(tokens[quem] ?? ''),
        payload: {
          conta_id: contaId,
          valor: centavos / 100,
          data: somarDias(hoje, op.dias),
          forma: 'dinheiro',
        },
      });
      if (estrito) expect(resposta.statusCode, resposta.body).toBe(201);
      return;
    }
    case 'pix': {
      const clienteId = escolher(todos, op.i);
      if (!clienteId || (await abertasDe(clienteId)).length === 0) return;
      await emAtendimento(clienteId, ana.id);
      const url = `/api/operador/clientes/${clienteId}/cobrancas-pix`;
      const criada = await t.app.inject({ method: 'POST', url, headers: bearer(tokens[ana.id] ?? '') });
      if (criada.statusCode !== 201) return; // nothing chargeable (e.g. only future instalments)
      const { txid } = criada.json<{ txid: string }>();
      const paga = await t.app.inject({
        method: 'POST',
        url: `${url}/${txid}/simular-pagamento`,
        headers: bearer(tokens[ana.id] ?? ''),
      });
      if (estrito) expect(paga.statusCode, paga.body).toBe(200);
      return;
    }
    case 'acordo': {
      const clienteId = escolher(todos, op.i);
      const abertas = clienteId ? await abertasDe(clienteId) : [];
      if (!clienteId || abertas.length === 0) return;
      await emAtendimento(clienteId, bruno.id);
      const [saldo] = linhasDe<{ centavos: string }>(
        await db().execute(
          sql`SELECT sum(valor_centavos - valor_pago_centavos) AS centavos FROM contas_receber
            WHERE id IN (${sql.join(abertas.slice(0, 2), sql`, `)})`,
        ),
      );
      const resposta = await t.app.inject({
        method: 'POST',
        url: `/api/operador/clientes/${clienteId}/negociacoes`,
        headers: bearer(tokens[bruno.id] ?? ''),
        payload: {
          contas: abertas.slice(0, 2),
          desconto: 0,
          // No instalment of R$ 0,00.
          parcelas: Math.min(op.parcelas, Number(saldo?.centavos)),
          primeiro_vencimento: somarDias(hoje, 5),
          intervalo_dias: 30,
        },
      });
      if (estrito) expect(resposta.statusCode, resposta.body).toBe(201);
      return;
    }
    case 'cancelar': {
      const contaId = escolher(await ids('contas_receber', sql`status = 'aberta'`), op.i);
      if (contaId)
        await db().update(contasReceber).set({ status: 'cancelada' }).where(eq(contasReceber.id, contaId));
      return;
    }
    case 'mover': {
      const clienteId = escolher(todos, op.i);
      if (clienteId)
        await db()
          .update(clientes)
          .set({ operadorId: operador(op.operador) })
          .where(eq(clientes.id, clienteId));
      return;
    }
    case 'status': {
      const clienteId = escolher(todos, op.i);
      if (!clienteId) return;
      await db()
        .update(clientes)
        .set({
          status: op.status,
          pausaMotivo: op.status === 'pausado' ? 'Pediu prazo' : null,
          aguardandoDesde: op.status === 'aguardando_atendimento' ? new Date() : null,
        })
        .where(eq(clientes.id, clienteId));
      return;
    }
    case 'saida': {
      const clienteId = escolher(todos, op.i);
      if (!clienteId) return;
      await db()
        .insert(mensagens)
        .values({
          clienteId,
          telefone: '+5511900000000',
          direcao: 'saida',
          origem: op.autor ? 'operador' : 'regua',
          autorId: operador(op.autor),
          status: 'pendente',
          conteudo: 'Olá',
          canal: 'whatsapp',
          provedor: 'simulador',
          createdAt: instante(op.minutos),
        });
      return;
    }
    case 'entrega': {
      const mensagemId = escolher(await ids('mensagens', sql`direcao = 'saida'`), op.i);
      if (!mensagemId) return;
      await db()
        .update(mensagens)
        .set({
          status: op.status,
          enviadaEm: op.status === 'falhou' ? null : instante(op.minutos),
          ...(op.status === 'falhou' ? { erro: 'Falha simulada' } : {}),
        })
        .where(eq(mensagens.id, mensagemId));
      return;
    }
    case 'entrada': {
      const clienteId = op.semCliente ? null : (escolher(todos, op.i) ?? null);
      await db()
        .insert(mensagens)
        .values({
          clienteId,
          telefone: '+5511900000000',
          direcao: 'entrada',
          origem: 'cliente',
          status: 'recebida',
          conteudo: 'Oi',
          canal: 'whatsapp',
          provedor: 'simulador',
          createdAt: instante(op.minutos),
        });
      return;
    }
    case 'chamada': {
      const clienteId = escolher(todos, op.i);
      if (clienteId)
        await db()
          .insert(chamadas)
          .values({
            clienteId,
            operadorId: operador(op.operador),
            resultado: 'nao_atendida',
            createdAt: instante(op.minutos),
          });
      return;
    }
    case 'apagarMensagem': {
      const mensagemId = escolher(await ids('mensagens'), op.i);
      if (mensagemId) await db().delete(mensagens).where(eq(mensagens.id, mensagemId));
      return;
    }
    case 'apagarPagamento': {
      const pagamentoId = escolher(await ids('pagamentos', sql`pix_recebido_id IS NULL`), op.i);
      if (pagamentoId) await db().delete(pagamentos).where(eq(pagamentos.id, pagamentoId));
      return;
    }
    case 'apagarCliente': {
      // Receivables and received PIX keep their customer (restrict); messages and calls go with it.
      const clienteId = escolher(
        await ids(
          'clientes',
          sql`NOT EXISTS (SELECT 1 FROM contas_receber WHERE cliente_id = clientes.id)
            AND NOT EXISTS (SELECT 1 FROM pix_recebidos WHERE cliente_id = clientes.id)`,
        ),
        op.i,
      );
      if (clienteId) await db().delete(clientes).where(eq(clientes.id, clienteId));
      return;
    }
    case 'fuso':
      await configurar(db(), { fuso_horario: op.fuso });
      return;
  }
};

/** "This month" now, 5 months ago and 12 months ago: each month's figures and each chart window. */
const instantesDeLeitura = [agora, instante(-5 * 30 * 1440), instante(-12 * 30 * 1440)];

describe('read models', () => {
  it('equal the direct aggregation after any sequence of writes, to the cent', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(operacao, { minLength: 4, maxLength: 14 }), async (ops) => {
        for (const op of ops) await aplicar(op);
        // An agreement sends its terms after the answer: compare once that message is written.
        await efeitosConcluidos(t.app);
        const { fuso_horario: fuso } = await buscarSistemaSettings(db());
        for (const momento of instantesDeLeitura)
          expect(
            await divergenciasDosAgregados(db(), momento, fuso),
            JSON.stringify({ momento, ops }),
          ).toEqual([]);
      }),
      // No shrinking: the database keeps what earlier runs wrote, so a smaller sequence is not a smaller case.
      { numRuns: Number(process.env.AGREGADOS_EXECUCOES ?? 40), endOnFailure: true },
    );
    // The runs wrote every kind of row the figures read.
    for (const tabela of ['contas_receber', 'pagamentos', 'mensagens', 'chamadas', 'negociacoes'])
      expect((await ids(tabela)).length, tabela).toBeGreaterThan(0);
    expect((await ids('pagamentos', sql`pix_recebido_id IS NOT NULL`)).length, 'PIX').toBeGreaterThan(0);
    expect((await ids('mensagens', sql`status IN ('entregue', 'lida')`)).length, 'entregues').toBeGreaterThan(
      0,
    );
    // 40 sequences of up to 14 writes: ~15 s on an idle machine, twice that on PGlite under CI's load.
  }, 120_000);

  it('stay exact with writers on several connections at once', async () => {
    const lotes = fc.sample(fc.array(operacao, { minLength: 6, maxLength: 6 }), { numRuns: 8, seed: 18 });
    // On PostgreSQL each sequence runs on its own pooled connection, upserting the same counter rows.
    await Promise.all(
      lotes.map(async (ops) => {
        for (const op of ops)
          await aplicar(op, false).catch((erro: unknown) => {
            // Another sequence gave the customer a receivable between the choice and the deletion.
            if (!['23001', '23503'].includes(String((erro as { cause?: { code?: string } }).cause?.code)))
              throw erro;
          });
      }),
    );
    await efeitosConcluidos(t.app);
    const { fuso_horario: fuso } = await buscarSistemaSettings(db());
    expect(await divergenciasDosAgregados(db(), agora, fuso)).toEqual([]);
  });

  // A sender that read the old zone must not fold its local day after the zone's rebuild.
  it.runIf(testDbKind() === 'postgres')(
    'count a message sent while the zone changes on its new day',
    async () => {
      await configurar(db(), { fuso_horario: 'America/Sao_Paulo' });
      const [clienteId] = await ids('clientes');
      // 23:30 of the 23rd in São Paulo, 00:30 of the 24th in Fernando de Noronha.
      const enviadaEm = new Date('2026-11-24T02:30:00Z');
      let mudanca: Promise<unknown> | undefined;
      await db().transaction(async (tx) => {
        await tx.insert(mensagens).values({
          clienteId,
          telefone: '+5511900000000',
          direcao: 'saida',
          origem: 'regua',
          status: 'enviada',
          enviadaEm,
          conteudo: 'Olá',
          canal: 'whatsapp',
          provedor: 'simulador',
        });
        mudanca = configurar(db(), { fuso_horario: 'America/Noronha' });
        await new Promise((r) => setTimeout(r, 300));
      });
      await mudanca;
      expect(await divergenciasDosAgregados(db(), agora, 'America/Noronha')).toEqual([]);
    },
  );
});
