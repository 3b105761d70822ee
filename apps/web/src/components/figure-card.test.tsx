import GroupIcon from '@mui/icons-material/Group';
import { ThemeProvider } from '@mui/material/styles';
import { render, screen } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { theme } from '../lib/theme.ts';
import { FigureCard } from './figure-card.tsx';

const renderInRouter = (ui: ReactElement) => {
  const router = createMemoryRouter([{ path: '*', element: ui }]);
  render(
    <ThemeProvider theme={theme}>
      <RouterProvider router={router} />
    </ThemeProvider>,
  );
};

describe('FigureCard', () => {
  it('shows label, value and caption', () => {
    renderInRouter(
      <FigureCard
        label="Clientes vinculados"
        caption="Seus clientes"
        icon={GroupIcon}
        color="primary.main"
        value="1.250"
      />,
    );
    const card = screen.getByRole('article');
    expect(card).toHaveTextContent('Clientes vinculados1.250Seus clientes');
    expect(screen.queryByRole('link')).toBeNull();
  });

  it('shows its breakdown lines under the value, not while it loads', () => {
    renderInRouter(
      <FigureCard
        label="Valores cobrados"
        caption="Neste mês"
        icon={GroupIcon}
        color="success.main"
        value="R$ 10,00"
        details={['PIX: R$ 6,00', 'Manual: R$ 4,00']}
      />,
    );
    expect(screen.getByRole('article')).toHaveTextContent(
      'Valores cobradosR$ 10,00PIX: R$ 6,00Manual: R$ 4,00Neste mês',
    );
  });

  it('leaves the breakdown out while the value loads', () => {
    renderInRouter(
      <FigureCard
        label="Contas"
        icon={GroupIcon}
        color="primary.main"
        value={undefined}
        details={['PIX: R$ 6,00']}
      />,
    );
    expect(screen.queryByText('PIX: R$ 6,00')).toBeNull();
  });

  it('shows a placeholder while the value loads', () => {
    renderInRouter(<FigureCard label="Contas" icon={GroupIcon} color="primary.main" value={undefined} />);
    expect(screen.getByLabelText('Carregando')).toBeInTheDocument();
  });

  it('is one link when it has a destination, and stands out with a tone', () => {
    renderInRouter(
      <FigureCard
        label="Clientes com falhas"
        icon={GroupIcon}
        color="error.main"
        value="2"
        to="/operador/clientes?com_falhas=1"
        tone="error"
      />,
    );
    expect(screen.getByRole('link', { name: /Clientes com falhas\s*2/ })).toHaveAttribute(
      'href',
      '/operador/clientes?com_falhas=1',
    );
    expect(screen.getByRole('article')).toHaveStyle({ borderWidth: '2px' });
  });
});
