import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ImportacaoDetalhe, ImportacaoResumo, Paged } from '@cobranca/contracts';
import { and, count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gerarCsv } from '../../../../bench/imports/gerar.ts';
import { TEST_PASSWORD } from '../../test/build-test-app.ts';
import { multipart } from '../../test/multipart.ts';
import { esperar, executarCli } from '../../test/processos.ts';
import { createPostgresTestDatabase, testDbKind } from '../../test/test-database.ts';
import { type Database, openPostgres } from '../db/client.ts';
import { auditLogs, contasReceber, importacoes } from '../db/schema/index.ts';
import { contarRegistros } from '../modules/importacoes/importacoes.test-fixtures.ts';
import { LOTE_CSV } from '../modules/importacoes/importar-csv.service.ts';
import { entrar, iniciarServidor, pararServidor, type Servidor } from './falhas.test-fixtures.ts';

// The server killed with SIGKILL in the middle of a customers import (issue 8 fault list): every
// batch is its own transaction, so what stays is a whole number of batches; the import stays
// `processando` until, with no batch for 10 minutes, the engine's pass reports it `interrompida`; its
// counters, kept with each batch, say what was saved.
// Two processes share the database (server and CLI): PostgreSQL only.

const LINHAS = 40_000;
const EMAIL = 'operador.sigkill@teste.local';

describe.runIf(testDbKind() === 'postgres')('server killed with SIGKILL during an import', () => {
  let pasta: string;
  let banco: { url: string; drop: () => Promise<void> };
  let database: Database;
  let env: Record<string, string>;
  let servidor: Servidor | undefined;

  beforeAll(async () => {
    pasta = mkdtempSync(join(tmpdir(), 'cobranca-sigkill-'));
    banco = await createPostgresTestDatabase();
    // TMPDIR: the upload the killed server leaves behind goes away with the test's folder.
    env = {
      DATABASE_URL: banco.url,
      DATA_DIR: pasta,
      TMPDIR: pasta,
      APP_KEY: 'ab'.repeat(32),
      LOG_LEVEL: 'error',
    };
    await executarCli(env, [
      'user:create',
      '--role',
      'operador',
      '--name',
      'Operadora Interrompida',
      '--email',
      EMAIL,
      '--password',
      TEST_PASSWORD,
    ]);
    database = await openPostgres(banco.url, 2);
    await gerarCsv(join(pasta, 'clientes.csv'), LINHAS);
  });
  afterAll(async () => {
    if (servidor) await pararServidor(servidor);
    await database?.close();
    await banco?.drop();
    rmSync(pasta, { recursive: true, force: true });
  });

  /** The one import in this database and the receivables it wrote (one per CSV row). */
  const importacaoGravada = async () => {
    const [importacao] = await database.db.select().from(importacoes);
    if (!importacao) return { importacao, contas: 0 };
    const [contas] = await database.db
      .select({ n: count() })
      .from(contasReceber)
      .where(eq(contasReceber.importacaoId, importacao.id));
    return { importacao, contas: contas?.n ?? 0 };
  };

  it('keeps whole batches only and reports the import as interrompida', { timeout: 120_000 }, async () => {
    servidor = await iniciarServidor(env);
    const operador = await entrar(servidor.url, EMAIL, TEST_PASSWORD);
    const { payload, headers } = multipart('csv_file', [
      { nome: 'clientes.csv', conteudo: readFileSync(join(pasta, 'clientes.csv')), tipo: 'text/csv' },
    ]);
    const envio = fetch(`${servidor.url}/api/operador/clientes/importar-csv`, {
      method: 'POST',
      headers: { ...headers, ...operador },
      body: payload,
    }).then(
      (r) => r.status,
      (erro: Error) => erro.name,
    );

    for (let i = 0; (await importacaoGravada()).contas < LOTE_CSV; i++) {
      if (i > 1_200) throw new Error('nenhum lote gravado em 60 s');
      await esperar(50);
    }
    servidor.processo.kill('SIGKILL');
    expect(await servidor.saiu).toBe('SIGKILL');
    expect(await envio).not.toBe(200);

    const { importacao, contas } = await importacaoGravada();
    expect(importacao?.status).toBe('processando');
    expect(contas).toBeGreaterThanOrEqual(LOTE_CSV);
    // The counters moved with each committed batch, not at the end the import never reached.
    const totais = { criados: contas, atualizados: 0, ignorados: 0, rejeitados: 0 };
    expect(importacao).toMatchObject({ ...totais, contasCriadas: contas });
    expect(contas).toBeLessThan(LINHAS);
    expect(contas % LOTE_CSV).toBe(0);
    // Every row brings a new customer with one receivable: customers follow the same batches.
    expect(await contarRegistros(database.db)).toEqual({ clientes: contas, importacoes: 1, contas });
    const id = importacao?.id ?? 0;

    servidor = await iniciarServidor(env);
    const detalhe = () =>
      fetch(`${servidor?.url}/api/operador/importacoes/${id}`, { headers: operador }).then(
        (r) => r.json() as Promise<ImportacaoDetalhe>,
      );
    expect((await detalhe()).status).toBe('processando');

    // Ten minutes without a batch, without waiting them: the heartbeat moved back.
    await database.db
      .update(importacoes)
      .set({ atualizadaEm: sql`now() - interval '11 minutes'` })
      .where(eq(importacoes.id, id));
    expect(await executarCli(env, ['regua:executar'])).toContain('importacoes interrompidas: 1');

    expect(await detalhe()).toMatchObject({ status: 'interrompida', ...totais, contas_criadas: contas });
    const historico = await fetch(`${servidor.url}/api/operador/importacoes`, { headers: operador }).then(
      (r) => r.json() as Promise<Paged<ImportacaoResumo>>,
    );
    expect(historico.data).toEqual([
      expect.objectContaining({ id, status: 'interrompida', ...totais, contas_criadas: contas }),
    ]);
    const auditoria = await database.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.acao, 'importacao.interrompida'), eq(auditLogs.entidadeId, String(id))));
    expect(auditoria).toHaveLength(1);
    expect(await contarRegistros(database.db)).toEqual({ clientes: contas, importacoes: 1, contas });
  });
});
