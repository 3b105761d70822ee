import { CONTA_STATUS_LABELS, type ContaStatus } from '@cobranca/contracts';
import Chip from '@mui/material/Chip';

const COLORS: Record<ContaStatus, 'primary' | 'success' | 'info' | 'default'> = {
  aberta: 'primary',
  paga: 'success',
  negociada: 'info',
  cancelada: 'default',
  // Shown apart: it is never collected (docs/produto.md §7).
  prescrita: 'default',
};

/** A receivable's status; an open one past its due date reads "Vencida" (docs/produto.md §7). */
export const ContaStatusChip = ({ status, diasAtraso = 0 }: { status: ContaStatus; diasAtraso?: number }) =>
  status === 'aberta' && diasAtraso > 0 ? (
    <Chip size="small" variant="outlined" color="error" label="Vencida" />
  ) : (
    <Chip size="small" variant="outlined" color={COLORS[status]} label={CONTA_STATUS_LABELS[status]} />
  );
