import type { TentativaArmazenada } from '../../../db/schema/index.ts';
import type { TentativaLida } from '../../pix/psp/provedor-recorrencias.ts';

// A recurring charge's attempts as the PSP listed them, stored beside it (docs/pix-automatico.md §4).

export const tentativasArmazenadas = (tentativas: readonly TentativaLida[]): TentativaArmazenada[] =>
  tentativas.map((t) => ({ data: t.data, tipo: t.tipo, status: t.status, end_to_end_id: t.endToEndId }));

/** Back to the PSP's shape (the simulator plays the PSP from what is stored). */
export const tentativasLidas = (tentativas: readonly TentativaArmazenada[]): TentativaLida[] =>
  tentativas.map((t) => ({ data: t.data, tipo: t.tipo, status: t.status, endToEndId: t.end_to_end_id }));
