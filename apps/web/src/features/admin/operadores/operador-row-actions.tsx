import type { UsuarioConta } from '@cobranca/contracts';
import BlockIcon from '@mui/icons-material/Block';
import EditIcon from '@mui/icons-material/Edit';
import KeyIcon from '@mui/icons-material/Key';
import LockOpenIcon from '@mui/icons-material/LockOpen';
import LockResetIcon from '@mui/icons-material/LockReset';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useId, useState } from 'react';

export type OperadorAcao = 'editar' | 'senha' | 'nova_senha' | 'status';
/** The props of the dialog each action opens. */
export type OperadorDialogProps = { operador: UsuarioConta; onClose: () => void };

/** One menu button per row: fits a phone's width, and each item says what it does to whom. */
export const OperadorRowActions = ({
  operador,
  onAction,
}: {
  operador: UsuarioConta;
  onAction: (acao: OperadorAcao) => void;
}) => {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const choose = (acao: OperadorAcao) => {
    setAnchor(null);
    onAction(acao);
  };
  const isActive = operador.status === 'Ativo';
  return (
    <>
      <IconButton
        aria-label={`Ações de ${operador.name}`}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? true : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        <MoreVertIcon />
      </IconButton>
      <Menu id={menuId} anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
        <MenuItem onClick={() => choose('editar')}>
          <ListItemIcon>
            <EditIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>Editar</ListItemText>
        </MenuItem>
        <MenuItem onClick={() => choose('senha')}>
          <ListItemIcon>
            <KeyIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>Alterar senha</ListItemText>
        </MenuItem>
        <MenuItem onClick={() => choose('nova_senha')}>
          <ListItemIcon>
            <LockResetIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>Gerar nova senha</ListItemText>
        </MenuItem>
        <MenuItem onClick={() => choose('status')} sx={isActive ? { color: 'error.main' } : undefined}>
          <ListItemIcon sx={isActive ? { color: 'error.main' } : undefined}>
            {isActive ? <BlockIcon fontSize="small" /> : <LockOpenIcon fontSize="small" />}
          </ListItemIcon>
          <ListItemText>{isActive ? 'Bloquear' : 'Reativar'}</ListItemText>
        </MenuItem>
      </Menu>
    </>
  );
};
