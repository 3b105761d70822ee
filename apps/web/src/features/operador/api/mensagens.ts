import type { Canal, MensagemView, SimularRespostaResponse } from '@cobranca/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, temCodigo } from '../../../lib/api-client.ts';
import { useSession } from '../../../lib/session.ts';
import { intervaloSemAoVivo } from './ao-vivo-estado.ts';
import { canalKeys } from './canal.ts';
import { clienteKeys } from './cliente.ts';

export const MENSAGENS_REFRESH_MS = 5_000;

export const mensagensKeys = {
  thread: (clienteId: number) => ['operador', 'mensagens', clienteId] as const,
};

type ListaMensagens = MensagemView[] | { data: MensagemView[] };
type EnviadaResposta = MensagemView | { mensagem: MensagemView };

// ── GET /api/operador/clientes/{id}/mensagens (oldest first) ────────────────────
export const buscarMensagens = async (clienteId: number, signal?: AbortSignal): Promise<MensagemView[]> => {
  const body = await api.get<ListaMensagens>(`/operador/clientes/${clienteId}/mensagens`, { signal });
  return Array.isArray(body) ? body : body.data;
};

export const mensagensQueryOptions = (clienteId: number) =>
  queryOptions({
    queryKey: mensagensKeys.thread(clienteId),
    queryFn: ({ signal }) => buscarMensagens(clienteId, signal),
    // The thread is live while open: replies and delivery ticks arrive by polling.
    refetchInterval: intervaloSemAoVivo(MENSAGENS_REFRESH_MS),
    staleTime: 0,
  });

export const useMensagens = (clienteId: number) => useQuery(mensagensQueryOptions(clienteId));

// ── POST /api/operador/clientes/{id}/mensagens {conteudo, canal?} ───────────────
/** Without `canal` the server picks it: the customer's last reply's channel, else the first available. */
export type NovaMensagem = { conteudo: string; canal?: Canal };

export const enviarMensagem = async (clienteId: number, nova: NovaMensagem): Promise<MensagemView> => {
  const body = await api.post<EnviadaResposta>(`/operador/clientes/${clienteId}/mensagens`, nova);
  return 'mensagem' in body ? body.mensagem : body;
};

// Optimistic messages get negative ids, which the server never uses.
let proximoIdLocal = -1;

/** Sends a message, showing it at once as pending and swapping in the server's version when it answers. */
export const useEnviarMensagem = (clienteId: number) => {
  const queryClient = useQueryClient();
  const key = mensagensKeys.thread(clienteId);
  return useMutation({
    mutationFn: (nova: NovaMensagem) => enviarMensagem(clienteId, nova),
    onMutate: async ({ conteudo, canal }) => {
      // A poll landing now would drop the pending message from the cache.
      await queryClient.cancelQueries({ queryKey: key });
      const user = useSession.getState().user;
      const pendente: MensagemView = {
        id: proximoIdLocal--,
        direcao: 'saida',
        origem: 'operador',
        status: 'pendente',
        canal: canal ?? 'whatsapp',
        assunto: null,
        conteudo,
        autor: user ? { id: user.id, name: user.name } : null,
        created_at: new Date().toISOString(),
        enviada_em: null,
        entregue_em: null,
        lida_em: null,
        erro: null,
        proxima_tentativa_em: null,
      };
      queryClient.setQueryData<MensagemView[]>(key, (atual = []) => [...atual, pendente]);
      return { pendenteId: pendente.id };
    },
    onSuccess: (mensagem, _conteudo, contexto) =>
      queryClient.setQueryData<MensagemView[]>(key, (atual = []) =>
        atual.some((m) => m.id === mensagem.id)
          ? atual.filter((m) => m.id !== contexto?.pendenteId)
          : atual.map((m) => (m.id === contexto?.pendenteId ? mensagem : m)),
      ),
    onError: (_error, _conteudo, contexto) =>
      queryClient.setQueryData<MensagemView[]>(key, (atual = []) =>
        atual.filter((m) => m.id !== contexto?.pendenteId),
      ),
    // Sending moves the customer between lists (attempt count, last message): refresh the area.
    onSettled: () => void queryClient.invalidateQueries({ queryKey: ['operador'] }),
  });
};

// ── POST /api/operador/clientes/{id}/simular-resposta {texto} (simulator channel only) ──
export const simularResposta = (clienteId: number, texto: string) =>
  api.post<SimularRespostaResponse>(`/operador/clientes/${clienteId}/simular-resposta`, { texto });

/**
 * Stores a reply as if the customer had sent it. The reply can move the customer between lists
 * (ativo → aguardando atendimento) and change the badges, so the whole operator area reloads.
 */
export const useSimularResposta = (clienteId: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (texto: string) => simularResposta(clienteId, texto),
    onSuccess: ({ mensagem }) => {
      // Shown at once; the reload below then brings the thread as the server has it.
      queryClient.setQueryData<MensagemView[]>(mensagensKeys.thread(clienteId), (atual) =>
        atual && !atual.some((m) => m.id === mensagem.id) ? [...atual, mensagem] : atual,
      );
      void queryClient.invalidateQueries({ queryKey: clienteKeys.area });
    },
    onError: (error) => {
      // The admin left the simulator meanwhile; a fresh channel answer hides the button.
      if (temCodigo(error, 'SIMULADOR_INATIVO'))
        void queryClient.invalidateQueries({ queryKey: canalKeys.operador });
    },
  });
};
