import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { type FormEvent, type ReactNode, useId } from 'react';
import { BusyButton } from './busy-button.tsx';

type FormDialogProps = {
  title: string;
  submitLabel: string;
  pending: boolean;
  onSubmit: (event?: FormEvent) => void;
  onClose: () => void;
  /** A failure that belongs to no field, shown above the fields. */
  erro?: string | null;
  children: ReactNode;
};

/** A dialog that is a form: Enter submits, and it cannot be dismissed while the call is running. */
export const FormDialog = ({
  title,
  submitLabel,
  pending,
  onSubmit,
  onClose,
  erro,
  children,
}: FormDialogProps) => {
  const titleId = useId();
  // On a phone the form takes the whole screen, so the keyboard never hides its buttons.
  const fullScreen = useMediaQuery(useTheme().breakpoints.down('sm'));
  return (
    <Dialog
      open
      onClose={pending ? undefined : onClose}
      aria-labelledby={titleId}
      maxWidth="xs"
      fullWidth
      fullScreen={fullScreen}
    >
      <form onSubmit={onSubmit} noValidate aria-labelledby={titleId}>
        <DialogTitle id={titleId}>{title}</DialogTitle>
        <DialogContent>
          {erro && (
            <Alert severity="error" sx={{ mb: 1 }}>
              {erro}
            </Alert>
          )}
          {children}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={pending}>
            Cancelar
          </Button>
          <BusyButton type="submit" variant="contained" busy={pending}>
            {submitLabel}
          </BusyButton>
        </DialogActions>
      </form>
    </Dialog>
  );
};
