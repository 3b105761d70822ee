import type { ClienteLista, ClientesOrdem, FiltroResposta, Paged, Sentido } from '@cobranca/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** The four operator lists (docs/produto.md §5), by their path under /api/operador/clientes/. */
export type ClientesLista = 'ativos' | 'aguardando-atendimento' | 'em-atendimento' | 'concluidos';

export type ClientesListaFiltro = {
  page: number;
  busca?: string;
  /** Ativos only: customers with numero_chamadas ≥ 3. */
  comFalhas?: boolean;
  /** None: the list's own order. */
  ordem?: ClientesOrdem;
  sentido?: Sentido;
  /** Ranges as the URL keeps them: whole days, reais like "1234.5". */
  atrasoMin?: string;
  atrasoMax?: string;
  valorMin?: string;
  valorMax?: string;
  resposta?: FiltroResposta;
  /** One tag, matched ignoring case (decision 022). */
  etiqueta?: string;
};

export const operadorClientesKeys = {
  all: ['operador', 'clientes'] as const,
  lista: (lista: ClientesLista, filtro: ClientesListaFiltro) =>
    ['operador', 'clientes', 'lista', lista, filtro] as const,
};

/** docs/produto.md §5: the awaiting and active lists may answer a bare array instead of a page; both are read. */
export const asPaged = <T>(body: Paged<T> | T[]): Paged<T> =>
  Array.isArray(body)
    ? { data: body, current_page: 1, last_page: 1, per_page: body.length, total: body.length }
    : body;

/** The list's query string; the list and its "Exportar" send the same one (docs/decisions/020). */
export const queryDaLista = (filtro: ClientesListaFiltro) => ({
  page: filtro.page,
  busca: filtro.busca,
  com_falhas: filtro.comFalhas ? 1 : undefined,
  ordem: filtro.ordem,
  sentido: filtro.ordem ? filtro.sentido : undefined,
  atraso_min: filtro.atrasoMin || undefined,
  atraso_max: filtro.atrasoMax || undefined,
  valor_min: filtro.valorMin || undefined,
  valor_max: filtro.valorMax || undefined,
  resposta: filtro.resposta,
  etiqueta: filtro.etiqueta || undefined,
});

// ── GET /api/operador/clientes/{lista}?page=&busca=&com_falhas=1&ordem=&sentido=&atraso_min=…&etiqueta= ──
export const buscarClientesLista = async (
  lista: ClientesLista,
  filtro: ClientesListaFiltro,
  signal?: AbortSignal,
): Promise<Paged<ClienteLista>> =>
  asPaged(
    await api.get<Paged<ClienteLista> | ClienteLista[]>(`/operador/clientes/${lista}`, {
      query: queryDaLista(filtro),
      signal,
    }),
  );

export const clientesListaQueryOptions = (lista: ClientesLista, filtro: ClientesListaFiltro) =>
  queryOptions({
    queryKey: operadorClientesKeys.lista(lista, filtro),
    queryFn: ({ signal }) => buscarClientesLista(lista, filtro, signal),
    // Keeps the rows on screen while the next page or search loads.
    placeholderData: keepPreviousData,
  });

export const useClientesLista = (lista: ClientesLista, filtro: ClientesListaFiltro) =>
  useQuery(clientesListaQueryOptions(lista, filtro));
