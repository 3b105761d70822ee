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
import useMediaQuery from '@mui/material/useMediaQuery';
import type { KeyboardEvent, ReactNode } from 'react';
import { errorMessage } from '../lib/api-client.ts';
import { DadosRotulados } from './dados-rotulados.tsx';
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
    <DadosRotulados
      dados={columns.map((column) => ({
        chave: column.key,
        rotulo: column.header,
        valor: column.render(row),
      }))}
    />
  </Box>
);

type Slots<T> = {
  placeholder: (index: number) => ReactNode;
  error: (alert: ReactNode) => ReactNode;
  empty: (message: string) => ReactNode;
  row: (row: T) => ReactNode;
};

/**
 * What either view lists, each in its own elements: placeholders while the first page loads, the
 * load error or the empty message, else the rows.
 */
const pageContent = <T,>(
  { page, isLoading, error, onRetry, emptyMessage }: PagedTableProps<T>,
  slots: Slots<T>,
) => {
  if (isLoading && !page) return Array.from({ length: SKELETON_ROWS }, (_, i) => slots.placeholder(i));
  if (error && !page) return slots.error(<LoadError error={error} onRetry={onRetry} />);
  if (!page || page.data.length === 0) return slots.empty(emptyMessage);
  return page.data.map((row) => slots.row(row));
};

/** Phones have no headers to click: the sort is one select, each sortable column in both directions. */
const SortSelect = <T,>({
  columns,
  sort,
  onSortChange,
}: {
  columns: Column<T>[];
  sort: SortState | undefined;
  onSortChange: (sort: SortState) => void;
}) => {
  const sortable = columns.filter((c) => c.sortKey);
  if (sortable.length === 0) return null;
  return (
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
  );
};

/** Phones: the sort select, then one card per row. */
const PagedCards = <T,>(props: PagedTableProps<T>) => {
  const { label, columns, isLoading, rowKey, onRowClick, sort, onSortChange } = props;
  // The first column is the card's title; the others are labelled values below it.
  const [title, ...rest] = columns.filter((c) => !c.hideOnMobile);
  return (
    <>
      {onSortChange && <SortSelect columns={columns} sort={sort} onSortChange={onSortChange} />}
      <Box component="ul" aria-label={label} aria-busy={isLoading} sx={LISTA_DE_CARTOES_SX}>
        {pageContent(props, {
          placeholder: (i) => (
            <Box component="li" key={i} sx={{ p: 2 }}>
              <Skeleton width="60%" />
              <Skeleton />
            </Box>
          ),
          error: (alert) => (
            <Box component="li" sx={{ p: 2 }}>
              {alert}
            </Box>
          ),
          empty: (message) => (
            <Box component="li" sx={{ py: 6, px: 2, textAlign: 'center', color: 'text.secondary' }}>
              {message}
            </Box>
          ),
          row: (row) => (
            <CartaoDaLinha key={rowKey(row)} row={row} title={title} columns={rest} onClick={onRowClick} />
          ),
        })}
      </Box>
    </>
  );
};

const cellSx = <T,>(column: Column<T>) => (column.hideOnMobile ? mobileHidden : undefined);

/** A column's header; a server-sorted column's is a button, and the sorted one carries `aria-sort`. */
const HeaderCell = <T,>({
  column,
  sort,
  onSortChange,
}: {
  column: Column<T>;
  sort: SortState | undefined;
  onSortChange: ((sort: SortState) => void) | undefined;
}) => {
  const sortKey = onSortChange && column.sortKey;
  const active = Boolean(sortKey) && sort?.key === sortKey;
  // A new column starts ascending; clicking the active one flips it.
  const next: SortDirection = active && sort?.direction === 'asc' ? 'desc' : 'asc';
  return (
    <TableCell
      align={column.align}
      aria-sort={active && sort ? ARIA_SORT[sort.direction] : undefined}
      sx={{ fontWeight: 600, ...cellSx(column) }}
    >
      {sortKey ? (
        <TableSortLabel
          active={active}
          direction={active ? sort?.direction : 'asc'}
          onClick={() => onSortChange({ key: sortKey, direction: next })}
        >
          {column.header}
        </TableSortLabel>
      ) : (
        column.header
      )}
    </TableCell>
  );
};

/** Tablets and desktops: the table, with sortable headers carrying `aria-sort`. */
const PagedTableBody = <T,>(props: PagedTableProps<T>) => {
  const { label, isLoading, rowKey, onRowClick, sort, onSortChange } = props;
  const columns = props.columns.filter((c) => !c.onlyOnPhone);
  return (
    // Focusable, so a keyboard can scroll the table when a tablet is narrower than it (axe:
    // scrollable-region-focusable); phones get the cards instead.
    <TableContainer tabIndex={0} role="region" aria-label={`${label} (tabela)`}>
      <Table size="small" aria-label={label} aria-busy={isLoading}>
        <TableHead>
          <TableRow>
            {columns.map((column) => (
              <HeaderCell key={column.key} column={column} sort={sort} onSortChange={onSortChange} />
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {pageContent(props, {
            placeholder: (i) => (
              <TableRow key={i}>
                {columns.map((column) => (
                  <TableCell key={column.key} sx={cellSx(column)}>
                    <Skeleton />
                  </TableCell>
                ))}
              </TableRow>
            ),
            error: (alert) => (
              <TableRow>
                <TableCell colSpan={columns.length}>{alert}</TableCell>
              </TableRow>
            ),
            empty: (message) => (
              <TableRow>
                <TableCell colSpan={columns.length} align="center" sx={{ py: 6, color: 'text.secondary' }}>
                  {message}
                </TableCell>
              </TableRow>
            ),
            row: (row) => (
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
            ),
          })}
        </TableBody>
      </Table>
    </TableContainer>
  );
};

/** What a PagedTable reads of a paged query (react-query's result). */
export type PagedQuery<T> = {
  data: Paged<T> | undefined;
  isFetching: boolean;
  error: unknown;
  refetch: () => unknown;
};

/**
 * The state props of a PagedTable showing a paged query: its page, busy while it fetches (a new page
 * or filter included), its error and a retry that refetches it.
 */
export const pagedQueryProps = <T,>(query: PagedQuery<T>) => ({
  page: query.data,
  isLoading: query.isFetching,
  error: query.error,
  onRetry: () => void query.refetch(),
});
