import { describe, expect, it } from 'vitest';
import { formatarTelefone } from './format-cliente.ts';

describe('formatarTelefone', () => {
  it('formats E.164 Brazilian mobiles and landlines', () => {
    expect(formatarTelefone('+5511987654321')).toBe('(11) 98765-4321');
    expect(formatarTelefone('+551134567890')).toBe('(11) 3456-7890');
    expect(formatarTelefone('11987654321')).toBe('(11) 98765-4321');
  });

  it('shows a dash for no phone and leaves foreign numbers alone', () => {
    expect(formatarTelefone(null)).toBe('—');
    expect(formatarTelefone('+14155550123')).toBe('+14155550123');
  });
});
