import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '../../db/client.ts';
import type { AoOuvir } from '../../db/ouvinte-postgres.ts';
import { ouvirSessoesAlteradas, type SessoesAlteradas } from '../../lib/sessoes-alteradas.ts';
import { ouvirEnquantoAberto } from '../../plugins/ouvir-enquanto-aberto.ts';
import type { Session } from './sessions.repository.ts';

/** The channel the triggers of db/gatilhos/cache-sessoes.sql notify (docs/decisions/024-cache-de-sessoes.md). */
export const CANAL_SESSOES = 'cobranca_sessoes';

export type OpcoesCacheSessoes = { ttlMs: number; maximo: number; agora: () => number };
export const OPCOES_CACHE_SESSOES: OpcoesCacheSessoes = { ttlMs: 5_000, maximo: 10_000, agora: Date.now };

const ehIds = (valor: unknown): valor is number[] => Array.isArray(valor) && valor.every(Number.isInteger);

/** The triggers' payload; anything else (never expected) is read as "forget everything". */
export const lerAvisoSessoes = (payload: string): SessoesAlteradas => {
  try {
    const valor: unknown = JSON.parse(payload);
    if (valor && typeof valor === 'object' && 'tokens' in valor && 'usuarios' in valor)
      if (ehIds(valor.tokens) && ehIds(valor.usuarios))
        return { tokens: valor.tokens, usuarios: valor.usuarios };
  } catch {
    // fall through
  }
  return { todos: true };
};

type Entrada = { session: Session; validaAte: number };

/**
 * Sessions by token hash, kept `ttlMs` and at most `maximo` (least recently used out first; a Map keeps
 * insertion order). Only while listening: a revocation this process cannot hear of must not be missed.
 */
export class CacheSessoes {
  private readonly entradas = new Map<string, Entrada>();
  private ouvindo = false;
  // Bumped by every eviction: a database read that one overtook is not kept (it may predate the change).
  private geracao = 0;
  private readonly ouvintes = new Set<(alteradas: SessoesAlteradas) => void>();

  constructor(private readonly opcoes: OpcoesCacheSessoes = OPCOES_CACHE_SESSOES) {}

  get tamanho() {
    return this.entradas.size;
  }

  get ativo() {
    return this.ouvindo;
  }

  /** The cached session, unless past its TTL or its token's expiry. */
  buscar(hash: string): Session | undefined {
    const entrada = this.entradas.get(hash);
    if (!entrada) return undefined;
    const agora = this.opcoes.agora();
    if (agora >= entrada.validaAte || agora >= entrada.session.expiresAt.getTime()) {
      this.entradas.delete(hash);
      return undefined;
    }
    this.entradas.delete(hash);
    this.entradas.set(hash, entrada);
    return entrada.session;
  }

  /** Taken before reading the database; `guardar` drops the read if an eviction came in between. */
  marcar(): number {
    return this.geracao;
  }

  guardar(hash: string, session: Session, marca: number): void {
    if (!this.ouvindo || marca !== this.geracao) return;
    this.entradas.delete(hash);
    this.entradas.set(hash, { session, validaAte: this.opcoes.agora() + this.opcoes.ttlMs });
    if (this.entradas.size > this.opcoes.maximo) {
      const maisAntiga = this.entradas.keys().next().value;
      if (maisAntiga !== undefined) this.entradas.delete(maisAntiga);
    }
  }

  /** The token's last use as just written, so the next hits do not write it again within the minute. */
  usado(hash: string, quando: Date): void {
    const entrada = this.entradas.get(hash);
    if (entrada) entrada.session = { ...entrada.session, lastUsedAt: quando };
  }

  /**
   * Told of every change this cache hears of (this process's writes and every node's NOTIFY), after
   * the eviction: the live streams re-check their sessions then (docs/decisions/035-fluxos-ao-vivo.md).
   * The answer stops it.
   */
  aoAlterar(ouvinte: (alteradas: SessoesAlteradas) => void): () => void {
    this.ouvintes.add(ouvinte);
    return () => this.ouvintes.delete(ouvinte);
  }

  esquecer(alteradas: SessoesAlteradas): void {
    this.geracao += 1;
    if ('todos' in alteradas) this.entradas.clear();
    else {
      const tokens = new Set(alteradas.tokens);
      const usuarios = new Set(alteradas.usuarios);
      for (const [hash, { session }] of this.entradas)
        if (tokens.has(session.tokenId) || usuarios.has(session.user.id)) this.entradas.delete(hash);
    }
    for (const ouvinte of this.ouvintes) ouvinte(alteradas);
  }

  private readonly aoOuvir: AoOuvir = (recebido) => {
    // A reconnected listener may have missed revocations: nothing kept can be trusted.
    this.esquecer('perdidos' in recebido ? { todos: true } : lerAvisoSessoes(recebido.payload));
  };

  /** LISTENs on the database (every process's writes) and on this process's own; the answer stops both. */
  async ouvir(database: Database): Promise<() => Promise<void>> {
    const pararBanco = await database.ouvir(CANAL_SESSOES, this.aoOuvir);
    const pararLocal = ouvirSessoesAlteradas((alteradas) => this.esquecer(alteradas));
    this.ouvindo = true;
    return async () => {
      this.ouvindo = false;
      this.esquecer({ todos: true });
      pararLocal();
      // Whoever opened the database may have closed it already (and the LISTEN with it).
      await pararBanco().catch(() => {});
    };
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** This process's session cache (docs/decisions/024); `authenticateBearer` reads through it. */
    cacheSessoes: CacheSessoes;
  }
}

const plugin = async (app: FastifyInstance, opts: { opcoes?: OpcoesCacheSessoes }) => {
  const cache = new CacheSessoes(opts.opcoes);
  app.decorate('cacheSessoes', cache);
  ouvirEnquantoAberto(app, 'cache de sessões', () => cache.ouvir(app.database));
};

export const cacheSessoesPlugin = fp(plugin, { name: 'cache-sessoes', dependencies: ['db'] });
