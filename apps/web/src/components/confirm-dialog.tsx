import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { type ReactNode, useId } from 'react';
import { BusyButton } from './busy-button.tsx';

type ConfirmDialogProps = {
  open: boolean;
  title: string;
  message: ReactNode;
  confirmLabel: string;
  confirmColor?: 'primary' | 'error' | 'warning';
  loading?: boolean;
  onConfirm: () => void;
  onClose: () => void;
  /** Extra content (a reason field, say) between the message and the buttons. */
  children?: ReactNode;
};

/** Asks before a destructive or hard-to-undo action; Cancelar has focus so Enter never destroys by accident. */
export const ConfirmDialog = ({
  open,
  title,
  message,
  confirmLabel,
  confirmColor = 'primary',
  loading = false,
  onConfirm,
  onClose,
  children,
}: ConfirmDialogProps) => {
  const titleId = useId();
  const descriptionId = useId();
  return (
    <Dialog
      open={open}
      onClose={loading ? undefined : onClose}
      aria-labelledby={titleId}
      aria-describedby={descriptionId}
      maxWidth="xs"
      fullWidth
    >
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        <DialogContentText id={descriptionId} component="div">
          {message}
        </DialogContentText>
        {children}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={loading} autoFocus>
          Cancelar
        </Button>
        <BusyButton onClick={onConfirm} color={confirmColor} variant="contained" busy={loading}>
          {confirmLabel}
        </BusyButton>
      </DialogActions>
    </Dialog>
  );
};
