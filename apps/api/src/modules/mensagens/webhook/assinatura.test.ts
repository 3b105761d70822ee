import { createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { assinaturaValida, segredosIguais } from './assinatura.ts';

const SECRET = 'test_app_secret_0123456789abcdef';
const fixture = (nome: string) =>
  readFileSync(new URL(`../../../../test/fixtures/whatsapp/${nome}`, import.meta.url));

// The signatures the fixture README gives for the raw bytes of each file.
const ASSINADAS = [
  ['inbound-text.json', 'sha256=7e56f8efe4f88ec11c497ee0fac032e993675085d488fc60da1e3cf1a3de93da'],
  ['status-delivered.json', 'sha256=1b936d29e60a21d1d44bf5e8a843342bdbf60cd9a09b3f276bb2b0eb7f7c0d93'],
  ['status-failed-131047.json', 'sha256=67ff7673efbad8015c587eb047f3ee25db8dbc0b6ba8a84cf37cefee104ca6fa'],
] as const;

describe('assinaturaValida', () => {
  it.each(ASSINADAS)('accepts the signature Meta sent for %s', (nome, header) => {
    expect(assinaturaValida(fixture(nome), header, SECRET)).toBe(true);
  });

  it('accepts the hex in upper case and surrounding spaces', () => {
    const [nome, header] = ASSINADAS[0];
    expect(assinaturaValida(fixture(nome), ` sha256=${header.slice(7).toUpperCase()} `, SECRET)).toBe(true);
  });

  it('rejects the same notification re-serialised (ç no longer escaped)', () => {
    const reserializado = Buffer.from(JSON.stringify(JSON.parse(fixture('inbound-text.json').toString())));
    const [, header] = ASSINADAS[0];
    expect(createHmac('sha256', SECRET).update(reserializado).digest('hex')).toBe(
      '7d25da4af1173503a8428e9ad4fe692be31d477c4577ea378cfb9654e7da0bf8',
    );
    expect(assinaturaValida(reserializado, header, SECRET)).toBe(false);
  });

  it('rejects another body, another secret and an empty secret', () => {
    const [nome, header] = ASSINADAS[0];
    expect(assinaturaValida(fixture('status-delivered.json'), header, SECRET)).toBe(false);
    expect(assinaturaValida(fixture(nome), header, `${SECRET}x`)).toBe(false);
    expect(assinaturaValida(fixture(nome), header, '')).toBe(false);
  });

  it.each([
    ['missing', undefined],
    ['empty', ''],
    ['without the prefix', '7e56f8efe4f88ec11c497ee0fac032e993675085d488fc60da1e3cf1a3de93da'],
    ['sha1', 'sha1=7e56f8efe4f88ec11c497ee0fac032e993675085'],
    ['too short', 'sha256=7e56f8efe4f88ec11c497ee0fac032e993675085d488fc60da1e3cf1a3de93'],
    ['too long', 'sha256=7e56f8efe4f88ec11c497ee0fac032e993675085d488fc60da1e3cf1a3de93da00'],
    ['not hex', `sha256=${'z'.repeat(64)}`],
  ])('rejects a %s header', (_caso, header) => {
    expect(assinaturaValida(fixture('inbound-text.json'), header, SECRET)).toBe(false);
  });
});

describe('segredosIguais', () => {
  it('compares whole values of any length', () => {
    expect(segredosIguais('token-de-verificacao', 'token-de-verificacao')).toBe(true);
    expect(segredosIguais('token-de-verificacao', 'token-de-verificaca')).toBe(false);
    expect(segredosIguais('', 'x')).toBe(false);
  });
});
