import { describe, expect, it } from 'vitest';
import { type CobrancaRecorrenteVista, proximoPasso, vencimentosNaJanela } from './debito-automatico.ts';

describe('the window of a recurring charge', () => {
  it('on a day, the charges due from 2 to 10 days later may be created (D-10…D-2)', () => {
    expect(vencimentosNaJanela('2026-12-05')).toEqual({ de: '2026-12-07', ate: '2026-12-15' });
  });

  it('counts calendar days across a month and a year', () => {
    expect(vencimentosNaJanela('2026-12-27')).toEqual({ de: '2026-12-29', ate: '2027-01-06' });
  });
});

describe('the step after an attempt', () => {
  const cobranca = (parcial: Partial<CobrancaRecorrenteVista>): CobrancaRecorrenteVista => ({
    vencimento: '2026-12-15',
    politica: 'PERMITE_3R_7D',
    status: 'ATIVA',
    tentativas: [],
    ...parcial,
  });
  /** `n` rejected attempts on the due date and the days after it. */
  const rejeitadas = (n: number) =>
    Array.from({ length: n }, (_, i) => ({ status: 'REJEITADA' as const, data: `2026-12-${15 + i}` }));

  it('waits while no attempt was made or one is open', () => {
    expect(proximoPasso(cobranca({}), '2026-12-10')).toEqual({ passo: 'aguardar' });
    expect(
      proximoPasso(cobranca({ tentativas: [{ status: 'AGENDADA', data: '2026-12-15' }] }), '2026-12-15'),
    ).toEqual({
      passo: 'aguardar',
    });
    expect(
      proximoPasso(
        cobranca({
          tentativas: [
            { status: 'REJEITADA', data: '2026-12-15' },
            { status: 'SOLICITADA', data: '2026-12-16' },
          ],
        }),
        '2026-12-16',
      ),
    ).toEqual({ passo: 'aguardar' });
  });

  it('is paid when an attempt was paid or the charge concluded', () => {
    expect(
      proximoPasso(
        cobranca({
          tentativas: [
            { status: 'REJEITADA', data: '2026-12-15' },
            { status: 'PAGA', data: '2026-12-16' },
          ],
        }),
        '2026-12-16',
      ),
    ).toEqual({ passo: 'paga' });
    expect(proximoPasso(cobranca({ status: 'CONCLUIDA' }), '2026-12-16')).toEqual({ passo: 'paga' });
  });

  it('retries the next day, three times at most, within seven days of the due date', () => {
    expect(proximoPasso(cobranca({ tentativas: rejeitadas(1) }), '2026-12-15')).toEqual({
      passo: 'retentar',
      data: '2026-12-16',
    });
    expect(proximoPasso(cobranca({ tentativas: rejeitadas(3) }), '2026-12-17')).toEqual({
      passo: 'retentar',
      data: '2026-12-18',
    });
    expect(proximoPasso(cobranca({ tentativas: rejeitadas(4) }), '2026-12-18')).toEqual({
      passo: 'pix_avulso',
    });
    expect(proximoPasso(cobranca({ tentativas: rejeitadas(2) }), '2026-12-21')).toEqual({
      passo: 'retentar',
      data: '2026-12-22',
    });
    expect(proximoPasso(cobranca({ tentativas: rejeitadas(2) }), '2026-12-22')).toEqual({
      passo: 'pix_avulso',
    });
  });

  it('a retry is the day after the failed attempt, or tomorrow when that has passed', () => {
    expect(proximoPasso(cobranca({ tentativas: rejeitadas(2) }), '2026-12-01')).toEqual({
      passo: 'retentar',
      data: '2026-12-17',
    });
    expect(proximoPasso(cobranca({ tentativas: rejeitadas(1) }), '2026-12-20')).toEqual({
      passo: 'retentar',
      data: '2026-12-21',
    });
  });

  it('a retry is never dated before the day after the due date', () => {
    expect(proximoPasso(cobranca({ tentativas: rejeitadas(1) }), '2026-12-12')).toEqual({
      passo: 'retentar',
      data: '2026-12-16',
    });
  });

  it('falls back to an ordinary PIX when the policy allows no retry or the charge ended', () => {
    expect(
      proximoPasso(cobranca({ politica: 'NAO_PERMITE', tentativas: rejeitadas(1) }), '2026-12-15'),
    ).toEqual({ passo: 'pix_avulso' });
    expect(proximoPasso(cobranca({ status: 'CANCELADA' }), '2026-12-10')).toEqual({ passo: 'pix_avulso' });
    expect(proximoPasso(cobranca({ status: 'EXPIRADA', tentativas: rejeitadas(1) }), '2026-12-20')).toEqual({
      passo: 'pix_avulso',
    });
  });
});
