import type { PixProvedor, PixSettingsView, PixStatus } from '@cobranca/contracts';
import Alert, { type AlertColor } from '@mui/material/Alert';
import Chip, { type ChipProps } from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { ConexaoDetalhes, ConexaoStatusCard } from '../../../components/conexao-status-card.tsx';
import { notify } from '../../../components/snackbar/snackbar-store.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { formatarDataHora } from '../../../lib/format.ts';
import { useVerificarPix } from '../api/pix.ts';

type Conexao = PixStatus['status'];

export const PIX_PROVEDOR_LABELS: Record<PixProvedor, string> = {
  simulador: 'Simulador (sem banco)',
  api_pix: 'API Pix de um PSP (Banco Central)',
};

const CONEXAO: Record<Conexao, { label: string; chip: ChipProps['color']; alerta: AlertColor }> = {
  conectado: { label: 'Conectado', chip: 'success', alerta: 'success' },
  erro: { label: 'Erro', chip: 'error', alerta: 'error' },
  nao_verificado: { label: 'Não verificado', chip: 'default', alerta: 'info' },
};

/** Whether PIX Automático works: null until the API Pix was verified (nothing to say then). */
const recorrencias = (status: PixStatus): string | null => {
  if (status.provedor === 'simulador') return 'simulado';
  if (status.recorrencias === null) return null;
  return status.recorrencias ? 'disponível' : 'indisponível com estas credenciais';
};

/** The snackbar after Verificar: its colour follows the state found, with the PSP's reason on failure. */
const notifyResult = (status: PixStatus) => {
  if (status.status === 'conectado') notify.success('Conexão com o PIX verificada.');
  else if (status.status === 'erro')
    notify.error(`Falha na conexão: ${status.mensagem ?? 'erro desconhecido'}`);
  else notify.warning(status.mensagem ?? 'Conexão não verificada.');
};

/** The provider's last known state and "Verificar conexão", which asks the PSP now (token and certificate). */
export const PixStatusCard = ({ view }: { view: PixSettingsView }) => {
  const verificar = useVerificarPix();
  const { status } = view;
  const conexao = CONEXAO[status.status];
  const automatico = recorrencias(status);
  const onVerificar = () =>
    verificar.mutate(undefined, {
      onSuccess: notifyResult,
      onError: (error) => notify.error(errorMessage(error, 'Não foi possível verificar a conexão.')),
    });

  return (
    <ConexaoStatusCard
      chip={<Chip label={conexao.label} color={conexao.chip} size="small" />}
      verificando={verificar.isPending}
      onVerificar={onVerificar}
    >
      <ConexaoDetalhes
        rows={[
          ['Provedor', PIX_PROVEDOR_LABELS[status.provedor]],
          ['Última verificação', status.verificado_em ? formatarDataHora(status.verificado_em) : 'nunca'],
          ...(automatico ? [['PIX Automático', automatico] as const] : []),
        ]}
      />
      {status.mensagem && (
        <Alert severity={conexao.alerta} sx={{ mb: 2, overflowWrap: 'anywhere' }}>
          {status.mensagem}
        </Alert>
      )}
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        A verificação usa as configurações salvas.
      </Typography>
    </ConexaoStatusCard>
  );
};
