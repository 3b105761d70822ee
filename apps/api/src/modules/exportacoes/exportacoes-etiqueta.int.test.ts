import { ACAO_EXPORTACAO, type LogEntry, type Paged } from '@cobranca/contracts';
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
import { clientes } from '../../db/schema/index.ts';
import { inserirCliente, type NovoCliente } from '../clientes/clientes.test-fixtures.ts';

// Exports honour the lists' `etiqueta` filter (decision 022, docs/decisions/020-exportacao.md): the
// export queries extend the list queries, so the same rows, scope and validation, on both databases.

let t: TestApp;
let ana: TestUser;
let bruno: TestUser;
const tokens = { ana: '', bruno: '', admin: '' };

const cliente = async (novo: NovoCliente, etiquetas: string[]) => {
  const id = await inserirCliente(t.database.db, novo);
  await t.database.db.update(clientes).set({ etiquetas }).where(eq(clientes.id, id));
};

beforeAll(async () => {
  t = await buildTestApp();
  ana = await createTestUser(t.database, 'operador', { name: 'Ana Operadora' });
  bruno = await createTestUser(t.database, 'operador', { name: 'Bruno Operador' });
  const admin = await createTestUser(t.database, 'admin');
  tokens.ana = await issueToken(t.database, ana.id);
  tokens.bruno = await issueToken(t.database, bruno.id);
  tokens.admin = await issueToken(t.database, admin.id);
  await cliente({ nome: 'Ana Contestação', operadorId: ana.id }, ['Contestação']);
  await cliente({ nome: 'Ana Outra', operadorId: ana.id }, ['VIP']);
  await cliente({ nome: 'Ana Sem', operadorId: ana.id }, []);
  await cliente({ nome: 'Bruno Contestação', operadorId: bruno.id }, ['CONTESTAÇÃO']);
});
afterAll(() => t.close());

const exportar = (url: string, token: string) => t.app.inject({ method: 'GET', url, headers: bearer(token) });

/** The first column (the name) of each data row of a CSV export, without the BOM and header. */
const nomesDoCsv = (corpo: string) =>
  corpo
    .replace(/^\uFEFF/, '')
    .split('\r\n')
    .slice(1)
    .filter(Boolean)
    .map((linha) => linha.split(';')[0]);

const ultimaExportacao = async () => {
  const logs = await exportar(`/api/admin/logs?acao=${ACAO_EXPORTACAO}`, tokens.admin);
  return logs.json<Paged<LogEntry>>().data[0];
};

describe('exports filtered by etiqueta', () => {
  it('an operator list exports only the tagged customers in the caller’s scope, and audits the filter', async () => {
    const resposta = await exportar(
      '/api/operador/clientes/ativos/exportar?formato=csv&etiqueta=contesta%C3%A7%C3%A3o',
      tokens.ana,
    );
    expect(resposta.statusCode).toBe(200);
    expect(nomesDoCsv(resposta.body)).toEqual(['Ana Contestação']);
    expect((await ultimaExportacao())?.detalhes).toMatchObject({
      lista: 'clientes-ativos',
      filtros: { etiqueta: 'contestação' },
      linhas: 1,
    });
    const doBruno = await exportar(
      '/api/operador/clientes/ativos/exportar?formato=csv&etiqueta=Contesta%C3%A7%C3%A3o',
      tokens.bruno,
    );
    expect(nomesDoCsv(doBruno.body)).toEqual(['Bruno Contestação']);
  });

  it('the admin export finds the tag among every operator’s customers', async () => {
    const resposta = await exportar(
      '/api/admin/clientes/exportar?formato=csv&etiqueta=CONTESTA%C3%87%C3%83O',
      tokens.admin,
    );
    expect(resposta.statusCode).toBe(200);
    expect(nomesDoCsv(resposta.body)).toEqual(['Ana Contestação', 'Bruno Contestação']);
    const porStatus = await exportar(
      `/api/admin/clientes/por-status/ativo/exportar?formato=csv&etiqueta=vip&operador_id=${ana.id}`,
      tokens.admin,
    );
    expect(nomesDoCsv(porStatus.body)).toEqual(['Ana Outra']);
  });

  it('refuses a malformed etiqueta with the list’s pt-BR message, before any file', async () => {
    const casos: [string, string, string][] = [
      ['/api/operador/clientes/ativos/exportar', tokens.ana, 'A etiqueta não pode ficar em branco.'],
      ['/api/admin/clientes/exportar', tokens.admin, 'A etiqueta não pode ficar em branco.'],
    ];
    for (const [rota, token, mensagem] of casos) {
      const resposta = await exportar(`${rota}?formato=csv&etiqueta=%20`, token);
      expect(resposta.statusCode).toBe(422);
      expect(resposta.json().errors.etiqueta).toEqual([mensagem]);
    }
    const longa = await exportar(
      `/api/admin/clientes/exportar?formato=xlsx&etiqueta=${'x'.repeat(31)}`,
      tokens.admin,
    );
    expect(longa.json().errors.etiqueta).toEqual(['A etiqueta pode ter no máximo 30 caracteres.']);
  });
});
