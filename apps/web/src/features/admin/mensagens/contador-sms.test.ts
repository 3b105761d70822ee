import { segmentosSms } from '@cobranca/dominio';
import { describe, expect, it } from 'vitest';
import { avisoSegmentos, descreverSegmentos } from './contador-sms.ts';

describe('descreverSegmentos / avisoSegmentos', () => {
  it('counts one GSM-7 part up to 160 characters', () => {
    expect(descreverSegmentos(segmentosSms('a'.repeat(142)))).toBe('142 de 160 caracteres · 1 parte');
    expect(descreverSegmentos(segmentosSms('a'.repeat(160)))).toBe('160 de 160 caracteres · 1 parte');
    expect(avisoSegmentos(segmentosSms('a'.repeat(160)))).toBeNull();
  });

  it('splits at 161 into parts of 153', () => {
    expect(descreverSegmentos(segmentosSms('a'.repeat(161)))).toBe(
      '161 caracteres · 2 partes (GSM-7: 153 por parte)',
    );
  });

  it('says UCS-2 when a character outside GSM-7 shrinks the part to 70', () => {
    expect(descreverSegmentos(segmentosSms(`${'a'.repeat(69)}ã`))).toBe(
      '70 de 70 caracteres · 1 parte (UCS-2)',
    );
    expect(descreverSegmentos(segmentosSms(`${'a'.repeat(70)}ã`))).toBe(
      '71 caracteres · 2 partes (UCS-2: 67 por parte)',
    );
  });

  it('warns only above two parts', () => {
    expect(avisoSegmentos(segmentosSms('a'.repeat(306)))).toBeNull();
    expect(avisoSegmentos(segmentosSms('a'.repeat(307)))).toBe(
      'Este SMS sai em 3 partes, e cada parte é cobrada como um SMS. Encurte o texto.',
    );
    expect(avisoSegmentos(segmentosSms(`${'a'.repeat(140)}ã`))).toMatch(/3 partes.*emojis/);
  });
});
