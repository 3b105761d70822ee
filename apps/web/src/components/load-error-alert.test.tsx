import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../lib/api-client.ts';
import { LoadErrorAlert } from './load-error-alert.tsx';

describe('LoadErrorAlert', () => {
  it('shows the server’s message when there is one', () => {
    render(
      <LoadErrorAlert
        error={new ApiError(500, 'Erro interno do servidor.')}
        fallback="Não foi possível carregar a lista."
        onRetry={() => {}}
      />,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Erro interno do servidor.');
    expect(screen.queryByText('Não foi possível carregar a lista.')).not.toBeInTheDocument();
  });

  it('shows the fallback when the error has no message for the user', () => {
    render(
      <LoadErrorAlert
        error={new ApiError(500, undefined)}
        fallback="Não foi possível carregar a lista."
        onRetry={() => {}}
      />,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Não foi possível carregar a lista.');
  });

  it('calls onRetry when “Tentar de novo” is clicked', async () => {
    const onRetry = vi.fn();
    render(<LoadErrorAlert error={new Error('boom')} fallback="Falhou." onRetry={onRetry} />);
    await userEvent.click(screen.getByRole('button', { name: 'Tentar de novo' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });
});
