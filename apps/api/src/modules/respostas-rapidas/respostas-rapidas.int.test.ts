import type { RespostaRapidaRenderizada, RespostaRapidaView } from '@cobranca/contracts';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  bearer,
  buildTestApp,
  createTestUser,
  issueToken,
  type TestApp,
  type TestUser,
} from '../../../test/build-test-app.ts';
import { auditLogs, respostasRapidas } from '../../db/schema/index.ts';
import { inserirCliente, inserirConta } from '../clientes/clientes.test-fixtures.ts';

let t: TestApp;
let admin: TestUser;
let tokens: Record<'admin' | 'superAdmin' | 'operador' | 'outroOperador', string>;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await createTestUser(t.database, 'admin');
  const superAdmin = await createTestUser(t.database, 'super_admin');
  const operador = await createTestUser(t.database, 'operador', { name: 'Ana Operadora' });
  const outro = await createTestUser(t.database, 'operador', { name: 'Bruno Operador' });
  tokens = {
    admin: await issueToken(t.database, admin.id),
    superAdmin: await issueToken(t.database, superAdmin.id),
    operador: await issueToken(t.database, operador.id),
    outroOperador: await issueToken(t.database, outro.id),
  };
  operadorId = operador.id;
  outroId = outro.id;
});
afterAll(() => t.close());

let operadorId: number;
let outroId: number;

const URL = '/api/admin/configuracoes/mensagens/respostas-rapidas';
type Quem = keyof typeof tokens;
const listar = (quem: Quem = 'admin') =>
  t.app.inject({ method: 'GET', url: URL, headers: bearer(tokens[quem]) });
const criar = (payload: object, quem: Quem = 'admin') =>
  t.app.inject({ method: 'POST', url: URL, headers: bearer(tokens[quem]), payload });
const alterar = (id: number | string, payload: object, quem: Quem = 'admin') =>
  t.app.inject({ method: 'PUT', url: `${URL}/${id}`, headers: bearer(tokens[quem]), payload });
const excluir = (id: number | string, quem: Quem = 'admin') =>
  t.app.inject({ method: 'DELETE', url: `${URL}/${id}`, headers: bearer(tokens[quem]) });
const doCliente = (id: number, quem: Quem = 'operador') =>
  t.app.inject({
    method: 'GET',
    url: `/api/operador/clientes/${id}/respostas-rapidas`,
    headers: bearer(tokens[quem]),
  });

const auditoria = (acao: string, id: number) =>
  t.database.db
    .select()
    .from(auditLogs)
    .where(and(eq(auditLogs.acao, acao), eq(auditLogs.entidadeId, String(id))));

let seq = 0;
const atalhoNovo = () => {
  seq += 1;
  return `teste-${seq}`;
};

describe('the migration', () => {
  it('ships the five replies the composer had hard-coded, with {{nome}} as a placeholder', async () => {
    const response = await listar();
    expect(response.statusCode).toBe(200);
    const seeded = response.json<RespostaRapidaView[]>().filter((r) => !r.atalho.startsWith('teste-'));
    expect(seeded.map((r) => r.atalho)).toEqual([
      'pagamento-confirmado',
      'parcelamento',
      'pix',
      'retorno',
      'saudacao',
    ]);
    expect(seeded.every((r) => r.texto.includes('{{nome}}'))).toBe(true);
  });
});

