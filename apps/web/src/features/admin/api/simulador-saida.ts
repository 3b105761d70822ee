import type { SaidaSimulada } from '@cobranca/contracts';
import {
  infiniteQueryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

const BASE = '/admin/simulador/saida';
export type CanalSimulado = SaidaSimulada['canal'];
export type SaidaDetalhe = SaidaSimulada & { html: string | null };
type Pagina = { itens: SaidaSimulada[]; proximo: number | null };

export const LIMITE_SAIDA = 50;
export const saidaKeys = {
  todas: ['admin', 'simulador', 'saida'] as const,
  lista: (canal: CanalSimulado) => ['admin', 'simulador', 'saida', 'lista', canal] as const,
  detalhe: (id: number) => ['admin', 'simulador', 'saida', 'detalhe', id] as const,
};

/** Newest first; each page continues before the last id of the previous one (`proximo`). */
export const saidaQueryOptions = (canal: CanalSimulado) =>
  infiniteQueryOptions({
    queryKey: saidaKeys.lista(canal),
    queryFn: ({ pageParam, signal }) =>
      api.get<Pagina>(BASE, { query: { canal, antes_de: pageParam, limite: LIMITE_SAIDA }, signal }),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (pagina) => pagina.proximo ?? undefined,
  });

export const useSaidaSimulada = (canal: CanalSimulado) => useInfiniteQuery(saidaQueryOptions(canal));

export const useSaidaDetalhe = (id: number) =>
  useQuery({
    queryKey: saidaKeys.detalhe(id),
    queryFn: ({ signal }) => api.get<SaidaDetalhe>(`${BASE}/${id}`, { signal }),
  });

export type AcaoSimulada =
  | { tipo: 'resposta'; texto: string }
  | { tipo: 'devolucao'; permanente: boolean }
  | { tipo: 'reclamacao' };

const corpo = (acao: AcaoSimulada) => {
  if (acao.tipo === 'resposta') return { texto: acao.texto };
  if (acao.tipo === 'devolucao') return { permanente: acao.permanente };
  return undefined;
};

/** A reply, bounce or complaint as if the customer's side had sent it (204); the statuses then change. */
export const useSimularNaSaida = (id: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (acao: AcaoSimulada) => api.post<void>(`${BASE}/${id}/${acao.tipo}`, corpo(acao)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: saidaKeys.todas }),
  });
};
