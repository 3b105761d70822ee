import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { brCodeValido, crc16, gerarBrCode } from './br-code.ts';

type Vetor = { name: string; kind: string; payload: string; fields: Record<string, string | null> };
const vetores = JSON.parse(
  readFileSync(new URL('../../../test/fixtures/pix/brcode-vectors.json', import.meta.url), 'utf8'),
) as { check: { input: string; crc: string }; valid: Vetor[]; invalid: { name: string; payload: string }[] };

const centavos = (valor: string | null | undefined) => (valor ? Math.round(Number(valor) * 100) : null);

describe('crc16 (CRC-16/CCITT-FALSE)', () => {
  it('matches the check value', () => {
    expect(crc16(vetores.check.input)).toBe(vetores.check.crc);
  });
});

describe('gerarBrCode', () => {
  it.each(vetores.valid.filter((v) => v.kind === 'static'))(
    'reproduces the official vector $name',
    (vetor) => {
      const { key, merchantName, merchantCity, amount, txid, infoAdicional } = vetor.fields;
      expect(
        gerarBrCode({
          chave: key ?? '',
          nomeRecebedor: merchantName ?? '',
          cidade: merchantCity ?? '',
          valorCentavos: centavos(amount),
          txid: txid === '***' ? null : txid,
          // The older README example lists no infoAdicional among its fields, but its payload carries one.
          mensagem: infoAdicional ?? /0220(Gerado por Pix-Utils)/.exec(vetor.payload)?.[1],
        }),
      ).toBe(vetor.payload);
    },
  );

  it('carries the amount in reais with a dot and a txid tied to the message', () => {
    const codigo = gerarBrCode({
      chave: '11222333000181',
      nomeRecebedor: 'Empresa Demonstração Ltda',
      cidade: 'São Paulo',
      valorCentavos: 123_456,
      txid: 'msg-000042',
    });
    expect(codigo).toContain('54071234.56');
    expect(codigo).toContain('5925Empresa Demonstracao Ltda');
    expect(codigo).toContain('6009Sao Paulo');
    expect(codigo).toContain('62130509msg000042');
    expect(brCodeValido(codigo)).toBe(true);
  });

  it('truncates name and city and refuses keys that do not fit', () => {
    const codigo = gerarBrCode({
      chave: 'a@b.co',
      nomeRecebedor: 'N'.repeat(40),
      cidade: 'Cidade Muito Comprida',
      valorCentavos: 1,
    });
    expect(codigo).toContain(`5925${'N'.repeat(25)}`);
    expect(codigo).toContain('6015Cidade Muito Co');
    expect(codigo).toContain('54040.01');
    expect(() => gerarBrCode({ chave: 'x'.repeat(80), nomeRecebedor: 'N', cidade: 'C' })).toThrow();
    expect(() =>
      gerarBrCode({ chave: 'a@b.co', nomeRecebedor: 'N', cidade: 'C', valorCentavos: -5 }),
    ).toThrow();
  });
});

describe('brCodeValido', () => {
  it.each(vetores.valid)('accepts $name', (vetor) => {
    expect(brCodeValido(vetor.payload)).toBe(true);
  });

  it.each(vetores.invalid)('refuses $name', (vetor) => {
    expect(brCodeValido(vetor.payload)).toBe(false);
  });

  it('refuses truncated and malformed payloads', () => {
    const [primeiro] = vetores.valid;
    expect(brCodeValido(primeiro?.payload.slice(0, -1) ?? '')).toBe(false);
    expect(brCodeValido('hello')).toBe(false);
  });
});
