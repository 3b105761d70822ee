import type { ClienteAdmin, ClienteLista, Paged } from '@cobranca/contracts';
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
import { inserirCliente, type NovoCliente } from './clientes.test-fixtures.ts';

// The lists' `etiqueta` filter (decision 022), on both databases: one tag, matched ignoring case
// (accents too, whatever the database's ctype), inside the list's scope, never widening it.

let t: TestApp;
let ana: TestUser;
let bruno: TestUser;
const tokens = { ana: '', bruno: '', admin: '' };

const cliente = async (novo: NovoCliente, etiquetas: string[]) => {
  const id = await inserirCliente(t.database.db, novo);
  await t.database.db.update(clientes).set({ etiquetas }).where(eq(clientes.id, id));
  return id;
};

beforeAll(async () => {
  t = await buildTestApp();
  ana = await createTestUser(t.database, 'operador', { name: 'Ana Operadora' });
  bruno = await createTestUser(t.database, 'operador', { name: 'Bruno Operador' });
  const admin = await createTestUser(t.database, 'admin');
  tokens.ana = await issueToken(t.database, ana.id);
  tokens.bruno = await issueToken(t.database, bruno.id);
  tokens.admin = await issueToken(t.database, admin.id);

  const [a, b] = [ana.id, bruno.id];
  await cliente({ nome: 'Ana Contestação', operadorId: a }, ['Contestação', 'VIP']);
  await cliente({ nome: 'Ana Maiúsculas', operadorId: a, status: 'pausado' }, ['CONTESTAÇÃO']);
  await cliente({ nome: 'Ana Parecida', operadorId: a }, ['Contestação 2', 'vip-2']);
  await cliente({ nome: 'Ana Sem Etiqueta', operadorId: a }, []);
  await cliente({ nome: 'Ana Atendendo', operadorId: a, status: 'em_atendimento' }, ['contestação']);
  await cliente({ nome: 'Ana Atendendo Sem', operadorId: a, status: 'em_atendimento' }, ['VIP']);
  await cliente({ nome: 'Ana Concluída', operadorId: a, status: 'concluido' }, ['Contestação']);
  await cliente({ nome: 'Ana Concluída Sem', operadorId: a, status: 'concluido' }, []);
  await cliente({ nome: 'Ana Aguardando', operadorId: a, status: 'aguardando_atendimento' }, ['Contestação']);
  await cliente({ nome: 'Fila Contestação', status: 'aguardando_atendimento' }, ['contestação']);
  await cliente({ nome: 'Fila Sem', status: 'aguardando_atendimento' }, ['Acordo']);
  await cliente({ nome: 'Bruno Contestação', operadorId: b }, ['Contestação']);
  await cliente({ nome: 'Bruno Sem', operadorId: b }, []);
  await cliente({ nome: 'Bruno Aguardando', operadorId: b, status: 'aguardando_atendimento' }, [
    'Contestação',
  ]);
});
afterAll(() => t.close());

const get = (url: string, token: string) => t.app.inject({ method: 'GET', url, headers: bearer(token) });

const nomes = async (url: string, token: string) => {
  const resposta = await get(url, token);
  expect(resposta.statusCode).toBe(200);
  const pagina = resposta.json<Paged<ClienteLista | ClienteAdmin>>();
  expect(pagina.total).toBe(pagina.data.length);
  return pagina.data.map((c) => c.nome).sort();
};

const q = (etiqueta: string) => `etiqueta=${encodeURIComponent(etiqueta)}`;

