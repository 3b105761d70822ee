import { expect, type Page, test } from '@playwright/test';

/** The window the screen checks use at a width: a 1440×900 desktop or a 390×844 phone. */
export const tamanhoDaTela = (width: number) => ({ width, height: width > 1000 ? 900 : 844 });

/**
 * Neither the page nor any table reaches past the screen (issue 17): a phone gets stacked cards, a
 * desktop rows that fit their box. A table wider than its container would scroll sideways.
 */
export const esperarQueCaibaNaTela = async (page: Page, tela: string) => {
  const medidas = await page.evaluate(() => ({
    pagina: document.documentElement.scrollWidth - window.innerWidth,
    tabelas: [...document.querySelectorAll('table')]
      // A chart's data table for screen readers is visually hidden (1 px, clipped): not on screen.
      .filter((tabela) => (tabela.parentElement?.getBoundingClientRect().width ?? 0) > 1)
      .map((tabela) => ({
        tabela:
          tabela.getAttribute('aria-label') ?? tabela.querySelector('caption')?.textContent ?? '(sem nome)',
        excesso: tabela.scrollWidth - (tabela.parentElement?.clientWidth ?? tabela.scrollWidth),
      }))
      .filter((t) => t.excesso > 1),
  }));
  expect(medidas.pagina, `${tela}: a página passa da largura da tela`).toBeLessThanOrEqual(0);
  expect(medidas.tabelas, `${tela}: tabelas mais largas que a caixa`).toEqual([]);
};

/**
 * The screen has its heading and its data: no skeleton, no progress bar, nothing busy. Not Playwright's
 * "networkidle": the operator area keeps its live event stream open, so the network is never idle.
 */
export const esperarDados = async (page: Page) => {
  await expect(page.getByRole('heading', { level: 2 }).first()).toBeVisible();
  await expect(page.locator('.MuiSkeleton-root')).toHaveCount(0);
  await expect(page.getByRole('progressbar')).toHaveCount(0);
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
};

/**
 * A screen opened directly shows its data, has nothing past its edges and is captured whole for review
 * (issue 17); `titulo` is its heading when the screen has a fixed one.
 */
export const conferirTela = async (page: Page, caminho: string, largura: number, titulo?: string | null) => {
  await page.goto(caminho);
  await esperarDados(page);
  if (titulo) await expect(page.getByRole('heading', { level: 2, name: titulo })).toBeVisible();
  await expect(page.getByText('Esta tela está em construção.')).toHaveCount(0);
  await esperarQueCaibaNaTela(page, `${caminho} a ${largura} px`);
  await page.screenshot({
    path: test.info().outputPath(`${caminho.replaceAll('/', '_').slice(1)}-${largura}.png`),
    fullPage: true,
  });
};

/** A customer's workspace: on its own, or beside the queue it was opened from (the inbox). */
export const WORKSPACE = /\/operador\/(clientes|aguardando-atendimento|em-atendimento)\/\d+(\?.*)?$/;

/**
 * No element reaches past the screen's right edge, visually hidden ones included (issue 31: a chart's
 * hidden data table did at 390 px, though the page did not scroll). Skipped: what a box scrolling
 * sideways holds (a wide table in its card), and what is hidden (a closed drawer).
 */
export const esperarQueNenhumElementoPasseDaTela = async (page: Page, tela: string) => {
  const alem = await page.evaluate(() => {
    const largura = document.documentElement.clientWidth;
    const rolaDeLado = (el: Element) => {
      for (let pai = el.parentElement; pai; pai = pai.parentElement) {
        const { overflowX } = getComputedStyle(pai);
        if (overflowX === 'auto' || overflowX === 'scroll') return true;
      }
      return false;
    };
    const achados: Element[] = [];
    for (const el of document.body.querySelectorAll('*')) {
      if (achados.some((achado) => achado.contains(el))) continue;
      const caixa = el.getBoundingClientRect();
      if (caixa.width === 0 || caixa.right <= largura + 1) continue;
      if (getComputedStyle(el).visibility === 'hidden' || rolaDeLado(el)) continue;
      achados.push(el);
    }
    return achados.map((el) => `<${el.tagName.toLowerCase()}> ${(el.textContent ?? '').slice(0, 60)}`);
  });
  expect(alem, `${tela}: elementos além da borda direita`).toEqual([]);
};
