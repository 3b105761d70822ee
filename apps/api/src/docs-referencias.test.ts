import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { extname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The product's docs live in docs/ (docs/README.md). A comment or doc that points at the design
// inputs kept outside the repository (the old product definition, specification or wire-format
// notes, or anything in the shared folder beside the clone) cannot be followed from a clone; a `docs/<file>.md §N`
// citation must name a file and a section heading that exist.

const RAIZ = fileURLToPath(new URL('../../../', import.meta.url));
const ESTE_ARQUIVO = fileURLToPath(import.meta.url);

const PASTAS = ['apps', 'packages', 'bench', 'load', 'scripts', 'docs', '.ci'];
const ARQUIVOS_SOLTOS = ['README.md'];
const IGNORADAS = new Set([
  'node_modules',
  'dist',
  'build',
  'coverage',
  'data',
  'results',
  'test-results',
  'playwright-report',
]);
const EXTENSOES_CODIGO = new Set(['.ts', '.tsx', '.mts', '.cts', '.js', '.mjs', '.cjs']);
const EXTENSOES_TEXTO = new Set([...EXTENSOES_CODIGO, '.md', '.sh', '.yaml', '.yml', '']);

const listar = (pasta: string): string[] => {
  if (!existsSync(pasta)) return [];
  return readdirSync(pasta).flatMap((nome) => {
    const caminho = join(pasta, nome);
    if (statSync(caminho).isDirectory()) return IGNORADAS.has(nome) ? [] : listar(caminho);
    return EXTENSOES_TEXTO.has(extname(nome)) ? [caminho] : [];
  });
};

const arquivos = [
  ...PASTAS.flatMap((p) => listar(join(RAIZ, p))),
  ...ARQUIVOS_SOLTOS.map((a) => join(RAIZ, a)).filter((a) => existsSync(a)),
].filter((a) => a !== ESTE_ARQUIVO);

const rel = (caminho: string) => relative(RAIZ, caminho).split(sep).join('/');

// Built from parts so this file does not match itself.
const SECAO = '\u00a7';
const PROIBIDAS: readonly RegExp[] = [
  new RegExp(`\\b(?:PRODUCT|SPEC)(?:\\.md)?\\s*${SECAO}`),
  /\b(?:PRODUCT|SPEC)\.md\b/,
  new RegExp(['wire', 'formats'].join('-')),
  new RegExp(['\\.\\.', 'shared\\b'].join('/')),
];

/** Whether position `indice` of `linha` (a line of code) lies in a comment. */
const emComentario = (linha: string, indice: number): boolean => {
  const inicio = linha.trimStart();
  if (inicio.startsWith('//') || inicio.startsWith('*') || inicio.startsWith('/*')) return true;
  const barra = linha.indexOf('//');
  const bloco = linha.indexOf('/*');
  return (barra !== -1 && barra < indice) || (bloco !== -1 && bloco < indice);
};

type Achado = { arquivo: string; linha: number; texto: string };

const citacoesProibidas = (): Achado[] =>
  arquivos.flatMap((arquivo) => {
    const codigo = EXTENSOES_CODIGO.has(extname(arquivo));
    return readFileSync(arquivo, 'utf8')
      .split('\n')
      .flatMap((texto, i) =>
        PROIBIDAS.some((re) => {
          const m = re.exec(texto);
          return m !== null && (!codigo || emComentario(texto, m.index));
        })
          ? [{ arquivo: rel(arquivo), linha: i + 1, texto: texto.trim() }]
          : [],
      );
  });

const SECOES = `(?:\\s*(?:,|\u2013|-|/|and|e)?\\s*${SECAO}\\d+(?:\\.\\d+)*)+`;
const CITACAO_DOCS = new RegExp(`\\bdocs/([a-z0-9-]+\\.md)(${SECOES})`, 'gi');
// Inside docs/, a sibling may be cited without the folder: `formatos-externos.md §4`.
const CITACAO_IRMA = new RegExp(`(?<![\\w/.-])([a-z0-9-]+\\.md)(${SECOES})`, 'gi');
const NUMERO = new RegExp(`${SECAO}(\\d+(?:\\.\\d+)*)`, 'g');
const TITULO = new RegExp(`^#{1,6}\\s+${SECAO}(\\d+(?:\\.\\d+)*)(?=[\\s.:]|$)`, 'gm');

const secoesPorDoc = new Map<string, Set<string> | null>();
const secoesDe = (doc: string): Set<string> | null => {
  if (!secoesPorDoc.has(doc)) {
    const caminho = join(RAIZ, 'docs', doc);
    secoesPorDoc.set(
      doc,
      existsSync(caminho)
        ? new Set([...readFileSync(caminho, 'utf8').matchAll(TITULO)].map((m) => m[1] ?? ''))
        : null,
    );
  }
  return secoesPorDoc.get(doc) ?? null;
};

const citacoesQuebradas = (): Achado[] =>
  arquivos.flatMap((arquivo) => {
    const emDocs = rel(arquivo).startsWith('docs/');
    return readFileSync(arquivo, 'utf8')
      .split('\n')
      .flatMap((texto, i) => {
        const achados = [...texto.matchAll(CITACAO_DOCS)];
        if (emDocs) achados.push(...texto.matchAll(CITACAO_IRMA));
        return achados.flatMap(([citacao, doc = '', secoes = '']) => {
          const existentes = secoesDe(doc);
          const faltando =
            existentes === null
              ? ['(arquivo inexistente)']
              : [...secoes.matchAll(NUMERO)].map((m) => m[1] ?? '').filter((n) => !existentes.has(n));
          return faltando.length > 0
            ? [{ arquivo: rel(arquivo), linha: i + 1, texto: `${citacao} → falta ${faltando.join(', ')}` }]
            : [];
        });
      });
  });

describe('referências à documentação do produto (docs/)', () => {
  it('varre a árvore de código', () => {
    expect(arquivos.length).toBeGreaterThan(100);
    expect(arquivos.map(rel)).toContain('docs/produto.md');
  });

  it('nenhum comentário cita documentos de fora do repositório', () => {
    expect(citacoesProibidas()).toEqual([]);
  });

  it('toda citação docs/<arquivo>.md §N aponta para um arquivo e uma seção existentes', () => {
    expect(citacoesQuebradas()).toEqual([]);
  });

  it('reconhece as seções dos documentos', () => {
    expect(secoesDe('produto.md')?.has('3')).toBe(true);
    expect(secoesDe('formatos-externos.md')?.has('4.6')).toBe(true);
    expect(secoesDe('inexistente.md')).toBeNull();
  });
});
