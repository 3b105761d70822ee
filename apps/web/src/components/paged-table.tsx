import type { Paged } from '@cobranca/contracts';
import Alert from '@mui/material/Alert';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import type { KeyboardEvent, ReactNode } from 'react';
import { errorMessage } from '../lib/api-client.ts';
import { LoadErrorAlert } from './load-error-alert.tsx';

export type Column<T> = {
  key: string;
  header: string;
  render: (row: T) => ReactNode;
  align?: 'left' | 'right' | 'center';
  /** Hidden below the `md` breakpoint, to keep phones readable. */
  hideOnMobile?: boolean;
};

type PagedTableProps<T> = {
  /** Accessible name of the table. */
  label: string;
  columns: Column<T>[];
  page: Paged<T> | undefined;
  isLoading: boolean;
  error?: unknown;
  onRetry?: () => void;
  onPageChange: (page: number) => void;
  rowKey: (row: T) => string | number;
  onRowClick?: (row: T) => void;
  emptyMessage: string;
};

const SKELETON_ROWS = 5;
const LOAD_FALLBACK = 'Não foi possível carregar a lista.';
const mobileHidden = { display: { xs: 'none', md: 'table-cell' } } as const;

/** The one table for SPEC's paged lists `{data, current_page, last_page, per_page, total}` (server paging). */
export const PagedTable = <T,>({
  label,
  columns,
  page,
  isLoading,
  error,
  onRetry,
  onPageChange,
  rowKey,
  onRowClick,
  emptyMessage,
}: PagedTableProps<T>) => {
  const cellSx = (column: Column<T>) => (column.hideOnMobile ? mobileHidden : undefined);
  const body = () => {
    if (isLoading && !page) {
      return Array.from({ length: SKELETON_ROWS }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholder rows have no identity
        <TableRow key={i}>
          {columns.map((column) => (
            <TableCell key={column.key} sx={cellSx(column)}>
              <Skeleton />
            </TableCell>
          ))}
        </TableRow>
      ));
    }
    if (error && !page) {
      return (
        <TableRow>
          <TableCell colSpan={columns.length}>
            {onRetry ? (
              <LoadErrorAlert error={error} fallback={LOAD_FALLBACK} onRetry={onRetry} />
            ) : (
              <Alert severity="error">{errorMessage(error, LOAD_FALLBACK)}</Alert>
            )}
          </TableCell>
        </TableRow>
      );
    }
    if (!page || page.data.length === 0) {
      return (
        <TableRow>
          <TableCell colSpan={columns.length} align="center" sx={{ py: 6, color: 'text.secondary' }}>
            {emptyMessage}
          </TableCell>
        </TableRow>
      );
    }
    return page.data.map((row) => (
      <TableRow
        key={rowKey(row)}
        hover={Boolean(onRowClick)}
        onClick={onRowClick && (() => onRowClick(row))}
        onKeyDown={onRowClick && ((event: KeyboardEvent) => event.key === 'Enter' && onRowClick(row))}
        tabIndex={onRowClick ? 0 : undefined}
        sx={onRowClick ? { cursor: 'pointer' } : undefined}
      >
        {columns.map((column) => (
          <TableCell key={column.key} align={column.align} sx={cellSx(column)}>
            {column.render(row)}
          </TableCell>
        ))}
      </TableRow>
    ));
  };

  return (
    <Paper variant="outlined">
      <TableContainer>
        <Table size="small" aria-label={label} aria-busy={isLoading}>
          <TableHead>
            <TableRow>
              {columns.map((column) => (
                <TableCell key={column.key} align={column.align} sx={{ fontWeight: 600, ...cellSx(column) }}>
                  {column.header}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>{body()}</TableBody>
        </Table>
      </TableContainer>
      {page && page.total > 0 && (
        <TablePagination
          component="div"
          count={page.total}
          page={Math.min(page.current_page, page.last_page) - 1}
          rowsPerPage={page.per_page}
          rowsPerPageOptions={[]}
          onPageChange={(_event, index) => onPageChange(index + 1)}
        />
      )}
    </Paper>
  );
};

/**
 * The state props of a PagedTable showing a paged query: its page, busy while it fetches (a new page
 * or filter included), its error and a retry that refetches it.
 */
export const pagedQueryProps = <T,>(query: {
  data: Paged<T> | undefined;
  isFetching: boolean;
  error: unknown;
  refetch: () => unknown;
}) => ({
  page: query.data,
  isLoading: query.isFetching,
  error: query.error,
  onRetry: () => void query.refetch(),
});
