import type { Paged } from '@cobranca/contracts';

export const pageOffset = (page: number, perPage: number): number => (page - 1) * perPage;

/** The docs/produto.md §17 paged shape; a page past the end keeps the real totals so the client can step back. */
export const toPaged = <T>(data: T[], total: number, page: number, perPage: number): Paged<T> => ({
  data,
  current_page: page,
  last_page: Math.max(1, Math.ceil(total / perPage)),
  per_page: perPage,
  total,
});
