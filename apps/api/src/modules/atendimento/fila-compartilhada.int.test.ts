import { hojeNoFuso, somarDias } from '@cobranca/dominio';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  buildTestApp,
  createTestUser,
  issueToken,
  type TestApp,
  type TestUser,
} from '../../../test/build-test-app.ts';
import {
  auditLogs,
  chamadas,
  clientes,
  contasReceber,
  mensagens,
  negociacoes,
  pagamentos,
  promessas,
} from '../../db/schema/index.ts';
import { inserirCliente, inserirConta } from '../clientes/clientes.test-fixtures.ts';

/**
 * The shared queue (docs/decisions/007): any operator may read an unassigned customer awaiting
 * service and take it over, but every action needs an owner, so acting before "Assumir" is a 409.
 */

let t: TestApp;
let ana: TestUser;
let token: string;
const hoje = hojeNoFuso(new Date());
const db = () => t.database.db;

beforeAll(async () => {
  t = await buildTestApp();
  ana = await createTestUser(t.database, 'operador', { name: 'Ana Operadora' });
  token = await issueToken(t.database, ana.id);
});
afterAll(() => t.close());

const chamar = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: Record<string, unknown>) =>
  t.app.inject({ method, url, headers: bearer(token), ...(payload === undefined ? {} : { payload }) });

/** An unassigned customer in the queue, with one overdue receivable. */
const naFila = async () => {
  const clienteId = await inserirCliente(db(), {
    nome: 'Cliente na fila',
    status: 'aguardando_atendimento',
    operadorId: null,
  });
  const contaId = await inserirConta(db(), {
    clienteId,
    valorCentavos: 50_000,
    vencimento: somarDias(hoje, -10),
  });
  return { clienteId, contaId };
};

/** Everything an action could write about the customer. */
const retrato = async (clienteId: number) => ({
  cliente: await db().select().from(clientes).where(eq(clientes.id, clienteId)),
  contas: await db().select().from(contasReceber).where(eq(contasReceber.clienteId, clienteId)),
  chamadas: await db().select().from(chamadas).where(eq(chamadas.clienteId, clienteId)),
  mensagens: await db().select().from(mensagens).where(eq(mensagens.clienteId, clienteId)),
  negociacoes: await db().select().from(negociacoes).where(eq(negociacoes.clienteId, clienteId)),
  pagamentos: await db().select().from(pagamentos).where(eq(pagamentos.clienteId, clienteId)),
  promessas: await db().select().from(promessas).where(eq(promessas.clienteId, clienteId)),
  auditoria: await db().select().from(auditLogs).orderBy(asc(auditLogs.id)),
});

type Acao = { rotulo: string; metodo: 'POST' | 'PATCH'; caminho: string; corpo: (contaId: number) => object };

const ACOES: Acao[] = [
  { rotulo: 'pausar', metodo: 'PATCH', caminho: 'pausar', corpo: () => ({ motivo: 'Cliente pediu prazo' }) },
  {
    rotulo: 'registrar uma ligação',
    metodo: 'POST',
    caminho: 'chamadas',
    corpo: () => ({ resultado: 'nao_atendida' }),
  },
  { rotulo: 'enviar mensagem', metodo: 'POST', caminho: 'mensagens', corpo: () => ({ conteudo: 'Olá!' }) },
  {
    rotulo: 'registrar um acordo',
    metodo: 'POST',
    caminho: 'negociacoes',
    corpo: (contaId) => ({
      contas: [contaId],
      desconto: 0,
      parcelas: 2,
      primeiro_vencimento: somarDias(hoje, 10),
    }),
  },
  {
    rotulo: 'registrar um pagamento',
    metodo: 'POST',
    caminho: 'pagamentos',
    corpo: (contaId) => ({ conta_id: contaId, valor: 100, data: hoje, forma: 'pix' }),
  },
  {
    rotulo: 'registrar uma promessa',
    metodo: 'POST',
    caminho: 'promessas',
    corpo: () => ({ data: somarDias(hoje, 5), valor: 100 }),
  },
];

describe('acting on an unassigned customer in the shared queue', () => {
  it.each(ACOES)('answers 409 pointing to "Assumir" and writes nothing: $rotulo', async (acao) => {
    const { clienteId, contaId } = await naFila();
    const antes = await retrato(clienteId);
    const url = `/api/operador/clientes/${clienteId}/${acao.caminho}`;

    const recusa = await chamar(acao.metodo, url, { ...acao.corpo(contaId) });
    expect(recusa.statusCode).toBe(409);
    expect(recusa.json<{ message: string }>().message).toMatch(/Clique em "Assumir"/);
    expect(await retrato(clienteId)).toEqual(antes);

    const assumir = await chamar('POST', `/api/operador/clientes/${clienteId}/assumir`);
    expect(assumir.statusCode).toBe(200);
    const depois = await chamar(acao.metodo, url, { ...acao.corpo(contaId) });
    expect(depois.statusCode, depois.body).toBeLessThan(300);
  });

  it('still lets the operator read it: the workspace, the thread and the receivables', async () => {
    const { clienteId } = await naFila();
    for (const url of [
      `/api/operador/clientes/${clienteId}`,
      `/api/operador/clientes/${clienteId}/mensagens`,
      `/api/operador/contas-receber/cliente/${clienteId}`,
    ])
      expect((await chamar('GET', url)).statusCode, url).toBe(200);
  });

  it('still takes a simulated reply: that is the customer writing, not the operator acting', async () => {
    const { clienteId } = await naFila();
    const resposta = await chamar('POST', `/api/operador/clientes/${clienteId}/simular-resposta`, {
      texto: 'Posso pagar amanhã?',
    });
    expect(resposta.statusCode).toBe(201);
  });
});
