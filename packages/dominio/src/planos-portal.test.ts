import { describe, expect, it } from 'vitest';
import { descontoDoPortal, faixaDoAtraso, type PoliticaPortal, planosDoPortal } from './planos-portal.ts';

const FAIXAS = [
  { aPartirDeDias: 0, encargosPercentual: 0, principalPercentual: 0 },
  { aPartirDeDias: 30, encargosPercentual: 50, principalPercentual: 0 },
  { aPartirDeDias: 90, encargosPercentual: 100, principalPercentual: 10 },
];
const POLITICA: PoliticaPortal = {
  parcelasMaximas: 6,
  parcelaMinimaCentavos: 5_000,
  intervaloDias: 30,
  faixas: FAIXAS,
};

describe('faixaDoAtraso', () => {
  it('takes the tier that starts latest at or before the days overdue', () => {
    expect(faixaDoAtraso(0, FAIXAS).aPartirDeDias).toBe(0);
    expect(faixaDoAtraso(29, FAIXAS).aPartirDeDias).toBe(0);
    expect(faixaDoAtraso(30, FAIXAS).aPartirDeDias).toBe(30);
    expect(faixaDoAtraso(400, FAIXAS).aPartirDeDias).toBe(90);
  });
  it('gives no discount before the first tier starts, in any order of tiers', () => {
    const faixas = [FAIXAS[2], { aPartirDeDias: 10, encargosPercentual: 20, principalPercentual: 0 }];
    expect(faixaDoAtraso(5, faixas as never)).toEqual({
      aPartirDeDias: 0,
      encargosPercentual: 0,
      principalPercentual: 0,
    });
    expect(faixaDoAtraso(95, faixas as never).aPartirDeDias).toBe(90);
  });
});

describe('descontoDoPortal', () => {
  it('applies each receivable its own tier and rounds each share down', () => {
    const contas = [
      { principalCentavos: 10_000, encargosCentavos: 333, diasAtraso: 45 }, // 50 % of 333 → 166
      { principalCentavos: 20_001, encargosCentavos: 1_000, diasAtraso: 120 }, // 1000 + 10 % of 20001 → 2000
      { principalCentavos: 5_000, encargosCentavos: 0, diasAtraso: 0 },
    ];
    expect(descontoDoPortal(contas, FAIXAS)).toBe(166 + 1_000 + 2_000);
  });
});

describe('planosDoPortal', () => {
  it('offers à vista up to the instalments whose smallest part reaches the minimum', () => {
    const contas = [{ principalCentavos: 20_000, encargosCentavos: 1_000, diasAtraso: 10 }];
    const planos = planosDoPortal(contas, POLITICA, '2026-11-24');
    // R$ 210,00: 4 × 52,50 reaches R$ 50,00; 5 × 42,00 does not.
    expect(planos.map((p) => p.parcelas.length)).toEqual([1, 2, 3, 4]);
    const quatro = planos[3];
    expect(quatro?.parcelas.map((p) => p.vencimento)).toEqual([
      '2026-11-24',
      '2026-12-24',
      '2027-01-23',
      '2027-02-22',
    ]);
    expect(quatro?.parcelas.reduce((s, p) => s + p.valorCentavos, 0)).toBe(21_000);
  });
  it('caps at the policy maximum and keeps the sum exact with the discount', () => {
    const contas = [{ principalCentavos: 1_000_000, encargosCentavos: 50_001, diasAtraso: 100 }];
    const planos = planosDoPortal(contas, POLITICA, '2026-11-24');
    expect(planos).toHaveLength(6);
    for (const plano of planos) {
      expect(plano.descontoCentavos).toBe(50_001 + 100_000);
      expect(plano.parcelas.reduce((s, p) => s + p.valorCentavos, 0)).toBe(1_050_001 - 150_001);
    }
  });
  it('still offers à vista below the minimum, and nothing when nothing is owed', () => {
    const pequeno = planosDoPortal(
      [{ principalCentavos: 1_999, encargosCentavos: 0, diasAtraso: 3 }],
      POLITICA,
      '2026-11-24',
    );
    expect(pequeno.map((p) => p.valorTotalCentavos)).toEqual([1_999]);
    expect(planosDoPortal([], POLITICA, '2026-11-24')).toEqual([]);
  });
  it('mensal: the same plans, due on the same day of each month with the remainder on the first', () => {
    const contas = [{ principalCentavos: 20_000, encargosCentavos: 1_002, diasAtraso: 10 }];
    const comuns = planosDoPortal(contas, POLITICA, '2027-01-31');
    const mensais = planosDoPortal(contas, POLITICA, '2027-01-31', { mensal: true });
    expect(mensais.map((p) => p.parcelas.length)).toEqual(comuns.map((p) => p.parcelas.length));
    const quatro = mensais[3];
    expect(quatro?.parcelas.map((p) => p.vencimento)).toEqual([
      '2027-01-31',
      '2027-02-28',
      '2027-03-31',
      '2027-04-30',
    ]);
    // R$ 210,02 in 4: the 2 cents on the first, so the recurrence's instalments are equal.
    expect(quatro?.parcelas.map((p) => p.valorCentavos)).toEqual([5_252, 5_250, 5_250, 5_250]);
    expect(comuns[3]?.parcelas.map((p) => p.valorCentavos)).toEqual([5_251, 5_251, 5_250, 5_250]);
  });
  it('never discounts the whole debt', () => {
    const faixas = [{ aPartirDeDias: 0, encargosPercentual: 100, principalPercentual: 100 }];
    const [avista] = planosDoPortal(
      [{ principalCentavos: 500, encargosCentavos: 20, diasAtraso: 1 }],
      { ...POLITICA, faixas },
      '2026-11-24',
    );
    expect(avista?.valorTotalCentavos).toBe(1);
  });
});