describe('POST /api/admin/configuracoes/mensagens/respostas-rapidas', () => {
  it('creates a reply, trimmed, and audits it with its text', async () => {
    const atalho = atalhoNovo();
    const response = await criar({
      atalho: ` ${atalho} `,
      texto: '  Olá, {{nome}}! Seu total é {{total}}.  ',
    });
    expect(response.statusCode).toBe(201);
    const criada = response.json<RespostaRapidaView>();
    expect(criada).toMatchObject({ atalho, texto: 'Olá, {{nome}}! Seu total é {{total}}.' });
    const [entrada, ...resto] = await auditoria('resposta_rapida.criada', criada.id);
    expect(resto).toEqual([]);
    expect(entrada).toMatchObject({
      usuarioId: admin.id,
      entidade: 'resposta_rapida',
      detalhes: { atalho, texto: criada.texto },
    });
    expect((await listar()).json<RespostaRapidaView[]>().map((r) => r.atalho)).toContain(atalho);
  });

  it('lets a super admin manage replies too, like every admin configuration', async () => {
    const response = await criar({ atalho: atalhoNovo(), texto: 'Bom dia!' }, 'superAdmin');
    expect(response.statusCode).toBe(201);
    const { id } = response.json<RespostaRapidaView>();
    expect((await excluir(id, 'superAdmin')).statusCode).toBe(204);
  });

  it('answers 403 to an operator and writes nothing', async () => {
    const atalho = atalhoNovo();
    expect((await criar({ atalho, texto: 'Oi' }, 'operador')).statusCode).toBe(403);
    expect((await listar('operador')).statusCode).toBe(403);
    expect(
      await t.database.db.select().from(respostasRapidas).where(eq(respostasRapidas.atalho, atalho)),
    ).toEqual([]);
  });

  it('answers 422 ATALHO_EM_USO on a shortcut already taken, on the atalho field', async () => {
    const atalho = atalhoNovo();
    expect((await criar({ atalho, texto: 'Primeira' })).statusCode).toBe(201);
    const response = await criar({ atalho, texto: 'Segunda' });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      code: 'ATALHO_EM_USO',
      message: 'Já existe uma resposta rápida com este atalho.',
      errors: { atalho: ['Já existe uma resposta rápida com este atalho.'] },
    });
    const rows = await t.database.db
      .select()
      .from(respostasRapidas)
      .where(eq(respostasRapidas.atalho, atalho));
    expect(rows.map((r) => r.texto)).toEqual(['Primeira']);
  });

  it('names the unknown placeholders and lists the ones allowed', async () => {
    const response = await criar({ atalho: atalhoNovo(), texto: 'Olá {{nome}}, segue {{pix}} e {{ cpf }}' });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors.texto).toEqual([
      'Marcadores desconhecidos: {{pix}}, {{cpf}}. Use apenas {{nome}}, {{empresa}}, {{empresa_documento}}, {{total}}, {{quantidade}}, {{valor}}, {{vencimento}}, {{dias_atraso}}.',
    ]);
  });

  it.each([
    ['an uppercase shortcut', { atalho: 'Saudacao', texto: 'Oi' }, 'atalho'],
    ['a shortcut with accents', { atalho: 'saudação', texto: 'Oi' }, 'atalho'],
    ['a shortcut with spaces', { atalho: 'bom dia', texto: 'Oi' }, 'atalho'],
    ['a trailing hyphen', { atalho: 'bom-', texto: 'Oi' }, 'atalho'],
    ['a 41-character shortcut', { atalho: 'a'.repeat(41), texto: 'Oi' }, 'atalho'],
    ['no shortcut', { texto: 'Oi' }, 'atalho'],
    ['an empty text', { atalho: 'vazio', texto: '   ' }, 'texto'],
    ['4097 characters', { atalho: 'longo', texto: 'a'.repeat(4097) }, 'texto'],
    ['unpaired braces', { atalho: 'chaves', texto: 'Olá {{nome}' }, 'texto'],
    ['an unknown field', { atalho: 'extra', texto: 'Oi', ordem: 1 }, undefined],
  ])('answers 422 on %s', async (_caso, payload, campo) => {
    const response = await criar(payload);
    expect(response.statusCode).toBe(422);
    expect(response.json().code).toBe('DADOS_INVALIDOS');
    if (campo) expect(Object.keys(response.json().errors)).toContain(campo);
  });

  it('accepts exactly 4096 characters', async () => {
    expect((await criar({ atalho: atalhoNovo(), texto: 'a'.repeat(4096) })).statusCode).toBe(201);
  });
});

