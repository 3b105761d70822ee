import type {
  ArquivoBancarioView,
  AtribuirLancamentoBody,
  DecisaoLancamentoResponse,
  DescartarLancamentoBody,
  ItemRevisaoConciliacao,
  Paged,
  ResultadoArquivoBancario,
} from '@cobranca/contracts';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '../../../lib/api-client.ts';
import { type Envio, useEnvioIdempotente } from '../../../lib/idempotency.ts';
import { enviarArquivos } from '../../../lib/upload.ts';
import { clientesKeys } from './clientes.ts';

// Bank reconciliation (docs/conciliacao.md): bank files in, their results, the review queue.

export const conciliacaoKeys = {
  all: ['admin', 'conciliacao'] as const,
  arquivos: (page: number) => ['admin', 'conciliacao', 'arquivos', page] as const,
  arquivo: (id: number) => ['admin', 'conciliacao', 'arquivo', id] as const,
  revisao: (page: number) => ['admin', 'conciliacao', 'revisao', page] as const,
};

// ── POST /api/admin/conciliacao/arquivos (multipart `arquivo`) ──────────────────
/**
 * One bank file with its upload progress (`null` when idle). An import settles receivables: the
 * customers, the files and the review queue reload.
 */
export const useImportarArquivoBancario = () => {
  const queryClient = useQueryClient();
  const [progresso, setProgresso] = useState<number | null>(null);
  const mutation = useMutation({
    mutationFn: (arquivo: File) => {
      setProgresso(0);
      return enviarArquivos<ResultadoArquivoBancario>('/admin/conciliacao/arquivos', 'arquivo', [arquivo], {
        onProgress: setProgresso,
      });
    },
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: conciliacaoKeys.all }),
        queryClient.invalidateQueries({ queryKey: clientesKeys.all }),
      ]),
    onSettled: () => setProgresso(null),
  });
  return { ...mutation, progresso };
};

// ── GET /api/admin/conciliacao/arquivos?page= ───────────────────────────────────
export const useArquivosBancarios = (page: number) =>
  useQuery(
    queryOptions({
      queryKey: conciliacaoKeys.arquivos(page),
      queryFn: ({ signal }) =>
        api.get<Paged<ArquivoBancarioView>>('/admin/conciliacao/arquivos', { query: { page }, signal }),
      placeholderData: keepPreviousData,
    }),
  );

// ── GET /api/admin/conciliacao/arquivos/{id} ────────────────────────────────────
export const useArquivoBancario = (id: number) =>
  useQuery({
    queryKey: conciliacaoKeys.arquivo(id),
    queryFn: ({ signal }) =>
      api.get<ResultadoArquivoBancario>(`/admin/conciliacao/arquivos/${id}`, { signal }),
  });

// ── GET /api/admin/conciliacao/revisao?page= ────────────────────────────────────
export const useRevisaoConciliacao = (page: number) =>
  useQuery(
    queryOptions({
      queryKey: conciliacaoKeys.revisao(page),
      queryFn: ({ signal }) =>
        api.get<Paged<ItemRevisaoConciliacao>>('/admin/conciliacao/revisao', { query: { page }, signal }),
      placeholderData: keepPreviousData,
    }),
  );

// ── POST /api/admin/conciliacao/revisao/{id}/atribuir | /descartar ─────────────
export type AtribuirLancamentoInput = AtribuirLancamentoBody & { lancamentoId: number };
export type DescartarLancamentoInput = DescartarLancamentoBody & { lancamentoId: number };

/** Records payments: a double click or a retried submission decides once (decision 012). */
const useDecisao = <T extends { lancamentoId: number }>(acao: 'atribuir' | 'descartar') => {
  const queryClient = useQueryClient();
  return useEnvioIdempotente(
    useMutation({
      mutationFn: ({ body: { lancamentoId, ...body }, idempotencyKey }: Envio<T>) =>
        api.post<DecisaoLancamentoResponse>(`/admin/conciliacao/revisao/${lancamentoId}/${acao}`, body, {
          idempotencyKey,
        }),
      onSuccess: () =>
        Promise.all([
          queryClient.invalidateQueries({ queryKey: conciliacaoKeys.all }),
          queryClient.invalidateQueries({ queryKey: clientesKeys.all }),
        ]),
    }),
  );
};

export const useAtribuirLancamento = () => useDecisao<AtribuirLancamentoInput>('atribuir');
export const useDescartarLancamento = () => useDecisao<DescartarLancamentoInput>('descartar');
