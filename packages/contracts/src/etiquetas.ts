import { z } from 'zod';

// A customer's tags (decision 022): the rule of one tag, shared by the tags' PUT body and the lists'
// `etiqueta` filter. Kept apart from linha-do-tempo.ts, which imports admin.ts, where the filter lives.

export const ETIQUETAS_MAXIMO = 10;
export const ETIQUETA_TAMANHO_MAXIMO = 30;

/** Case-insensitive key of a tag: "Contestação" and "contestação" are the same tag. */
export const chaveEtiqueta = (etiqueta: string) => etiqueta.trim().toLocaleLowerCase('pt-BR');

/** One tag's text: trimmed, 1–30 characters; each use words its own type and length messages. */
export const textoDeEtiqueta = (mensagens: { tipo: string; tamanho: string }) =>
  z
    .string({ error: mensagens.tipo })
    .trim()
    .min(1, 'A etiqueta não pode ficar em branco.')
    .max(ETIQUETA_TAMANHO_MAXIMO, mensagens.tamanho)
    // PostgreSQL text cannot hold NUL, and no tag needs a line break or a tab.
    .regex(/^\P{Cc}*$/u, 'A etiqueta não pode ter quebras de linha nem caracteres de controle.');
