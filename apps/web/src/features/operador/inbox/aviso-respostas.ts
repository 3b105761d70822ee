import type { ClienteLista, Paged } from '@cobranca/contracts';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { useSession } from '../../../lib/session.ts';
import { intervaloSemAoVivo } from '../api/ao-vivo-estado.ts';
import { buscarClientesLista } from '../api/clientes.ts';

// Opt-in desktop notification and sound for new replies (docs/produto.md §5, decision 023). Off by
// default; the choice is the browser's (localStorage), like the drawer's. When on, every new reply
// notifies, in a hidden tab or not, except the one whose conversation is open in the visible tab.

export const AVISO_STORAGE_KEY = 'cobranca:aviso-respostas';

export const useAvisoRespostas = create<{ ligado: boolean; ligar: (ligado: boolean) => void }>()(
  persist((set) => ({ ligado: false, ligar: (ligado) => set({ ligado }) }), {
    name: AVISO_STORAGE_KEY,
    storage: createJSONStorage(() => localStorage),
    partialize: ({ ligado }) => ({ ligado }),
  }),
);

// ── Sound: two short notes synthesised by the Web Audio API (no file to download) ─────────────────
type AudioContextCtor = typeof AudioContext;
let contexto: AudioContext | null = null;

const construtorDeAudio = (): AudioContextCtor | undefined =>
  window.AudioContext ?? (window as unknown as { webkitAudioContext?: AudioContextCtor }).webkitAudioContext;

/**
 * The one AudioContext, created on the click that turns the notices on: browsers only let a page
 * play sound from a context born (or resumed) in a user gesture.
 */
export const prepararSom = (): void => {
  const Ctor = construtorDeAudio();
  if (!Ctor) return;
  contexto ??= new Ctor();
  if (contexto.state === 'suspended') void contexto.resume();
};

export const tocarAviso = (): void => {
  prepararSom();
  const ctx = contexto;
  if (!ctx) return;
  const t = ctx.currentTime;
  const osc = ctx.createOscillator();
  const volume = ctx.createGain();
  osc.type = 'sine';
  osc.frequency.setValueAtTime(880, t);
  osc.frequency.setValueAtTime(660, t + 0.12);
  // A soft attack and decay: no click at either end.
  volume.gain.setValueAtTime(0.0001, t);
  volume.gain.exponentialRampToValueAtTime(0.15, t + 0.02);
  volume.gain.exponentialRampToValueAtTime(0.0001, t + 0.3);
  osc.connect(volume);
  volume.connect(ctx.destination);
  osc.start(t);
  osc.stop(t + 0.32);
};

/** Forgets the context (tests, and a sign-out that should not keep audio alive). */
export const descartarSom = (): void => {
  void contexto?.close?.();
  contexto = null;
};

// ── What counts as new ─────────────────────────────────────────────────────────────────────────────
export type Vistas = Map<number, string>;
export type NovaResposta = { id: number; nome: string; conteudo: string; em: string };

/**
 * The replies newer than the ones already seen for each customer, still unread; `vistas` is updated.
 * The first call (`vistas` empty and `semear`) only records what is there: what was on screen before
 * the notices were on is not news. A refetch bringing the same replies finds nothing: no duplicates.
 */
export const novasRespostas = (vistas: Vistas, linhas: ClienteLista[], semear: boolean): NovaResposta[] => {
  const novas: NovaResposta[] = [];
  for (const c of linhas) {
    const r = c.ultima_resposta;
    if (!r) continue;
    const vista = vistas.get(c.id);
    if (vista !== undefined && Date.parse(vista) >= Date.parse(r.created_at)) continue;
    vistas.set(c.id, r.created_at);
    if (!semear && c.nao_lidas > 0)
      novas.push({ id: c.id, nome: c.nome, conteudo: r.conteudo, em: r.created_at });
  }
  return novas;
};

const TRECHO_MAX = 120;
const trecho = (texto: string) => (texto.length > TRECHO_MAX ? `${texto.slice(0, TRECHO_MAX - 1)}…` : texto);

const notificar = (nova: NovaResposta) => {
  if (typeof Notification === 'undefined' || Notification.permission !== 'granted') return;
  // `tag`: a second reply of the same customer replaces the first notice instead of piling up.
  new Notification(`Nova resposta de ${nova.nome}`, {
    body: trecho(nova.conteudo),
    tag: `resposta-${nova.id}`,
  });
};

const POR_RESPOSTA = { ordem: 'ultima_resposta', sentido: 'desc' } as const;
export const AVISO_REFRESH_MS = 30_000;

/** Both queues' first page, newest reply first: where a new reply of the operator's customers shows. */
const buscarUltimasRespostas = async (signal: AbortSignal): Promise<ClienteLista[]> => {
  const paginas: Paged<ClienteLista>[] = await Promise.all([
    buscarClientesLista('aguardando-atendimento', { page: 1, ...POR_RESPOSTA }, signal),
    buscarClientesLista('em-atendimento', { page: 1, ...POR_RESPOSTA }, signal),
  ]);
  return paginas.flatMap((p) => p.data);
};

/** Mounted once in the shell: watches the queues while the notices are on (refetched by live events). */
export const useAvisoDeNovasRespostas = () => {
  const ehOperador = useSession((s) => s.user?.role === 'operador');
  const userId = useSession((s) => s.user?.id);
  const ligado = useAvisoRespostas((s) => s.ligado) && ehOperador;
  const { pathname } = useLocation();
  const query = useQuery({
    // Under ['operador']: each live event refetches it with the lists.
    queryKey: ['operador', 'aviso-respostas', userId],
    queryFn: ({ signal }) => buscarUltimasRespostas(signal),
    enabled: ligado,
    refetchInterval: intervaloSemAoVivo(AVISO_REFRESH_MS),
    refetchIntervalInBackground: true,
    retry: false,
  });
  const vistas = useRef<Vistas>(new Map());
  const semeado = useRef(false);
  const aberto = useRef(pathname);
  aberto.current = pathname;

  useEffect(() => {
    if (!ligado) {
      // Turned off: turning on again starts from what is there then.
      vistas.current = new Map();
      semeado.current = false;
    }
  }, [ligado]);

  useEffect(() => {
    if (!ligado || !query.data) return;
    const novas = novasRespostas(vistas.current, query.data, !semeado.current);
    semeado.current = true;
    const naTela = (id: number) =>
      document.visibilityState === 'visible' && aberto.current.endsWith(`/${id}`);
    const avisar = novas.filter((n) => !naTela(n.id));
    if (avisar.length === 0) return;
    for (const nova of avisar) notificar(nova);
    tocarAviso();
  }, [ligado, query.data]);
};
