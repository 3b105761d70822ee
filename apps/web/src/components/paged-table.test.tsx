import { ThemeProvider } from '@mui/material/styles';
import { render as rtlRender, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../lib/api-client.ts';
import { theme } from '../lib/theme.ts';
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
