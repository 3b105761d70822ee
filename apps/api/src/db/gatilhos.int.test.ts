import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/test-database.ts';
import type { Database, DbOrTx } from './client.ts';
import { type ArquivoDeGatilhos, lerGatilhos } from './gatilhos/aplicar.ts';
import { linhasDe } from './linhas.ts';

// The gatilhos files are the one home of every trigger and trigger function (docs/decisions/030-gatilhos.md):
// the live catalog must hold exactly what they declare.

type Funcao = { arquivo: string; corpo: string; deGatilho: boolean };
type Gatilho = { arquivo: string; funcao: string };
type Declarados = { funcoes: Map<string, Funcao>; gatilhos: Map<string, Gatilho>; erros: string[] };

// The dollar quote's tag is captured so a body may hold other dollar quotes ($q$ in agregados.sql).
const FUNCAO = /CREATE OR REPLACE FUNCTION\s+(\w+)\s*\([^)]*\)([\s\S]*?)\bAS\s+(\$\w*\$)([\s\S]*?)\3\s*;/g;
const GATILHO =
  /CREATE OR REPLACE (?:CONSTRAINT\s+)?TRIGGER\s+(\w+)\s+(?:BEFORE|AFTER|INSTEAD\s+OF)\b[\s\S]*?\bON\s+(\w+)[\s\S]*?\bEXECUTE\s+FUNCTION\s+(\w+)\s*\([\s\S]*?\)\s*;/g;

/** What the files declare; a statement of any other kind is an error (it could not be re-applied). */
const declarar = (arquivos: ArquivoDeGatilhos[]): Declarados => {
  const declarados: Declarados = { funcoes: new Map(), gatilhos: new Map(), erros: [] };
  for (const { nome: arquivo, sql: texto } of arquivos) {
    for (const [, nome = '', antes = '', , corpo = ''] of texto.matchAll(FUNCAO)) {
      const outro = declarados.funcoes.get(nome);
      if (outro) declarados.erros.push(`function ${nome} is declared in ${outro.arquivo} and ${arquivo}`);
      declarados.funcoes.set(nome, { arquivo, corpo, deGatilho: /\bRETURNS\s+trigger\b/i.test(antes) });
    }
    for (const [, nome = '', tabela = '', funcao = ''] of texto.matchAll(GATILHO)) {
      const chave = `${tabela}.${nome}`;
      const outro = declarados.gatilhos.get(chave);
      if (outro) declarados.erros.push(`trigger ${chave} is declared in ${outro.arquivo} and ${arquivo}`);
      declarados.gatilhos.set(chave, { arquivo, funcao });
    }
    const resto = texto.replace(FUNCAO, '').replace(GATILHO, '').replace(/--.*$/gm, '').trim();
    if (resto) declarados.erros.push(`${arquivo} holds something else than CREATE OR REPLACE: ${resto}`);
  }
  return declarados;
};

/** Every way the database differs from the files, one line each, sorted. */
const listarDivergencias = async (db: DbOrTx, declarados: Declarados): Promise<string[]> => {
  const divergencias = [...declarados.erros];
  const gatilhos = linhasDe<{ tabela: string; nome: string; funcao: string }>(
    await db.execute(sql`
      SELECT c.relname AS tabela, t.tgname AS nome, p.proname AS funcao
      FROM pg_trigger t
      JOIN pg_class c ON c.oid = t.tgrelid
      JOIN pg_namespace n ON n.oid = c.relnamespace
      JOIN pg_proc p ON p.oid = t.tgfoid
      WHERE NOT t.tgisinternal AND n.nspname = 'public'`),
  );
  const vistos = new Set<string>();
  for (const { tabela, nome, funcao } of gatilhos) {
    const chave = `${tabela}.${nome}`;
    vistos.add(chave);
    const declarado = declarados.gatilhos.get(chave);
    if (!declarado) divergencias.push(`trigger ${chave} is in the database but in no gatilhos file`);
    else if (declarado.funcao !== funcao)
      divergencias.push(`trigger ${chave} runs ${funcao}, ${declarado.arquivo} says ${declarado.funcao}`);
  }
  for (const [chave, { arquivo }] of declarados.gatilhos) {
    if (!vistos.has(chave)) divergencias.push(`trigger ${chave} of ${arquivo} is not in the database`);
  }

  // Extension members (pg_trgm's functions) are not ours to declare.
  const funcoes = linhasDe<{ nome: string; corpo: string; deGatilho: boolean }>(
    await db.execute(sql`
      SELECT p.proname AS nome, p.prosrc AS corpo, p.prorettype = 'trigger'::regtype AS "deGatilho"
      FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
      WHERE n.nspname = 'public'
        AND NOT EXISTS (
          SELECT 1 FROM pg_depend d
          WHERE d.classid = 'pg_proc'::regclass AND d.objid = p.oid AND d.deptype = 'e')`),
  );
  const vistas = new Set<string>();
  for (const { nome, corpo, deGatilho } of funcoes) {
    const declarada = declarados.funcoes.get(nome);
    if (!declarada) {
      if (deGatilho) divergencias.push(`trigger function ${nome} is in the database but in no gatilhos file`);
      continue;
    }
    vistas.add(nome);
    if (corpo !== declarada.corpo)
      divergencias.push(`function ${nome}: its body in the database differs from ${declarada.arquivo}`);
    if (deGatilho !== declarada.deGatilho)
      divergencias.push(
        `function ${nome}: its return type in the database differs from ${declarada.arquivo}`,
      );
  }
  for (const [nome, { arquivo }] of declarados.funcoes) {
    if (!vistas.has(nome)) divergencias.push(`function ${nome} of ${arquivo} is not in the database`);
  }
  return divergencias.sort();
};

