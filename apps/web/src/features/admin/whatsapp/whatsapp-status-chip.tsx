import type { ProvedorWhatsapp, WhatsappStatus } from '@cobranca/contracts';
import Chip, { type ChipProps } from '@mui/material/Chip';

type Conexao = WhatsappStatus['status'];

export const CONEXAO_LABELS: Record<Conexao, string> = {
  conectado: 'Conectado',
  desconectado: 'Desconectado',
  erro: 'Erro',
  nao_configurado: 'Não configurado',
};

export const PROVEDOR_LABELS: Record<ProvedorWhatsapp, string> = {
  simulador: 'Simulador embutido',
  whatsapp_cloud: 'WhatsApp Cloud API',
};

const COLORS: Record<Conexao, ChipProps['color']> = {
  conectado: 'success',
  desconectado: 'warning',
  erro: 'error',
  nao_configurado: 'default',
};

/** The channel's connection state; with `showProvedor` it also names the provider. */
export const WhatsappStatusChip = ({
  status,
  showProvedor = false,
  size = 'small',
}: {
  status: Pick<WhatsappStatus, 'status' | 'provedor'>;
  showProvedor?: boolean;
  size?: ChipProps['size'];
}) => {
  const conexao = CONEXAO_LABELS[status.status];
  const label = showProvedor ? `${PROVEDOR_LABELS[status.provedor]} · ${conexao}` : conexao;
  return <Chip label={label} color={COLORS[status.status]} size={size} variant="filled" />;
};
