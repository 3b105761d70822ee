import { ThemeProvider } from '@mui/material/styles';
import { render as rtlRender, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../lib/api-client.ts';
import { theme } from '../lib/theme.ts';
import { DESKTOP, MOBILE, setViewportWidth } from '../test/viewport.ts';
import { type Column, PagedTable } from './paged-table.tsx';

// The app theme carries the pt-BR texts of MUI components (pagination labels).
const render = (ui: ReactElement) => rtlRender(<ThemeProvider theme={theme}>{ui}</ThemeProvider>);

type Row = { id: number; nome: string };
const columns: Column<Row>[] = [
  { key: 'id', header: 'Código', render: (r) => r.id },
  { key: 'nome', header: 'Nome', render: (r) => r.nome },
];
const page = (data: Row[], current = 1, total = data.length) => ({
  data,
  current_page: current,
  last_page: Math.max(1, Math.ceil(total / 20)),
  per_page: 20,
  total,
});
const base = {
  label: 'Clientes',
  columns,
  rowKey: (r: Row) => r.id,
  emptyMessage: 'Nenhum cliente.',
  onPageChange: () => {},
};

describe('PagedTable', () => {
  it('shows skeleton rows while the first page loads', () => {
    render(<PagedTable {...base} page={undefined} isLoading />);
    expect(screen.getByRole('table', { name: 'Clientes' })).toHaveAttribute('aria-busy', 'true');
    expect(screen.getAllByRole('row')).toHaveLength(6);
  });

  it('shows the empty message', () => {
    render(<PagedTable {...base} page={page([])} isLoading={false} />);
    expect(screen.getByText('Nenhum cliente.')).toBeInTheDocument();
  });

  it('shows the server’s error with a retry', async () => {
    const retry = vi.fn();
    render(
      <PagedTable
        {...base}
        page={undefined}
        isLoading={false}
        error={new ApiError(500, 'Erro interno do servidor.')}
        onRetry={retry}
      />,
    );
    expect(screen.getByText('Erro interno do servidor.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Tentar de novo' }));
    expect(retry).toHaveBeenCalled();
  });

  it('renders the rows and pages through the server with pt-BR labels', async () => {
    const onPageChange = vi.fn();
    render(
      <PagedTable
        {...base}
        page={page([{ id: 1, nome: 'Ana' }], 1, 45)}
        isLoading={false}
        onPageChange={onPageChange}
      />,
    );
    expect(within(screen.getAllByRole('row')[1] as HTMLElement).getByText('Ana')).toBeInTheDocument();
    expect(screen.getByText(/1–20 de 45/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: /próxima/i }));
    expect(onPageChange).toHaveBeenCalledWith(2);
  });

  it('opens a row by click or Enter', async () => {
    const onRowClick = vi.fn();
    render(
      <PagedTable
        {...base}
        page={page([{ id: 7, nome: 'Bia' }])}
        isLoading={false}
        onRowClick={onRowClick}
      />,
    );
    const row = screen.getByText('Bia').closest('tr') as HTMLElement;
    await userEvent.click(row);
    row.focus();
    await userEvent.keyboard('{Enter}');
    expect(onRowClick).toHaveBeenCalledTimes(2);
    expect(onRowClick).toHaveBeenCalledWith({ id: 7, nome: 'Bia' });
  });
});

