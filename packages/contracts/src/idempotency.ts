import { z } from 'zod';

// `Idempotency-Key` of money-creating requests (decision 012): the same key within 24 hours answers
// the first answer again and writes nothing more.

export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';
export const IDEMPOTENCY_KEY_MAX = 255;

export const idempotencyKey = z
  .string()
  .min(1, 'A chave de idempotência não pode ser vazia.')
  .max(IDEMPOTENCY_KEY_MAX, `A chave de idempotência pode ter no máximo ${IDEMPOTENCY_KEY_MAX} caracteres.`)
  .regex(/^[\x20-\x7e]+$/, 'A chave de idempotência só pode ter caracteres ASCII imprimíveis.');

/** Header schema of a route that honours the key: optional, so a request without one still works. */
export const idempotencyHeaders = z.object({
  'idempotency-key': idempotencyKey.optional().meta({
    description:
      'Chave única por envio de formulário (ex.: um UUID). Repetida em até 24 h, devolve a primeira resposta sem gravar de novo.',
  }),
});
