import { readFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { ArquivoHostilError } from './arquivo-hostil.ts';
import { LeitorNfe, OPCOES_LEITOR } from './leitor-nfe.ts';
import { chaveDaNota, montarNfe, nfePesada } from './nfe.test-fixtures.ts';
import { lerNotaFiscal } from './nfe-parser.ts';

const leitores: LeitorNfe[] = [];
const novoLeitor = (opcoes: Partial<typeof OPCOES_LEITOR> = {}) => {
  const leitor = new LeitorNfe({ ...OPCOES_LEITOR, ...opcoes });
  leitores.push(leitor);
  return leitor;
};
afterAll(() => Promise.all(leitores.map((l) => l.fechar())));

const fixture = (nome: string) =>
  readFileSync(new URL(`../../../../test/fixtures/nfe/${nome}`, import.meta.url));

describe('LeitorNfe', () => {
  it('answers what lerNotaFiscal answers, from a worker, for files big and small', async () => {
    const leitor = novoLeitor();
    const arquivos = [
      fixture('nfeproc-cnpj-2dup.xml'),
      Buffer.from(montarNfe({ chave: chaveDaNota(1) })),
      Buffer.from('<a/>'),
    ];
    const esperado = arquivos.map((conteudo) => lerNotaFiscal('n.xml', conteudo));
    // Copies: a buffer that owns its memory moves to the worker.
    const lidas = await Promise.all(arquivos.map((conteudo) => leitor.ler('n.xml', Buffer.from(conteudo))));
    expect(lidas).toEqual(esperado);
    expect(lidas[0]?.ok).toBe(true);
  });

  it('rethrows a hostile file as ArquivoHostilError, and goes on reading', async () => {
    const leitor = novoLeitor({ workers: 1 });
    const xxe = Buffer.from(
      '<?xml version="1.0"?><!DOCTYPE a [<!ENTITY x SYSTEM "file:///etc/passwd">]><a>&x;</a>',
    );
    const erro = await leitor.ler('xxe.xml', xxe).catch((e: unknown) => e);
    expect(erro).toBeInstanceOf(ArquivoHostilError);
    expect(erro).toMatchObject({ arquivo: 'xxe.xml', message: expect.stringContaining('DOCTYPE') });
    expect((await leitor.ler('n.xml', Buffer.from(montarNfe()))).ok).toBe(true);
  });

  it('rejects a file still being read after the time limit, and replaces the worker for the next one', async () => {
    const leitor = novoLeitor({ workers: 1, tempoMaximoMs: 20 });
    const lenta = Buffer.from(nfePesada(60_000));
    const boa = Buffer.from(montarNfe());
    const tempoEsgotado = {
      ok: false,
      problemas: [{ mensagem: 'A leitura do arquivo passou de 0,02 s; não foi importado.' }],
    };
    const [lida, seguinte] = await Promise.all([leitor.ler('lenta.xml', lenta), leitor.ler('boa.xml', boa)]);
    expect(lida).toEqual(tempoEsgotado);
    // The replacement's first file runs on a cold worker, which a loaded machine (CI) can keep past 20 ms
    // too; the pool must go on reading, so a later try on the same pool succeeds.
    let boaLida = seguinte;
    for (let i = 0; i < 3 && !boaLida.ok; i += 1) {
      expect(boaLida).toEqual(tempoEsgotado);
      boaLida = await leitor.ler('boa.xml', Buffer.from(montarNfe()));
    }
    expect(boaLida.ok).toBe(true);
  });

  it('rejects a file that needs more memory than a worker has, and replaces the worker', async () => {
    // 100 000 elements need ~50 MB of heap; real notes a few.
    const leitor = novoLeitor({ workers: 1, memoriaMb: 16 });
    const [lida, seguinte] = await Promise.all([
      leitor.ler('grande.xml', Buffer.from(nfePesada(99_000))),
      leitor.ler('boa.xml', Buffer.from(montarNfe())),
    ]);
    expect(lida).toEqual({
      ok: false,
      problemas: [{ mensagem: 'O arquivo exige memória demais para ser lido; não foi importado.' }],
    });
    expect(seguinte.ok).toBe(true);
  });

  it('stops an idle worker and starts another for the next file', async () => {
    const leitor = novoLeitor({ workers: 1, ociosoMs: 10 });
    expect((await leitor.ler('a.xml', Buffer.from(montarNfe()))).ok).toBe(true);
    await new Promise((ok) => setTimeout(ok, 200));
    expect((await leitor.ler('b.xml', Buffer.from(montarNfe()))).ok).toBe(true);
  });
});
