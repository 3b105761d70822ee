import type { ImportacaoDetalhe, ImportacaoResumo, Paged } from '@cobranca/contracts';
import { gerarCpf } from '@cobranca/dominio';
import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  buildTestApp,
  createTestUser,
  issueToken,
  type TestApp,
} from '../../../test/build-test-app.ts';
import { clientes, contasReceber, importacoes } from '../../db/schema/index.ts';
import { mulberry32 } from '../demo/prng.ts';
import { CAMPO_CSV } from './csv/ler-csv.ts';
import { marcarImportacoesInterrompidas } from './importacao.service.ts';
import { enviarArquivos } from './importacoes.test-fixtures.ts';
import { LOTE_CSV } from './importar-csv.service.ts';
import { CAMPO_XML } from './importar-xml.service.ts';
import { chaveDaNota, montarNfe } from './nfe/nfe.test-fixtures.ts';

// The counters of an import move with each batch, in its transaction. Here the database refuses a
// later batch and then the import's final update, as a process that died there would leave it: the
// import still says what its committed batches saved, and its report shows it once `interrompida`.

let t: TestApp;
const tokens = { operador: '', admin: '' };

beforeAll(async () => {
  t = await buildTestApp();
  const operador = await createTestUser(t.database, 'operador');
  const admin = await createTestUser(t.database, 'admin');
  tokens.operador = await issueToken(t.database, operador.id);
  tokens.admin = await issueToken(t.database, admin.id);
  const { db } = t.database;
  await db.execute(sql`
    CREATE FUNCTION falha_injetada() RETURNS trigger LANGUAGE plpgsql
    AS $$ BEGIN RAISE EXCEPTION 'falha injetada'; END $$`);
  await db.execute(sql`
    CREATE TRIGGER falhar_conta BEFORE INSERT ON contas_receber FOR EACH ROW
    WHEN (NEW.descricao = 'Falha injetada') EXECUTE FUNCTION falha_injetada()`);
  // The final update (concluida or falhou) never lands; marking it interrompida still can.
  await db.execute(sql`
    CREATE TRIGGER falhar_conclusao BEFORE UPDATE ON importacoes FOR EACH ROW
    WHEN (NEW.status IN ('concluida', 'falhou')) EXECUTE FUNCTION falha_injetada()`);
});
afterAll(async () => {
  await t?.close();
});

const gravadas = async (id: number) => {
  const [importacao] = await t.database.db.select().from(importacoes).where(eq(importacoes.id, id));
  const [contas] = await t.database.db
    .select({ n: count() })
    .from(contasReceber)
    .where(eq(contasReceber.importacaoId, id));
  return { importacao, contas: contas?.n ?? 0 };
};

const ultimaImportacao = async () => {
  const [ultima] = await t.database.db
    .select({ id: importacoes.id })
    .from(importacoes)
    .orderBy(sql`${importacoes.id} DESC`)
    .limit(1);
  if (!ultima) throw new Error('nenhuma importação');
  return ultima.id;
};

/** Ten minutes without a batch, without waiting them; then the sweep marks it interrompida. */
const interromper = async (id: number) => {
  await t.database.db
    .update(importacoes)
    .set({ atualizadaEm: sql`now() - interval '11 minutes'` })
    .where(eq(importacoes.id, id));
  expect(await marcarImportacoesInterrompidas(t.database.db, new Date())).toBe(1);
};

const relatorios = async (id: number) => {
  const get = async <T>(url: string, token: string) => {
    const resposta = await t.app.inject({ method: 'GET', url, headers: bearer(token) });
    expect(resposta.statusCode, resposta.body).toBe(200);
    return resposta.json<T>();
  };
  const detalhe = await get<ImportacaoDetalhe>(`/api/operador/importacoes/${id}`, tokens.operador);
  const lista = await get<Paged<ImportacaoResumo>>('/api/operador/importacoes', tokens.operador);
  const admin = await get<Paged<ImportacaoResumo>>('/api/admin/importacoes', tokens.admin);
  return {
    detalhe,
    naLista: lista.data.find((i) => i.id === id),
    doAdmin: admin.data.find((i) => i.id === id),
  };
};

describe('an import cut short after some batches', () => {
  it('CSV: counts exactly the rows of its committed batches, and reports them once interrompida', async () => {
    const random = mulberry32(77);
    const linha = (i: number, descricao = `Fatura ${i}`) =>
      `Cliente ${i};${gerarCpf(random)};;;${descricao};10,00;15/01/2030`;
    const linhas: string[] = [];
    // Two whole batches, with a refused row after every 400 good ones, then a third that fails.
    for (let i = 1; i <= 2 * LOTE_CSV; i++) {
      linhas.push(linha(i));
      if (i % 400 === 0 && i < 2 * LOTE_CSV) linhas.push(`Sem documento ${i};123;;;;;`);
    }
    for (let i = 1; i <= 50; i++) linhas.push(linha(2 * LOTE_CSV + i));
    linhas.push(linha(0, 'Falha injetada'));
    const csv = `nome;documento;telefone;email;descricao;valor;vencimento\n${linhas.join('\n')}\n`;

    const resposta = await enviarArquivos(
      t.app,
      '/api/operador/clientes/importar-csv',
      CAMPO_CSV,
      [{ nome: 'clientes.csv', conteudo: csv, tipo: 'text/csv' }],
      tokens.operador,
    );
    expect(resposta.statusCode).toBe(500);

    const id = await ultimaImportacao();
    const { importacao, contas } = await gravadas(id);
    const [novos] = await t.database.db.select({ n: count() }).from(clientes);
    expect(contas).toBe(2 * LOTE_CSV);
    expect(importacao).toMatchObject({
      status: 'processando',
      criados: novos?.n,
      atualizados: 0,
      ignorados: 0,
      rejeitados: 9,
      contasCriadas: contas,
    });

    await interromper(id);
    const totais = { criados: contas, atualizados: 0, ignorados: 0, rejeitados: 9, contas_criadas: contas };
    const { detalhe, naLista, doAdmin } = await relatorios(id);
    expect(detalhe).toMatchObject({ status: 'interrompida', ...totais });
    expect(naLista).toMatchObject({ status: 'interrompida', ...totais });
    expect(doAdmin).toMatchObject({ status: 'interrompida', ...totais });
  });

  it('NF-e: starts from the files rejected while parsing, then adds its batch', async () => {
    const random = mulberry32(78);
    const nota = (n: number) => ({
      nome: `nota-${n}.xml`,
      conteudo: montarNfe({
        chave: chaveDaNota(n),
        dest: { tag: 'CPF', valor: gerarCpf(random), xNome: `C ${n}` },
      }),
    });
    const resposta = await enviarArquivos(
      t.app,
      '/api/operador/contas-receber/importar-xml',
      CAMPO_XML,
      [{ nome: 'lixo.xml', conteudo: '<a/>' }, nota(401), nota(402)],
      tokens.operador,
    );
    expect(resposta.statusCode).toBe(500);

    const id = await ultimaImportacao();
    const { importacao, contas } = await gravadas(id);
    expect(contas).toBe(2);
    expect(importacao).toMatchObject({ status: 'processando', criados: 2, rejeitados: 1, contasCriadas: 2 });

    await interromper(id);
    const { detalhe } = await relatorios(id);
    expect(detalhe).toMatchObject({ status: 'interrompida', criados: 2, rejeitados: 1, contas_criadas: 2 });
  });
});
