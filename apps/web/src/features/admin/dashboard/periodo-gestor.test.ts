import { describe, expect, it } from 'vitest';
import { descreverPeriodo, erroDoPeriodo, periodoDoPreset } from './periodo-gestor.ts';

describe('periodoDoPreset', () => {
  it('takes whole calendar months for this month and last month, across years', () => {
    expect(periodoDoPreset('este_mes', '2024-02-10')).toEqual({ de: '2024-02-01', ate: '2024-02-29' });
    expect(periodoDoPreset('mes_passado', '2026-01-15')).toEqual({ de: '2025-12-01', ate: '2025-12-31' });
  });

  it('counts the last N days including today', () => {
    expect(periodoDoPreset('ultimos_30', '2026-03-30')).toEqual({ de: '2026-03-01', ate: '2026-03-30' });
    expect(periodoDoPreset('ultimos_90', '2026-03-31')).toEqual({ de: '2026-01-01', ate: '2026-03-31' });
  });
});

describe('erroDoPeriodo', () => {
  it('explains what the API would refuse', () => {
    expect(erroDoPeriodo({ de: '', ate: '2026-03-01' })).toBe('Informe a data inicial e a final do período.');
    expect(erroDoPeriodo({ de: '2026-03-02', ate: '2026-03-01' })).toBe(
      'A data inicial deve ser anterior ou igual à final.',
    );
    expect(erroDoPeriodo({ de: '2024-01-01', ate: '2025-01-01' })).toBe(
      'O período pode ter no máximo 366 dias.',
    );
    expect(erroDoPeriodo({ de: '2024-01-01', ate: '2024-12-31' })).toBeNull();
  });
});

describe('descreverPeriodo', () => {
  it('writes pt-BR dates', () => {
    expect(descreverPeriodo({ de: '2026-03-01', ate: '2026-03-31' })).toBe('01/03/2026 a 31/03/2026');
  });
});
