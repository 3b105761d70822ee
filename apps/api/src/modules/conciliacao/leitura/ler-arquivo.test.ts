import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Lancamento } from './lancamento.ts';
import { lerArquivoBancario } from './ler-arquivo.ts';

// The real retorno files and statements of several banks (apps/api/test/fixtures/cnab and ofx, sources in
// their READMEs), read as uploaded: their own encodings and line endings.

const fixture = (nome: string) =>
  readFileSync(
    new URL(`../../../../test/fixtures/${nome.startsWith('ofx') ? 'ofx' : 'cnab'}/${nome}`, import.meta.url),
  );
const ler = (nome: string) => lerArquivoBancario(fixture(nome));
const pagos = (ls: Lancamento[]) => ls.filter((l) => l.tipo === 'liquidacao').map((l) => l.valorCentavos);
const soma = (xs: number[]) => xs.reduce((a, b) => a + b, 0);

describe('CNAB 240 retorno of four banks', () => {
  it('Banco do Brasil: four liquidações, paid 830,45 on 15/02/2012, credited 17/02', () => {
    const a = ler('cnab240-001-bb-retorno.ret');
    expect(a).toMatchObject({ formato: 'cnab240', banco: '001' });
    expect(pagos(a.lancamentos)).toEqual([56_314, 24_927, 1_353, 451]);
    expect(a.lancamentos[0]).toMatchObject({
      linha: 3,
      tipo: 'liquidacao',
      codigo: '06',
      nossoNumero: '23567642012000002',
      data: '2012-02-15',
      dataCredito: '2012-02-17',
      chave: 'cnab:001:23567642012000002:06:2012-02-15',
    });
  });

  it('Caixa (CRLF): nine liquidações, one paid 420,00 of 480,00, total 1.010,00', () => {
    const a = ler('cnab240-104-caixa-retorno.ret');
    expect(a.lancamentos).toHaveLength(9);
    expect(soma(pagos(a.lancamentos))).toBe(101_000);
    expect(a.lancamentos.find((l) => l.valorTituloCentavos === 48_000)?.valorCentavos).toBe(42_000);
  });

  it('Sicoob (Latin-1, no final newline): the payer names decode, credit date 00000000 is none', () => {
    const a = ler('cnab240-756-sicoob-retorno-latin1.ret');
    expect(pagos(a.lancamentos)).toEqual([12_939, 2_900, 8_910, 2_900, 4_737]);
    expect(a.lancamentos[0]?.historico).toBe('NOME DO CLIENTE 1 ÇÃO');
    expect(a.lancamentos[3]?.dataCredito).toBeNull();
  });

  it('Santander: its own T layout; 02 entradas, a 06 and a 17 (liquidação após baixa)', () => {
    const a = ler('cnab240-033-santander-retorno.ret');
    expect(a.lancamentos.map((l) => [l.codigo, l.tipo])).toEqual([
      ['02', 'entrada_confirmada'],
      ['02', 'entrada_confirmada'],
      ['02', 'entrada_confirmada'],
      ['02', 'entrada_confirmada'],
      ['06', 'liquidacao'],
      ['17', 'liquidacao'],
    ]);
    expect(pagos(a.lancamentos)).toEqual([127, 126]);
    expect(a.lancamentos[4]).toMatchObject({ valorTituloCentavos: 127, vencimento: '2016-04-28' });
  });
});

describe('CNAB 400 retorno of four banks', () => {
  it('Itaú: three liquidações totalling 942,73 and one 25', () => {
    const a = ler('cnab400-341-itau-retorno.ret');
    expect(a).toMatchObject({ formato: 'cnab400', banco: '341' });
    expect(pagos(a.lancamentos)).toEqual([20_997, 39_209, 34_067]);
    expect(a.lancamentos[0]).toMatchObject({
      nossoNumero: '231327',
      data: '2013-06-20',
      dataCredito: '2013-06-21',
    });
  });

  it('Bradesco: an entrada, a 06 of 5,00 and five 17 of 0,02', () => {
    const a = ler('cnab400-237-bradesco-retorno.ret');
    expect(a.lancamentos.map((l) => l.codigo)).toEqual(['02', '06', '17', '17', '17', '17', '17']);
    expect(pagos(a.lancamentos)).toEqual([500, 2, 2, 2, 2, 2]);
    expect(a.lancamentos[1]).toMatchObject({ nossoNumero: '97', dataCredito: '2012-04-13' });
  });

  it('Banco do Brasil CBR643 (details of type 7): six liquidações, 690,00', () => {
    const a = ler('cnab400-001-bb-cbr643-retorno.ret');
    expect(soma(pagos(a.lancamentos))).toBe(69_000);
    expect(a.lancamentos[0]).toMatchObject({ nossoNumero: '11115121401001048', dataCredito: '2014-08-15' });
  });

  it('Sicoob (Latin-1): five liquidações, 1.099,00, the first 390,00 of 400,00', () => {
    const a = ler('cnab400-756-sicoob-retorno-latin1.ret');
    expect(soma(pagos(a.lancamentos))).toBe(109_900);
    expect(a.lancamentos[0]).toMatchObject({ valorCentavos: 39_000, valorTituloCentavos: 40_000 });
  });
});

describe('OFX statements', () => {
  it('Banco do Brasil (Windows-1252): boleto credits as COBRANÇA, debits apart', () => {
    const a = ler('ofx-001-bb-cobranca-cp1252.ofx');
    expect(a).toMatchObject({ formato: 'ofx', banco: '001', conta: '12345-6' });
    expect(a.lancamentos).toHaveLength(81);
    const cobrancas = a.lancamentos.filter((l) => l.tipo === 'credito' && l.historico === 'COBRANÇA');
    expect(cobrancas.map((l) => l.valorCentavos)).toEqual([40_000, 40_000]);
    expect(new Set(a.lancamentos.map((l) => l.chave)).size).toBe(81);
  });

  it('two accounts in one file (Latin-1, CRLF): each entry keyed by its own account', () => {
    const a = ler('ofx-001-bb-two-statements-latin1.ofx');
    expect(a.lancamentos).toHaveLength(36);
    expect(a.lancamentos.filter((l) => l.tipo === 'credito')).toHaveLength(32);
    expect(a.lancamentos[0]).toMatchObject({
      chave: 'ofx:001:655000-2:2017030101331836',
      valorCentavos: 1_331_836,
      historico: 'TED-CRÉDITO EM CONTA',
      data: '2017-03-01',
    });
  });

  it('Santander: decimal commas, thousands dots, padded amounts, [-3:GMT] dates', () => {
    const pix = ler('ofx-033-santander-thousands-separator.ofx').lancamentos.find(
      (l) => l.tipo === 'credito',
    );
    expect(pix).toMatchObject({ valorCentavos: 600_000_000, historico: 'PIX RECEBIDO', data: '2026-04-30' });
    const virgula = ler('ofx-033-santander-comma-decimal.ofx').lancamentos;
    expect(virgula[0]).toMatchObject({ tipo: 'debito', valorCentavos: 1_176, data: '2017-09-01' });
    expect(ler('ofx-237-bradesco.ofx').lancamentos.every((l) => l.tipo === 'debito')).toBe(true);
  });
});
