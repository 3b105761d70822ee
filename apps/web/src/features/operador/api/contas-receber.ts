import type {
  BoletoContaBody,
  ContaListada,
  ContaReceber,
  ContaStatus,
  ContasOrdem,
  contasClienteResponse,
  contasResumoResponse,
  Paged,
} from '@cobranca/contracts';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api-client.ts';
import { clienteKeys } from './cliente.ts';

export type ContasResumo = z.infer<typeof contasResumoResponse>;
export type ContasCliente = z.infer<typeof contasClienteResponse>;

export type ContasFiltro = {
  page: number;
  status?: ContaStatus;
  vencidas?: boolean;
  /** `YYYY-MM-DD`. */
  vencimento_de?: string;
  vencimento_ate?: string;
  busca?: string;
  cliente_id?: number;
  /** None: by vencimento. */
  ordem?: ContasOrdem;
  sentido?: 'asc' | 'desc';
};

export const contasReceberKeys = {
  all: ['operador', 'contas-receber'] as const,
  resumo: ['operador', 'contas-receber', 'resumo'] as const,
  lista: (filtro: ContasFiltro) => ['operador', 'contas-receber', 'lista', filtro] as const,
  cliente: (clienteId: number) => ['operador', 'contas-receber', 'cliente', clienteId] as const,
};

// ── GET /api/operador/contas-receber/resumo ─────────────────────────────────────
export const buscarContasResumo = (signal?: AbortSignal) =>
  api.get<ContasResumo>('/operador/contas-receber/resumo', { signal });

export const contasResumoQueryOptions = () =>
  queryOptions({ queryKey: contasReceberKeys.resumo, queryFn: ({ signal }) => buscarContasResumo(signal) });

export const useContasResumo = () => useQuery(contasResumoQueryOptions());

// ── GET /api/operador/contas-receber/listar?… (docs/produto.md §7: empty filters omitted) ──
export const buscarContas = ({ vencidas, ...filtro }: ContasFiltro, signal?: AbortSignal) =>
  api.get<Paged<ContaListada>>('/operador/contas-receber/listar', {
    // The API client leaves out undefined and '' values.
    query: { ...filtro, vencidas: vencidas ? 1 : undefined },
    signal,
  });

export const contasQueryOptions = (filtro: ContasFiltro) =>
  queryOptions({
    queryKey: contasReceberKeys.lista(filtro),
    queryFn: ({ signal }) => buscarContas(filtro, signal),
    placeholderData: keepPreviousData,
  });

export const useContas = (filtro: ContasFiltro) => useQuery(contasQueryOptions(filtro));

// ── GET /api/operador/contas-receber/cliente/{id} ───────────────────────────────
export const buscarContasCliente = (clienteId: number, signal?: AbortSignal) =>
  api.get<ContasCliente>(`/operador/contas-receber/cliente/${clienteId}`, { signal });

export const contasClienteQueryOptions = (clienteId: number) =>
  queryOptions({
    queryKey: contasReceberKeys.cliente(clienteId),
    queryFn: ({ signal }) => buscarContasCliente(clienteId, signal),
  });

export const useContasCliente = (clienteId: number | undefined) =>
  useQuery({ ...contasClienteQueryOptions(clienteId ?? 0), enabled: clienteId !== undefined });

// ── PUT /api/operador/contas-receber/{id}/boleto ────────────────────────────────
export type SalvarBoletoInput = BoletoContaBody & { contaId: number };

/** A receivable's boleto (docs/conciliacao.md §1): the workspace and the lists reload with it. */
export const useSalvarBoleto = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ contaId, ...body }: SalvarBoletoInput) =>
      api.put<ContaReceber>(`/operador/contas-receber/${contaId}/boleto`, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: clienteKeys.area }),
  });
};
