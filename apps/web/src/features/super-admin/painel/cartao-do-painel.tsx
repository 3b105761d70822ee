import { FUSO_PADRAO } from '@cobranca/dominio';
import RefreshIcon from '@mui/icons-material/Refresh';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { UseQueryResult } from '@tanstack/react-query';
import { type ReactNode, useId } from 'react';
import { LoadErrorAlert } from '../../../components/load-error-alert.tsx';
import { formatarDataHora } from '../../../lib/format.ts';

const hora = new Intl.DateTimeFormat('pt-BR', {
  timeZone: FUSO_PADRAO,
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

type Props<T> = {
  titulo: string;
  /** "saúde do sistema": completes the loading and refresh labels. */
  assunto: string;
  /** What the error state says. */
  falha: string;
  query: UseQueryResult<T>;
  children: (dados: T) => ReactNode;
};

/** A health-panel card that refreshes itself: title, last update, a refresh button, loading and error states. */
export const CartaoDoPainel = <T,>({ titulo, assunto, falha, query, children }: Props<T>) => {
  const titleId = useId();
  const corpo = () => {
    if (query.isPending)
      return <Skeleton variant="rounded" height={180} aria-label={`Carregando ${assunto}`} />;
    if (query.isError)
      return <LoadErrorAlert error={query.error} fallback={falha} onRetry={() => void query.refetch()} />;
    return children(query.data as T);
  };
  return (
    <Paper variant="outlined" component="section" aria-labelledby={titleId} sx={{ p: { xs: 2, md: 3 } }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 2 }}>
        <Typography id={titleId} component="h3" variant="h6" sx={{ flexGrow: 1 }}>
          {titulo}
        </Typography>
        {query.dataUpdatedAt > 0 && (
          <Typography variant="caption" color="text.secondary">
            Atualizado às {hora.format(query.dataUpdatedAt)}
          </Typography>
        )}
        <IconButton
          aria-label={`Atualizar ${assunto}`}
          onClick={() => void query.refetch()}
          disabled={query.isFetching}
          size="small"
        >
          <RefreshIcon fontSize="small" />
        </IconButton>
      </Box>
      {corpo()}
      {query.isError && query.data && (
        <Typography variant="caption" color="error" component="p" sx={{ mt: 1 }}>
          Falha na última atualização: {formatarDataHora(new Date(query.errorUpdatedAt))}.
        </Typography>
      )}
    </Paper>
  );
};