describe('PagedTable sorting', () => {
  const sortable: Column<Row>[] = [
    { key: 'id', header: 'Código', render: (r) => r.id },
    { key: 'nome', header: 'Nome', render: (r) => r.nome, sortKey: 'nome' },
    { key: 'valor', header: 'Valor', render: () => 'R$ 1,00', sortKey: 'valor' },
  ];
  const rows = page([{ id: 1, nome: 'Ana' }]);

  it('marks the active column with aria-sort and flips it, a new column starting ascending', async () => {
    const onSortChange = vi.fn();
    render(
      <PagedTable
        {...base}
        columns={sortable}
        page={rows}
        isLoading={false}
        sort={{ key: 'nome', direction: 'asc' }}
        onSortChange={onSortChange}
      />,
    );
    expect(screen.getByRole('columnheader', { name: 'Nome' })).toHaveAttribute('aria-sort', 'ascending');
    expect(screen.getByRole('columnheader', { name: 'Valor' })).not.toHaveAttribute('aria-sort');
    // Not sortable: a plain header, no button.
    expect(within(screen.getByRole('columnheader', { name: 'Código' })).queryByRole('button')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Nome' }));
    expect(onSortChange).toHaveBeenLastCalledWith({ key: 'nome', direction: 'desc' });
    await userEvent.click(screen.getByRole('button', { name: 'Valor' }));
    expect(onSortChange).toHaveBeenLastCalledWith({ key: 'valor', direction: 'asc' });
  });

  it('lets a keyboard reach the table’s scroll area', () => {
    render(<PagedTable {...base} page={rows} isLoading={false} />);
    expect(screen.getByRole('region', { name: 'Clientes (tabela)' })).toHaveAttribute('tabindex', '0');
  });
});

describe('PagedTable on a phone', () => {
  const columns: Column<Row>[] = [
    { key: 'nome', header: 'Nome', render: (r) => r.nome, sortKey: 'nome' },
    { key: 'id', header: 'Código', render: (r) => r.id },
    { key: 'extra', header: 'Detalhe', render: () => 'só no computador', hideOnMobile: true },
  ];

  it('shows one card per row, the first column as its title and the others labelled', async () => {
    setViewportWidth(MOBILE);
    const onRowClick = vi.fn();
    render(
      <PagedTable
        {...base}
        columns={columns}
        page={page([
          { id: 1, nome: 'Ana' },
          { id: 2, nome: 'Bia' },
        ])}
        isLoading={false}
        onRowClick={onRowClick}
      />,
    );
    expect(screen.queryByRole('table')).toBeNull();
    const cards = within(screen.getByRole('list', { name: 'Clientes' })).getAllByRole('listitem');
    expect(cards).toHaveLength(2);
    expect(cards[1]).toHaveTextContent('BiaCódigo2');
    expect(within(cards[1] as HTMLElement).getByText('Código').tagName).toBe('DT');
    expect(screen.queryByText('só no computador')).toBeNull();
    // No sort handler: no sort select.
    expect(screen.queryByRole('combobox', { name: 'Ordenar por' })).toBeNull();
    (cards[1] as HTMLElement).focus();
    await userEvent.keyboard('{Enter}');
    expect(onRowClick).toHaveBeenCalledWith({ id: 2, nome: 'Bia' });
  });

  it('shows a phone-only column in the cards and never in the table', () => {
    const comCurto: Column<Row>[] = [
      ...columns,
      { key: 'curto', header: 'Resumo', render: (r) => `curto ${r.id}`, onlyOnPhone: true },
    ];
    const linhas = page([{ id: 1, nome: 'Ana' }]);
    setViewportWidth(MOBILE);
    const { unmount } = render(<PagedTable {...base} columns={comCurto} page={linhas} isLoading={false} />);
    const [card] = within(screen.getByRole('list', { name: 'Clientes' })).getAllByRole('listitem');
    expect(card).toHaveTextContent('AnaCódigo1Resumocurto 1');
    expect(within(card as HTMLElement).getByText('Resumo').tagName).toBe('DT');
    unmount();

    setViewportWidth(DESKTOP);
    render(<PagedTable {...base} columns={comCurto} page={linhas} isLoading={false} />);
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      'Nome',
      'Código',
      'Detalhe',
    ]);
    expect(screen.queryByText('curto 1')).toBeNull();
  });

  it('keeps the loading, empty and error states', () => {
    setViewportWidth(MOBILE);
    const { rerender } = render(<PagedTable {...base} columns={columns} page={undefined} isLoading />);
    expect(screen.getByRole('list', { name: 'Clientes' })).toHaveAttribute('aria-busy', 'true');
    const withTheme = (ui: ReactElement) => <ThemeProvider theme={theme}>{ui}</ThemeProvider>;
    rerender(withTheme(<PagedTable {...base} columns={columns} page={page([])} isLoading={false} />));
    expect(screen.getByText('Nenhum cliente.')).toBeInTheDocument();
    rerender(
      withTheme(
        <PagedTable
          {...base}
          columns={columns}
          page={undefined}
          isLoading={false}
          error={new ApiError(500, 'Erro interno do servidor.')}
        />,
      ),
    );
    expect(screen.getByText('Erro interno do servidor.')).toBeInTheDocument();
  });

  it('offers the sortable columns in both directions as one select', async () => {
    setViewportWidth(MOBILE);
    const onSortChange = vi.fn();
    render(
      <PagedTable
        {...base}
        columns={columns}
        page={page([{ id: 1, nome: 'Ana' }])}
        isLoading={false}
        sort={{ key: 'nome', direction: 'asc' }}
        onSortChange={onSortChange}
      />,
    );
    const select = screen.getByRole('combobox', { name: 'Ordenar por' });
    expect(select).toHaveTextContent('Nome (crescente)');
    await userEvent.click(select);
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual([
      'Nome (crescente)',
      'Nome (decrescente)',
    ]);
    await userEvent.click(screen.getByRole('option', { name: 'Nome (decrescente)' }));
    expect(onSortChange).toHaveBeenCalledWith({ key: 'nome', direction: 'desc' });
  });
});
