import type { ResultadoArquivoBancario } from '@cobranca/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '../../../lib/api-client.ts';
import { enviarArquivos } from '../../../lib/upload.ts';
import { clienteKeys } from './cliente.ts';

// The bank's files imported by an operator, when the admin allows it (docs/conciliacao.md §2).

// ── GET /api/operador/conciliacao ───────────────────────────────────────────────
export const usePermissaoConciliacao = () =>
  useQuery({
    queryKey: ['operador', 'conciliacao', 'permissao'],
    queryFn: ({ signal }) => api.get<{ permitido: boolean }>('/operador/conciliacao', { signal }),
  });

// ── POST /api/operador/conciliacao/arquivos (multipart `arquivo`) ───────────────
/** A bank file with its upload progress; what it settled reloads the whole operator area. */
export const useImportarArquivoBancarioOperador = () => {
  const queryClient = useQueryClient();
  const [progresso, setProgresso] = useState<number | null>(null);
  const mutation = useMutation({
    mutationFn: (arquivo: File) => {
      setProgresso(0);
      return enviarArquivos<ResultadoArquivoBancario>(
        '/operador/conciliacao/arquivos',
        'arquivo',
        [arquivo],
        {
          onProgress: setProgresso,
        },
      );
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: clienteKeys.area }),
    onSettled: () => setProgresso(null),
  });
  return { ...mutation, progresso };
};
