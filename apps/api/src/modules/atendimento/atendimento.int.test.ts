import type { ClienteDetalhe, ClienteStatus } from '@cobranca/contracts';
import { diasDeAtraso, hojeNoFuso, somarDias } from '@cobranca/dominio';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  buildTestApp,
  createTestUser,
  issueToken,
  type TestApp,
  type TestUser,
} from '../../../test/build-test-app.ts';
import { auditLogs, clientes, mensagens } from '../../db/schema/index.ts';
import { inserirCliente, inserirConta, valorAtualizadoCentavos } from '../clientes/clientes.test-fixtures.ts';

let t: TestApp;
let ana: TestUser;
let bruno: TestUser;
let tokenAna: string;
let tokenBruno: string;
const hoje = hojeNoFuso(new Date());

beforeAll(async () => {
  t = await buildTestApp();
  ana = await createTestUser(t.database, 'operador', { name: 'Ana Operadora' });
  bruno = await createTestUser(t.database, 'operador', { name: 'Bruno Operador' });
  tokenAna = await issueToken(t.database, ana.id);
  tokenBruno = await issueToken(t.database, bruno.id);
});
afterAll(() => t.close());

type Metodo = 'GET' | 'POST' | 'PATCH';
type Corpo = Record<string, unknown>;
const chamar = (token: string, method: Metodo, url: string, payload?: Corpo) =>
  t.app.inject({ method, url, headers: bearer(token), ...(payload === undefined ? {} : { payload }) });

const novoCliente = (status: ClienteStatus, operadorId: number | null = ana.id, extra = {}) =>
  inserirCliente(t.database.db, { nome: `Cliente ${status}`, status, operadorId, ...extra });

const statusDe = async (id: number) => {
  const [row] = await t.database.db.select().from(clientes).where(eq(clientes.id, id));
  return row;
};

const auditorias = (acao: string, entidadeId: number) =>
  t.database.db
    .select()
    .from(auditLogs)
    .where(and(eq(auditLogs.acao, acao), eq(auditLogs.entidadeId, String(entidadeId))));

describe('another operator’s customer', () => {
  const rotas = (contaId: number): [Metodo, string, Corpo | undefined][] => [
    ['GET', '', undefined],
    ['POST', '/assumir', undefined],
    ['PATCH', '/pausar', { motivo: 'Pediu prazo' }],
    ['PATCH', '/reativar', undefined],
    ['POST', '/chamadas', { resultado: 'nao_atendida' }],
    ['GET', '/mensagens', undefined],
    ['POST', '/mensagens', { conteudo: 'Olá' }],
    ['POST', '/negociacoes', { contas: [contaId], desconto: 0, parcelas: 1, primeiro_vencimento: hoje }],
    ['POST', '/pagamentos', { conta_id: contaId, valor: 1, data: hoje, forma: 'pix' }],
    ['POST', '/promessas', { data: hoje, valor: 1 }],
  ];

  it.each(['ativo', 'aguardando_atendimento', 'em_atendimento', 'pausado', 'concluido'] as const)(
    'answers 404 on every route for a %s customer of Ana, and changes nothing',
    async (status) => {
      const id = await novoCliente(status);
      const contaId = await inserirConta(t.database.db, {
        clienteId: id,
        valorCentavos: 10_000,
        vencimento: hoje,
      });
      const antes = await statusDe(id);
      for (const [method, sufixo, payload] of rotas(contaId)) {
        const response = await chamar(tokenBruno, method, `/api/operador/clientes/${id}${sufixo}`, payload);
        expect(response.statusCode, `${method} ${sufixo} ${response.body}`).toBe(404);
        expect(response.json()).toEqual({
          code: 'CLIENTE_NAO_ENCONTRADO',
          message: 'Cliente não encontrado.',
        });
      }
      expect(await statusDe(id)).toEqual(antes);
      const msgs = await t.database.db.select().from(mensagens).where(eq(mensagens.clienteId, id));
      expect(msgs).toEqual([]);
    },
  );

  it('answers 404 for an id that does not exist', async () => {
    const response = await chamar(tokenAna, 'GET', '/api/operador/clientes/99999999');
    expect(response.statusCode).toBe(404);
  });
});

