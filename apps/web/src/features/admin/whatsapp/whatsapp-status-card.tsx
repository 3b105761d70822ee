import type { WhatsappStatus } from '@cobranca/contracts';
import Alert from '@mui/material/Alert';
import Skeleton from '@mui/material/Skeleton';
import { ConexaoDetalhes, ConexaoStatusCard } from '../../../components/conexao-status-card.tsx';
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

const Details = ({ status }: { status: WhatsappStatus }) => (
  <ConexaoDetalhes
    rows={[
      ['Provedor', PROVEDOR_LABELS[status.provedor]],
      ['Número', status.numero_exibicao ?? '—'],
      ['Nome verificado', status.nome_verificado ?? '—'],
      ['Qualidade', status.qualidade ?? '—'],
      ['Última verificação', status.verificado_em ? formatarDataHora(status.verificado_em) : 'nunca'],
    ]}
  />
);

/** Connection status and the Verificar button, which asks the provider right now. */
export const WhatsappStatusCard = () => {
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
    <ConexaoStatusCard
      chip={query.data && <WhatsappStatusChip status={query.data} />}
      verificando={verificar.isPending}
      onVerificar={onVerificar}
    >
      {body()}
    </ConexaoStatusCard>
  );
};
