// Text search shared by every list: one normalisation for what is stored and what is typed.

/**
 * Lower-case, accent-free, single-spaced text: "  João  Araújo" → "joao araujo". Control characters
 * become spaces: PostgreSQL text cannot hold NUL, and no name contains them.
 */
export const normalizarBusca = (texto: string): string =>
  texto
    .replace(/\p{Cc}/gu, ' ')
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();

/**
 * The `clientes.termo_busca` value: normalised "nome documento", so a trigram search for
 * "joao 5299" finds "João da Silva 52998224725".
 */
export const termoBusca = (nome: string, documento: string): string =>
  normalizarBusca(`${nome} ${documento}`);

/** `%`, `_` and `\` typed by the user are literal characters, never LIKE wildcards. */
export const escaparLike = (texto: string): string => texto.replace(/[\\%_]/g, (c) => `\\${c}`);

/** A LIKE pattern for "contains" over normalised text; empty input gives no pattern. */
export const padraoContem = (texto: string): string | null => {
  const termo = normalizarBusca(texto);
  return termo === '' ? null : `%${escaparLike(termo)}%`;
};
