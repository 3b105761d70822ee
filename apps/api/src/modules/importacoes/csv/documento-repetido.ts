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

// Fields of a CSV never hold NUL: ler-csv refuses a file with one (binary content).
const SEPARADOR = '\u0000';

/**
 * The first row of each document in the file, as one flat string per document: a file keeps them all
 * to its end, and as objects they held 33 MB for 100 000 documents; this way the import's live heap at
 * the end of such a file went from 60 to 41 MB (docs/decisions/044-pisos-honestos.md).
 */
export class PrimeirasLinhas {
  private readonly porDocumento = new Map<string, string>();

  guardar(linha: number, cliente: ClienteImportado): void {
    const { nome, documentoTipo, telefone, email } = cliente;
    this.porDocumento.set(
      cliente.documento,
      [linha, documentoTipo, telefone ?? '', email ?? '', nome].join(SEPARADOR),
    );
  }

  buscar(documento: string): { linha: number; cliente: ClienteImportado } | undefined {
    const guardada = this.porDocumento.get(documento);
    if (guardada === undefined) return undefined;
    const [linha, documentoTipo, telefone, email, nome] = guardada.split(SEPARADOR);
    return {
      linha: Number(linha),
      cliente: {
        nome: nome ?? '',
        documento,
        documentoTipo: documentoTipo as ClienteImportado['documentoTipo'],
        telefone: telefone || null,
        email: email || null,
      },
    };
  }
}
