import type {
  Canal,
  ChamadaView,
  ClienteDetalhe,
  chamadaBody,
  DebitoAutomaticoDisponibilidade,
  DebitoSimulacao,
  NegociacaoBody,
  NegociacaoView,
  PagamentoBody,
  PagamentoView,
  PromessaBody,
  PromessaView,
  TermosAcordoView,
} from '@cobranca/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api-client.ts';
import { type Envio, useEnvioIdempotente } from '../../../lib/idempotency.ts';
import { intervaloSemAoVivo } from './ao-vivo-estado.ts';

export type ChamadaBody = z.input<typeof chamadaBody>;

export const clienteKeys = {
  /** Everything of the operator area: lists, badges, the workspace (one invalidation refreshes all). */
  area: ['operador'] as const,
  detalhe: (id: number) => ['operador', 'cliente', id] as const,
};

/** assumir / pausar / reativar / portal/revogar / chamada / … answer the customer as it now is. */
type ComCliente = { cliente: ClienteDetalhe };

// ── GET /api/operador/clientes/{id} ─────────────────────────────────────────────
// The detail may come bare or wrapped as `{cliente}` (as the action answers are); both are read.
export const buscarCliente = async (id: number, signal?: AbortSignal): Promise<ClienteDetalhe> => {
  const body = await api.get<ClienteDetalhe | ComCliente>(`/operador/clientes/${id}`, { signal });
  return 'cliente' in body ? body.cliente : body;
};

/**
 * The open workspace polls its customer at the thread's pace (MENSAGENS_REFRESH_MS, 5 s): a PIX paid
 * meanwhile shows at once as a notice in the conversation, with its receivables settled. One indexed
 * read per part of one customer; TanStack Query stops polling while the tab is hidden.
 */
export const CLIENTE_REFRESH_MS = 5_000;

export const clienteQueryOptions = (id: number) =>
  queryOptions({
    queryKey: clienteKeys.detalhe(id),
    queryFn: ({ signal }) => buscarCliente(id, signal),
    refetchInterval: intervaloSemAoVivo(CLIENTE_REFRESH_MS),
  });

export const useCliente = (id: number, enabled = true) => useQuery({ ...clienteQueryOptions(id), enabled });

// ── Actions ─────────────────────────────────────────────────────────────────────
export const assumirCliente = (id: number) => api.post<ComCliente>(`/operador/clientes/${id}/assumir`);
export const pausarCliente = (id: number, motivo: string) =>
  api.patch<ComCliente>(`/operador/clientes/${id}/pausar`, { motivo });
export const reativarCliente = (id: number) => api.patch<ComCliente>(`/operador/clientes/${id}/reativar`);
/** Ends the customer's portal link at once (docs/produto.md §22); the next message carries a new one. */
export const revogarLinkPortal = (id: number) =>
  api.post<ComCliente>(`/operador/clientes/${id}/portal/revogar`);
// Records (calls, agreements, payments, promises) carry the submission's Idempotency-Key.
export const registrarChamada = (id: number, body: ChamadaBody, idempotencyKey?: string) =>
  api.post<ComCliente & { chamada: ChamadaView }>(`/operador/clientes/${id}/chamadas`, body, {
    idempotencyKey,
  });
export const criarNegociacao = (id: number, body: NegociacaoBody, idempotencyKey?: string) =>
  api.post<ComCliente & { negociacao: NegociacaoView; termos: TermosAcordoView }>(
    `/operador/clientes/${id}/negociacoes`,
    body,
    { idempotencyKey },
  );
export const registrarPagamento = (id: number, body: PagamentoBody, idempotencyKey?: string) =>
  api.post<ComCliente & { pagamento: PagamentoView; pagamentos: PagamentoView[] }>(
    `/operador/clientes/${id}/pagamentos`,
    body,
    { idempotencyKey },
  );
export const registrarPromessa = (id: number, body: PromessaBody, idempotencyKey?: string) =>
  api.post<ComCliente & { promessa: PromessaView }>(`/operador/clientes/${id}/promessas`, body, {
    idempotencyKey,
  });

