import type { Paged } from '@cobranca/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import { useTheme } from '@mui/material/styles';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { KeyboardEvent, ReactNode } from 'react';
import { errorMessage } from '../lib/api-client.ts';
import { LoadErrorAlert } from './load-error-alert.tsx';

export type Column<T> = {
  key: string;
  header: string;
  render: (row: T) => ReactNode;
  align?: 'left' | 'right' | 'center';
  /** Hidden below the `md` breakpoint (the table on tablets, the cards on phones), to keep them short. */
  hideOnMobile?: boolean;
  /** Only on the phone cards: the short form of what a column hidden there shows on wider screens. */
  onlyOnPhone?: boolean;
  /** The server's sort key (`?ordem=`) for this column; none: not sortable. */
  sortKey?: string;
};

export type SortDirection = 'asc' | 'desc';
export type SortState = { key: string; direction: SortDirection };

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
  /** The order shown (the list's default when the URL has none); headers with a `sortKey` sort. */
  sort?: SortState;
  onSortChange?: (sort: SortState) => void;
};

const SKELETON_ROWS = 5;
const LOAD_FALLBACK = 'Não foi possível carregar a lista.';
const mobileHidden = { display: { xs: 'none', md: 'table-cell' } } as const;
const SORT_LABELS: Record<SortDirection, string> = { asc: 'crescente', desc: 'decrescente' };
const ARIA_SORT: Record<SortDirection, 'ascending' | 'descending'> = { asc: 'ascending', desc: 'descending' };

const rowProps = <T,>(row: T, onRowClick: ((row: T) => void) | undefined) =>
  onRowClick
    ? {
        onClick: () => onRowClick(row),
        onKeyDown: (event: KeyboardEvent) => event.key === 'Enter' && onRowClick(row),
        tabIndex: 0,
      }
    : {};

/**
 * The one list for SPEC's paged lists `{data, current_page, last_page, per_page, total}` (server paging
 * and sorting): a table from the `sm` breakpoint up, and below it (phones) a stack of cards, one per
 * row, each column a label and its value, so nothing scrolls sideways and the page keeps the
 * viewport's width.
 */
export const PagedTable = <T,>(props: PagedTableProps<T>) => {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  return (
    <Paper variant="outlined" sx={{ minWidth: 0, maxWidth: '100%' }}>
      {phone ? <PagedCards {...props} /> : <PagedTableBody {...props} />}
      {props.page && props.page.total > 0 && (
        <TablePagination
          component="div"
          count={props.page.total}
          page={Math.min(props.page.current_page, props.page.last_page) - 1}
          rowsPerPage={props.page.per_page}
          rowsPerPageOptions={[]}
          onPageChange={(_event, index) => props.onPageChange(index + 1)}
        />
      )}
    </Paper>
  );
};

const LoadError = ({ error, onRetry }: { error: unknown; onRetry?: () => void }) =>
  onRetry ? (
    <LoadErrorAlert error={error} fallback={LOAD_FALLBACK} onRetry={onRetry} />
  ) : (
    <Alert severity="error">{errorMessage(error, LOAD_FALLBACK)}</Alert>
  );

/** The list that holds the cards, one `li` each, with a line between them. */
export const LISTA_DE_CARTOES_SX = {
  listStyle: 'none',
  m: 0,
  p: 0,
  '& > li + li': { borderTop: 1, borderColor: 'divider' },
} as const;

/**
 * One row as a phone card (an `li`): `title` rendered as its heading, each other column a label and
 * its value. Any table can stack its rows this way on a phone (the lists, the workspace's receivables).
 */
export const CartaoDaLinha = <T,>({
  row,
  title,
  columns,
  onClick,
}: {
  row: T;
  title: Column<T> | undefined;
  columns: Column<T>[];
  onClick?: (row: T) => void;
}) => (
  <Box
    component="li"
    {...rowProps(row, onClick)}
    sx={{
      p: 2,
      minWidth: 0,
      cursor: onClick ? 'pointer' : undefined,
      '&:hover': onClick ? { bgcolor: 'action.hover' } : undefined,
      '&:focus-visible': { outline: 2, outlineColor: 'primary.main', outlineOffset: -2 },
    }}
  >
    {title && <Box sx={{ fontWeight: 600, mb: 1, overflowWrap: 'anywhere' }}>{title.render(row)}</Box>}
    <Box
      component="dl"
      sx={{
        m: 0,
        display: 'grid',
        gridTemplateColumns: 'auto minmax(0, 1fr)',
        columnGap: 2,
        rowGap: 0.5,
      }}
    >
      {columns.map((column) => (
        <Box key={column.key} sx={{ display: 'contents' }}>
          <Typography component="dt" variant="body2" color="text.secondary">
            {column.header}
          </Typography>
          <Box component="dd" sx={{ m: 0, minWidth: 0, overflowWrap: 'anywhere', typography: 'body2' }}>
            {column.render(row)}
          </Box>
        </Box>
      ))}
    </Box>
  </Box>
);

