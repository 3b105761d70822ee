import { newPasswordField } from '@cobranca/contracts';
import { describe, expect, it } from 'vitest';
import { gerarSenhaTemporaria } from './senha-temporaria.ts';

describe('gerarSenhaTemporaria', () => {
  const senhas = Array.from({ length: 500 }, gerarSenhaTemporaria);

  it('always meets the password policy (8–128 characters, letters and digits)', () => {
    for (const senha of senhas) expect(newPasswordField.safeParse(senha).success).toBe(true);
  });

  it('is four groups of four, without look-alike characters', () => {
    for (const senha of senhas) {
      expect(senha).toMatch(/^[a-zA-Z2-9]{4}(-[a-zA-Z2-9]{4}){3}$/);
      expect(senha).not.toMatch(/[0O1lI]/);
    }
  });

  it('never repeats', () => {
    expect(new Set(senhas).size).toBe(senhas.length);
  });
});
