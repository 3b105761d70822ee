import { generateBoleto, getBoletoInfo, isValidBoleto } from '@brazilian-utils/brazilian-utils';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  codigoDaLinha,
  dataDoFator,
  fatorDaData,
  formatarLinhaDigitavel,
  lerCodigoDeBarras,
  lerLinhaDigitavel,
  linhaDoCodigo,
  montarCodigoDeBarras,
  validarBoletoDaConta,
} from './boleto.ts';

// A published linha digitável (the library's own example): Banco do Brasil, R$ 1.026,56, due 2018-07-15.
const LINHA_BB = '00190000090114971860168524522114675860000102656';

const digitos = (n: number) => fc.stringMatching(new RegExp(`^\\d{${n}}$`));
/** A barcode with its general digit right, from any bank, due date, amount and campo livre. */
const codigoValido = fc
  .tuple(
    digitos(3),
    fc.integer({ min: 1_000, max: 9_999 }),
    fc.integer({ min: 0, max: 9_999_999_999 }),
    digitos(25),
  )
  .map(([banco, dias, valorCentavos, campoLivre]) =>
    montarCodigoDeBarras({
      banco,
      vencimento: new Date(Date.UTC(1997, 9, 7 + dias)).toISOString().slice(0, 10),
      valorCentavos,
      campoLivre,
    }),
  );

describe('linha digitável and barcode', () => {
  it('reads a published linha: bank, amount, fator, and the barcode it spells', () => {
    expect(formatarLinhaDigitavel(LINHA_BB)).toBe('00190.00009 01149.718601 68524.522114 6 75860000102656');
    const r = lerLinhaDigitavel(formatarLinhaDigitavel(LINHA_BB));
    expect(r).toEqual({
      ok: true,
      boleto: {
        codigoDeBarras: '00196758600001026560000001149718606852452211',
        linhaDigitavel: LINHA_BB,
        banco: '001',
        fator: 7586,
        valorCentavos: 102_656,
      },
    });
    expect(r.ok && lerCodigoDeBarras(r.boleto.codigoDeBarras)).toEqual(r);
    expect(r.ok && dataDoFator(r.boleto.fator, '2018-06-01')).toBe('2018-07-15');
  });

  it('names the field whose digit is wrong, and the general digit', () => {
    const campo2 = `${LINHA_BB.slice(0, 20)}${(Number(LINHA_BB[20]) + 1) % 10}${LINHA_BB.slice(21)}`;
    expect(lerLinhaDigitavel(campo2)).toEqual({
      ok: false,
      erro: 'Linha digitável inválida: o dígito do campo 2 é 2, o certo seria 1.',
    });
    const geral = `${LINHA_BB.slice(0, 32)}7${LINHA_BB.slice(33)}`;
    expect(lerLinhaDigitavel(geral)).toEqual({
      ok: false,
      erro: 'Linha digitável inválida: o dígito verificador geral é 7, o certo seria 6.',
    });
    expect(lerLinhaDigitavel('0019000009')).toEqual({
      ok: false,
      erro: 'Linha digitável inválida: deve ter 47 dígitos (tem 10).',
    });
    expect(lerCodigoDeBarras('0019675860000102656000000114971860685245221')).toMatchObject({ ok: false });
    expect(lerCodigoDeBarras('0019675860000102656000000114971860685245221x')).toEqual({
      ok: false,
      erro: 'Código de barras inválido: deve ter só números.',
    });
  });

  it('agrees with @brazilian-utils on every generated boleto and on any one digit changed', () => {
    fc.assert(
      fc.property(codigoValido, fc.nat(46), fc.integer({ min: 1, max: 9 }), (codigo, pos, delta) => {
        const linha = linhaDoCodigo(codigo);
        expect(isValidBoleto(linha)).toBe(true);
        expect(lerLinhaDigitavel(linha)).toMatchObject({ ok: true, boleto: { codigoDeBarras: codigo } });
        expect(codigoDaLinha(linha)).toBe(codigo);
        const trocada = `${linha.slice(0, pos)}${(Number(linha[pos]) + delta) % 10}${linha.slice(pos + 1)}`;
        expect(lerLinhaDigitavel(trocada).ok).toBe(isValidBoleto(trocada));
      }),
      { numRuns: 2_000 },
    );
    for (let i = 0; i < 200; i += 1) {
      const linha = generateBoleto();
      const r = lerLinhaDigitavel(linha);
      expect(r.ok).toBe(true);
      expect(r.ok && r.boleto.valorCentavos).toBe(getBoletoInfo(linha)?.amount);
    }
  });
});

