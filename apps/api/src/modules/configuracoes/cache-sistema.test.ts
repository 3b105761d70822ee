import { type SistemaSettings, sistemaSettings } from '@cobranca/contracts';
import { describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.ts';
import type { AoOuvir } from '../../db/ouvinte-postgres.ts';
import { CacheSistema } from './cache-sistema.ts';

const comNome = (nome: string): SistemaSettings => {
  const padrao = sistemaSettings.parse({});
  return { ...padrao, empresa: { ...padrao.empresa, nome } };
};

/** A database whose only part is its LISTEN; `avisar` delivers a notification as the listener would. */
const bancoQueOuve = () => {
  let aoOuvir: AoOuvir | null = null;
  const database = {
    ouvir: async (_canal: string, ouvinte: AoOuvir) => {
      aoOuvir = ouvinte;
      return async () => {
        aoOuvir = null;
      };
    },
  } as unknown as Database;
  return { database, avisar: (aviso: Parameters<AoOuvir>[0]) => aoOuvir?.(aviso) };
};

describe('CacheSistema', () => {
  it('keeps nothing until it listens, and nothing once it stopped', async () => {
    const cache = new CacheSistema();
    let leituras = 0;
    const ler = async () => {
      leituras += 1;
      return comNome('A');
    };
    await cache.buscar(ler);
    await cache.buscar(ler);
    expect(leituras).toBe(2);
    const parar = await cache.ouvir(bancoQueOuve().database);
    await cache.buscar(ler);
    await cache.buscar(ler);
    expect(leituras).toBe(3);
    await parar();
    await cache.buscar(ler);
    expect(leituras).toBe(4);
  });

  it('reads again after any notification, and after a lost listener', async () => {
    const cache = new CacheSistema();
    const { database, avisar } = bancoQueOuve();
    await cache.ouvir(database);
    let nome = 'A';
    const ler = async () => comNome(nome);
    expect((await cache.buscar(ler)).empresa.nome).toBe('A');
    nome = 'B';
    expect((await cache.buscar(ler)).empresa.nome).toBe('A');
    avisar({ payload: '' });
    expect((await cache.buscar(ler)).empresa.nome).toBe('B');
    nome = 'C';
    avisar({ perdidos: true });
    expect((await cache.buscar(ler)).empresa.nome).toBe('C');
  });

  it('does not keep a read that an eviction overtook: it may predate the change', async () => {
    const cache = new CacheSistema();
    await cache.ouvir(bancoQueOuve().database);
    let soltar: (valor: SistemaSettings) => void = () => {};
    const lenta = cache.buscar(() => new Promise<SistemaSettings>((resolve) => (soltar = resolve)));
    cache.esquecer();
    soltar(comNome('Antiga'));
    expect((await lenta).empresa.nome).toBe('Antiga');
    expect((await cache.buscar(async () => comNome('Nova'))).empresa.nome).toBe('Nova');
  });
});
