import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gerarCsv } from '../../../../bench/imports/gerar.ts';
import { multipart } from '../../test/multipart.ts';
import { esperar } from '../../test/processos.ts';
import { testDbKind } from '../../test/test-database.ts';
import { DISK_FULL_MESSAGE } from '../db/disk-full.ts';
import { templateClientesCsv } from '../modules/importacoes/template-csv.ts';
import { entrar, iniciarServidor, pararServidor, type Servidor } from './falhas.test-fixtures.ts';

// Disk full under the embedded database (issue 8 fault list). DATA_DIR is a small tmpfs mounted in a
// private mount namespace around the server process, so nothing outside the test sees it; the test
// fills it from inside that namespace (nsenter). What PGlite does, found by experiment:
// - a statement that needs a new data page fails with SQLSTATE 53100 ("could not extend file") and
//   PGlite goes on working: reads and later writes are fine;
// - a WAL segment that cannot be created is a PANIC (53100 too); PGlite's next statement would spin
//   forever, so the server answers the requests at hand and exits 1 saying why.

const TAMANHO_TMPFS = '128m';

/** Why the simulation cannot run here, or null when it can (Linux, root, mount namespaces). */
const motivoParaPular = (): string | null => {
  if (testDbKind() !== 'pglite') return 'roda só no projeto api-pglite';
  const sonda = spawnSync('unshare', [
    '--mount',
    '--propagation',
    'private',
    'sh',
    '-c',
    'd=$(mktemp -d) && mount -t tmpfs -o size=1m tmpfs "$d" && umount "$d" && rmdir "$d"',
  ]);
  if (sonda.status === 0) return null;
  const motivo = `sem permissão para montar um tmpfs num namespace privado (unshare/mount): ${sonda.error?.message ?? sonda.stderr}`;
  console.warn(`disco-cheio.int.test.ts pulado: ${motivo}`);
  return motivo;
};

/** The server with DATA_DIR on a fresh tmpfs only its mount namespace sees; `antes` runs in there first. */
const iniciarNoTmpfs = (dataDir: string, env: Record<string, string> = {}, antes = '') =>
  // TMPDIR beside DATA_DIR: uploads land off the full disk, and a server that exits leaves them there.
  iniciarServidor({ DATA_DIR: dataDir, DATABASE_URL: '', TMPDIR: dirname(dataDir), ...env }, [
    'unshare',
    '--mount',
    '--propagation',
    'private',
    'sh',
    '-c',
    `mkdir -p "$DATA_DIR" && mount -t tmpfs -o size=${TAMANHO_TMPFS} tmpfs "$DATA_DIR" && ${antes} exec "$@"`,
    'sh',
  ]);

/** Fills the server's tmpfs (from inside its namespace) but `reservaMb`; answers the bytes left. */
const encherDisco = (servidor: Servidor, dataDir: string, reservaMb = 0) => {
  const naqueleNamespace = (...comando: string[]) =>
    spawnSync('nsenter', ['-t', String(servidor.processo.pid), '-m', ...comando]);
  const arquivo = join(dataDir, 'enche-disco');
  naqueleNamespace('sh', '-c', `cat /dev/zero > "${arquivo}"; truncate -s -${reservaMb}M "${arquivo}"`);
  const df = naqueleNamespace('df', '--output=avail', '-B1', dataDir);
  return Number(df.stdout.toString().split('\n')[1]);
};

const importarCsv = (servidor: Servidor, autorizacao: Record<string, string>, conteudo: Buffer) => {
  const { payload, headers } = multipart('csv_file', [{ nome: 'clientes.csv', conteudo, tipo: 'text/csv' }]);
  return fetch(`${servidor.url}/api/operador/clientes/importar-csv`, {
    method: 'POST',
    headers: { ...headers, ...autorizacao },
    body: payload,
  });
};

