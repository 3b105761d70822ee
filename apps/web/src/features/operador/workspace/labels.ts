import type {
  BaseLegal,
  ChamadaResultado,
  ClienteDetalhe,
  FormaPagamento,
  NegociacaoStatus,
  OrigemContato,
  PromessaStatus,
} from '@cobranca/contracts';

export const FORMA_LABELS: Record<FormaPagamento, string> = {
  pix: 'PIX',
  boleto: 'Boleto',
  dinheiro: 'Dinheiro',
  cartao: 'Cartão',
  transferencia: 'Transferência',
};

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

export const BASE_LEGAL_LABELS: Record<BaseLegal, string> = {
  execucao_contrato: 'Execução de contrato',
  legitimo_interesse: 'Legítimo interesse',
  consentimento: 'Consentimento',
  exercicio_direitos: 'Exercício regular de direitos',
};

export const ORIGEM_CONTATO_LABELS: Record<OrigemContato, string> = {
  importacao_csv: 'Importação CSV',
  nfe: 'NF-e',
  manual: 'Cadastro manual',
  demo: 'Demonstração',
};

/** Lifecycle actions legal in each status (docs/produto.md §3); anything else would answer 422. */
export const acoesPermitidas = ({ status, operador }: Pick<ClienteDetalhe, 'status' | 'operador'>) => {
  // The shared queue is for reading: an unassigned customer is taken over before anything else.
  const naFila = operador === null;
  return {
    assumir: status === 'aguardando_atendimento',
    chamada: !naFila,
    pausar:
      !naFila && (status === 'ativo' || status === 'aguardando_atendimento' || status === 'em_atendimento'),
    reativar: !naFila && (status === 'pausado' || status === 'em_atendimento'),
    /** A concluded customer owes nothing: no agreement, payment or promise to register. */
    cobranca: !naFila && status !== 'concluido',
  };
};
