import { describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.ts';
import type { AoOuvir } from '../../db/ouvinte-postgres.ts';
import { avisarSessoesAlteradas } from '../../lib/sessoes-alteradas.ts';
import { CANAL_SESSOES, CacheSessoes, lerAvisoSessoes } from './cache-sessoes.ts';
import type { Session } from './sessions.repository.ts';

const HORA = 3_600_000;

const sessao = (tokenId: number, usuarioId: number, expiresAt = new Date(Date.now() + HORA)): Session => ({
  tokenId,
  lastUsedAt: null,
  expiresAt,
  user: {
    id: usuarioId,
    name: `U${usuarioId}`,
    email: `u${usuarioId}@x.br`,
    role: 'operador',
    status: 'Ativo',
  },
});

/** A database whose only part used is `ouvir`: the test plays the listener's notifications. */
const bancoFalso = () => {
  let ouvinte: AoOuvir | null = null;
  let parado = false;
  const database = {
    ouvir: async (canal: string, aoOuvir: AoOuvir) => {
      expect(canal).toBe(CANAL_SESSOES);
      ouvinte = aoOuvir;
      return async () => {
        parado = true;
      };
    },
  } as unknown as Database;
  return {
    database,
    avisar: (aviso: Parameters<AoOuvir>[0]) => ouvinte?.(aviso),
    parado: () => parado,
  };
};

const cacheOuvindo = async (opcoes: { ttlMs?: number; maximo?: number } = {}) => {
  let agora = Date.now();
  const cache = new CacheSessoes({ ttlMs: 5_000, maximo: 100, agora: () => agora, ...opcoes });
  const banco = bancoFalso();
  const parar = await cache.ouvir(banco.database);
  return { cache, banco, parar, agora: () => agora, avancar: (ms: number) => (agora += ms) };
};

describe('lerAvisoSessoes', () => {
  it('reads the triggers’ payload', () => {
    expect(lerAvisoSessoes('{"tokens":[1,2],"usuarios":[]}')).toEqual({ tokens: [1, 2], usuarios: [] });
    expect(lerAvisoSessoes('{"tokens":[],"usuarios":[7]}')).toEqual({ tokens: [], usuarios: [7] });
  });

  it.each([
    ['todos', '{"todos":true}'],
    ['not JSON', 'lixo'],
    ['a missing list', '{"tokens":[1]}'],
    ['non-integer ids', '{"tokens":["1"],"usuarios":[]}'],
    ['fractions', '{"tokens":[1.5],"usuarios":[]}'],
    ['null', 'null'],
  ])('reads %s as "forget everything"', (_caso, payload) => {
    expect(lerAvisoSessoes(payload)).toEqual({ todos: true });
  });
});

describe('CacheSessoes', () => {
  it('keeps nothing until it listens, and nothing after it stops', async () => {
    const cache = new CacheSessoes();
    cache.guardar('a', sessao(1, 1), cache.marcar());
    expect(cache.buscar('a')).toBeUndefined();

    const banco = bancoFalso();
    const parar = await cache.ouvir(banco.database);
    cache.guardar('a', sessao(1, 1), cache.marcar());
    expect(cache.buscar('a')?.tokenId).toBe(1);
    await parar();
    expect(banco.parado()).toBe(true);
    expect(cache.buscar('a')).toBeUndefined();
    cache.guardar('a', sessao(1, 1), cache.marcar());
    expect(cache.buscar('a')).toBeUndefined();
  });

  it('serves a session for its TTL only', async () => {
    const { cache, avancar } = await cacheOuvindo({ ttlMs: 5_000 });
    cache.guardar('a', sessao(1, 1), cache.marcar());
    avancar(4_999);
    expect(cache.buscar('a')).toBeDefined();
    avancar(1);
    expect(cache.buscar('a')).toBeUndefined();
    expect(cache.tamanho).toBe(0);
  });

  it('never serves a session past its token’s expiry, even within the TTL', async () => {
    const { cache, agora, avancar } = await cacheOuvindo({ ttlMs: 5_000 });
    cache.guardar('a', sessao(1, 1, new Date(agora() + 1_000)), cache.marcar());
    avancar(999);
    expect(cache.buscar('a')).toBeDefined();
    avancar(1);
    expect(cache.buscar('a')).toBeUndefined();
  });

  it('holds at most `maximo` sessions, dropping the least recently used', async () => {
    const { cache } = await cacheOuvindo({ maximo: 3 });
    for (const [hash, id] of [
      ['a', 1],
      ['b', 2],
      ['c', 3],
    ] as const)
      cache.guardar(hash, sessao(id, id), 0);
    expect(cache.buscar('a')).toBeDefined();
    cache.guardar('d', sessao(4, 4), 0);
    expect(cache.tamanho).toBe(3);
    expect(cache.buscar('b')).toBeUndefined();
    expect(['a', 'c', 'd'].map((h) => cache.buscar(h)?.tokenId)).toEqual([1, 3, 4]);
  });

  it('forgets exactly the notified tokens and users', async () => {
    const { cache, banco } = await cacheOuvindo();
    cache.guardar('a', sessao(1, 10), 0);
    cache.guardar('b', sessao(2, 10), 0);
    cache.guardar('c', sessao(3, 20), 0);
    cache.guardar('d', sessao(4, 30), 0);
    banco.avisar({ payload: '{"tokens":[4],"usuarios":[10]}' });
    expect(['a', 'b', 'c', 'd'].map((h) => cache.buscar(h)?.tokenId)).toEqual([
      undefined,
      undefined,
      3,
      undefined,
    ]);
  });

  it('forgets everything on "todos", on a malformed payload and when notifications were lost', async () => {
    for (const aviso of [{ payload: '{"todos":true}' }, { payload: '{' }, { perdidos: true as const }]) {
      const { cache, banco } = await cacheOuvindo();
      cache.guardar('a', sessao(1, 1), 0);
      cache.guardar('b', sessao(2, 2), 0);
      banco.avisar(aviso);
      expect(cache.tamanho).toBe(0);
    }
  });

  it('hears this process’s own writes without waiting for the database', async () => {
    const { cache, parar } = await cacheOuvindo();
    cache.guardar('a', sessao(1, 10), 0);
    cache.guardar('b', sessao(2, 20), 0);
    avisarSessoesAlteradas({ tokens: [], usuarios: [10] });
    expect(cache.buscar('a')).toBeUndefined();
    expect(cache.buscar('b')).toBeDefined();
    await parar();
  });

  it('does not keep a read that an eviction overtook (it may predate the change)', async () => {
    const { cache, banco } = await cacheOuvindo();
    const marca = cache.marcar();
    // The database read is in flight when the revocation is heard…
    banco.avisar({ payload: '{"tokens":[1],"usuarios":[]}' });
    // …so what it brings back may be the row as it was before.
    cache.guardar('a', sessao(1, 1), marca);
    expect(cache.buscar('a')).toBeUndefined();
    cache.guardar('a', sessao(1, 1), cache.marcar());
    expect(cache.buscar('a')).toBeDefined();
  });

  it('records a use on the cached session', async () => {
    const { cache } = await cacheOuvindo();
    cache.guardar('a', sessao(1, 1), 0);
    const quando = new Date();
    cache.usado('a', quando);
    cache.usado('inexistente', quando);
    expect(cache.buscar('a')?.lastUsedAt).toBe(quando);
    expect(cache.tamanho).toBe(1);
  });
});
