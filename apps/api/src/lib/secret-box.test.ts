import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { decryptSecret, encryptSecret, SecretBoxError } from './secret-box.ts';

const key = randomBytes(32);
const TOKEN = 'EAAGm0PX4ZCpsBAKZCZBtoken-secreto-1234567890';

// Replaces one base64url character of a part, keeping the format valid.
const trocarCaractere = (caixa: string, parte: number): string => {
  const partes = caixa.split('.');
  const alvo = partes[parte] ?? '';
  const trocado = alvo[0] === 'A' ? 'B' : 'A';
  partes[parte] = `${trocado}${alvo.slice(1)}`;
  return partes.join('.');
};

describe('encryptSecret / decryptSecret', () => {
  it('round-trips a secret, unicode included', () => {
    for (const texto of [TOKEN, '', 'senha com acentuação e emoji 🔐', 'x'.repeat(1024)]) {
      expect(decryptSecret(key, encryptSecret(key, texto))).toBe(texto);
    }
  });

  it('writes the versioned compact format v1.<iv>.<tag>.<ciphertext> in base64url', () => {
    const caixa = encryptSecret(key, TOKEN);
    expect(caixa).toMatch(/^v1\.[A-Za-z0-9_-]{16}\.[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]+$/);
    expect(caixa).not.toContain(TOKEN);
  });

  it('uses a fresh random IV, so the same secret never encrypts the same way twice', () => {
    const a = encryptSecret(key, TOKEN);
    const b = encryptSecret(key, TOKEN);
    expect(a).not.toBe(b);
    expect(a.split('.')[1]).not.toBe(b.split('.')[1]);
  });

  it('refuses to decrypt under another key', () => {
    const caixa = encryptSecret(key, TOKEN);
    expect(() => decryptSecret(randomBytes(32), caixa)).toThrow(SecretBoxError);
    expect(() => decryptSecret(randomBytes(32), caixa)).toThrow(/APP_KEY/);
  });

  it.each([
    ['iv', 1],
    ['tag', 2],
    ['ciphertext', 3],
  ])('detects a tampered %s', (_parte, indice) => {
    const caixa = encryptSecret(key, TOKEN);
    expect(() => decryptSecret(key, trocarCaractere(caixa, indice))).toThrow(SecretBoxError);
  });

  it('binds the value to its context (a token copied into another field does not decrypt)', () => {
    const caixa = encryptSecret(key, TOKEN, 'whatsapp.access_token');
    expect(decryptSecret(key, caixa, 'whatsapp.access_token')).toBe(TOKEN);
    expect(() => decryptSecret(key, caixa, 'whatsapp.app_secret')).toThrow(SecretBoxError);
  });

  it.each([
    ['an empty string', ''],
    ['plain text', TOKEN],
    ['too few parts', 'v1.abc.def'],
    ['too many parts', 'v1.a.b.c.d'],
    ['non-base64url characters', 'v1.a+b.c/d.e=f'],
    ['a short iv', 'v1.AAAA.AAAAAAAAAAAAAAAAAAAAAA.AAAA'],
  ])('throws a clear error for %s', (_caso, caixa) => {
    expect(() => decryptSecret(key, caixa)).toThrow(/formato inválido/);
  });

  it('names an unknown version without echoing the value', () => {
    const caixa = encryptSecret(key, TOKEN).replace(/^v1/, 'v9');
    expect(() => decryptSecret(key, caixa)).toThrow('Versão de cifra desconhecida: v9.');
  });

  it('requires a 32-byte key', () => {
    expect(() => encryptSecret(randomBytes(16), TOKEN)).toThrow(/32 bytes/);
    expect(() => decryptSecret(randomBytes(31), 'v1.a.b.c')).toThrow(/32 bytes/);
  });
});
