import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ChamadasMark } from './chamadas-mark.tsx';
import { ClienteStatusChip } from './cliente-status-chip.tsx';
import { ContaStatusChip } from './conta-status-chip.tsx';
import { DiasAtraso } from './dias-atraso.tsx';

describe('ChamadasMark', () => {
  it('marks 3 or more attempts as "com falhas"', () => {
    const { container, rerender } = render(<ChamadasMark numero={2} />);
    expect(container).toHaveTextContent(/^2$/);
    rerender(<ChamadasMark numero={3} />);
    expect(container).toHaveTextContent('3(com falhas)');
  });
});

describe('DiasAtraso', () => {
  it("shows '—' when not overdue and the days otherwise, bold beyond 30", () => {
    const { container, rerender } = render(<DiasAtraso dias={0} />);
    expect(container).toHaveTextContent('—');
    rerender(<DiasAtraso dias={30} />);
    expect(screen.getByText('30')).not.toHaveStyle({ fontWeight: 600 });
    rerender(<DiasAtraso dias={31} />);
    expect(screen.getByText('31')).toHaveStyle({ fontWeight: 600 });
  });
});

describe('status chips', () => {
  it('labels customer statuses in Portuguese', () => {
    render(<ClienteStatusChip status="aguardando_atendimento" />);
    expect(screen.getByText('Aguardando atendimento')).toBeInTheDocument();
  });

  it('reads an overdue open receivable as "Vencida"', () => {
    const { rerender } = render(<ContaStatusChip status="aberta" diasAtraso={0} />);
    expect(screen.getByText('Aberta')).toBeInTheDocument();
    rerender(<ContaStatusChip status="aberta" diasAtraso={5} />);
    expect(screen.getByText('Vencida')).toBeInTheDocument();
    rerender(<ContaStatusChip status="negociada" diasAtraso={5} />);
    expect(screen.getByText('Negociada')).toBeInTheDocument();
  });
});