// ── POST /api/operador/clientes/{id}/negociacoes/{negociacaoId}/debito-automatico/cancelar ──
export const cancelarDebitoAutomatico = (id: number, negociacaoId: number, idempotencyKey?: string) =>
  api.post<ComCliente & { negociacao: NegociacaoView }>(
    `/operador/clientes/${id}/negociacoes/${negociacaoId}/debito-automatico/cancelar`,
    undefined,
    { idempotencyKey },
  );

// ── POST …/debito-automatico/simular {acao} (the simulator only) ──
export const simularDebito = (id: number, negociacaoId: number, acao: DebitoSimulacao) =>
  api.post<ComCliente>(`/operador/clientes/${id}/negociacoes/${negociacaoId}/debito-automatico/simular`, {
    acao,
  });

// ── GET /api/operador/debito-automatico ──
/** Whether agreements may offer PIX Automático now (docs/pix-automatico.md §1), and why not. */
export const useDisponibilidadeDebito = () =>
  useQuery({
    queryKey: ['operador', 'debito-automatico'] as const,
    queryFn: ({ signal }) =>
      api.get<DebitoAutomaticoDisponibilidade>('/operador/debito-automatico', { signal }),
    staleTime: 60_000,
  });

/**
 * A workspace action: the answer's customer goes straight into the cache, then the whole operator
 * area (lists, badges, this customer) reloads, so counts and lists change at once.
 */
const useClienteAction = <TVars, TResult extends ComCliente>(
  id: number,
  action: (id: number, vars: TVars) => Promise<TResult>,
) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (vars: TVars) => action(id, vars),
    onSuccess: (data) => {
      if (data?.cliente) queryClient.setQueryData(clienteKeys.detalhe(id), data.cliente);
      void queryClient.invalidateQueries({ queryKey: clienteKeys.area });
    },
  });
};

/** A workspace action that records something: each submission carries its Idempotency-Key (decision 012). */
const useRegistroAction = <TBody, TResult extends ComCliente>(
  id: number,
  action: (id: number, body: TBody, idempotencyKey: string) => Promise<TResult>,
) =>
  useEnvioIdempotente(
    useClienteAction(id, (clienteId: number, { body, idempotencyKey }: Envio<TBody>) =>
      action(clienteId, body, idempotencyKey),
    ),
  );

export const useAssumirCliente = (id: number) => {
  const queryClient = useQueryClient();
  const mutation = useClienteAction(id, (clienteId: number, _: undefined) => assumirCliente(clienteId));
  return {
    ...mutation,
    /** After a 409 (someone else took it) the page must show who has the customer now. */
    refresh: () => queryClient.invalidateQueries({ queryKey: clienteKeys.area }),
  };
};
export const usePausarCliente = (id: number) => useClienteAction(id, pausarCliente);
export const useReativarCliente = (id: number) =>
  useClienteAction(id, (clienteId: number, _: undefined) => reativarCliente(clienteId));
export const useRevogarLinkPortal = (id: number) =>
  useClienteAction(id, (clienteId: number, _: undefined) => revogarLinkPortal(clienteId));
export const useRegistrarChamada = (id: number) => useRegistroAction(id, registrarChamada);
export const useCriarNegociacao = (id: number) => useRegistroAction(id, criarNegociacao);
export const useRegistrarPagamento = (id: number) => useRegistroAction(id, registrarPagamento);
export const useRegistrarPromessa = (id: number) => useRegistroAction(id, registrarPromessa);
export const useSimularDebito = (id: number) =>
  useClienteAction(
    id,
    (clienteId: number, { negociacaoId, acao }: { negociacaoId: number; acao: DebitoSimulacao }) =>
      simularDebito(clienteId, negociacaoId, acao),
  );
export const useCancelarDebitoAutomatico = (id: number) =>
  useRegistroAction(id, (clienteId: number, negociacaoId: number, idempotencyKey: string) =>
    cancelarDebitoAutomatico(clienteId, negociacaoId, idempotencyKey),
  );

// ── PUT /api/operador/clientes/{id}/canal-preferido {canal} ──
/** null: automatic (the régua tries each step's channels in order). */
export const salvarCanalPreferido = (id: number, canal: Canal | null) =>
  api.put<ComCliente>(`/operador/clientes/${id}/canal-preferido`, { canal });

export const useCanalPreferido = (id: number) => useClienteAction(id, salvarCanalPreferido);
