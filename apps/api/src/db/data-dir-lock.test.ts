import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DataDirLockedError, lockDataDir } from './data-dir-lock.ts';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'cobranca-lock-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('lockDataDir', () => {
  it('takes the lock and releases it', () => {
    const release = lockDataDir(dir);
    expect(existsSync(join(dir, 'cobranca.lock'))).toBe(true);
    release();
    expect(existsSync(join(dir, 'cobranca.lock'))).toBe(false);
  });

  it('refuses with a clear message while a live process holds it', () => {
    // pid 1 is always alive: another process owns the directory.
    writeFileSync(join(dir, 'cobranca.lock'), '1');
    expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
    expect(() => lockDataDir(dir)).toThrow(/já está em uso pelo processo 1.*DATABASE_URL/s);
  });

  it('takes over a lock left by a process that no longer exists', () => {
    writeFileSync(join(dir, 'cobranca.lock'), '2147483646');
    const release = lockDataDir(dir);
    expect(readFileSync(join(dir, 'cobranca.lock'), 'utf8')).toBe(String(process.pid));
    release();
    expect(existsSync(join(dir, 'cobranca.lock'))).toBe(false);
  });

  it('creates the directory when it does not exist', () => {
    const novo = join(dir, 'novo', 'dados');
    const release = lockDataDir(novo);
    expect(readFileSync(join(novo, 'cobranca.lock'), 'utf8')).toBe(String(process.pid));
    release();
  });
});
