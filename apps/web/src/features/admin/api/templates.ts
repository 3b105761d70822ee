import type { TemplateBody, TemplatesResponse, TemplateTipo, TemplateView } from '@cobranca/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export const templatesQueryKey = ['admin', 'templates'] as const;

/** Every template (with its 7-day statistics) and the channel status, in one call. */
export const buscarTemplates = (signal?: AbortSignal) =>
  api.get<TemplatesResponse>('/admin/configuracoes/mensagens/templates', { signal });

export const templatesQueryOptions = () =>
  queryOptions({ queryKey: templatesQueryKey, queryFn: ({ signal }) => buscarTemplates(signal) });

export const useTemplates = () => useQuery(templatesQueryOptions());

export type SaveTemplateInput = { tipo: TemplateTipo; body: TemplateBody };

export const salvarTemplate = ({ tipo, body }: SaveTemplateInput) =>
  api.put<TemplateView>(`/admin/configuracoes/mensagens/${tipo}`, body);

/** Saves one template; the saved view (with the server's `avisos`) replaces it in the cached list. */
export const useSaveTemplate = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: salvarTemplate,
    onSuccess: (saved, { tipo }) => {
      queryClient.setQueryData<TemplatesResponse>(templatesQueryKey, (current) =>
        current ? { ...current, mensagens: { ...current.mensagens, [tipo]: saved } } : current,
      );
      return queryClient.invalidateQueries({ queryKey: templatesQueryKey });
    },
  });
};
