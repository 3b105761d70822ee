import type { WhatsappStatus } from '@cobranca/contracts';
import SyncIcon from '@mui/icons-material/Sync';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { BusyButton } from '../../../components/busy-button.tsx';
import { LoadErrorAlert } from '../../../components/load-error-alert.tsx';
import { notify } from '../../../components/snackbar/snackbar-store.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { formatarDataHora } from '../../../lib/format.ts';
import { useVerificarWhatsapp, useWhatsappStatus } from '../api/whatsapp.ts';
import { CONEXAO_LABELS, PROVEDOR_LABELS, WhatsappStatusChip } from './whatsapp-status-chip.tsx';

/** The snackbar after Verificar: its colour follows the connection state found. */
const notifyResult = (status: WhatsappStatus) => {
  const label = CONEXAO_LABELS[status.status].toLowerCase();
  if (status.status === 'conectado') notify.success(`Conexão verificada: ${label}.`);
  else if (status.status === 'erro') notify.error(`Falha na conexão: ${status.erro ?? 'erro desconhecido'}.`);
  else notify.warning(`Conexão verificada: ${label}.`);
};

const Details = ({ status }: { status: WhatsappStatus }) => {
  const rows = [
    ['Provedor', PROVEDOR_LABELS[status.provedor]],
    ['Número', status.numero_exibicao ?? '—'],
    ['Nome verificado', status.nome_verificado ?? '—'],
    ['Qualidade', status.qualidade ?? '—'],
    ['Última verificação', status.verificado_em ? formatarDataHora(status.verificado_em) : 'nunca'],
  ];
  return (
    <Box
      component="dl"
      sx={{ display: 'grid', gridTemplateColumns: 'auto minmax(0, 1fr)', columnGap: 2, rowGap: 0.75, my: 2 }}
    >
      {rows.map(([term, value]) => (
        <Box key={term} sx={{ display: 'contents' }}>
          <Typography component="dt" variant="body2" color="text.secondary">
            {term}
          </Typography>
          <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
            {value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
};

/** Connection status and the Verificar button, which asks the provider right now. */
export const WhatsappStatusCard = () => {
  const titleId = useId();
  const query = useWhatsappStatus();
  const verificar = useVerificarWhatsapp();
  const onVerificar = () =>
    verificar.mutate(undefined, {
      onSuccess: notifyResult,
      onError: (error) => notify.error(errorMessage(error, 'Não foi possível verificar a conexão.')),
    });

  const body = () => {
    if (query.isPending)
      return <Skeleton variant="rounded" height={150} sx={{ my: 2 }} aria-label="Carregando status" />;
    if (query.isError)
      return (
        <LoadErrorAlert
          error={query.error}
          fallback="Não foi possível carregar o status do canal."
          onRetry={() => void query.refetch()}
          sx={{ my: 2 }}
        />
      );
    return (
      <>
        <Details status={query.data} />
        {query.data.erro && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {query.data.erro}
          </Alert>
        )}
      </>
    );
  };

  return (
    <Paper variant="outlined" component="section" aria-labelledby={titleId} sx={{ p: { xs: 2, md: 3 } }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Typography id={titleId} component="h3" variant="h6" sx={{ flexGrow: 1 }}>
          Status da conexão
        </Typography>
        {query.data && <WhatsappStatusChip status={query.data} />}
      </Box>
      {body()}
      <BusyButton
        variant="outlined"
        onClick={onVerificar}
        busy={verificar.isPending}
        startIcon={<SyncIcon />}
      >
        {verificar.isPending ? 'Verificando…' : 'Verificar conexão'}
      </BusyButton>
    </Paper>
  );
};
