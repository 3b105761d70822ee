import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from './env.ts';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'cobranca-env-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('loadConfig', () => {
  it('applies the documented defaults', () => {
    const config = loadConfig({ DATA_DIR: dir });
    expect(config).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      seedDemo: true,
      databaseUrl: undefined,
      logLevel: 'info',
    });
  });

  it('builds the portal links on PUBLIC_URL, by default on localhost and the port', () => {
    expect(loadConfig({ DATA_DIR: dir, PORT: '8080' }).publicUrl).toBe('http://localhost:8080');
    expect(loadConfig({ DATA_DIR: dir, PUBLIC_URL: 'https://cobranca.exemplo.com.br/' }).publicUrl).toBe(
      'https://cobranca.exemplo.com.br',
    );
    expect(() => loadConfig({ DATA_DIR: dir, PUBLIC_URL: 'javascript:alert(1)' })).toThrow(/PUBLIC_URL/);
  });

  it('treats an empty DATABASE_URL as unset and reads SEED_DEMO=false', () => {
    const config = loadConfig({ DATA_DIR: dir, DATABASE_URL: '', SEED_DEMO: 'false', PORT: '8080' });
    expect(config.databaseUrl).toBeUndefined();
    expect(config.seedDemo).toBe(false);
    expect(config.port).toBe(8080);
  });

  it('generates APP_KEY once into DATA_DIR, private, and reuses it', () => {
    const first = loadConfig({ DATA_DIR: dir });
    const keyPath = join(dir, 'app.key');
    expect(existsSync(keyPath)).toBe(true);
    expect(statSync(keyPath).mode & 0o077).toBe(0);
    expect(first.appKey).toHaveLength(32);
    expect(loadConfig({ DATA_DIR: dir }).appKey.equals(first.appKey)).toBe(true);
    expect(readFileSync(keyPath, 'utf8')).toBe(first.appKey.toString('base64'));
  });

  it('accepts APP_KEY as hex or base64 and rejects a wrong size', () => {
    const hex = 'ab'.repeat(32);
    expect(loadConfig({ DATA_DIR: dir, APP_KEY: hex }).appKey.toString('hex')).toBe(hex);
    expect(loadConfig({ DATA_DIR: dir, APP_KEY: Buffer.alloc(32, 7).toString('base64') }).appKey).toEqual(
      Buffer.alloc(32, 7),
    );
    expect(() => loadConfig({ DATA_DIR: dir, APP_KEY: 'curta' })).toThrow(/APP_KEY/);
  });

  it.each([
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['LOG_LEVEL', 'verbose'],
    ['SEED_DEMO', 'talvez'],
  ])('rejects %s=%s with a message naming it', (name, value) => {
    expect(() => loadConfig({ DATA_DIR: dir, [name]: value })).toThrow(
      new RegExp(`Configuração inválida: ${name}`),
    );
  });
});
