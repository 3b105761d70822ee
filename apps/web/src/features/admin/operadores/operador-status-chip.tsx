import type { UserStatus } from '@cobranca/contracts';
import BlockIcon from '@mui/icons-material/Block';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import Chip from '@mui/material/Chip';

/** Ativo / Bloqueado with colour and icon, so the state does not depend on colour alone. */
export const OperadorStatusChip = ({ status }: { status: UserStatus }) =>
  status === 'Ativo' ? (
    <Chip size="small" color="success" variant="outlined" icon={<CheckCircleIcon />} label="Ativo" />
  ) : (
    <Chip size="small" color="error" variant="outlined" icon={<BlockIcon />} label="Bloqueado" />
  );
