import type { ProvedorWhatsapp, Saude } from '@cobranca/contracts';
import type { ChipProps } from '@mui/material/Chip';

// pt-BR labels of the channel and PIX status; the admin feature has its own (features do not import each other).
type Conexao = Saude['canal']['status'];

export const CONEXAO_LABELS: Record<Conexao, string> = {
  conectado: 'Conectado',
  desconectado: 'Desconectado',
  erro: 'Erro',
  nao_configurado: 'Não configurado',
};

export const CONEXAO_COLORS: Record<Conexao, ChipProps['color']> = {
  conectado: 'success',
  desconectado: 'warning',
  erro: 'error',
  nao_configurado: 'default',
};

export const PROVEDOR_LABELS: Record<ProvedorWhatsapp, string> = {
  simulador: 'Simulador embutido',
  whatsapp_cloud: 'WhatsApp Cloud API',
};

export const BANCO_LABELS: Record<Saude['banco'], string> = {
  pglite: 'PGlite (embutido)',
  postgres: 'PostgreSQL',
};

type PixConexao = Saude['pix']['status'];

export const PIX_PROVEDOR_LABELS: Record<Saude['pix']['provedor'], string> = {
  simulador: 'Simulador (sem banco)',
  api_pix: 'API Pix de um PSP',
};

export const PIX_CONEXAO_LABELS: Record<PixConexao, string> = {
  conectado: 'Conectado',
  erro: 'Erro',
  nao_verificado: 'Não verificado',
};

export const PIX_CONEXAO_COLORS: Record<PixConexao, ChipProps['color']> = {
  conectado: 'success',
  erro: 'error',
  nao_verificado: 'default',
};
