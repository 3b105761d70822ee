import { describe, expect, it } from 'vitest';
import { contagem, formatarPercentual, plural } from './texto.ts';

describe('plural / contagem', () => {
  it('agrees the word with the number by the pt-BR rules', () => {
    expect(contagem(1, 'fatura', 'faturas')).toBe('1 fatura');
    expect(contagem(3, 'fatura', 'faturas')).toBe('3 faturas');
    expect(contagem(18, 'dia', 'dias')).toBe('18 dias');
    expect(plural(2, 'parcela', 'parcelas')).toBe('parcelas');
  });

  it('treats fractions below 2 as singular, as pt-BR does ("1,5 milhão", "0,2 segundo")', () => {
    expect(plural(1.5, 'milhão', 'milhões')).toBe('milhão');
    expect(plural(0.2, 'segundo', 'segundos')).toBe('segundo');
  });

  it('gives exactly zero the plural, the everyday form on screens', () => {
    expect(contagem(0, 'cliente atualizado', 'clientes atualizados')).toBe('0 clientes atualizados');
  });

  it('writes the number with the thousands dot', () => {
    expect(contagem(1234, 'mensagem', 'mensagens')).toBe('1.234 mensagens');
  });
});

describe('formatarPercentual', () => {
  it('writes a 0–100 figure with a comma, at most one decimal and no space before %', () => {
    expect(formatarPercentual(14.4)).toBe('14,4%');
    expect(formatarPercentual(57.66)).toBe('57,7%');
    expect(formatarPercentual(50)).toBe('50%');
    expect(formatarPercentual(0)).toBe('0%');
    expect(formatarPercentual(100)).toBe('100%');
    expect(formatarPercentual(1234.5)).toBe('1.234,5%');
  });
});
