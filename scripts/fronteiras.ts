// `npm run lint` (after Biome): the boundaries of decision 015. esbuild resolves every runtime import of
// the shipped code (tests may reach across modules to set up data); the rules and the cycle search are ours.
import { readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const raiz = fileURLToPath(new URL('..', import.meta.url));
const PASTAS = ['apps/api/src', 'apps/web/src', 'packages/contracts/src', 'packages/dominio/src'];
const FORA = [/\.test\.tsx?$/, /\.test-fixtures\.tsx?$/, /\.d\.ts$/, /(^|\/)(node_modules|dist|test)\//];

const arquivos = (pasta: string): string[] =>
  readdirSync(join(raiz, pasta), { withFileTypes: true }).flatMap((item) => {
    const caminho = `${pasta}/${item.name}`;
    if (item.isDirectory()) return arquivos(caminho);
    return /\.(ts|tsx|mjs)$/.test(item.name) && !FORA.some((r) => r.test(caminho)) ? [caminho] : [];
  });

/** Every import between our own files, as [from, to] paths relative to the repository. */
export const lerImportacoes = async (entradas: string[]): Promise<[string, string][]> => {
  const { metafile } = await build({
    absWorkingDir: raiz,
    entryPoints: entradas,
    bundle: true,
    write: false,
    metafile: true,
    outdir: 'fronteiras-saida',
    platform: 'node',
    format: 'esm',
    packages: 'external',
    logLevel: 'silent',
    loader: { '.css': 'empty', '.svg': 'empty', '.png': 'empty', '.woff2': 'empty' },
  });
  return Object.entries(metafile.inputs).flatMap(([de, entrada]) =>
    entrada.imports.filter((i) => !i.external).map((i): [string, string] => [de, relative('.', i.path)]),
  );
};

const feature = (caminho: string) => /^apps\/web\/src\/features\/([^/]+)\//.exec(caminho)?.[1];
const modulo = (caminho: string) => /^apps\/api\/src\/modules\/([^/]+)\//.exec(caminho)?.[1];

/**
 * Modules built in layers (decision 032): each sub-folder is its own node, so a lower layer may serve a
 * module that an upper layer uses, and the layers themselves may not form a cycle.
 */
const MODULOS_EM_CAMADAS = new Set(['pix', 'debito-automatico']);

const noDoModulo = (caminho: string): string | undefined => {
  const nome = modulo(caminho);
  if (!nome) return undefined;
  const camada = MODULOS_EM_CAMADAS.has(nome)
    ? new RegExp(`^apps/api/src/modules/${nome}/([^/]+)/`).exec(caminho)?.[1]
    : undefined;
  return camada ? `modules/${nome}/${camada}` : `modules/${nome}`;
};

/** Import rules for single edges: a web feature never imports another; lib/ never imports components/. */
export const violacoesDiretas = (arestas: [string, string][]): string[] =>
  arestas.flatMap(([de, para]) => {
    const [fa, fb] = [feature(de), feature(para)];
    if (fa && fb && fa !== fb) return [`web-feature-para-feature: ${de} → ${para}`];
    if (de.startsWith('apps/web/src/lib/') && para.startsWith('apps/web/src/components/'))
      return [`web-lib-para-components: ${de} → ${para}`];
    return [];
  });

/**
 * Cycles that join two API modules: a module is one node (all its folders; a layered module, one per
 * layer), any other file is its own node, so a cycle through plugins/ or lib/ counts only when it really
 * runs through the same files.
 */
export const ciclosEntreModulos = (arestas: [string, string][]): string[][] => {
  const no = (caminho: string) => noDoModulo(caminho) ?? caminho;
  const vizinhos = new Map<string, Set<string>>();
  for (const [de, para] of arestas) {
    if (!de.startsWith('apps/api/src/') || !para.startsWith('apps/api/src/')) continue;
    const [a, b] = [no(de), no(para)];
    if (a !== b) vizinhos.set(a, (vizinhos.get(a) ?? new Set()).add(b));
  }
  // Tarjan's strongly connected components.
  const indice = new Map<string, number>();
  const menor = new Map<string, number>();
  const pilha: string[] = [];
  const componentes: string[][] = [];
  const visitar = (v: string) => {
    indice.set(v, indice.size);
    menor.set(v, indice.get(v) ?? 0);
    pilha.push(v);
    for (const w of vizinhos.get(v) ?? []) {
      if (!indice.has(w)) {
        visitar(w);
        menor.set(v, Math.min(menor.get(v) ?? 0, menor.get(w) ?? 0));
      } else if (pilha.includes(w)) menor.set(v, Math.min(menor.get(v) ?? 0, indice.get(w) ?? 0));
    }
    if (menor.get(v) !== indice.get(v)) return;
    const componente: string[] = [];
    for (let w = pilha.pop(); w !== undefined; w = w === v ? undefined : pilha.pop()) componente.push(w);
    componentes.push(componente);
  };
  for (const v of vizinhos.keys()) if (!indice.has(v)) visitar(v);
  return componentes
    .filter((c) => c.filter((n) => n.startsWith('modules/')).length >= 2)
    .map((c) => c.sort());
};

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const entradas = PASTAS.flatMap(arquivos);
  const arestas = await lerImportacoes(entradas);
  const erros = [
    ...violacoesDiretas(arestas),
    ...ciclosEntreModulos(arestas).map((c) => `api-ciclo-entre-modulos: ${c.join(' ↔ ')}`),
  ];
  for (const erro of erros) console.error(`✖ ${erro}`);
  console.log(
    erros.length
      ? `✖ fronteiras: ${erros.length} ${erros.length === 1 ? 'violação' : 'violações'}`
      : `✔ fronteiras: ${entradas.length} arquivos, ${arestas.length} importações, nenhuma violação`,
  );
  process.exitCode = erros.length ? 1 : 0;
}
