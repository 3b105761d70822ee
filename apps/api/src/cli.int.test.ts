import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresTestDatabase, testDbKind } from '../test/test-database.ts';
import { type Database, openPglite, openPostgres } from './db/client.ts';
import { auditLogs, clientes, mensagens, usuarios } from './db/schema/index.ts';
import { inserirCliente } from './modules/clientes/clientes.test-fixtures.ts';

const run = promisify(execFile);
const root = fileURLToPath(new URL('../../..', import.meta.url));

/** `npm run cli -- …` as a user runs it, against the database the environment selects. */
let env: Record<string, string>;
let dataDir: string;
let openTarget: () => Promise<Database>;
let cleanup: () => Promise<void>;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'cobranca-cli-'));
  if (testDbKind() === 'postgres') {
    const pg = await createPostgresTestDatabase();
    env = { DATABASE_URL: pg.url, DATA_DIR: dataDir };
    openTarget = () => openPostgres(pg.url, 2);
    cleanup = pg.drop;
  } else {
    env = { DATA_DIR: dataDir, DATABASE_URL: '' };
    openTarget = () => openPglite(join(dataDir, 'pglite'));
    cleanup = async () => {};
  }
});
afterAll(async () => {
  await cleanup();
  rmSync(dataDir, { recursive: true, force: true });
});

const cli = async (...args: string[]) => {
  try {
    const { stdout, stderr } = await run('npm', ['run', '--silent', 'cli', '--', ...args], {
      cwd: root,
      env: { ...process.env, ...env, LOG_LEVEL: 'silent' },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
};

const withTarget = async <T>(read: (database: Database) => Promise<T>): Promise<T> => {
  const database = await openTarget();
  try {
    return await read(database);
  } finally {
    await database.close();
  }
};

describe('npm run cli -- user:create', () => {
  it('creates an account with a hashed password and an audit entry', async () => {
    const result = await cli(
      'user:create',
      '--role',
      'admin',
      '--name',
      'Ana Admin',
      '--email',
      'Ana@Empresa.com.br',
      '--password',
      'Segura123',
    );
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/Administrador criado: #\d+ Ana Admin <ana@empresa.com.br>/);
    const [user] = await withTarget((d) =>
      d.db.select().from(usuarios).where(eq(usuarios.email, 'ana@empresa.com.br')),
    );
    expect(user).toMatchObject({ name: 'Ana Admin', role: 'admin', status: 'Ativo' });
    expect(user?.passwordHash).toMatch(/^\$argon2id\$/);
    const audit = await withTarget((d) =>
      d.db.select().from(auditLogs).where(eq(auditLogs.acao, 'usuario.criado')),
    );
    expect(audit.some((a) => a.entidadeId === String(user?.id))).toBe(true);
  });

  it('refuses a taken e-mail (any case) with exit code 1', async () => {
    const result = await cli(
      'user:create',
      '--role',
      'operador',
      '--name',
      'Outra',
      '--email',
      'ANA@empresa.com.br',
      '--password',
      'Segura123',
    );
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/e-mail já está em uso/);
  });

  it.each([
    [['--role', 'chefe', '--name', 'X Y', '--email', 'x@y.com', '--password', 'Segura123'], /role/],
    [
      ['--role', 'admin', '--name', 'X Y', '--email', 'nao-email', '--password', 'Segura123'],
      /e-mail válido/,
    ],
    [['--role', 'admin', '--name', 'X Y', '--email', 'x@y.com', '--password', 'curta'], /8 caracteres/],
    [['--role', 'admin', '--email', 'x@y.com', '--password', 'Segura123'], /name/],
  ])('rejects invalid arguments with a clear message (%j)', async (args, message) => {
    const result = await cli('user:create', ...args);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(message);
  });

  it('prints usage for an unknown command', async () => {
    const result = await cli('apagar-tudo');
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/Comando desconhecido.*\n.*Uso:/s);
  });
});

describe('npm run cli -- simular-resposta', () => {
  const simular = (telefone: string, texto: string) =>
    cli('simular-resposta', '--telefone', telefone, '--texto', texto);

  it('stores a reply from a number no customer has as unmatched', async () => {
    const result = await simular('+55 (41) 99876-0001', 'Quem fala?');
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(
      /^Nenhum cliente tem o telefone \+5541998760001: mensagem #\d+ guardada sem vínculo\.\n$/,
    );
    const rows = await withTarget((d) =>
      d.db.select().from(mensagens).where(eq(mensagens.telefone, '+5541998760001')),
    );
    expect(rows).toEqual([
      expect.objectContaining({ clienteId: null, canal: 'simulador', conteudo: 'Quem fala?' }),
    ]);
  });

  it('matches the customer by the phone as typed and puts them in the service queue', async () => {
    const id = await withTarget((d) =>
      inserirCliente(d.db, { nome: 'Rita Cliente', telefone: '+5541998760002', numeroChamadas: 2 }),
    );
    const result = await simular('(41) 99876-0002', 'SAIR');
    expect(result.code).toBe(0);
    expect(result.stdout).toBe(
      `Resposta registrada para o cliente #${id} Rita Cliente: status aguardando_atendimento, em opt-out.\n`,
    );
    const [cliente] = await withTarget((d) => d.db.select().from(clientes).where(eq(clientes.id, id)));
    expect(cliente).toMatchObject({
      status: 'aguardando_atendimento',
      numeroChamadas: 0,
      optOutMensagem: 'SAIR',
    });
  });

  it.each([
    [['--telefone', '123', '--texto', 'oi'], /telefone: celular inválido/],
    [['--texto', 'oi'], /telefone: informe o celular/],
    [['--telefone', '41998760003', '--texto', '  '], /texto: Escreva a resposta/],
  ])('rejects invalid arguments with a clear message (%j)', async (args, message) => {
    const result = await cli('simular-resposta', ...args);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(message);
  });
});

describe.runIf(testDbKind() === 'pglite')('the embedded database is single-process', () => {
  it('refuses to open DATA_DIR while another live process holds it', async () => {
    writeFileSync(join(dataDir, 'cobranca.lock'), String(process.pid));
    try {
      const result = await cli(
        'user:create',
        '--role',
        'admin',
        '--name',
        'X Y',
        '--email',
        'x@y.com',
        '--password',
        'Segura123',
      );
      expect(result.code).toBe(1);
      expect(result.stderr).toMatch(new RegExp(`em uso pelo processo ${process.pid}`));
    } finally {
      rmSync(join(dataDir, 'cobranca.lock'), { force: true });
    }
  });
});
