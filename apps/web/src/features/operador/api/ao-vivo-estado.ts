import { create } from 'zustand';

/** Whether the live stream is open: while it is, screens stop polling (docs/produto.md §5 "Ao vivo"). */
export const useAoVivo = create<{ conectado: boolean }>(() => ({ conectado: false }));

// Live: a slow safety net only. Without the stream: the screen's own pace.
const REDE_DE_SEGURANCA_MS = 60_000;

/** A query's `refetchInterval`: `ms` while the live stream is down, a minute while it is up. */
export const intervaloSemAoVivo = (ms: number) => (): number =>
  useAoVivo.getState().conectado ? REDE_DE_SEGURANCA_MS : ms;