describe('fator de vencimento', () => {
  it('counts days from 1997-10-07 and restarts at 1000 after 9999 (2025-02-21)', () => {
    expect(fatorDaData('2000-07-03')).toBe(1_000);
    expect(fatorDaData('2025-02-21')).toBe(9_999);
    expect(fatorDaData('2025-02-22')).toBe(1_000);
    expect(fatorDaData('2026-11-29')).toBe(1_645);
  });

  it('maps a fator to the date nearest the issue date, either side of the reset', () => {
    expect(dataDoFator(9_999, '2025-01-10')).toBe('2025-02-21');
    expect(dataDoFator(1_000, '2025-02-01')).toBe('2025-02-22');
    expect(dataDoFator(1_000, '2000-06-01')).toBe('2000-07-03');
    expect(dataDoFator(1_645, '2026-11-01')).toBe('2026-11-29');
    // A boleto issued before the reset, due after it.
    expect(dataDoFator(1_010, '2024-12-20')).toBe('2025-03-04');
    expect(dataDoFator(0, '2026-11-01')).toBeNull();
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 40_000 }), fc.integer({ min: -400, max: 400 }), (dias, folga) => {
        const data = new Date(Date.UTC(2000, 6, 3 + dias)).toISOString().slice(0, 10);
        const emissao = new Date(Date.UTC(2000, 6, 3 + dias + folga)).toISOString().slice(0, 10);
        expect(dataDoFator(fatorDaData(data), emissao)).toBe(data);
      }),
    );
  });
});

describe("a receivable's boleto", () => {
  const conta = { valorCentavos: 102_656, vencimento: '2018-07-15' };
  const vazio = { banco: '', nossoNumero: '', linhaDigitavel: '', codigoBarras: '' };

  it('none given is none; a linha fills the bank and the barcode; a nosso número is stored as compared', () => {
    expect(validarBoletoDaConta(vazio, conta)).toEqual({ ok: true, boleto: null });
    expect(
      validarBoletoDaConta({ ...vazio, linhaDigitavel: LINHA_BB, nossoNumero: '000-1149.7186' }, conta),
    ).toEqual({
      ok: true,
      boleto: {
        banco: '001',
        nossoNumero: '11497186',
        linhaDigitavel: LINHA_BB,
        codigoBarras: '00196758600001026560000001149718606852452211',
      },
    });
    expect(validarBoletoDaConta({ ...vazio, banco: '341', nossoNumero: '7001' }, conta)).toMatchObject({
      ok: true,
      boleto: { banco: '341', nossoNumero: '7001', linhaDigitavel: null },
    });
  });

  it('refuses each problem on its field: another bank, another amount or due date, a nosso número without bank', () => {
    const r = validarBoletoDaConta(
      { ...vazio, banco: '237', linhaDigitavel: LINHA_BB },
      { valorCentavos: 100_000, vencimento: '2018-07-16' },
    );
    expect(r).toEqual({
      ok: false,
      problemas: [
        { campo: 'banco', mensagem: 'O boleto é do banco 001, não do 237.' },
        {
          campo: 'linha_digitavel',
          mensagem: 'O valor do boleto (R$ 1.026,56) não é o da conta (R$ 1.000,00).',
        },
        {
          campo: 'linha_digitavel',
          mensagem: 'O vencimento do boleto (15/07/2018) não é o da conta (16/07/2018).',
        },
      ],
    });
    expect(validarBoletoDaConta({ ...vazio, nossoNumero: '123' }, conta)).toEqual({
      ok: false,
      problemas: [{ campo: 'banco', mensagem: 'Informe o banco do nosso número.' }],
    });
    expect(
      validarBoletoDaConta(
        { ...vazio, linhaDigitavel: LINHA_BB, codigoBarras: '34191790010104351004791020150008291070026000' },
        conta,
      ),
    ).toMatchObject({ ok: false, problemas: [{ campo: 'codigo_barras' }] });
  });
});
