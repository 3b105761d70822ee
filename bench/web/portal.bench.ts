import { loadavg } from 'node:os';
import { gzipSync } from 'node:zlib';
import type { Browser } from '@playwright/test';
import { type LinhaBench, mediana, ms } from '../resultado.ts';
import { abrirChromium, coletarJs, novoContexto, redeQuieta } from './navegador.ts';
import { comServidorWeb } from './servidor.ts';

// README.md § Performance, "web: customer portal": the page a customer opens from a message
// (docs/produto.md §22), at the demo's printed link, in Chromium on loopback with a cold cache per
// sample: the JavaScript it loads (each body gzipped and summed), its first contentful paint, and that
// no request leaves the origin.

const LIMITE_KB = 100;
const FCP_MAXIMO_MS = 1_000;

/** The path of the portal link the demo printed at start-up. */
const linkDaDemo = (saida: string): string => {
  const url = /Portal do cliente \(demonstração\):\s+(\S+)/.exec(saida)?.[1];
  if (!url) throw new Error(`o servidor não imprimiu o link do portal:\n${saida.slice(-2_000)}`);
  return new URL(url).pathname;
};

const amostra = async (browser: Browser, url: string, caminho: string) => {
  const contexto = await novoContexto(browser, url);
  try {
    const page = await contexto.newPage();
    const corpos = coletarJs(page);
    const origens = new Set<string>();
    page.on('request', (pedido) => origens.add(new URL(pedido.url()).origin));
    const sossegar = redeQuieta(page);
    await page.goto(caminho);
    await page.getByRole('button', { name: 'Continuar' }).waitFor();
    const fcp = Number(
      await (
        await page.waitForFunction(() => performance.getEntriesByName('first-contentful-paint')[0]?.startTime)
      ).jsonValue(),
    );
    await sossegar();
    const js = await Promise.all([...corpos.values()]);
    return {
      fcp,
      jsGzip: js.reduce((soma, corpo) => soma + gzipSync(corpo).length, 0),
      arquivos: [...corpos.keys()],
      externas: [...origens].filter((o) => o !== new URL(url).origin),
    };
  } finally {
    await contexto.close();
  }
};

export const benchPortalWeb = (rapido: boolean): Promise<LinhaBench> =>
  comServidorWeb(async (url, saida) => {
    const caminho = linkDaDemo(saida());
    const browser = await abrirChromium();
    try {
      const amostras: Awaited<ReturnType<typeof amostra>>[] = [];
      for (let i = 0; i < (rapido ? 2 : 5); i += 1) amostras.push(await amostra(browser, url, caminho));
      const fcp = mediana(amostras.map((a) => a.fcp));
      const kb = Math.max(...amostras.map((a) => a.jsGzip)) / 1024;
      const externas = [...new Set(amostras.flatMap((a) => a.externas))];
      return {
        medida: 'Web: portal do cliente (/p/…) no Chromium (loopback, cache frio)',
        piso: '—',
        valor: `${kb.toFixed(1)} KB de JavaScript (gzip) em ${amostras[0]?.arquivos.length ?? 0} arquivos; FCP ${ms(fcp)} (mediana de ${amostras.length}); ${externas.length} requisições a outras origens`,
        alvo: `≤ ${LIMITE_KB} KB; FCP ≤ ${ms(FCP_MAXIMO_MS)}; nenhuma requisição a terceiros`,
        ok: kb <= LIMITE_KB && fcp <= FCP_MAXIMO_MS && externas.length === 0,
        detalhes: {
          carga_1min: loadavg()[0] ?? 0,
          js_gzip_bytes: Math.max(...amostras.map((a) => a.jsGzip)),
          arquivos: amostras[0]?.arquivos.join(' ') ?? '',
          fcp_ms: amostras.map((a) => a.fcp.toFixed(0)).join(' '),
          origens_externas: externas.join(' '),
        },
      };
    } finally {
      await browser.close();
    }
  });
