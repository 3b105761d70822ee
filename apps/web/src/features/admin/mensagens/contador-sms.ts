import { contagem, type SegmentosSms } from '@cobranca/dominio';

/** Above this many parts the admin is warned: each part is billed as one SMS. */
export const PARTES_SEM_AVISO = 2;

/** "142 de 160 caracteres · 1 parte", or "2 partes (UCS-2: 67 por parte)" once it is split. */
export const descreverSegmentos = (s: SegmentosSms): string => {
  if (s.segmentos <= 1) {
    const codificacao = s.codificacao === 'UCS-2' ? ' (UCS-2)' : '';
    return `${s.caracteres} de ${s.porSegmento} caracteres · 1 parte${codificacao}`;
  }
  return `${contagem(s.caracteres, 'caractere', 'caracteres')} · ${s.segmentos} partes (${s.codificacao}: ${s.porSegmento} por parte)`;
};

export const avisoSegmentos = (s: SegmentosSms): string | null =>
  s.segmentos > PARTES_SEM_AVISO
    ? `Este SMS sai em ${s.segmentos} partes, e cada parte é cobrada como um SMS. Encurte o texto${
        s.codificacao === 'UCS-2'
          ? ' ou tire acentos especiais e emojis (que fazem cada parte caber só 67)'
          : ''
      }.`
    : null;
