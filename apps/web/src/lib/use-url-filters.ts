import { useSearchParams } from 'react-router';

/**
 * List filters kept in the URL beside `?page=` (see lib/use-page-param.ts), so a filtered list can be
 * linked and survives a reload. Changing a filter drops `page` in the same navigation: one request
 * for the new first page, never one for the old page number with the new filter.
 */
export const useUrlFilters = <K extends string>(
  keys: readonly K[],
): [Record<K, string>, (patch: Partial<Record<K, string>>) => void] => {
  const [params, setParams] = useSearchParams();
  const values = Object.fromEntries(keys.map((key) => [key, params.get(key) ?? ''])) as Record<K, string>;
  const setFilters = (patch: Partial<Record<K, string>>) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries<string | undefined>(patch)) {
          if (value) next.set(key, value);
          else next.delete(key);
        }
        next.delete('page');
        return next;
      },
      // Typing in a search box must not fill the history with one entry per pause.
      { replace: true },
    );
  return [values, setFilters];
};
