import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Browser } from '@playwright/test';
import { DEMO_ACCOUNTS } from '../../apps/web/e2e/demo-accounts.ts';
import type { LinhaBench } from '../resultado.ts';
import { abrirChromium, coletarJs, novoContexto, redeQuieta, sessaoDe } from './navegador.ts';
import { comServidorWeb, DIST_WEB } from './servidor.ts';

// README.md § Performance, "web: JavaScript loaded for /login (gzip)": every JavaScript response Chromium
// receives for /login, each body gzipped (zlib's default level) and summed; and each area's pages in
// chunks of their own: Vite's manifest names each area's chunks, and the browser shows that /login
// loads none of them and each area's home loads its own area's, not the other's.

const LIMITE_KB = 250;

/** The area modules app/router.tsx imports lazily, as Vite's manifest keys them. */
const AREAS = {
  admin: {
    modulo: 'src/features/admin/admin-pages.tsx',
    home: '/admin/dashboard',
    email: DEMO_ACCOUNTS.admin,
  },
  operador: {
    modulo: 'src/features/operador/operador-pages.tsx',
    home: '/operador/dashboard',
    email: DEMO_ACCOUNTS.operador,
  },
} as const;
type Area = keyof typeof AREAS;

type EntradaManifesto = { file: string; dynamicImports?: string[] };
type Manifesto = Record<string, EntradaManifesto>;

/** An area's chunks: its module's chunk and those it imports lazily (the admin's charts…). */
const chunksDaArea = (manifesto: Manifesto, chave: string): string[] => {
  const entrada = manifesto[chave];
  if (!entrada) throw new Error(`manifesto sem ${chave}`);
  return [`/${entrada.file}`, ...(entrada.dynamicImports ?? []).flatMap((d) => chunksDaArea(manifesto, d))];
};

/** The JavaScript a page loads, by path, with its decoded body: a fresh context (cold cache) per page. */
const jsCarregado = async (browser: Browser, url: string, caminho: string, email?: string) => {
  const contexto = await novoContexto(browser, url, email ? await sessaoDe(browser, url, email) : undefined);
  try {
    const page = await contexto.newPage();
    const corpos = coletarJs(page);
    const sossegar = redeQuieta(page);
    await page.goto(caminho);
    await page
      .getByRole('heading', { level: 2 })
      .or(page.getByRole('button', { name: 'Entrar' }))
      .first()
      .waitFor();
    await sossegar();
    if (new URL(page.url()).pathname !== caminho) throw new Error(`${caminho} abriu ${page.url()}`);
    return new Map(await Promise.all([...corpos].map(async ([path, corpo]) => [path, await corpo] as const)));
  } finally {
    await contexto.close();
  }
};

export const benchTamanhoWeb = (): Promise<LinhaBench> =>
  comServidorWeb(async (url) => {
    const manifesto = JSON.parse(await readFile(join(DIST_WEB, '.vite/manifest.json'), 'utf8')) as Manifesto;
    const browser = await abrirChromium();
    try {
      const login = await jsCarregado(browser, url, '/login');
      const bytes = [...login.values()].reduce((soma, corpo) => soma + gzipSync(corpo).length, 0);
      const kb = bytes / 1024;

      // Each area: its chunks exist, /login loads none of them, its home loads its entry chunk and
      // the other area's home does not.
      const areas = Object.keys(AREAS) as Area[];
      const carregadoEm = {} as Record<Area, Map<string, Buffer>>;
      for (const area of areas)
        carregadoEm[area] = await jsCarregado(browser, url, AREAS[area].home, AREAS[area].email);
      const divisao = areas.map((area) => {
        const proprios = chunksDaArea(manifesto, AREAS[area].modulo);
        const [entrada] = proprios;
        const outras = areas.filter((a) => a !== area);
        return {
          area,
          proprios,
          ok:
            proprios.length > 0 &&
            proprios.every((chunk) => !login.has(chunk)) &&
            entrada !== undefined &&
            carregadoEm[area].has(entrada) &&
            outras.every((outra) => !carregadoEm[outra].has(entrada)),
        };
      });
      const dividido = divisao.every((d) => d.ok);

      return {
        medida: 'Web: JavaScript carregado em /login (gzip), áreas em chunks próprios',
        piso: '—',
        valor:
          `${kb.toFixed(1)} KB em ${login.size} arquivos; ` +
          divisao
            .map(
              (d) =>
                `${d.area}: ${d.proprios.length} chunk${d.proprios.length === 1 ? '' : 's'}${d.ok ? '' : ' (divisão falhou)'}`,
            )
            .join(', ') +
          (dividido ? ', nenhum carregado em /login nem na outra área' : ''),
        alvo: `≤ ${LIMITE_KB} KB; admin e operador em chunks próprios`,
        ok: kb <= LIMITE_KB && dividido,
        detalhes: {
          login_js_gzip_bytes: bytes,
          login_js_bruto_bytes: [...login.values()].reduce((soma, corpo) => soma + corpo.length, 0),
          login_arquivos: [...login.keys()].join(' '),
          ...Object.fromEntries(divisao.map((d) => [`chunks_${d.area}`, d.proprios.join(' ')])),
          ...Object.fromEntries(areas.map((a) => [`js_em_${a}`, [...carregadoEm[a].keys()].join(' ')])),
        },
      };
    } finally {
      await browser.close();
    }
  });
