import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { brCodeValido, comRecorrencia, crc16, gerarBrCodeDinamico } from './br-code.ts';

type Vetor = { name: string; kind: string; payload: string; fields: Record<string, string | null> };
const vetores = JSON.parse(
  readFileSync(new URL('../../../../test/fixtures/pix/brcode-vectors.json', import.meta.url), 'utf8'),
) as { check: { input: string; crc: string }; valid: Vetor[]; invalid: { name: string; payload: string }[] };

const centavos = (valor: string | null | undefined) => (valor ? Math.round(Number(valor) * 100) : null);

describe('crc16 (CRC-16/CCITT-FALSE)', () => {
  it('matches the check value', () => {
    expect(crc16(vetores.check.input)).toBe(vetores.check.crc);
  });
});

const vetor = (nome: string): Vetor => {
  const achado = vetores.valid.find((v) => v.name === nome);
  if (!achado) throw new Error(`vetor ${nome} ausente`);
  return achado;
};

/** The payload with one field swapped and its CRC recomputed. */
const trocando = (payload: string, de: string, para: string): string => {
  const corpo = payload.slice(0, -4).replace(de, para);
  return `${corpo}${crc16(corpo)}`;
};

describe('gerarBrCodeDinamico', () => {
  it('reproduces the BCB dynamic vector except its 62/05 txid, which a dynamic code leaves as ***', () => {
    const { payload, fields } = vetor('bcb-example-dynamic-url-amount-txid');
    const codigo = gerarBrCodeDinamico({
      location: `https://${fields.url}`,
      nomeRecebedor: 'Fulano de Tal',
      cidade: 'BRASILIA',
      valorCentavos: centavos(fields.amount),
    });
    expect(codigo).toBe(trocando(payload, '62190515RP12345678-2019', '62070503***'));
    expect(codigo.slice(0, 14)).toBe('00020101021226');
    expect(brCodeValido(codigo)).toBe(true);
  });

  it('reproduces the manual example without an amount, with the GUI in lower case', () => {
    const { payload, fields } = vetor('manual-6.2-dynamic-example');
    const codigo = gerarBrCodeDinamico({
      location: fields.url ?? '',
      nomeRecebedor: 'EMPRESA',
      cidade: 'SAO PAULO',
    });
    expect(codigo).toBe(trocando(payload, '0014BR.GOV.BCB.PIX', '0014br.gov.bcb.pix'));
  });

  it('carries the amount in reais with a dot, names and cities in ASCII, truncated', () => {
    const codigo = gerarBrCodeDinamico({
      location: 'pix.example.com/qr/v2/cobv/9d36b84f',
      nomeRecebedor: 'Empresa Demonstração Ltda e Filhos',
      cidade: 'São José dos Campos',
      valorCentavos: 123_456,
    });
    expect(codigo).toContain('54071234.56');
    expect(codigo).toContain('5925Empresa Demonstracao Ltd');
    expect(codigo).toContain('6015Sao Jose dos Ca');
    expect(brCodeValido(codigo)).toBe(true);
    expect(
      gerarBrCodeDinamico({
        location: 'pix.example.com/x',
        nomeRecebedor: 'N',
        cidade: 'C',
        valorCentavos: 1,
      }),
    ).toContain('54040.01');
    expect(() =>
      gerarBrCodeDinamico({
        location: 'pix.example.com/x',
        nomeRecebedor: 'N',
        cidade: 'C',
        valorCentavos: -5,
      }),
    ).toThrow();
  });

  it('refuses a location that does not fit the account field', () => {
    const location = `pix.example.com/qr/v2/${'a'.repeat(60)}`;
    expect(() => gerarBrCodeDinamico({ location, nomeRecebedor: 'N', cidade: 'C' })).toThrow(/location/);
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

describe('comRecorrencia', () => {
  it("adds the recurrence's location in field 80 as the Banco Central's journey-2 example does, CRC and all", () => {
    const exemplo = JSON.parse(
      readFileSync(
        new URL('../../../../test/fixtures/pix/automatico/recResponse3.json', import.meta.url),
        'utf8',
      ),
    ).dadosQR.pixCopiaECola as string;
    const semRecorrencia =
      '00020126180014br.gov.bcb.pix5204000053039865802BR5913Fulano de Tal6008BRASILIA62070503***6304';
    const base = `${semRecorrencia}${crc16(semRecorrencia)}`;
    const composto = comRecorrencia(
      base,
      'https://pix.example.com/qr/v2/rec/2353c790eefb11eaadc10242ac120002',
    );
    expect(composto).toBe(exemplo);
    expect(brCodeValido(composto)).toBe(true);
  });
});
