import CheckCircleOutlinedIcon from '@mui/icons-material/CheckCircleOutlined';
import CloseIcon from '@mui/icons-material/Close';
import ErrorOutlinedIcon from '@mui/icons-material/ErrorOutlined';
import InfoOutlinedIcon from '@mui/icons-material/InfoOutlined';
import WarningAmberOutlinedIcon from '@mui/icons-material/WarningAmberOutlined';
import Alert from '@mui/material/Alert';
import IconButton from '@mui/material/IconButton';
import Snackbar, { type SnackbarCloseReason } from '@mui/material/Snackbar';
import type { ReactNode } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { type SnackbarColor, type SnackbarIcon, useSnackbarStore } from './snackbar-store.ts';

const ICONS: Record<SnackbarIcon, ReactNode> = {
  success: <CheckCircleOutlinedIcon fontSize="inherit" />,
  error: <ErrorOutlinedIcon fontSize="inherit" />,
  warning: <WarningAmberOutlinedIcon fontSize="inherit" />,
  info: <InfoOutlinedIcon fontSize="inherit" />,
};

// Errors and warnings interrupt the screen reader; confirmations wait for a pause.
const ROLES: Record<SnackbarColor, 'alert' | 'status'> = {
  success: 'status',
  info: 'status',
  warning: 'alert',
  error: 'alert',
};

/** The app's single notification, driven by `useSnackbarStore` / `notify`; mount it once, near the root. */
export const AppSnackbar = () => {
  const { visible, message, color, timeout, icon, multiLine, key } = useSnackbarStore(
    useShallow(({ show: _show, hide: _hide, ...state }) => state),
  );
  const hide = useSnackbarStore((state) => state.hide);

  const handleClose = (_event: unknown, reason: SnackbarCloseReason) => {
    // A click elsewhere on the page must not swallow the message: only the timeout, Esc or the button close it.
    if (reason === 'clickaway') return;
    hide();
  };

  return (
    <Snackbar
      // A new key per message remounts the snackbar, so a replacement gets its own full timeout.
      key={key}
      open={visible}
      autoHideDuration={timeout}
      onClose={handleClose}
      anchorOrigin={{ vertical: 'top', horizontal: 'right' }}
    >
      <Alert
        variant="filled"
        severity={color}
        icon={icon ? ICONS[icon] : false}
        role={ROLES[color]}
        action={
          <IconButton aria-label="Fechar notificação" color="inherit" size="small" onClick={hide}>
            <CloseIcon fontSize="small" />
          </IconButton>
        }
        sx={{
          maxWidth: multiLine ? 640 : 440,
          '& .MuiAlert-message': multiLine ? { whiteSpace: 'pre-line', overflowWrap: 'anywhere' } : {},
        }}
      >
        {message}
      </Alert>
    </Snackbar>
  );
};
