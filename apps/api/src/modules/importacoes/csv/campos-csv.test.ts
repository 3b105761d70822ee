import { describe, expect, it } from 'vitest';
import { lerData, lerEmail, lerValorReais } from './campos-csv.ts';

describe('lerValorReais', () => {
  it.each([
    ['1.234,56', 123_456],
    ['R$ 1.234,56', 123_456],
    ['R$1.234,56', 123_456],
    ['r$ 10', 1_000],
    ['1234,5', 123_450],
    ['0,01', 1],
    [',50', 50],
    ['1.234.567,89', 123_456_789],
    ['1234.56', 123_456],
    ['1.234', 123_400],
    ['1.5', 150],
    [' 99 ', 9_900],
    ['1 234,56', 123_456],
    ['1000000000,00', 100_000_000_000],
  ])('%j → %d cents', (bruto, centavos) => {
    expect(lerValorReais(bruto)).toEqual({ ok: true, valor: centavos });
  });

  it.each([
    ['', 'Informe o valor.'],
    ['R$ ', 'Informe o valor.'],
    ['0,00', 'maior que zero'],
    ['-10,00', 'maior que zero'],
    ['12,345', 'duas casas'],
    ['1,2,3', 'Valor inválido'],
    ['12.34.56', 'Valor inválido'],
    ['1.23,45', 'Valor inválido'],
    ['abc', 'Valor inválido'],
    ['1e5', 'Valor inválido'],
    ['1000000000,01', 'alto demais'],
  ])('refuses %j', (bruto, mensagem) => {
    const lido = lerValorReais(bruto);
    expect(lido.ok).toBe(false);
    if (!lido.ok) expect(lido.mensagem).toContain(mensagem);
  });
});

describe('lerData', () => {
  it.each([
    ['31/12/2026', '2026-12-31'],
    ['1/2/2026', '2026-02-01'],
    ['29/02/2028', '2028-02-29'],
    ['31-12-2026', '2026-12-31'],
    ['31.12.2026', '2026-12-31'],
    ['2026-12-31', '2026-12-31'],
    [' 05/06/2027 ', '2027-06-05'],
  ])('%j → %s', (bruto, iso) => {
    expect(lerData(bruto)).toEqual({ ok: true, valor: iso });
  });

  it.each([
    ['', 'Informe o vencimento.'],
    ['31/02/2026', 'inexistente'],
    ['29/02/2027', 'inexistente'],
    ['2026-13-01', 'inexistente'],
    ['12/31/2026', 'inexistente'],
    ['31/12/26', 'dd/mm/aaaa'],
    ['amanhã', 'dd/mm/aaaa'],
    ['01/01/1900', 'Ano fora'],
    ['01/01/2200', 'Ano fora'],
  ])('refuses %j', (bruto, mensagem) => {
    const lida = lerData(bruto);
    expect(lida.ok).toBe(false);
    if (!lida.ok) expect(lida.mensagem).toContain(mensagem);
  });
});

describe('lerEmail', () => {
  it('lower-cases a valid address and treats an empty cell as none', () => {
    expect(lerEmail(' Ana.Souza@Exemplo.COM.br ')).toEqual({ ok: true, valor: 'ana.souza@exemplo.com.br' });
    expect(lerEmail('')).toEqual({ ok: true, valor: null });
  });

  it.each(['ana', 'ana@', '@exemplo.com', 'ana @exemplo.com', `${'a'.repeat(250)}@x.com`])(
    'refuses %j',
    (bruto) => {
      expect(lerEmail(bruto).ok).toBe(false);
    },
  );
});
