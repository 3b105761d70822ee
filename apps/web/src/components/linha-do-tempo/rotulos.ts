import {
  type ChamadaResultado,
  FORMA_PAGAMENTO_ROTULOS,
  type FormaPagamento,
  type NegociacaoStatus,
  type PromessaStatus,
} from '@cobranca/contracts';

// Labels the timeline shares with the operator workspace's cards and dialogs (re-exported there).

export const FORMA_LABELS: Readonly<Record<FormaPagamento, string>> = FORMA_PAGAMENTO_ROTULOS;

export const RESULTADO_LABELS: Record<ChamadaResultado, string> = {
  atendida: 'Atendida',
  nao_atendida: 'Não atendida',
  caixa_postal: 'Caixa postal',
  numero_invalido: 'Número inválido',
};

export const NEGOCIACAO_STATUS_LABELS: Record<NegociacaoStatus, string> = {
  ativa: 'ativo',
  cumprida: 'cumprido',
  quebrada: 'quebrado',
  cancelada: 'cancelado',
};

export const PROMESSA_STATUS_LABELS: Record<PromessaStatus, string> = {
  pendente: 'pendente',
  cumprida: 'cumprida',
  quebrada: 'quebrada',
};