describe('PUT /api/admin/configuracoes/mensagens/respostas-rapidas/:id', () => {
  it('changes shortcut and text and audits what changed', async () => {
    const id = (await criar({ atalho: atalhoNovo(), texto: 'Antes' })).json<RespostaRapidaView>().id;
    const atalho = atalhoNovo();
    const response = await alterar(id, { atalho, texto: 'Depois, {{nome}}' });
    expect(response.statusCode).toBe(200);
    expect(response.json<RespostaRapidaView>()).toMatchObject({ id, atalho, texto: 'Depois, {{nome}}' });
    const [entrada] = await auditoria('resposta_rapida.alterada', id);
    expect(entrada?.detalhes).toMatchObject({ texto: { de: 'Antes', para: 'Depois, {{nome}}' } });
  });

  it('writes no audit entry when nothing changes', async () => {
    const criada = (await criar({ atalho: atalhoNovo(), texto: 'Igual' })).json<RespostaRapidaView>();
    expect((await alterar(criada.id, { atalho: criada.atalho, texto: 'Igual' })).statusCode).toBe(200);
    expect(await auditoria('resposta_rapida.alterada', criada.id)).toEqual([]);
  });

  it("answers 422 ATALHO_EM_USO when taking another reply's shortcut", async () => {
    const primeira = (await criar({ atalho: atalhoNovo(), texto: 'Um' })).json<RespostaRapidaView>();
    const segunda = (await criar({ atalho: atalhoNovo(), texto: 'Dois' })).json<RespostaRapidaView>();
    const response = await alterar(segunda.id, { atalho: primeira.atalho, texto: 'Dois' });
    expect(response.statusCode).toBe(422);
    expect(response.json().code).toBe('ATALHO_EM_USO');
  });

  it('answers 404 for a missing id, 422 for a malformed one, 403 for an operator', async () => {
    const missing = await alterar(999_999, { atalho: 'nada', texto: 'Oi' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe('RESPOSTA_RAPIDA_NAO_ENCONTRADA');
    expect((await alterar('abc', { atalho: 'nada', texto: 'Oi' })).statusCode).toBe(422);
    expect((await alterar(1, { atalho: 'nada', texto: 'Oi' }, 'operador')).statusCode).toBe(403);
  });
});

describe('DELETE /api/admin/configuracoes/mensagens/respostas-rapidas/:id', () => {
  it('deletes the reply and keeps its text in the audit entry', async () => {
    const criada = (await criar({ atalho: atalhoNovo(), texto: 'Adeus' })).json<RespostaRapidaView>();
    expect((await excluir(criada.id, 'operador')).statusCode).toBe(403);
    expect((await excluir(criada.id)).statusCode).toBe(204);
    expect((await listar()).json<RespostaRapidaView[]>().map((r) => r.id)).not.toContain(criada.id);
    const [entrada] = await auditoria('resposta_rapida.excluida', criada.id);
    expect(entrada?.detalhes).toEqual({ atalho: criada.atalho, texto: 'Adeus' });
    const again = await excluir(criada.id);
    expect(again.statusCode).toBe(404);
    expect(again.json().code).toBe('RESPOSTA_RAPIDA_NAO_ENCONTRADA');
  });
});

describe('GET /api/operador/clientes/:id/respostas-rapidas', () => {
  beforeEach(async () => {
    // Only this block's replies, so the rendered list is known exactly.
    await t.database.db.delete(respostasRapidas).where(like(respostasRapidas.atalho, 'render-%'));
  });

  it('fills the placeholders for the customer: first name, creditor, open total, oldest receivable', async () => {
    await criar({
      atalho: 'render-a',
      texto: 'Olá, {{nome}}! {{empresa}} ({{empresa_documento}}): {{quantidade}} em aberto, {{total}}.',
    });
    await criar({
      atalho: 'render-b',
      texto: 'A mais antiga: {{valor}} em {{vencimento}} ({{dias_atraso}} dias).',
    });
    const id = await inserirCliente(t.database.db, {
      nome: '  Maria   da Silva ',
      status: 'em_atendimento',
      operadorId,
    });
    await inserirConta(t.database.db, { clienteId: id, valorCentavos: 20_000, vencimento: '2099-03-10' });
    await inserirConta(t.database.db, { clienteId: id, valorCentavos: 12_345, vencimento: '2099-01-10' });
    await inserirConta(t.database.db, {
      clienteId: id,
      valorCentavos: 99_999,
      vencimento: '2098-01-10',
      status: 'paga',
      valorPagoCentavos: 99_999,
    });

    const response = await doCliente(id);
    expect(response.statusCode).toBe(200);
    const renderizadas = response
      .json<RespostaRapidaRenderizada[]>()
      .filter((r) => r.atalho.startsWith('render-'));
    expect(renderizadas.map(({ atalho, texto }) => ({ atalho, texto }))).toEqual([
      {
        atalho: 'render-a',
        texto: 'Olá, Maria! Empresa Demonstração Ltda (11.222.333/0001-81): 2 em aberto, R$ 323,45.',
      },
      { atalho: 'render-b', texto: 'A mais antiga: R$ 123,45 em 10/01/2099 (0 dias).' },
    ]);
  });

  it('renders for a customer of the shared queue, which any operator may read', async () => {
    await criar({ atalho: 'render-fila', texto: 'Oi, {{nome}}' });
    const id = await inserirCliente(t.database.db, { nome: 'João Fila', status: 'aguardando_atendimento' });
    const response = await doCliente(id, 'outroOperador');
    expect(response.statusCode).toBe(200);
    expect(response.json<RespostaRapidaRenderizada[]>().find((r) => r.atalho === 'render-fila')?.texto).toBe(
      'Oi, João',
    );
  });

  it("answers 404 for another operator's customer, exactly like a missing one", async () => {
    const id = await inserirCliente(t.database.db, {
      nome: 'Cliente do Bruno',
      status: 'em_atendimento',
      operadorId: outroId,
    });
    const alheio = await doCliente(id);
    expect(alheio.statusCode).toBe(404);
    expect(alheio.json().code).toBe('CLIENTE_NAO_ENCONTRADO');
    expect((await doCliente(999_999)).json()).toEqual(alheio.json());
  });

  it('answers 403 to an admin (operators only) and 422 to a malformed id', async () => {
    const id = await inserirCliente(t.database.db, { nome: 'Qualquer', operadorId });
    expect((await doCliente(id, 'admin')).statusCode).toBe(403);
    expect((await doCliente(0)).statusCode).toBe(422);
  });
});
