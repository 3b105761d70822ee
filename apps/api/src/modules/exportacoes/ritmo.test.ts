import { setTimeout as esperar } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { naVezDoProcesso, porLote } from './ritmo.ts';

// The exports' pace (docs/decisions/033-exportacao-limites.md): one piece of export work at a time in
// the process, whichever export it belongs to, and each batch written a slice at a time.

async function* lotes(quantos: number, tamanho: number) {
  for (let i = 0; i < quantos; i++) yield Array.from({ length: tamanho }, (_, j) => i * tamanho + j);
}

describe('naVezDoProcesso', () => {
  it('never runs two pieces at once, and runs every one in order of arrival', async () => {
    let emCurso = 0;
    let maximo = 0;
    const ordem: string[] = [];
    const exportacao = async (nome: string) => {
      for (let peca = 0; peca < 3; peca++)
        await naVezDoProcesso(async () => {
          emCurso++;
          maximo = Math.max(maximo, emCurso);
          await esperar(2);
          ordem.push(`${nome}${peca}`);
          emCurso--;
        });
    };
    await Promise.all(['a', 'b', 'c', 'd'].map(exportacao));
    expect(maximo).toBe(1);
    expect(ordem.slice(0, 4)).toEqual(['a0', 'b0', 'c0', 'd0']);
    expect(ordem).toHaveLength(12);
  });

  it('keeps going after a piece that fails', async () => {
    await expect(naVezDoProcesso(() => Promise.reject(new Error('falhou')))).rejects.toThrow('falhou');
    expect(await naVezDoProcesso(async () => 'seguiu')).toBe('seguiu');
  });
});

describe('porLote', () => {
  it('writes every row, in slices of at most 100, and runs `depois` after each batch', async () => {
    const fatias: number[][] = [];
    let depois = 0;
    await porLote(
      lotes(3, 250),
      (fatia) => fatias.push(fatia),
      async () => {
        depois++;
      },
    );
    expect(fatias.flat()).toEqual(Array.from({ length: 750 }, (_, i) => i));
    expect(Math.max(...fatias.map((f) => f.length))).toBe(100);
    expect(depois).toBe(3);
  });

  // Each read takes 20 ms; `eventos` records when reads start and when each batch's `depois` ends.
  const lentos = (quantos: number, eventos: string[], nome = '', leituras = { agora: 0, maximo: 0 }) =>
    (async function* () {
      for (let i = 0; i < quantos; i++) {
        eventos.push(`${nome}ler ${i}`);
        leituras.agora++;
        leituras.maximo = Math.max(leituras.maximo, leituras.agora);
        await esperar(20);
        leituras.agora--;
        yield [i];
      }
    })();

  it('an export alone reads its next batch while it writes this one and waits for the client', async () => {
    const eventos: string[] = [];
    let lote = 0;
    await porLote(
      lentos(3, eventos),
      () => undefined,
      async () => {
        await esperar(20);
        eventos.push(`depois ${lote++}`);
      },
    );
    expect(eventos).toEqual(['ler 0', 'ler 1', 'depois 0', 'ler 2', 'depois 1', 'depois 2']);
  });

  it('with another export waiting, every read stays in its turn: one at a time in the process', async () => {
    const eventos: string[] = [];
    const leituras = { agora: 0, maximo: 0 };
    const escritas: Record<string, number[]> = { a: [], b: [] };
    await Promise.all(
      ['a', 'b'].map((nome) =>
        porLote(
          lentos(4, eventos, nome, leituras),
          (fatia) => escritas[nome]?.push(...fatia),
          async () => undefined,
        ),
      ),
    );
    expect(escritas).toEqual({ a: [0, 1, 2, 3], b: [0, 1, 2, 3] });
    expect(leituras.maximo).toBe(1);
  });

  it('an export cut short leaves no read ahead unhandled', async () => {
    const soltas: unknown[] = [];
    const ouvir = (erro: unknown) => soltas.push(erro);
    process.on('unhandledRejection', ouvir);
    try {
      const lotesQueFalham = (async function* () {
        yield [1];
        await esperar(5);
        throw new Error('a leitura falhou');
      })();
      await expect(
        porLote(
          lotesQueFalham,
          () => {
            throw new Error('o cliente saiu');
          },
          async () => undefined,
        ),
      ).rejects.toThrow('o cliente saiu');
      await esperar(30);
      expect(soltas).toEqual([]);
    } finally {
      process.off('unhandledRejection', ouvir);
    }
  });
});
