import { describe, expect, it } from 'vitest';
import { formatDocumento, formatTelefone } from './format-cliente.ts';

describe('formatDocumento', () => {
  it('formats a CPF and a CNPJ, numeric or alphanumeric', () => {
    expect(formatDocumento('52998224725')).toBe('529.982.247-25');
    expect(formatDocumento('11222333000181')).toBe('11.222.333/0001-81');
    expect(formatDocumento('12ABC34501DE35')).toBe('12.ABC.345/01DE-35');
  });

  it('keeps an already formatted document and a foreign one readable', () => {
    expect(formatDocumento('529.982.247-25')).toBe('529.982.247-25');
    expect(formatDocumento('P1234567')).toBe('P1234567');
  });
});

describe('formatTelefone', () => {
  it('formats E.164 Brazilian mobiles and landlines', () => {
    expect(formatTelefone('+5511987654321')).toBe('(11) 98765-4321');
    expect(formatTelefone('+551134567890')).toBe('(11) 3456-7890');
    expect(formatTelefone('11987654321')).toBe('(11) 98765-4321');
  });

  it('shows a dash for no phone and leaves foreign numbers alone', () => {
    expect(formatTelefone(null)).toBe('—');
    expect(formatTelefone('+14155550123')).toBe('+14155550123');
  });
});