const pastaMigracoes = fileURLToPath(new URL('./migrations', import.meta.url));
// The last migration that defined triggers: later ones leave to the gatilhos files what these declare.
const ULTIMA_MIGRACAO_COM_GATILHOS = 17;

describe('the triggers and their functions (docs/decisions/030-gatilhos.md)', () => {
  let database: Database;
  let declarados: Declarados;

  beforeAll(async () => {
    database = await openTestDatabase();
    declarados = declarar(await lerGatilhos());
  });
  afterAll(() => database?.close());

  it('are in the migrated database exactly as the gatilhos files declare them', async () => {
    expect(await listarDivergencias(database.db, declarados)).toEqual([]);
    // Each concern's file declares triggers (a parse that found nothing would prove nothing).
    const porArquivo = new Set([...declarados.gatilhos.values()].map(({ arquivo }) => arquivo));
    expect([...porArquivo].sort()).toEqual((await lerGatilhos()).map(({ nome }) => nome));
  });

  it('are told apart from a drifted body, a lost trigger and undeclared ones; migrating again repairs the first two', async () => {
    await database.executarSql(`
      CREATE OR REPLACE FUNCTION sessoes_esvaziadas() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        RETURN NULL;
      END $$;
      DROP TRIGGER regua_envios_retirados ON regua_envios;
      CREATE FUNCTION avulsa() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RETURN NULL; END $$;
      CREATE TRIGGER clientes_avulso AFTER INSERT ON clientes FOR EACH STATEMENT EXECUTE FUNCTION avulsa();
    `);
    const avulsos = [
      'trigger clientes.clientes_avulso is in the database but in no gatilhos file',
      'trigger function avulsa is in the database but in no gatilhos file',
    ];
    expect(await listarDivergencias(database.db, declarados)).toEqual(
      [
        ...avulsos,
        'function sessoes_esvaziadas: its body in the database differs from cache-sessoes.sql',
        'trigger regua_envios.regua_envios_retirados of regua-proxima.sql is not in the database',
      ].sort(),
    );

    await database.migrate();
    expect(await listarDivergencias(database.db, declarados)).toEqual(avulsos.sort());
    await database.executarSql('DROP FUNCTION avulsa() CASCADE');
    expect(await listarDivergencias(database.db, declarados)).toEqual([]);
  });

  it('are not created, replaced or dropped by a migration after the gatilhos files took over', async () => {
    const migracoes = (await readdir(pastaMigracoes))
      .filter((nome) => nome.endsWith('.sql') && Number.parseInt(nome, 10) > ULTIMA_MIGRACAO_COM_GATILHOS)
      .sort();
    const nomes = new Set([
      ...declarados.funcoes.keys(),
      ...[...declarados.gatilhos.keys()].map((chave) => chave.split('.')[1]),
    ]);
    const tocados: string[] = [];
    for (const migracao of migracoes) {
      const texto = await readFile(join(pastaMigracoes, migracao), 'utf8');
      const comandos = texto.matchAll(
        /\b(?:CREATE(?:\s+OR\s+REPLACE)?(?:\s+CONSTRAINT)?|DROP|ALTER)\s+(?:FUNCTION|TRIGGER)\s+(?:IF\s+EXISTS\s+)?"?(\w+)/gi,
      );
      for (const [, nome = ''] of comandos) if (nomes.has(nome)) tocados.push(`${migracao}: ${nome}`);
    }
    // A migration's version would be replaced by the file's at the end of every migrate: edit the file.
    expect(tocados).toEqual([]);
  });
});
