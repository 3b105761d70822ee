import type { BaseLegal, ClienteDetalhe, OrigemContato } from '@cobranca/contracts';

// The timeline's labels live with it in components/ (the admin's customer detail shows it too).
export {
  FORMA_LABELS,
  NEGOCIACAO_STATUS_LABELS,
  PROMESSA_STATUS_LABELS,
  RESULTADO_LABELS,
} from '../../../components/linha-do-tempo/rotulos.ts';

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
