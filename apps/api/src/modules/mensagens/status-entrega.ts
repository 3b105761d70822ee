import type { MensagemStatus, ProvedorMensagem } from '@cobranca/contracts';

// Delivery reports arrive late, twice, or out of order (docs/formatos-externos.md §4.6): a status only ever moves
// forward, and a failure counts only while the message had not yet reached the phone.

export type StatusCanal = 'enviada' | 'entregue' | 'lida' | 'falhou';

export type StatusEntrega = {
  provedor: ProvedorMensagem;
  canalMensagemId: string;
  status: StatusCanal;
  instante: Date;
  /** Our message id, echoed by the channel from the send (Cloud API: biz_opaque_callback_data). */
  mensagemId?: number;
  erroCodigo?: string;
  erroMensagem?: string;
};

const ORDEM = { pendente: 0, enviada: 1, entregue: 2, lida: 3 } as const;
type StatusEmCurso = keyof typeof ORDEM;

const emCurso = (status: MensagemStatus): status is StatusEmCurso => status in ORDEM;

/** Whether a report of `novo` changes a message now in `atual`; failed, cancelled and inbound ones are final. */
export const statusAvanca = (atual: MensagemStatus, novo: StatusCanal): boolean => {
  if (!emCurso(atual)) return false;
  if (novo === 'falhou') return ORDEM[atual] <= ORDEM.enviada;
  return ORDEM[novo] > ORDEM[atual];
};
