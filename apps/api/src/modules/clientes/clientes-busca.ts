import { eq, ilike, like, or, type SQL } from 'drizzle-orm';
import { clientes } from '../../db/schema/index.ts';
import { escaparLike, normalizarBusca } from '../../lib/busca.ts';
import { normalizarCelular } from '../../lib/telefone.ts';

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

// What a typed phone may contain: digits and the punctuation of "(11) 98765-4321" or "+55 11 …".
const TELEFONE_DIGITADO = /^[\d\s()+\-.]+$/;
// Fewer digits than a number without its DDD would match half the customers' phones.
const MINIMO_DIGITOS_TELEFONE = 8;

/**
 * How a search finds a phone (stored E.164, `+5511987654321`): its bare digits anywhere in the number
 * ("11987654321", "(11) 98765-4321", "55 11 …"), plus the number normalised like an import would
 * (an old 8-digit mobile gains its 9). Nothing for text that is not a phone.
 */
export const telefonesBusca = (busca: string): { contem: string; exato: string | null } | null => {
  const texto = busca.trim();
  const digitos = texto.replace(/\D/g, '');
  if (!TELEFONE_DIGITADO.test(texto) || digitos.length < MINIMO_DIGITOS_TELEFONE) return null;
  return { contem: `%${digitos}%`, exato: normalizarCelular(texto) };
};

/** The WHERE part of a customer search (any list of customers or of their receivables); none for blank input. */
export const condicaoBuscaCliente = (busca: string | undefined): SQL | undefined => {
  const padroes = busca ? padroesBusca(busca) : [];
  if (!busca || padroes.length === 0) return undefined;
  const telefone = telefonesBusca(busca);
  return or(
    ...padroes.map((padrao) => ilike(clientes.termoBusca, padrao)),
    telefone ? like(clientes.telefone, telefone.contem) : undefined,
    telefone?.exato ? eq(clientes.telefone, telefone.exato) : undefined,
  );
};
