import { CLIENTE_STATUS_LABELS, type ClienteStatus } from '@cobranca/contracts';
import Chip from '@mui/material/Chip';

const COLORS: Record<ClienteStatus, 'primary' | 'warning' | 'info' | 'default' | 'success'> = {
  ativo: 'primary',
  aguardando_atendimento: 'warning',
  em_atendimento: 'info',
  pausado: 'default',
  concluido: 'success',
};

export const ClienteStatusChip = ({ status }: { status: ClienteStatus }) => (
  <Chip size="small" variant="outlined" color={COLORS[status]} label={CLIENTE_STATUS_LABELS[status]} />
);
