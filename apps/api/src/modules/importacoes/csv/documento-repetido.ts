import type { ClienteImportado } from './linha-cliente.ts';

// Inside one CSV a document's first row sets the customer's contact data (docs/produto.md §14): a
// later row of the same CPF/CNPJ brings another receivable of that customer, but must not silently
// send the next message to another phone or address. Pure.

const CONTATOS = [
  { campo: 'telefone', rotulo: 'telefone' },
  { campo: 'email', rotulo: 'e-mail' },
] as const;

const mesmo = (a: string | null, b: string | null) =>
  a === null || b === null || a.toLowerCase() === b.toLowerCase();

/**
 * Why a later row of a document already seen on line `linha` is refused (its phone or e-mail differs
 * from the first row's), or null: its receivable joins the first row's customer. An empty cell agrees
 * with anything, as on a re-import (empty cells never erase).
 */
export const conflitoComPrimeira = (
  primeira: { linha: number; cliente: ClienteImportado },
  repetida: ClienteImportado,
): string | null => {
  const diferentes = CONTATOS.filter(({ campo }) => !mesmo(primeira.cliente[campo], repetida[campo]));
  if (diferentes.length === 0) return null;
  const quais = diferentes.map((d) => d.rotulo).join(' e ');
  return `Documento repetido (mesmo da linha ${primeira.linha}) com ${quais} diferente${diferentes.length > 1 ? 's' : ''}: valem os dados da linha ${primeira.linha}.`;
};
