import type { ImportacaoDetalhe, ImportacaoRelatorio, ImportacaoResumo, Paged } from '@cobranca/contracts';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '../../../lib/api-client.ts';
import { baixarArquivo } from '../../../lib/download.ts';
import { enviarArquivos, type UploadOptions } from '../../../lib/upload.ts';
import { clienteKeys } from './cliente.ts';

export const importacoesKeys = {
  all: ['operador', 'importacoes'] as const,
  lista: (page: number) => ['operador', 'importacoes', 'lista', page] as const,
  detalhe: (id: number) => ['operador', 'importacoes', 'detalhe', id] as const,
};

export const TEMPLATE_CSV_NOME = 'template_clientes.csv';

// ── GET /api/operador/clientes/template-csv (text/csv) ──────────────────────────
export const baixarModeloCsv = () => baixarArquivo('/operador/clientes/template-csv', TEMPLATE_CSV_NOME);

// ── POST /api/operador/clientes/importar-csv (multipart `csv_file`) ─────────────
export const importarClientesCsv = (arquivo: File, options?: UploadOptions) =>
  enviarArquivos<ImportacaoRelatorio>('/operador/clientes/importar-csv', 'csv_file', [arquivo], options);

// ── POST /api/operador/contas-receber/importar-xml (multipart `arquivo_xml`, repeated) ──
export const importarContasXml = (arquivos: readonly File[], options?: UploadOptions) =>
  enviarArquivos<ImportacaoRelatorio>(
    '/operador/contas-receber/importar-xml',
    'arquivo_xml',
    arquivos,
    options,
  );

// ── GET /api/operador/importacoes?page= (20 a page, newest first) ───────────────
export const buscarImportacoes = (page: number, signal?: AbortSignal) =>
  api.get<Paged<ImportacaoResumo>>('/operador/importacoes', { query: { page }, signal });

export const importacoesQueryOptions = (page: number) =>
  queryOptions({
    queryKey: importacoesKeys.lista(page),
    queryFn: ({ signal }) => buscarImportacoes(page, signal),
    placeholderData: keepPreviousData,
  });

export const useImportacoes = (page: number) => useQuery(importacoesQueryOptions(page));

// ── GET /api/operador/importacoes/{id} ──────────────────────────────────────────
export const buscarImportacao = (id: number, signal?: AbortSignal) =>
  api.get<ImportacaoDetalhe>(`/operador/importacoes/${id}`, { signal });

export const importacaoQueryOptions = (id: number) =>
  queryOptions({
    queryKey: importacoesKeys.detalhe(id),
    queryFn: ({ signal }) => buscarImportacao(id, signal),
  });

export const useImportacao = (id: number | undefined) =>
  useQuery({ ...importacaoQueryOptions(id ?? 0), enabled: id !== undefined });

/**
 * An import with its upload progress (`null` when idle). A finished import changes customers,
 * receivables, badges, dashboard and history: the whole operator area reloads.
 */
export const useImportar = <TVars>(
  importar: (vars: TVars, options: UploadOptions) => Promise<ImportacaoRelatorio>,
) => {
  const queryClient = useQueryClient();
  const [progresso, setProgresso] = useState<number | null>(null);
  const mutation = useMutation({
    mutationFn: (vars: TVars) => {
      setProgresso(0);
      return importar(vars, { onProgress: setProgresso });
    },
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: clienteKeys.area }),
    onSettled: () => setProgresso(null),
  });
  return { ...mutation, progresso };
};
