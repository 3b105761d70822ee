import type { SessoesAlteradas } from '../../lib/sessoes-alteradas.ts';

// This process's open event streams by session (docs/decisions/035-fluxos-ao-vivo.md): a session holds
// at most `maximo` (a browser has one per tab; one user opened 3 000, issue 31), and a session that
// changed re-checks its streams at once, so a logout, a block or a revocation on any node ends them.

export type Fluxo = {
  tokenId: number;
  usuarioId: number;
  /** Ends the stream, telling the browser when to reconnect if given; called at most once by this registry. */
  fechar: (reconectarEmMs?: number) => void;
  /** Whether its session still allows it. */
  valido: () => Promise<boolean>;
};

export const MAX_FLUXOS_POR_SESSAO = 5;
/**
 * A stream a newer one replaced reconnects only after this (the browser's EventSource honours `retry`):
 * with more tabs than the cap they take turns once a minute, not every 3 s, each turn a full refetch.
 */
export const RECONECTAR_SUBSTITUIDO_MS = 60_000;

export class FluxosAbertos {
  private readonly porSessao = new Map<number, Fluxo[]>();

  constructor(private readonly maximo = MAX_FLUXOS_POR_SESSAO) {}

  /** Registers a new stream; past the cap the session's oldest one closes. */
  abrir(fluxo: Fluxo): void {
    const daSessao = this.porSessao.get(fluxo.tokenId) ?? [];
    daSessao.push(fluxo);
    this.porSessao.set(fluxo.tokenId, daSessao);
    while (daSessao.length > this.maximo) this.fechar(daSessao[0], RECONECTAR_SUBSTITUIDO_MS);
  }

  /** Closes a stream still open (its socket closed, its session ended); a second call does nothing. */
  fechar(fluxo: Fluxo | undefined, reconectarEmMs?: number): void {
    if (fluxo && this.esquecer(fluxo)) fluxo.fechar(reconectarEmMs);
  }

  private esquecer(fluxo: Fluxo): boolean {
    const daSessao = this.porSessao.get(fluxo.tokenId);
    const posicao = daSessao?.indexOf(fluxo) ?? -1;
    if (!daSessao || posicao < 0) return false;
    daSessao.splice(posicao, 1);
    if (daSessao.length === 0) this.porSessao.delete(fluxo.tokenId);
    return true;
  }

  /** Closes every stream (the server is stopping). */
  fecharTodos(): void {
    for (const fluxo of this.todos()) this.fechar(fluxo);
  }

  /** The streams of the sessions that changed ask again whether they may go on; those refused close. */
  async revalidar(alteradas: SessoesAlteradas): Promise<void> {
    const tokens = 'todos' in alteradas ? null : new Set(alteradas.tokens);
    const usuarios = 'todos' in alteradas ? null : new Set(alteradas.usuarios);
    const afetados = this.todos().filter(
      (f) => !tokens || tokens.has(f.tokenId) || usuarios?.has(f.usuarioId),
    );
    await Promise.all(
      afetados.map(async (fluxo) => {
        if (!(await fluxo.valido())) this.fechar(fluxo);
      }),
    );
  }

  private todos(): Fluxo[] {
    return [...this.porSessao.values()].flat();
  }
}
