// Structure limits an NF-e file must meet before it reaches the XML parser, whose cost grows with the
// number of nodes and attributes (measured on fast-xml-parser: 400 000 attributes on one element take
// ~5 s, 100 000 elements ~2 s, 600 000 processing instructions ~3 s, a 4.5 MB tag name ~1.6 s).
// Each limit is far above what a real NF-e 4.00 can hold: SEFAZ refuses messages over 500 KB; a note
// has at most 990 items of ~50 elements (~50 000 elements; usually a few hundred); one attribute per
// item (nItem) plus a dozen others (~1 000); ~8 levels of nesting; the longest texts are infCpl
// (5 000 characters) and the signing certificate (~3 KB of base64); the longest name has 22 characters.
export const LIMITES_XML = {
  /** Elements, comments, processing instructions and CDATA sections, together. */
  elementos: 100_000,
  atributosPorElemento: 100,
  atributos: 20_000,
  profundidade: 64,
  /** Raw characters of one text node (CDATA included) or of one attribute value. */
  caracteresPorTexto: 64 * 1024,
  /** Characters of an element or attribute name. */
  caracteresPorNome: 1_000,
} as const;

export type LimitesXml = { readonly [K in keyof typeof LIMITES_XML]: number };

const MAIOR = 62; // >
const BARRA = 47; // /
const ASPAS = 34; // "
const APOSTROFO = 39; // '
const IGUAL = 61; // =

const ehEspaco = (c: number) => c === 32 || c === 9 || c === 10 || c === 13;
// What ends a name or starts a value is not part of a name; anything else is (the validator judges it).
const ehDeNome = (c: number) =>
  !Number.isNaN(c) &&
  !ehEspaco(c) &&
  c !== MAIOR &&
  c !== BARRA &&
  c !== IGUAL &&
  c !== ASPAS &&
  c !== APOSTROFO;

const milhar = (n: number) => n.toLocaleString('pt-BR');
const rotulo = (nome: string) => `<${nome.length > 40 ? `${nome.slice(0, 40)}…` : nome}>`;

/** Stops the scan: the first limit exceeded, in words. */
class Excesso extends Error {}

type Tag = { fim: number; atributos: number; vazia: boolean };

/** Reads a start tag from just after `<`: its name, attributes and values, up to its `>`. */
const lerTag = (xml: string, inicio: number, limites: LimitesXml): Tag => {
  let fimNome = inicio;
  while (ehDeNome(xml.charCodeAt(fimNome))) fimNome++;
  const nome = xml.slice(inicio, Math.min(fimNome, inicio + 41));
  if (fimNome - inicio > limites.caracteresPorNome)
    throw new Excesso(`um elemento tem nome com mais de ${milhar(limites.caracteresPorNome)} caracteres`);
  let atributos = 0;
  let aspas = 0;
  let tamanho = 0;
  let anterior = 32; // a space: the name is behind
  for (let i = fimNome; i < xml.length; i++) {
    const c = xml.charCodeAt(i);
    if (aspas !== 0) {
      if (c === aspas) aspas = 0;
      else if (++tamanho > limites.caracteresPorTexto)
        throw new Excesso(
          `um atributo de ${rotulo(nome)} tem valor com mais de ${milhar(limites.caracteresPorTexto)} caracteres`,
        );
    } else if (c === ASPAS || c === APOSTROFO) {
      aspas = c;
      tamanho = 0;
    } else if (c === MAIOR) {
      return { fim: i + 1, atributos, vazia: anterior === BARRA };
    } else if (ehDeNome(c) && ehDeNome(anterior)) {
      if (++tamanho > limites.caracteresPorNome)
        throw new Excesso(
          `um atributo de ${rotulo(nome)} tem nome com mais de ${milhar(limites.caracteresPorNome)} caracteres`,
        );
    } else if (ehDeNome(c)) {
      tamanho = 1;
      if (++atributos > limites.atributosPorElemento)
        throw new Excesso(
          `o elemento ${rotulo(nome)} tem mais de ${milhar(limites.atributosPorElemento)} atributos`,
        );
    }
    anterior = aspas !== 0 ? ASPAS : c;
  }
  // Never closed: the validator refuses it.
  return { fim: xml.length, atributos, vazia: true };
};

/** Where the construct opened at `inicio` ends (after `fecho`), or the end of the text if never. */
const pular = (xml: string, inicio: number, fecho: string): number => {
  const fim = xml.indexOf(fecho, inicio);
  return fim === -1 ? xml.length : fim + fecho.length;
};

const CDATA = '<![CDATA[';

/** One linear pass over the markup, counting against `limites`; throws Excesso at the first excess. */
const medir = (xml: string, limites: LimitesXml): void => {
  let nos = 0;
  let atributos = 0;
  let profundidade = 0;
  let texto = 0;
  const contarNo = () => {
    if (++nos > limites.elementos)
      throw new Excesso(`o arquivo tem mais de ${milhar(limites.elementos)} elementos XML`);
  };
  const contarTexto = (caracteres: number) => {
    texto += caracteres;
    if (texto > limites.caracteresPorTexto)
      throw new Excesso(`um texto tem mais de ${milhar(limites.caracteresPorTexto)} caracteres`);
  };
  let i = 0;
  while (i < xml.length) {
    const abre = xml.indexOf('<', i);
    contarTexto((abre === -1 ? xml.length : abre) - i);
    if (abre === -1) break;
    const proximo = xml.charCodeAt(abre + 1);
    if (xml.startsWith('<!--', abre)) {
      contarNo();
      i = pular(xml, abre + 4, '-->');
    } else if (xml.startsWith(CDATA, abre)) {
      contarNo();
      i = pular(xml, abre + CDATA.length, ']]>');
      contarTexto(i - abre - CDATA.length - 3);
    } else if (proximo === 63 /* ? */ || proximo === 33 /* ! */) {
      contarNo();
      i = pular(xml, abre + 2, proximo === 63 ? '?>' : '>');
    } else if (proximo === BARRA) {
      profundidade--;
      texto = 0;
      i = pular(xml, abre + 2, '>');
    } else {
      contarNo();
      texto = 0;
      const tag = lerTag(xml, abre + 1, limites);
      atributos += tag.atributos;
      if (atributos > limites.atributos)
        throw new Excesso(`o arquivo tem mais de ${milhar(limites.atributos)} atributos`);
      if (!tag.vazia && ++profundidade > limites.profundidade)
        throw new Excesso(`os elementos se aninham em mais de ${milhar(limites.profundidade)} níveis`);
      i = tag.fim;
    }
  }
};

/**
 * Checks the markup against LIMITES_XML in one pass, before any parsing; answers the pt-BR problem
 * of the first limit exceeded, or undefined. Malformed markup is left to the validator.
 */
export const excessoNoXml = (xml: string, limites: LimitesXml = LIMITES_XML): string | undefined => {
  try {
    medir(xml, limites);
    return undefined;
  } catch (erro) {
    if (!(erro instanceof Excesso)) throw erro;
    return `Estrutura fora dos limites de uma NF-e: ${erro.message}. O arquivo não foi lido.`;
  }
};
