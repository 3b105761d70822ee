import type { ImportacaoStatus, ImportacaoTipo } from '@cobranca/contracts';
import Chip from '@mui/material/Chip';

export const IMPORTACAO_STATUS_LABELS: Record<ImportacaoStatus, string> = {
  processando: 'Processando',
  concluida: 'Concluída',
  interrompida: 'Interrompida',
  falhou: 'Falhou',
};

export const IMPORTACAO_TIPO_LABELS: Record<ImportacaoTipo, string> = { csv: 'CSV', xml: 'XML' };

const COLORS: Record<ImportacaoStatus, 'info' | 'success' | 'warning' | 'error'> = {
  processando: 'info',
  concluida: 'success',
  interrompida: 'warning',
  falhou: 'error',
};

export const ImportacaoStatusChip = ({ status }: { status: ImportacaoStatus }) => (
  <Chip size="small" variant="outlined" color={COLORS[status]} label={IMPORTACAO_STATUS_LABELS[status]} />
);
