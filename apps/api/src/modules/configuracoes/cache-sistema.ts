import type { SistemaSettings } from '@cobranca/contracts';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '../../db/client.ts';
import { ouvirEnquantoAberto } from '../../plugins/ouvir-enquanto-aberto.ts';

/** The channel the triggers of db/gatilhos/cache-configuracoes.sql notify (docs/decisions/045-cache-de-configuracoes.md). */
export const CANAL_CONFIGURACOES = 'cobranca_configuracoes';

/**
 * The system settings of one database, kept while this process LISTENs for their changes. Any write to
 * `configuracoes` (by any process, at its commit) forgets them; so does a lost listener.
 */
export class CacheSistema {
  private valor: SistemaSettings | undefined;
  // Bumped by every eviction: a database read that one overtook is not kept (it may predate the change).
  private geracao = 0;
  private ouvintes = 0;

  get ativo() {
    return this.ouvintes > 0;
  }

  async buscar(ler: () => Promise<SistemaSettings>): Promise<SistemaSettings> {
    if (this.valor) return this.valor;
    const marca = this.geracao;
    const lido = await ler();
    if (this.ativo && marca === this.geracao) this.valor = lido;
    return lido;
  }

  esquecer(): void {
    this.geracao += 1;
    this.valor = undefined;
  }

  /** LISTENs on the database; the answer stops it. Several apps on one database share the cache. */
  async ouvir(database: Database): Promise<() => Promise<void>> {
    const parar = await database.ouvir(CANAL_CONFIGURACOES, () => this.esquecer());
    this.ouvintes += 1;
    return async () => {
      this.ouvintes -= 1;
      this.esquecer();
      // Whoever opened the database may have closed it already (and the LISTEN with it).
      await parar().catch(() => {});
    };
  }
}

// By the database handle the app reads with; a transaction's handle is never here, so a read inside
// one always goes to the database.
const porBanco = new Map<object, CacheSistema>();

/** The cache of this handle, if an app listens on it. */
export const cacheSistemaDe = (db: object): CacheSistema | undefined => {
  const cache = porBanco.get(db);
  return cache?.ativo ? cache : undefined;
};

/** LISTENs for the settings of the app's database; the answer stops it (the cache goes with its last listener). */
export const ouvirSistema = async (database: Database): Promise<() => Promise<void>> => {
  const cache = porBanco.get(database.db) ?? new CacheSistema();
  porBanco.set(database.db, cache);
  const soltar = () => {
    if (!cache.ativo) porBanco.delete(database.db);
  };
  try {
    const parar = await cache.ouvir(database);
    return async () => {
      await parar();
      soltar();
    };
  } catch (error) {
    soltar();
    throw error;
  }
};

/**
 * Called by this process's own writes of the settings, after their statement and again after their
 * commit: its next request must not wait for the database's NOTIFY to arrive (as with sessions,
 * docs/decisions/024-cache-de-sessoes.md).
 */
export const esquecerSistemaEmCache = (): void => {
  for (const cache of porBanco.values()) cache.esquecer();
};

const plugin = async (app: FastifyInstance) => {
  ouvirEnquantoAberto(app, 'cache de configurações', () => ouvirSistema(app.database));
};

export const cacheSistemaPlugin = fp(plugin, { name: 'cache-sistema', dependencies: ['db'] });
