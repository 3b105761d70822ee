import type { ClienteStatus } from '@cobranca/contracts';
import { useQuery } from '@tanstack/react-query';
import { matchPath, useLocation } from 'react-router';
import { clienteQueryOptions } from '../../features/operador/api/cliente.ts';
import { ROUTES, type RouteName } from '../../lib/routes.ts';

/** The operator's list each status is in (docs/produto.md §5): Ativos also holds the paused ones. */
const LISTA_DO_STATUS: Record<ClienteStatus, RouteName> = {
  ativo: 'OperadorClientes',
  pausado: 'OperadorClientes',
  aguardando_atendimento: 'OperadorAguardandoAtendimento',
  em_atendimento: 'OperadorEmAtendimento',
  concluido: 'OperadorConcluidos',
};

/**
 * The path the menu highlights: the page's own, except for a customer's workspace
 * (/operador/clientes/:id, opened from any list, the dashboard or a receivable), which belongs to the
 * list of the customer's status — none until the workspace has read the customer.
 */
export const useCaminhoAtivo = (): string => {
  const { pathname } = useLocation();
  const id = Number(matchPath(ROUTES.OperadorCliente, pathname)?.params.id);
  const clienteId = Number.isInteger(id) && id > 0 ? id : null;
  // Only the workspace's own read, from the cache: the menu never asks the API for it. Disabled, not
  // `skipToken`: an observer's queryFn becomes the query's, and skipToken stopped the workspace's
  // refetches (a reply left the customer "Ativo" on screen).
  const { data: status } = useQuery({
    ...clienteQueryOptions(clienteId ?? 0),
    enabled: false,
    select: (cliente) => cliente.status,
  });
  if (clienteId === null) return pathname;
  return status ? ROUTES[LISTA_DO_STATUS[status]] : '';
};