const entrarComoOperador = (servidor: Servidor) =>
  entrar(servidor.url, 'operador@demo.cobranca.local', 'Demo@2026');

describe.skipIf(motivoParaPular() !== null)('PGlite on a full disk', () => {
  let pasta: string;
  beforeAll(() => {
    pasta = mkdtempSync(join(tmpdir(), 'cobranca-disco-'));
  });
  afterAll(() => rmSync(pasta, { recursive: true, force: true }));

  it('answers a write with 507 and a clear message, logs the cause, and keeps reading', {
    timeout: 90_000,
  }, async () => {
    const dataDir = join(pasta, 'sem-pagina');
    const servidor = await iniciarNoTmpfs(dataDir, { SEED_DEMO: 'true' });
    try {
      const operador = await entrarComoOperador(servidor);
      expect(encherDisco(servidor, dataDir)).toBe(0);
      // The demo has no import yet: recording this one needs a new data page, which the disk refuses.
      const modelo = Buffer.from(templateClientesCsv(new Date()));
      const importacao = await importarCsv(servidor, operador, modelo);
      expect(importacao.status).toBe(507);
      expect(await importacao.json()).toEqual({ code: 'SEM_ESPACO_EM_DISCO', message: DISK_FULL_MESSAGE });
      // The log line comes through the child's stdout pipe, which can trail the HTTP answer.
      await expect
        .poll(() => servidor.saida(), { timeout: 5_000 })
        .toContain('sem espaço em disco: o banco recusou a gravação');
      expect(servidor.saida()).toContain('No space left on device');
      const painel = await fetch(`${servidor.url}/api/operador/dashboard`, { headers: operador });
      expect(painel.status).toBe(200);
      expect(servidor.processo.exitCode).toBeNull();
    } finally {
      expect(await pararServidor(servidor)).toBe(0);
    }
  });

  it('when the WAL cannot grow, answers 507 and exits 1 saying the disk is full instead of hanging', {
    timeout: 90_000,
  }, async () => {
    const dataDir = join(pasta, 'sem-wal');
    const caminhoCsv = join(pasta, 'grande.csv');
    await gerarCsv(caminhoCsv, 40_000);
    const servidor = await iniciarNoTmpfs(dataDir, { SEED_DEMO: 'true' });
    try {
      const operador = await entrarComoOperador(servidor);
      // Just under one WAL segment (16 MB): the import's rows still find room for their data pages
      // when the WAL needs its next file, which no longer fits.
      expect(encherDisco(servidor, dataDir, 15)).toBe(15 * 1024 * 1024);
      const importacao = await importarCsv(servidor, operador, readFileSync(caminhoCsv));
      expect(importacao.status).toBe(507);
      expect(await importacao.json()).toEqual({ code: 'SEM_ESPACO_EM_DISCO', message: DISK_FULL_MESSAGE });
      const saida = await Promise.race([servidor.saiu, esperar(15_000).then(() => 'ainda rodando')]);
      expect(saida).toBe(1);
      expect(servidor.saida()).toContain(
        `Sem espaço em disco em ${dataDir}: o banco de dados não consegue gravar`,
      );
      expect(servidor.saida()).toMatch(/pg_wal.*No space left on device/);
    } finally {
      await pararServidor(servidor);
    }
  });

  it('refuses to start on a full disk with a message that says so', { timeout: 90_000 }, async () => {
    const dataDir = join(pasta, 'cheio-ao-iniciar');
    const servidor = await iniciarNoTmpfs(
      dataDir,
      {},
      'cat /dev/zero > "$DATA_DIR/enche-disco" 2>/dev/null;',
    );
    expect(await servidor.saiu).toBe(1);
    expect(servidor.saida()).toMatch(
      /^Não foi possível iniciar o servidor\. Sem espaço em disco: o banco de dados não consegue gravar\. Libere espaço/m,
    );
    expect(servidor.saida()).not.toMatch(/^\s+at /m);
  });
});
