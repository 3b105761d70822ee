import { describe, expect, it } from 'vitest';
import {
  aplicarPagamentoComEncargos,
  type ContaParaEncargos,
  calcularEncargos,
  ENCARGOS_PADRAO,
  jurosSobre,
  multaSobre,
} from './encargos.ts';

// Hand-computed cases (2 % multa, 1 % a month, 30-day month). Calendar 2026: 03-06 Fri, 03-07 Sat,
// 03-09 Mon; 04-03 Good Friday; 11-20 Fri Consciência Negra.

const conta = (principalCentavos: number, vencimento: string): ContaParaEncargos => ({
  principalCentavos,
  vencimento,
  pendentes: null,
});

describe('calcularEncargos', () => {
  it('R$ 1.000,00, 12 days late: multa 20,00, juros 4,00, total 1.024,00', () => {
    expect(calcularEncargos(conta(100_000, '2026-03-09'), '2026-03-21', ENCARGOS_PADRAO)).toEqual({
      multaCentavos: 2_000,
      jurosCentavos: 400,
      totalCentavos: 102_400,
      diasAtraso: 12,
    });
  });

  it('owes nothing on the due date and before it', () => {
    for (const hoje of ['2026-03-01', '2026-03-09'])
      expect(calcularEncargos(conta(100_000, '2026-03-09'), hoje, ENCARGOS_PADRAO)).toEqual({
        multaCentavos: 0,
        jurosCentavos: 0,
        totalCentavos: 100_000,
        diasAtraso: 0,
      });
  });

  it('one day late owes the whole multa and one day of juros (R$ 1.000,00 → 0,33)', () => {
    expect(calcularEncargos(conta(100_000, '2026-03-09'), '2026-03-10', ENCARGOS_PADRAO)).toMatchObject({
      multaCentavos: 2_000,
      jurosCentavos: 33,
      totalCentavos: 102_033,
    });
  });

  it('a due date on a Saturday counts from Monday: nothing on Monday, one day on Tuesday', () => {
    expect(calcularEncargos(conta(100_000, '2026-03-07'), '2026-03-09', ENCARGOS_PADRAO).totalCentavos).toBe(
      100_000,
    );
    expect(calcularEncargos(conta(100_000, '2026-03-07'), '2026-03-10', ENCARGOS_PADRAO)).toMatchObject({
      diasAtraso: 1,
      jurosCentavos: 33,
    });
  });

  it('a due date on a national holiday moves to the next business day (Good Friday → Monday)', () => {
    expect(calcularEncargos(conta(50_000, '2026-04-03'), '2026-04-06', ENCARGOS_PADRAO).totalCentavos).toBe(
      50_000,
    );
    expect(calcularEncargos(conta(50_000, '2026-04-03'), '2026-04-07', ENCARGOS_PADRAO).diasAtraso).toBe(1);
  });

  it('rounds each figure half-up to the cent', () => {
    // 2 % of 0,25 = 0,005 → 0,01; 1 % a month on 0,25 for 60 days = 0,005 → 0,01.
    expect(calcularEncargos(conta(25, '2026-03-09'), '2026-05-08', ENCARGOS_PADRAO)).toMatchObject({
      multaCentavos: 1,
      jurosCentavos: 1,
      totalCentavos: 27,
    });
    // 2 % of 0,24 = 0,0048 → 0,00.
    expect(multaSobre(24, 2)).toBe(0);
    // 1,5 % a month on R$ 333,33 for 7 days = 1,166655 → 1,17.
    expect(jurosSobre(33_333, 1.5, 7)).toBe(117);
  });

  it('uses the configured percentages, zero included', () => {
    expect(
      calcularEncargos(conta(100_000, '2026-03-09'), '2026-04-08', {
        multaPercentual: 0,
        jurosMensalPercentual: 0,
      }).totalCentavos,
    ).toBe(100_000);
    // 1,5 % multa; 2,5 % a month for 30 days.
    expect(
      calcularEncargos(conta(100_000, '2026-03-09'), '2026-04-08', {
        multaPercentual: 1.5,
        jurosMensalPercentual: 2.5,
      }),
    ).toMatchObject({ multaCentavos: 1_500, jurosCentavos: 2_500 });
  });

  it('stays exact when the intermediate product passes 2^53 (R$ 90 billion, 10 % a month, 10 years)', () => {
    expect(jurosSobre(9_000_000_000_000, 10, 3_650)).toBe(109_500_000_000_000);
    expect(jurosSobre(9_000_000_000_001, 10, 3_650)).toBe(109_500_000_000_012);
  });

  it('rounds as the exact BigInt arithmetic does, on both sides of 2^53', () => {
    const meioParaCima = (n: bigint, d: bigint) => Number((n * 2n + d) / (d * 2n));
    const jurosExatos = (p: number, pct: number, dias: number) =>
      meioParaCima(BigInt(p) * BigInt(Math.round(pct * 100)) * BigInt(dias), 300_000n);
    const multaExata = (p: number, pct: number) =>
      meioParaCima(BigInt(p) * BigInt(Math.round(pct * 100)), 10_000n);
    // A seeded walk over amounts from cents to R$ 100 billion, every rate and up to 30 years.
    let semente = 35;
    const proximo = () => {
      semente = (semente * 1_103_515_245 + 12_345) % 2_147_483_648;
      return semente / 2_147_483_648;
    };
    for (let i = 0; i < 5_000; i++) {
      const principal = Math.floor(10 ** (proximo() * 13));
      const pct = Math.round(proximo() * 1_000) / 100;
      const dias = 1 + Math.floor(proximo() * 11_000);
      expect(jurosSobre(principal, pct, dias)).toBe(jurosExatos(principal, pct, dias));
      expect(multaSobre(principal, Math.min(pct, 2))).toBe(multaExata(principal, Math.min(pct, 2)));
    }
    // Right at the bound: the largest product the doubles take, and the next ones.
    const limite = (Number.MAX_SAFE_INTEGER - 300_000) / 2;
    for (const produto of [Math.floor(limite) - 1, Math.floor(limite), Math.floor(limite) + 1, 2 ** 53 + 2]) {
      expect(jurosSobre(produto, 0.01, 1)).toBe(jurosExatos(produto, 0.01, 1));
    }
  });

  it('after a partial payment: the pending encargos plus juros on the remaining principal since then', () => {
    const depois: ContaParaEncargos = {
      principalCentavos: 50_000,
      vencimento: '2026-03-09',
      pendentes: { multaCentavos: 0, jurosCentavos: 0, ate: '2026-03-21' },
    };
    // 30 more days on R$ 500,00 at 1 % a month: 5,00; the multa was already paid.
    expect(calcularEncargos(depois, '2026-04-20', ENCARGOS_PADRAO)).toEqual({
      multaCentavos: 0,
      jurosCentavos: 500,
      totalCentavos: 50_500,
      diasAtraso: 42,
    });
  });
});

