import { useSearchParams } from 'react-router';

/** The list page kept in the URL (`?page=n`), so a page can be linked and survives a reload. */
export const usePageParam = (): [number, (page: number) => void] => {
  const [params, setParams] = useSearchParams();
  const parsed = Number.parseInt(params.get('page') ?? '1', 10);
  const page = Number.isInteger(parsed) && parsed >= 1 ? parsed : 1;
  const setPage = (next: number) =>
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        if (next <= 1) updated.delete('page');
        else updated.set('page', String(next));
        return updated;
      },
      { replace: false },
    );
  return [page, setPage];
};