describe('GET /api/operador/clientes/:id', () => {
  it('returns the workspace: list fields, contact data, receivables by due date and the open total', async () => {
    const id = await novoCliente('em_atendimento', ana.id, { telefone: '+5511988887777' });
    const ontem = somarDias(hoje, -10);
    const c2 = await inserirConta(t.database.db, { clienteId: id, valorCentavos: 20_050, vencimento: hoje });
    const c1 = await inserirConta(t.database.db, {
      clienteId: id,
      valorCentavos: 10_000,
      valorPagoCentavos: 2_500,
      vencimento: ontem,
    });
    await inserirConta(t.database.db, {
      clienteId: id,
      valorCentavos: 5_000,
      vencimento: ontem,
      status: 'paga',
    });
    const response = await chamar(tokenAna, 'GET', `/api/operador/clientes/${id}`);
    expect(response.statusCode, response.body).toBe(200);
    const detalhe = response.json<ClienteDetalhe>();
    expect(detalhe).toMatchObject({
      id,
      status: 'em_atendimento',
      telefone: '+5511988887777',
      // 200,50 due today + 75,00 ten days overdue, with its multa and juros.
      total_em_aberto: (20_050 + valorAtualizadoCentavos(7_500, ontem, hoje)) / 100,
      dias_atraso: diasDeAtraso(ontem, hoje),
      operador: { id: ana.id, name: 'Ana Operadora' },
      documento_tipo: 'cpf',
      pausa_motivo: null,
      opt_out: null,
      base_legal: 'execucao_contrato',
      origem_contato: 'manual',
      ultima_mensagem: null,
      negociacoes: [],
      pagamentos: [],
      promessas: [],
      chamadas: [],
      pix_recebidos: [],
    });
    expect(detalhe.contas.map((c) => c.id)).toEqual([c1, expect.any(Number), c2]);
    expect(detalhe.contas.map((c) => c.vencimento)).toEqual([ontem, ontem, hoje]);
    expect(detalhe.contas.find((c) => c.id === c1)).toMatchObject({
      saldo: 75,
      valor_pago: 25,
      dias_atraso: diasDeAtraso(ontem, hoje),
    });
    expect(detalhe.contas.find((c) => c.id === c2)).toMatchObject({ saldo: 200.5, dias_atraso: 0 });
  });

  it('shows an unassigned customer awaiting service to any operator', async () => {
    const id = await novoCliente('aguardando_atendimento', null);
    const response = await chamar(tokenBruno, 'GET', `/api/operador/clientes/${id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json<ClienteDetalhe>().operador).toBeNull();
  });

  it('answers 422 for a non-numeric id', async () => {
    expect((await chamar(tokenAna, 'GET', '/api/operador/clientes/abc')).statusCode).toBe(422);
  });
});

describe('POST /api/operador/clientes/:id/assumir', () => {
  it('takes over an unassigned awaiting customer, with an audit entry', async () => {
    const id = await novoCliente('aguardando_atendimento', null);
    const response = await chamar(tokenAna, 'POST', `/api/operador/clientes/${id}/assumir`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<{ cliente: ClienteDetalhe }>().cliente).toMatchObject({
      id,
      status: 'em_atendimento',
      operador: { id: ana.id, name: 'Ana Operadora' },
    });
    const [audit] = await auditorias('cliente.assumido', id);
    expect(audit).toMatchObject({ usuarioId: ana.id, entidade: 'cliente' });
  });

  it('takes over the operator’s own awaiting customer', async () => {
    const id = await novoCliente('aguardando_atendimento', ana.id);
    const response = await chamar(tokenAna, 'POST', `/api/operador/clientes/${id}/assumir`);
    expect(response.statusCode).toBe(200);
    expect((await statusDe(id))?.status).toBe('em_atendimento');
  });

  it.each(['ativo', 'em_atendimento', 'pausado', 'concluido'] as const)(
    'answers 422 with the reason for a %s customer and changes nothing',
    async (status) => {
      const id = await novoCliente(status);
      const response = await chamar(tokenAna, 'POST', `/api/operador/clientes/${id}/assumir`);
      expect(response.statusCode).toBe(422);
      expect(response.json().message).toMatch(/assumid|já está em atendimento/);
      expect((await statusDe(id))?.status).toBe(status);
    },
  );

  it('lets exactly one of two racing operators win; the other gets 409', async () => {
    for (let rodada = 0; rodada < 5; rodada++) {
      const id = await novoCliente('aguardando_atendimento', null);
      const [a, b] = await Promise.all([
        chamar(tokenAna, 'POST', `/api/operador/clientes/${id}/assumir`),
        chamar(tokenBruno, 'POST', `/api/operador/clientes/${id}/assumir`),
      ]);
      const codigos = [a?.statusCode, b?.statusCode].sort();
      expect(codigos).toEqual([200, 409]);
      const perdedor = a?.statusCode === 409 ? a : b;
      expect(perdedor?.json()).toEqual({
        code: 'CONFLITO_ASSUMIR',
        message: 'Outro operador já assumiu este cliente.',
      });
      const vencedor = a?.statusCode === 200 ? ana.id : bruno.id;
      expect((await statusDe(id))?.operadorId).toBe(vencedor);
      expect(await auditorias('cliente.assumido', id)).toHaveLength(1);
      // Only the take-over itself explains the loss; the customer is now the winner's and hidden otherwise.
      const tokenPerdedor = vencedor === ana.id ? tokenBruno : tokenAna;
      expect((await chamar(tokenPerdedor, 'GET', `/api/operador/clientes/${id}`)).statusCode).toBe(404);
    }
  });
});

describe('PATCH /api/operador/clientes/:id/pausar', () => {
  it.each(['ativo', 'aguardando_atendimento', 'em_atendimento'] as const)(
    'pauses a %s customer with the reason, audited',
    async (status) => {
      const id = await novoCliente(status);
      const response = await chamar(tokenAna, 'PATCH', `/api/operador/clientes/${id}/pausar`, {
        motivo: '  Cliente pediu 15 dias  ',
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json<{ cliente: ClienteDetalhe }>().cliente).toMatchObject({
        status: 'pausado',
        pausa_motivo: 'Cliente pediu 15 dias',
      });
      const [audit] = await auditorias('cliente.pausado', id);
      expect(audit?.detalhes).toMatchObject({ status_anterior: status, motivo: 'Cliente pediu 15 dias' });
    },
  );

  it('refuses an unassigned awaiting customer until it is taken over (the shared queue is for reading)', async () => {
    const id = await novoCliente('aguardando_atendimento', null);
    const response = await chamar(tokenBruno, 'PATCH', `/api/operador/clientes/${id}/pausar`, {
      motivo: 'Viagem',
    });
    expect(response.statusCode).toBe(409);
    expect(await statusDe(id)).toMatchObject({ status: 'aguardando_atendimento', operadorId: null });
  });

  it.each([
    ['pausado', 'O cliente já está pausado.'],
    ['concluido', 'Cliente concluído não pode ser pausado.'],
  ] as const)('answers 422 for a %s customer: %s', async (status, mensagem) => {
    const id = await novoCliente(status);
    const response = await chamar(tokenAna, 'PATCH', `/api/operador/clientes/${id}/pausar`, {
      motivo: 'Outro',
    });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      code: 'TRANSICAO_INVALIDA',
      message: mensagem,
      errors: { status: [mensagem] },
    });
    expect(await auditorias('cliente.pausado', id)).toHaveLength(0);
  });

  it.each([{}, { motivo: 'ab' }, { motivo: 'x'.repeat(501) }, { motivo: 'ok ok', extra: 1 }])(
    'answers 422 on the body %j',
    async (body) => {
      const id = await novoCliente('ativo');
      const response = await chamar(tokenAna, 'PATCH', `/api/operador/clientes/${id}/pausar`, body);
      expect(response.statusCode).toBe(422);
      expect((await statusDe(id))?.status).toBe('ativo');
    },
  );
});

describe('PATCH /api/operador/clientes/:id/reativar', () => {
  it.each(['pausado', 'em_atendimento'] as const)(
    'reactivates a %s customer, clearing the reason and the attempt count',
    async (status) => {
      const id = await novoCliente(status, ana.id, { numeroChamadas: 4 });
      const response = await chamar(tokenAna, 'PATCH', `/api/operador/clientes/${id}/reativar`);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json<{ cliente: ClienteDetalhe }>().cliente).toMatchObject({
        status: 'ativo',
        pausa_motivo: null,
        numero_chamadas: 0,
      });
      const [audit] = await auditorias('cliente.reativado', id);
      expect(audit?.detalhes).toMatchObject({ status_anterior: status, numero_chamadas_anterior: 4 });
    },
  );

  it.each(['ativo', 'aguardando_atendimento', 'concluido'] as const)(
    'answers 422 for a %s customer and changes nothing',
    async (status) => {
      const id = await novoCliente(status, ana.id, { numeroChamadas: 2 });
      const response = await chamar(tokenAna, 'PATCH', `/api/operador/clientes/${id}/reativar`);
      expect(response.statusCode).toBe(422);
      expect(response.json().message).toMatch(/reativado|já está ativo/);
      expect(await statusDe(id)).toMatchObject({ status, numeroChamadas: 2 });
    },
  );
});

describe('POST /api/operador/clientes/:id/chamadas', () => {
  it('counts unanswered, voicemail and invalid-number calls, not answered ones; newest first', async () => {
    const id = await novoCliente('em_atendimento');
    const resultados = ['nao_atendida', 'atendida', 'caixa_postal', 'numero_invalido'] as const;
    const numeros: number[] = [];
    for (const resultado of resultados) {
      const response = await chamar(tokenAna, 'POST', `/api/operador/clientes/${id}/chamadas`, {
        resultado,
        observacao: `ligação ${resultado}`,
      });
      expect(response.statusCode, response.body).toBe(201);
      const corpo = response.json<{
        chamada: { resultado: string; operador: unknown };
        cliente: ClienteDetalhe;
      }>();
      expect(corpo.chamada).toMatchObject({ resultado, operador: { id: ana.id, name: 'Ana Operadora' } });
      numeros.push(corpo.cliente.numero_chamadas);
    }
    expect(numeros).toEqual([1, 1, 2, 3]);
    const detalhe = (await chamar(tokenAna, 'GET', `/api/operador/clientes/${id}`)).json<ClienteDetalhe>();
    expect(detalhe.chamadas.map((c) => c.resultado)).toEqual([...resultados].reverse());
    expect(await auditorias('chamada.registrada', id)).toHaveLength(4);
  });

  it('answers 422 on an unknown result', async () => {
    const id = await novoCliente('ativo');
    const response = await chamar(tokenAna, 'POST', `/api/operador/clientes/${id}/chamadas`, {
      resultado: 'x',
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toHaveProperty('resultado');
  });
});