describe('aplicarPagamentoComEncargos', () => {
  const atrasada = conta(100_000, '2026-03-09');

  it('the updated amount settles the receivable: principal and encargos apart', () => {
    expect(aplicarPagamentoComEncargos(atrasada, 102_400, '2026-03-21', ENCARGOS_PADRAO)).toEqual({
      partes: { principalCentavos: 100_000, multaCentavos: 2_000, jurosCentavos: 400 },
      principalCentavos: 0,
      pendentes: null,
      quitou: true,
    });
  });

  it('the face value on an overdue receivable does not settle it: juros, then multa, then principal', () => {
    const aplicado = aplicarPagamentoComEncargos(atrasada, 100_000, '2026-03-21', ENCARGOS_PADRAO);
    expect(aplicado).toEqual({
      partes: { principalCentavos: 97_600, multaCentavos: 2_000, jurosCentavos: 400 },
      principalCentavos: 2_400,
      pendentes: { multaCentavos: 0, jurosCentavos: 0, ate: '2026-03-21' },
      quitou: false,
    });
    // Paying the rest the same day settles it.
    const resto = { ...atrasada, principalCentavos: 2_400, pendentes: aplicado.pendentes };
    expect(calcularEncargos(resto, '2026-03-21', ENCARGOS_PADRAO).totalCentavos).toBe(2_400);
  });

  it('a payment smaller than the juros leaves the rest of them and the whole multa pending', () => {
    expect(aplicarPagamentoComEncargos(atrasada, 150, '2026-03-21', ENCARGOS_PADRAO)).toEqual({
      partes: { principalCentavos: 0, multaCentavos: 0, jurosCentavos: 150 },
      principalCentavos: 100_000,
      pendentes: { multaCentavos: 2_000, jurosCentavos: 250, ate: '2026-03-21' },
      quitou: false,
    });
  });

  it('before the due date everything goes to principal and nothing is pending', () => {
    expect(aplicarPagamentoComEncargos(atrasada, 30_000, '2026-03-01', ENCARGOS_PADRAO)).toEqual({
      partes: { principalCentavos: 30_000, multaCentavos: 0, jurosCentavos: 0 },
      principalCentavos: 70_000,
      pendentes: null,
      quitou: false,
    });
  });

  it('a payment dated before the last one keeps juros running from the later date', () => {
    const pendente: ContaParaEncargos = {
      principalCentavos: 50_000,
      vencimento: '2026-03-09',
      pendentes: { multaCentavos: 0, jurosCentavos: 0, ate: '2026-03-21' },
    };
    expect(aplicarPagamentoComEncargos(pendente, 10_000, '2026-03-15', ENCARGOS_PADRAO).pendentes?.ate).toBe(
      '2026-03-21',
    );
  });

  it('splits always add up to the payment', () => {
    for (const valor of [1, 399, 400, 2_399, 2_400, 2_401, 50_000, 102_399, 102_400]) {
      const { partes } = aplicarPagamentoComEncargos(atrasada, valor, '2026-03-21', ENCARGOS_PADRAO);
      expect(partes.principalCentavos + partes.multaCentavos + partes.jurosCentavos).toBe(valor);
    }
  });
});
