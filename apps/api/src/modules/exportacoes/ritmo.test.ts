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
});
