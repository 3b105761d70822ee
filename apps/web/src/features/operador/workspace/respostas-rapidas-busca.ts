import type { RespostaRapidaRenderizada } from '@cobranca/contracts';

// Pure rules of the composer's "/" list: where the typed shortcut is, what it matches, what inserting does.

/** The "/word" the caret is in: it starts the text or follows a space or line break. */
export type TermoBarra = { inicio: number; fim: number; consulta: string };

export const termoBarraNoCursor = (texto: string, cursor: number): TermoBarra | null => {
  const antes = texto.slice(0, cursor);
  const inicio = Math.max(antes.lastIndexOf(' '), antes.lastIndexOf('\n'), antes.lastIndexOf('\t')) + 1;
  const palavra = antes.slice(inicio);
  // "/" opens the list; a second slash ("/a/b", a URL, a date) means the operator is writing text.
  if (!palavra.startsWith('/') || palavra.indexOf('/', 1) !== -1) return null;
  return { inicio, fim: cursor, consulta: palavra.slice(1) };
};

const normalizar = (texto: string) => texto.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/** Shortcuts that start with the query first, then those whose shortcut or text contains it. */
export const filtrarRespostas = (
  respostas: readonly RespostaRapidaRenderizada[],
  consulta: string,
): RespostaRapidaRenderizada[] => {
  const q = normalizar(consulta.trim());
  if (!q) return [...respostas];
  const comecam = respostas.filter((r) => r.atalho.startsWith(q));
  const contem = respostas.filter(
    (r) => !r.atalho.startsWith(q) && (r.atalho.includes(q) || normalizar(r.texto).includes(q)),
  );
  return [...comecam, ...contem];
};

/** The text with "/query" replaced by the reply, and where the caret goes (right after it). */
export const inserirNoTermo = (
  texto: string,
  termo: Pick<TermoBarra, 'inicio' | 'fim'>,
  resposta: string,
): { texto: string; cursor: number } => ({
  texto: texto.slice(0, termo.inicio) + resposta + texto.slice(termo.fim),
  cursor: termo.inicio + resposta.length,
});

const numero = new Intl.NumberFormat('pt-BR');
const plural = new Intl.PluralRules('pt-BR');

/** "4.100/4.096": pt-BR thousands, as the counter under the composer shows it. */
export const contadorCaracteres = (tamanho: number, limite: number): string =>
  `${numero.format(tamanho)}/${numero.format(limite)}`;

/** Why the text cannot go, or null while it fits ("Encurte 1 caractere." / "Encurte 4 caracteres."). */
export const avisoLimite = (tamanho: number, limite: number): string | null => {
  const excesso = tamanho - limite;
  if (excesso <= 0) return null;
  const palavra = plural.select(excesso) === 'one' ? 'caractere' : 'caracteres';
  return `A mensagem passa do limite de ${numero.format(limite)} caracteres do WhatsApp. Encurte ${numero.format(excesso)} ${palavra}.`;
};