/** Phones: the sort as one select (no headers to click), then one card per row. */
const PagedCards = <T,>({
  label,
  columns,
  page,
  isLoading,
  error,
  onRetry,
  rowKey,
  onRowClick,
  emptyMessage,
  sort,
  onSortChange,
}: PagedTableProps<T>) => {
  const sortable = onSortChange ? columns.filter((c) => c.sortKey) : [];
  // The first column is the card's title; the others are labelled values below it.
  const [title, ...rest] = columns.filter((c) => !c.hideOnMobile);
  const content = () => {
    if (isLoading && !page)
      return Array.from({ length: SKELETON_ROWS }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholder cards have no identity
        <Box component="li" key={i} sx={{ p: 2 }}>
          <Skeleton width="60%" />
          <Skeleton />
        </Box>
      ));
    if (error && !page)
      return (
        <Box component="li" sx={{ p: 2 }}>
          <LoadError error={error} onRetry={onRetry} />
        </Box>
      );
    if (!page || page.data.length === 0)
      return (
        <Box component="li" sx={{ py: 6, px: 2, textAlign: 'center', color: 'text.secondary' }}>
          {emptyMessage}
        </Box>
      );
    return page.data.map((row) => (
      <CartaoDaLinha key={rowKey(row)} row={row} title={title} columns={rest} onClick={onRowClick} />
    ));
  };
  return (
    <>
      {onSortChange && sortable.length > 0 && (
        <Box sx={{ p: 2, pb: 1 }}>
          <TextField
            select
            fullWidth
            size="small"
            label="Ordenar por"
            value={sort ? `${sort.key}:${sort.direction}` : ''}
            onChange={(event) => {
              const [key = '', direction] = event.target.value.split(':');
              onSortChange({ key, direction: direction === 'desc' ? 'desc' : 'asc' });
            }}
          >
            {sortable.flatMap((column) =>
              (['asc', 'desc'] as const).map((direction) => (
                <MenuItem key={`${column.key}:${direction}`} value={`${column.sortKey}:${direction}`}>
                  {`${column.header} (${SORT_LABELS[direction]})`}
                </MenuItem>
              )),
            )}
          </TextField>
        </Box>
      )}
      <Box component="ul" aria-label={label} aria-busy={isLoading} sx={LISTA_DE_CARTOES_SX}>
        {content()}
      </Box>
    </>
  );
};

/** Tablets and desktops: the table, with sortable headers carrying `aria-sort`. */
const PagedTableBody = <T,>({
  label,
  columns: todas,
  page,
  isLoading,
  error,
  onRetry,
  rowKey,
  onRowClick,
  emptyMessage,
  sort,
  onSortChange,
}: PagedTableProps<T>) => {
  const columns = todas.filter((c) => !c.onlyOnPhone);
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
            <LoadError error={error} onRetry={onRetry} />
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
        {...rowProps(row, onRowClick)}
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

  const header = (column: Column<T>) => {
    if (!column.sortKey || !onSortChange) return column.header;
    const active = sort?.key === column.sortKey;
    // A new column starts ascending; clicking the active one flips it.
    const next: SortDirection = active && sort?.direction === 'asc' ? 'desc' : 'asc';
    return (
      <TableSortLabel
        active={active}
        direction={active ? sort?.direction : 'asc'}
        onClick={() => onSortChange({ key: column.sortKey ?? column.key, direction: next })}
      >
        {column.header}
      </TableSortLabel>
    );
  };
  const ariaSort = (column: Column<T>) =>
    column.sortKey && onSortChange && sort?.key === column.sortKey ? ARIA_SORT[sort.direction] : undefined;

  return (
    // Focusable, so a keyboard can scroll the table when a tablet is narrower than it (axe:
    // scrollable-region-focusable); phones get the cards instead.
    <TableContainer tabIndex={0} role="region" aria-label={`${label} (tabela)`}>
      <Table size="small" aria-label={label} aria-busy={isLoading}>
        <TableHead>
          <TableRow>
            {columns.map((column) => (
              <TableCell
                key={column.key}
                align={column.align}
                aria-sort={ariaSort(column)}
                sx={{ fontWeight: 600, ...cellSx(column) }}
              >
                {header(column)}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>{body()}</TableBody>
      </Table>
    </TableContainer>
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
