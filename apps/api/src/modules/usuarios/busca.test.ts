import { describe, expect, it } from 'vitest';
import { COM_ACENTO } from './busca.ts';

describe('COM_ACENTO (the SQL translate() list)', () => {
  it('maps every letter to exactly one plain letter', () => {
    const plano = COM_ACENTO.normalize('NFD').replace(/\p{M}/gu, '');
    expect(plano).toHaveLength(COM_ACENTO.length);
    expect(plano).toMatch(/^[A-Za-z]+$/);
  });
});
