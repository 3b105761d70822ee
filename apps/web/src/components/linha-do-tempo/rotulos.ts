import {
  type ChamadaResultado,
  type DebitoAutomaticoStatus,
  type DebitoEvento,
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

/** A step of an agreement's automatic debit (PIX Automático), as the timeline titles it. */
export const DEBITO_EVENTO_LABELS: Record<DebitoEvento, string> = {
  aguardando_aprovacao: 'Débito automático aguardando a aprovação do cliente',
  aprovado: 'Débito automático aprovado pelo cliente',
  recusado: 'Débito automático recusado pelo cliente',
  expirado: 'Débito automático expirou sem aprovação',
  cancelado_pelo_cliente: 'Débito automático cancelado pelo cliente',
  cancelado: 'Débito automático cancelado',
  cobranca_criada: 'Débito automático agendado',
  tentativa_paga: 'Parcela debitada automaticamente',
  tentativa_recusada: 'Débito automático recusado pelo banco',
  retentativa: 'Nova tentativa de débito automático',
  pix_avulso: 'Débito automático desistiu da parcela: PIX comum',
};

/** "Débito automático: ativo / aguardando aprovação / recusado / cancelado pelo cliente". */
export const DEBITO_STATUS_LABELS: Record<DebitoAutomaticoStatus, string> = {
  aguardando_aprovacao: 'aguardando aprovação',
  ativo: 'ativo',
  recusado: 'recusado',
  expirado: 'expirado',
  cancelado_pelo_cliente: 'cancelado pelo cliente',
  cancelado: 'cancelado',
};
