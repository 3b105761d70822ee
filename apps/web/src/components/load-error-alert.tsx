import Alert, { type AlertProps } from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { errorMessage } from '../lib/api-client.ts';

/** "Could not load" with the server's message (or the screen's own `fallback`) and a retry. */
export const LoadErrorAlert = ({
  error,
  fallback,
  onRetry,
  sx,
}: {
  error: unknown;
  fallback: string;
  onRetry: () => void;
  sx?: AlertProps['sx'];
}) => (
  <Alert
    severity="error"
    sx={sx}
    action={
      <Button color="inherit" size="small" onClick={onRetry}>
        Tentar de novo
      </Button>
    }
  >
    {errorMessage(error, fallback)}
  </Alert>
);

/** LoadErrorAlert for a query that failed: its error, and a retry that refetches it. */
export const QueryErrorAlert = ({
  query,
  fallback,
  sx,
}: {
  query: { error: unknown; refetch: () => unknown };
  fallback: string;
  sx?: AlertProps['sx'];
}) => <LoadErrorAlert error={query.error} fallback={fallback} onRetry={() => void query.refetch()} sx={sx} />;
