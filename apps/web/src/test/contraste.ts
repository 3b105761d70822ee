// A jsdom stand-in for axe's color-contrast rule (WCAG 1.4.3), which needs a real layout and so only
// runs in e2e/a11y.spec.ts: every visible text against the first opaque background above it, from the
// computed styles emotion gives jsdom. Coarser than axe (no images, no overlap, no opacity), but it
// catches a theme colour on the wrong background without a browser.

type Rgba = [number, number, number, number];

const rgba = (cor: string): Rgba | null => {
  const m = /rgba?\(([^)]+)\)/.exec(cor);
  if (!m?.[1]) return null;
  const [r = 0, g = 0, b = 0, a = 1] = m[1].split(',').map((x) => Number.parseFloat(x));
  return [r, g, b, a];
};

const sobre = ([r, g, b, a]: Rgba, [fr, fg, fb]: Rgba): Rgba => [
  r * a + fr * (1 - a),
  g * a + fg * (1 - a),
  b * a + fb * (1 - a),
  1,
];

const luminancia = ([r, g, b]: Rgba) => {
  const canal = (v: number) => {
    const s = v / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * canal(r) + 0.7152 * canal(g) + 0.0722 * canal(b);
};

/** WCAG contrast ratio of two opaque colours. */
export const razaoDeContraste = (a: Rgba, b: Rgba): number => {
  const [claro, escuro] = [luminancia(a) + 0.05, luminancia(b) + 0.05].sort((x, y) => y - x);
  return (claro ?? 1) / (escuro ?? 1);
};

const BRANCO: Rgba = [255, 255, 255, 1];

const fundoDe = (el: Element): Rgba => {
  for (let p: Element | null = el; p; p = p.parentElement) {
    const cor = rgba(getComputedStyle(p).backgroundColor);
    if (cor && cor[3] > 0) return sobre(cor, BRANCO);
  }
  return BRANCO;
};

const escondido = (el: Element): boolean => {
  for (let p: Element | null = el; p; p = p.parentElement) {
    const s = getComputedStyle(p);
    if (s.display === 'none' || s.visibility === 'hidden' || s.clip === 'rect(0 0 0 0)') return true;
    // A badge with nothing to count stays in the DOM, scaled to nothing.
    if (p.classList.contains('MuiBadge-invisible')) return true;
  }
  return false;
};

export type ContrasteBaixo = { texto: string; razao: number; cor: string; fundo: string };

/** Texts under `minimo`:1 against their background (4.5 is WCAG AA for body text). */
export const textosComContrasteBaixo = (raiz: Element = document.body, minimo = 4.5): ContrasteBaixo[] => {
  const achados: ContrasteBaixo[] = [];
  const walker = document.createTreeWalker(raiz, NodeFilter.SHOW_TEXT);
  for (let no = walker.nextNode(); no; no = walker.nextNode()) {
    const texto = no.textContent?.trim();
    const el = no.parentElement;
    if (!texto || !el || escondido(el) || el.closest('[disabled], .Mui-disabled')) continue;
    const fundo = fundoDe(el);
    const cor = sobre(rgba(getComputedStyle(el).color) ?? [0, 0, 0, 1], fundo);
    const razao = razaoDeContraste(cor, fundo);
    if (razao < minimo)
      achados.push({
        texto,
        razao: Math.round(razao * 100) / 100,
        cor: cor.join(','),
        fundo: fundo.join(','),
      });
  }
  return achados;
};