describe('operator lists: ?etiqueta=', () => {
  it('keeps the customers with the tag, ignoring case and accents’ case, trimmed', async () => {
    const esperado = ['Ana Contestação', 'Ana Maiúsculas'];
    for (const etiqueta of ['Contestação', 'contestação', 'CONTESTAÇÃO', '  cOnTeStAçÃo  '])
      expect(await nomes(`/api/operador/clientes/ativos?${q(etiqueta)}`, tokens.ana)).toEqual(esperado);
    // The whole tag, not a part of one ("Contestação 2", "vip-2"), and no pattern characters.
    expect(await nomes(`/api/operador/clientes/ativos?${q('vip')}`, tokens.ana)).toEqual(['Ana Contestação']);
    expect(await nomes(`/api/operador/clientes/ativos?${q('%')}`, tokens.ana)).toEqual([]);
    expect(await nomes(`/api/operador/clientes/ativos?${q('Contest_ção')}`, tokens.ana)).toEqual([]);
    expect(await nomes(`/api/operador/clientes/ativos?${q('ninguém')}`, tokens.ana)).toEqual([]);
    // Without the filter, every Ativo.
    expect(await nomes('/api/operador/clientes/ativos', tokens.ana)).toHaveLength(4);
  });

  it('never widens the list’s scope: another operator’s tagged customer does not appear', async () => {
    const etiqueta = q('contestação');
    expect(await nomes(`/api/operador/clientes/em-atendimento?${etiqueta}`, tokens.ana)).toEqual([
      'Ana Atendendo',
    ]);
    expect(await nomes(`/api/operador/clientes/concluidos?${etiqueta}`, tokens.ana)).toEqual([
      'Ana Concluída',
    ]);
    // The shared queue: her own and the unassigned, never Bruno's.
    expect(await nomes(`/api/operador/clientes/aguardando-atendimento?${etiqueta}`, tokens.ana)).toEqual([
      'Ana Aguardando',
      'Fila Contestação',
    ]);
    expect(await nomes(`/api/operador/clientes/ativos?${etiqueta}`, tokens.bruno)).toEqual([
      'Bruno Contestação',
    ]);
    expect(await nomes(`/api/operador/clientes/aguardando-atendimento?${etiqueta}`, tokens.bruno)).toEqual([
      'Bruno Aguardando',
      'Fila Contestação',
    ]);
  });

  it('ANDs with the search and the other filters', async () => {
    const etiqueta = q('contestação');
    expect(await nomes(`/api/operador/clientes/ativos?${etiqueta}&busca=maiusculas`, tokens.ana)).toEqual([
      'Ana Maiúsculas',
    ]);
    expect(await nomes(`/api/operador/clientes/ativos?${q('VIP')}&busca=ana`, tokens.ana)).toEqual([
      'Ana Contestação',
    ]);
    expect(await nomes(`/api/operador/clientes/ativos?${etiqueta}&resposta=sem`, tokens.ana)).toEqual([
      'Ana Contestação',
      'Ana Maiúsculas',
    ]);
    expect(await nomes(`/api/operador/clientes/ativos?${etiqueta}&resposta=24h`, tokens.ana)).toEqual([]);
  });
});

describe('admin list: ?etiqueta=', () => {
  it('finds the tag among every operator’s customers, with the status and operator filters', async () => {
    const etiqueta = q('CONTESTAÇÃO');
    expect(await nomes(`/api/admin/clientes?${etiqueta}`, tokens.admin)).toEqual([
      'Ana Aguardando',
      'Ana Atendendo',
      'Ana Concluída',
      'Ana Contestação',
      'Ana Maiúsculas',
      'Bruno Aguardando',
      'Bruno Contestação',
      'Fila Contestação',
    ]);
    expect(await nomes(`/api/admin/clientes?${etiqueta}&operador_id=${bruno.id}`, tokens.admin)).toEqual([
      'Bruno Aguardando',
      'Bruno Contestação',
    ]);
    expect(
      await nomes(`/api/admin/clientes/por-status/aguardando_atendimento?${etiqueta}`, tokens.admin),
    ).toEqual(['Ana Aguardando', 'Bruno Aguardando', 'Fila Contestação']);
  });
});

describe('a malformed etiqueta', () => {
  const casos: [string, string][] = [
    ['etiqueta=', 'A etiqueta não pode ficar em branco.'],
    ['etiqueta=%20%20%20', 'A etiqueta não pode ficar em branco.'],
    [q('x'.repeat(31)), 'A etiqueta pode ter no máximo 30 caracteres.'],
    ['etiqueta=a&etiqueta=b', 'Filtre por uma etiqueta só.'],
  ];

  it('is a 422 with a pt-BR message on the operator and admin lists', async () => {
    const rotas: [string, string][] = [
      ['/api/operador/clientes/ativos', tokens.ana],
      ['/api/operador/clientes/aguardando-atendimento', tokens.ana],
      ['/api/admin/clientes', tokens.admin],
      ['/api/admin/clientes/por-status/ativo', tokens.admin],
    ];
    for (const [rota, token] of rotas)
      for (const [query, mensagem] of casos) {
        const resposta = await get(`${rota}?${query}`, token);
        expect(resposta.statusCode, `${rota}?${query}`).toBe(422);
        expect(resposta.json().errors.etiqueta, `${rota}?${query}`).toEqual([mensagem]);
      }
    // 30 characters is a tag.
    expect((await get(`/api/operador/clientes/ativos?${q('x'.repeat(30))}`, tokens.ana)).statusCode).toBe(
      200,
    );
  });

  it('does not open the other role’s list', async () => {
    expect((await get(`/api/admin/clientes?${q('contestação')}`, tokens.ana)).statusCode).toBe(403);
    expect((await get(`/api/operador/clientes/ativos?${q('contestação')}`, tokens.admin)).statusCode).toBe(
      403,
    );
  });
});
