import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  buildTestApp,
  createTestUser,
  issueToken,
  type TestApp,
  type TestUser,
} from '../../../test/build-test-app.ts';
import { inserirCliente, inserirMensagem, type NovoCliente } from '../clientes/clientes.test-fixtures.ts';
import { SISTEMA_KEY, salvarConfiguracao } from '../configuracoes/configuracoes.repository.ts';

let t: TestApp;
let ana: TestUser;
let bruno: TestUser;
const tokens = { ana: '', bruno: '' };
const ids = { anaAtivo: 0, bia: 0, semOperador: 0 };
// 40 days back is always an earlier São Paulo month.
const mesPassado = new Date(Date.now() - 40 * 86_400_000);

const inserirVarios = async (novos: NovoCliente[]) => {
  for (const novo of novos) await inserirCliente(t.database.db, novo);
};

const clientes = async () => {
  const a = { operadorId: ana.id };
  const b = { operadorId: bruno.id };
  ids.anaAtivo = await inserirCliente(t.database.db, { nome: 'Ana 1', ...a, numeroChamadas: 3 });
  ids.bia = await inserirCliente(t.database.db, { nome: 'Bia', ...b, numeroChamadas: 9 });
  ids.semOperador = await inserirCliente(t.database.db, { nome: 'Sem 1', status: 'aguardando_atendimento' });
  await inserirVarios([
    { nome: 'Ana 2', ...a, numeroChamadas: 2 },
    { nome: 'Ana 3', ...a, numeroChamadas: 5 },
    { nome: 'Ana 4', ...a, status: 'pausado', numeroChamadas: 7 }, // paused with 7 attempts: still "com falhas" (the Ativos list shows paused ones)
    { nome: 'Ana 5', ...a, status: 'aguardando_atendimento' },
    { nome: 'Ana 6', ...a, status: 'em_atendimento', numeroChamadas: 4 },
    { nome: 'Ana 7', ...a, status: 'concluido' },
    { nome: 'Ana 8', ...a, status: 'concluido' },
    { nome: 'Sem 2', status: 'aguardando_atendimento' },
    { nome: 'Bruno 2', ...b, status: 'aguardando_atendimento' },
    { nome: 'Bruno 3', ...b, status: 'concluido' },
  ]);
};

const mensagens = async () => {
  const db = t.database.db;
  const anaAtivo = ids.anaAtivo;
  await inserirMensagem(db, { clienteId: anaAtivo, direcao: 'saida', status: 'enviada' });
  await inserirMensagem(db, { clienteId: anaAtivo, direcao: 'saida', status: 'entregue' });
  await inserirMensagem(db, { clienteId: anaAtivo, direcao: 'saida', status: 'lida' });
  // Not counted: failed, still pending, inbound, sent last month, or to someone else's customer.
  await inserirMensagem(db, { clienteId: anaAtivo, direcao: 'saida', status: 'falhou', enviadaEm: null });
  await inserirMensagem(db, { clienteId: anaAtivo, direcao: 'saida', status: 'pendente', enviadaEm: null });
  await inserirMensagem(db, { clienteId: anaAtivo, direcao: 'entrada' });
  await inserirMensagem(db, { clienteId: anaAtivo, direcao: 'saida', createdAt: mesPassado });
  await inserirMensagem(db, { clienteId: ids.bia, direcao: 'saida', status: 'lida' });
  await inserirMensagem(db, { clienteId: ids.semOperador, direcao: 'saida' });
};

beforeAll(async () => {
  t = await buildTestApp();
  ana = await createTestUser(t.database, 'operador', { name: 'Ana Operadora' });
  bruno = await createTestUser(t.database, 'operador', { name: 'Bruno Operador' });
  tokens.ana = await issueToken(t.database, ana.id);
  tokens.bruno = await issueToken(t.database, bruno.id);
  await clientes();
  await mensagens();
});
afterAll(() => t.close());

const dashboard = async (token: string) => {
  const response = await t.app.inject({
    method: 'GET',
    url: '/api/operador/dashboard',
    headers: bearer(token),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};

describe('GET /api/operador/dashboard', () => {
  it("counts the caller's own figures, plus the unassigned queue", async () => {
    expect(await dashboard(tokens.ana)).toEqual({
      clientes_vinculados: 8, // Ana 1–8, any status
      cobrancas_enviadas: 3, // enviada + entregue + lida this month
      cobrancas_concluidas: 2, // Ana 7, Ana 8
      mensagens_aguardando: 3, // Ana 5 + the two unassigned
      clientes_com_falhas: 3, // ativo or pausado with ≥ 3 calls: Ana 1 (3), Ana 3 (5), Ana 4 (7, paused)
    });
  });

  it("never counts another operator's customers or messages", async () => {
    expect(await dashboard(tokens.bruno)).toEqual({
      clientes_vinculados: 3,
      cobrancas_enviadas: 1,
      cobrancas_concluidas: 1,
      mensagens_aguardando: 3, // Bruno 2 + the two unassigned
      clientes_com_falhas: 1, // Bia (9)
    });
  });

  it('uses the "com falhas" limit of the system settings', async () => {
    await salvarConfiguracao(t.database.db, SISTEMA_KEY, { tentativas_com_falhas: 4 }, null);
    try {
      expect(await dashboard(tokens.ana)).toMatchObject({ clientes_com_falhas: 2 }); // Ana 3 (5) and Ana 4 (7)
    } finally {
      await salvarConfiguracao(t.database.db, SISTEMA_KEY, {}, null);
    }
  });

  it('answers 401 without a session', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/operador/dashboard' });
    expect(response.statusCode).toBe(401);
  });
});
