import { ilike, or, type SQL } from 'drizzle-orm';
import { clientes } from '../../db/schema/index.ts';
import { escaparLike, normalizarBusca } from '../../lib/busca.ts';

// What a customer search matches against `clientes.termo_busca` ("nome documento", lower-case,
// accent-free), as ILIKE patterns the trigram index can serve.

// Only digits and the punctuation of a formatted CPF/CNPJ ("529.982.247-25", "11.222.333/0001-81").
const DOCUMENTO_FORMATADO = /^[\d.\-/\s]+$/;

/**
 * The "contains" patterns for a search: the text normalised like `termo_busca`, plus its bare
 * digits when it is a formatted document (the column stores documents without punctuation).
 * No pattern means no filter.
 */
export const padroesBusca = (busca: string): string[] => {
  const termo = normalizarBusca(busca);
  if (termo === '') return [];
  const padroes = [`%${escaparLike(termo)}%`];
  const digitos = busca.replace(/\D/g, '');
  if (DOCUMENTO_FORMATADO.test(busca) && digitos !== '' && digitos !== termo) padroes.push(`%${digitos}%`);
  return padroes;
};

/** The WHERE part of a customer search (any list of customers or of their receivables); none for blank input. */
export const condicaoBuscaCliente = (busca: string | undefined): SQL | undefined => {
  const padroes = busca ? padroesBusca(busca) : [];
  return padroes.length > 0 ? or(...padroes.map((padrao) => ilike(clientes.termoBusca, padrao))) : undefined;
};
