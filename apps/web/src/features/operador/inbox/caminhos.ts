import { ROUTES } from '../../../lib/routes.ts';

/** The two queues that open as an inbox (docs/produto.md §5). */
export type FilaInbox = 'aguardando-atendimento' | 'em-atendimento';

const BASE: Record<FilaInbox, { lista: string; cliente: string }> = {
  'aguardando-atendimento': {
    lista: ROUTES.OperadorAguardandoAtendimento,
    cliente: ROUTES.OperadorAguardandoCliente,
  },
  'em-atendimento': { lista: ROUTES.OperadorEmAtendimento, cliente: ROUTES.OperadorEmAtendimentoCliente },
};

/** `/operador/aguardando-atendimento/42?busca=…`: the list's own query string travels along. */
export const caminhoNaFila =
  (fila: FilaInbox) =>
  (id: number, search = ''): string =>
    `${BASE[fila].cliente.replace(':id', String(id))}${search}`;

/** Back to the queue's full list, with its filters and page. */
export const caminhoDaLista = (fila: FilaInbox, search = ''): string => `${BASE[fila].lista}${search}`;
