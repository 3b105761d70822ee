import { type Browser, type BrowserContext, chromium, type Page } from '@playwright/test';
import { signIn } from '../../apps/web/e2e/sign-in.ts';
import configPlaywright from '../../apps/web/playwright.config.ts';

// Debian's Chromium driven as the e2e suite drives it (same launch flags, viewport, locale), each
// context a fresh profile: its own HTTP cache, so every context starts cold.

type Sessao = Awaited<ReturnType<BrowserContext['storageState']>>;

export const abrirChromium = (): Promise<Browser> =>
  chromium.launch({ ...configPlaywright.use?.launchOptions, headless: true });

export const novoContexto = (browser: Browser, baseURL: string, storageState?: Sessao) =>
  browser.newContext({
    baseURL,
    locale: configPlaywright.use?.locale,
    timezoneId: configPlaywright.use?.timezoneId,
    viewport: configPlaywright.projects?.[0]?.use?.viewport ?? null,
    storageState,
  });

/**
 * Signs in through the login form once and answers the session the app stored, so later contexts
 * open a signed-in page without first loading /login (which would warm their cache).
 */
export const sessaoDe = async (browser: Browser, baseURL: string, email: string): Promise<Sessao> => {
  const contexto = await novoContexto(browser, baseURL);
  try {
    await signIn(await contexto.newPage(), email);
    return await contexto.storageState();
  } finally {
    await contexto.close();
  }
};

/** Every JavaScript response `page` receives from now on, by path, with its decoded body. */
export const coletarJs = (page: Page): Map<string, Promise<Buffer>> => {
  const corpos = new Map<string, Promise<Buffer>>();
  page.on('response', (resposta) => {
    if (!(resposta.headers()['content-type'] ?? '').includes('javascript')) return;
    corpos.set(new URL(resposta.url()).pathname, resposta.body());
  });
  return corpos;
};

/** The operator area's live event stream never ends: "networkidle" would wait for it forever. */
const STREAM = /\/api\/operador\/eventos/;

/**
 * Resolves once no request but the live stream has been in flight for `quietoMs` (Playwright's
 * "networkidle" counts the stream, which is always open). Install before `goto`.
 */
export const redeQuieta = (page: Page, quietoMs = 500, limiteMs = 30_000): (() => Promise<void>) => {
  const emVoo = new Set<unknown>();
  let ultimaMudanca = Date.now();
  const mudar = () => {
    ultimaMudanca = Date.now();
  };
  page.on('request', (r) => {
    if (STREAM.test(r.url())) return;
    emVoo.add(r);
    mudar();
  });
  const terminar = (r: unknown) => {
    if (emVoo.delete(r)) mudar();
  };
  page.on('requestfinished', terminar);
  page.on('requestfailed', terminar);
  return async () => {
    const inicio = Date.now();
    while (emVoo.size > 0 || Date.now() - ultimaMudanca < quietoMs) {
      if (Date.now() - inicio > limiteMs) throw new Error(`a rede não sossegou em ${limiteMs} ms`);
      await page.waitForTimeout(50);
    }
  };
};
