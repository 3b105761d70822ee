import type { SortDirection, SortState } from '../components/paged-table.tsx';
import { useUrlFilters } from './use-url-filters.ts';

const SORT_KEYS = ['ordem', 'sentido'] as const;

/**
 * A list's server-side order kept in the URL (`?ordem=nome&sentido=desc`) beside its filters; a key
 * outside `keys` is ignored (the list's default applies). Changing the order drops `page` like a filter.
 */
export const useUrlSort = <K extends string>(
  keys: readonly K[],
  padrao: { key: K; direction: SortDirection },
) => {
  const [values, setValues] = useUrlFilters(SORT_KEYS);
  const key = keys.find((k) => k === values.ordem);
  const direction: SortDirection = values.sentido === 'desc' ? 'desc' : 'asc';
  return {
    /** What the headers show: the URL's order, else the list's default. */
    sort: (key ? { key, direction } : padrao) as SortState,
    setSort: (next: SortState) => setValues({ ordem: next.key, sentido: next.direction }),
    /** What goes to the API: only an order the user chose. */
    chosen: key ? { ordem: key, sentido: direction } : undefined,
  };
};
