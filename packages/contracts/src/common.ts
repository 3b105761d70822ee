import { z } from 'zod';
import { codigoErro } from './erros.ts';

export const errorResponse = z.object({ code: codigoErro, message: z.string() }).meta({ id: 'Erro' });
export type ErrorResponse = z.infer<typeof errorResponse>;

export const validationErrorResponse = z
  .object({ code: codigoErro, message: z.string(), errors: z.record(z.string(), z.array(z.string())) })
  .meta({ id: 'ErroValidacao' });
export type ValidationErrorResponse = z.infer<typeof validationErrorResponse>;

export const DEFAULT_PAGE_SIZE = 20;
export const RECEIVABLES_PAGE_SIZE = 15;

/** `?page=n`: a positive integer; anything else is a 422, a page past the end is an empty page. */
export const pageQuery = z.object({
  page: z.coerce
    .number({ error: 'A página deve ser um número.' })
    .int('A página deve ser um número inteiro.')
    .min(1, 'A página começa em 1.')
    .max(1_000_000, 'Página fora do intervalo.')
    .default(1),
});

/** The paged-list shape of docs/produto.md §17, used by every list route. */
export const paged = <T extends z.ZodType>(item: T) =>
  z.object({
    data: z.array(item),
    current_page: z.number().int(),
    last_page: z.number().int(),
    per_page: z.number().int(),
    total: z.number().int(),
  });
export type Paged<T> = {
  data: T[];
  current_page: number;
  last_page: number;
  per_page: number;
  total: number;
};

/** Ids are int4 identity columns: a larger number must be a 422 here, not a database error (500). */
export const ID_MAXIMO = 2_147_483_647;
export const ID_INVALIDO = 'Identificador inválido.';

/**
 * At most two decimals (reais as whole cents, a percentage as hundredths): exactly the double nearest
 * to n/100, which is what JSON gives for any such number. A tolerance would let `1e-39` through as 0
 * cents (a 500 at the database's check).
 */
export const ateDuasCasas = (reais: number): boolean => Math.round(reais * 100) / 100 === reais;
export const DUAS_CASAS = 'Use no máximo duas casas decimais.';

export const idParam = z.object({
  id: z.coerce
    .number({ error: ID_INVALIDO })
    .int(ID_INVALIDO)
    .positive(ID_INVALIDO)
    .max(ID_MAXIMO, ID_INVALIDO),
});

/**
 * Text a person types (messages, notes): line breaks and tabs are fine, other control characters are
 * not (PostgreSQL text cannot even hold a NUL, and none of them means anything to a reader).
 */
export const SEM_CARACTERES_DE_CONTROLE = /^(?:\P{Cc}|[\t\n\r])*$/u;
export const CARACTERES_DE_CONTROLE =
  'O texto tem caracteres invisíveis que não podem ser gravados. Apague-os e tente de novo.';
