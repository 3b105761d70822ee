import { usePageParam } from '../lib/use-page-param.ts';
import { useUrlSort } from '../lib/use-url-sort.ts';
import { type PagedQuery, pagedQueryProps, type SortDirection } from './paged-table.tsx';

/**
 * A sortable paged list whose page and order live in the URL: the page and the chosen order its query
 * sends, and `tabela`, the PagedTable props that follow from the query (rows keyed by id).
 */
export const useListaPaginadaDaUrl = <K extends string>(
  ordens: readonly K[],
  padrao: { key: K; direction: SortDirection },
) => {
  const [page, setPage] = usePageParam();
  const { sort, setSort, chosen } = useUrlSort(ordens, padrao);
  const tabela = <T extends { id: number }>(query: PagedQuery<T>) => ({
    ...pagedQueryProps(query),
    onPageChange: setPage,
    sort,
    onSortChange: setSort,
    rowKey: (row: T) => row.id,
  });
  return { page, setPage, sort, setSort, chosen, tabela };
};
