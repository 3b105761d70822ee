import http from 'node:http';
import { ACAO_EXPORTACAO } from '@cobranca/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  buildTestApp,
  createTestUser,
  issueToken,
  type TestApp,
  type TestUser,
} from '../../../test/build-test-app.ts';
import { auditLogs, exportacoesEmAndamento } from '../../db/schema/index.ts';
import { EXPORTACAO_EM_ANDAMENTO } from './vez.ts';

// The limits of an export (docs/decisions/033-exportacao-limites.md): its audit entry exists before the
// first byte (a client that cuts the download still leaves it), and each user runs one at a time,
// across API nodes (the lease row), on both databases.

const LINHAS = 20_000;
let t: TestApp;
let base = '';
let ana: TestUser;
const tokens = { ana: '', bruno: '' };
const URL_EXPORTACAO = '/api/operador/clientes/ativos/exportar?formato=csv';

beforeAll(async () => {
  t = await buildTestApp();
  ana = await createTestUser(t.database, 'operador');
  const bruno = await createTestUser(t.database, 'operador');
  tokens.ana = await issueToken(t.database, ana.id);
  tokens.bruno = await issueToken(t.database, bruno.id);
  await t.database.db.execute(sql`
    insert into clientes (nome, documento, documento_tipo, telefone, termo_busca, status, operador_id, origem_contato)
    select 'Cliente ' || g, lpad(g::text, 11, '0'), 'cpf', '+5511' || lpad(g::text, 9, '0'), 'cliente ' || g,
           'ativo', ${ana.id}, 'manual'
    from generate_series(1, ${LINHAS}) g`);
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
}, 120_000);
afterAll(() => t?.close());

/** A real download whose client stops reading: the export stays running, held by back-pressure. */
const downloadParado = (token: string) =>
  new Promise<{ status: number; cortar: () => void }>((resolve, reject) => {
    const req = http.get(`${base}${URL_EXPORTACAO}`, { headers: bearer(token) }, (res) => {
      res.pause();
      resolve({ status: res.statusCode ?? 0, cortar: () => req.destroy() });
    });
    req.on('error', (erro) => {
      if (!req.destroyed) reject(erro);
    });
  });

const auditoriasDa = (usuarioId: number) =>
  t.database.db
    .select()
    .from(auditLogs)
    .where(and(eq(auditLogs.acao, ACAO_EXPORTACAO), eq(auditLogs.usuarioId, usuarioId)));

/** A client that hangs up once its request is out, before any byte of the answer. */
const desligarAposPedir = (token: string) => {
  const req = http.get(`${base}${URL_EXPORTACAO}`, { headers: bearer(token) });
  req.on('error', () => {});
  req.on('finish', () => setTimeout(() => req.destroy(), 20));
};

const aguardar = async <T>(ler: () => Promise<T>, pronto: (valor: T) => boolean): Promise<T> => {
  let valor = await ler();
  for (let i = 0; i < 100 && !pronto(valor); i++) {
    await new Promise((r) => setTimeout(r, 50));
    valor = await ler();
  }
  return valor;
};

const vezLiberada = async (usuarioId: number) => {
  for (let i = 0; i < 200; i++) {
    const linhas = await t.database.db
      .select()
      .from(exportacoesEmAndamento)
      .where(eq(exportacoesEmAndamento.usuarioId, usuarioId));
    if (linhas.length === 0) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('a vez da exportação não foi liberada');
};

describe('export limits', () => {
  it('writes the audit entry before the first byte: a download cut short is still on record', async () => {
    const antes = (await auditoriasDa(ana.id)).length;
    desligarAposPedir(tokens.ana);
    const depois = await aguardar(
      () => auditoriasDa(ana.id),
      (linhas) => linhas.length > antes,
    );
    await vezLiberada(ana.id);
    expect(depois).toHaveLength(antes + 1);
    expect(depois.at(-1)?.detalhes).toMatchObject({ linhas: LINHAS, formato: 'csv' });
  });

  it('answers 429 with Retry-After to a second export of the same user while another user exports', async () => {
    const primeira = await downloadParado(tokens.ana);
    expect(primeira.status).toBe(200);
    const segunda = await t.app.inject({ url: URL_EXPORTACAO, headers: bearer(tokens.ana) });
    expect(segunda.statusCode).toBe(429);
    expect(segunda.headers['retry-after']).toBe('5');
    expect(segunda.json()).toEqual({ code: 'MUITAS_REQUISICOES', message: EXPORTACAO_EM_ANDAMENTO });
    // Refused before any work: no audit entry for it.
    const auditorias = (await auditoriasDa(ana.id)).length;

    const outroUsuario = await t.app.inject({ url: URL_EXPORTACAO, headers: bearer(tokens.bruno) });
    expect(outroUsuario.statusCode).toBe(200);

    primeira.cortar();
    await vezLiberada(ana.id);
    expect(await auditoriasDa(ana.id)).toHaveLength(auditorias);
    const depois = await t.app.inject({
      url: '/api/operador/clientes/ativos/exportar?formato=csv&busca=cliente%201',
      headers: bearer(tokens.ana),
    });
    expect(depois.statusCode).toBe(200);
  });

  it('frees the turn before the file ends: whoever has the whole file may export again at once', async () => {
    for (let i = 0; i < 5; i++) {
      const response = await t.app.inject({
        url: '/api/operador/clientes/ativos/exportar?formato=csv&busca=cliente%2019',
        headers: bearer(tokens.ana),
      });
      expect(response.statusCode).toBe(200);
    }
  });

  it('holds across nodes: a turn another node holds refuses, one whose lease ran out is taken over', async () => {
    const db = t.database.db;
    const busca = '/api/operador/clientes/ativos/exportar?formato=xlsx&busca=cliente%2012';
    await db.insert(exportacoesEmAndamento).values({
      usuarioId: ana.id,
      vez: 'outro-no',
      expiraEm: sql`now() + interval '1 minute'`,
    });
    expect((await t.app.inject({ url: busca, headers: bearer(tokens.ana) })).statusCode).toBe(429);
    await db
      .update(exportacoesEmAndamento)
      .set({ expiraEm: sql`now() - interval '1 second'` })
      .where(eq(exportacoesEmAndamento.usuarioId, ana.id));
    expect((await t.app.inject({ url: busca, headers: bearer(tokens.ana) })).statusCode).toBe(200);
    await vezLiberada(ana.id);
  });
});
