import type { FormatoArquivoBancario, TipoLancamento } from '@cobranca/contracts';
import { formatarReais } from '@cobranca/dominio';

// What every bank file reader gives (docs/conciliacao.md §2): the file's bank and account and its
// entries, each with the line it came from and an identity that is the same in any file that repeats it.

export type Lancamento = {
  /** The file's line the entry starts on (1-based). */
  linha: number;
  /** The same entry in another file (an overlapping statement, a retorno sent again) has the same one. */
  chave: string;
  tipo: TipoLancamento;
  /** The bank's movement code (CNAB) or TRNTYPE (OFX), and what it means in pt-BR. */
  codigo: string;
  descricao: string;
  /** As the bank writes it, without leading zeros. */
  nossoNumero: string | null;
  /** What was paid (CNAB valor pago) or credited (OFX), in cents; never negative. */
  valorCentavos: number;
  valorTituloCentavos: number | null;
  jurosMultaCentavos: number;
  descontoCentavos: number;
  /** The day of the movement (CNAB ocorrência, OFX DTPOSTED), ISO. */
  data: string;
  dataCredito: string | null;
  vencimento: string | null;
  /** OFX MEMO and NAME; the payer's name in CNAB where the layout carries it. */
  historico: string | null;
  fitid: string | null;
};

export type ArquivoLido = {
  formato: FormatoArquivoBancario;
  /** COMPE code, 3 digits. */
  banco: string;
  conta: string | null;
  lancamentos: Lancamento[];
};

/** A file refused: what is wrong, and on which line (null: the file as a whole). */
export class ErroDeArquivo extends Error {
  constructor(
    readonly linha: number | null,
    mensagem: string,
  ) {
    super(linha === null ? mensagem : `Linha ${linha}: ${mensagem}`);
  }
}

/** Cents from a field of digits (an implied two decimals), as CNAB writes amounts. */
export const centavosDoCampo = (campo: string, linha: number, nome: string): number => {
  if (!/^\d+$/.test(campo)) throw new ErroDeArquivo(linha, `${nome} não é numérico ("${campo.trim()}").`);
  return Number(campo);
};

/** DDMMAAAA or DDMMAA → ISO; null for zeros or blanks (no date). */
export const dataDoCampo = (campo: string, linha: number, nome: string): string | null => {
  if (/^[0\s]*$/.test(campo)) return null;
  const m = /^(\d{2})(\d{2})(\d{2}|\d{4})$/.exec(campo);
  const ano = m?.[3]?.length === 2 ? `20${m[3]}` : m?.[3];
  const data = m ? `${ano}-${m[2]}-${m[1]}` : '';
  const valida =
    m &&
    !Number.isNaN(Date.parse(`${data}T00:00:00Z`)) &&
    new Date(`${data}T00:00:00Z`).toISOString().startsWith(data);
  if (!valida) throw new ErroDeArquivo(linha, `${nome} não é uma data válida ("${campo}").`);
  return data;
};

/**
 * A trailer's title count and total, checked when they describe this file's titles. Banks also write
 * their portfolio's figures there (Santander: 3 titles in carteira while the file carries 6), zeros or
 * text; those are not checked; a blank field is zero (docs/conciliacao.md §3).
 */
export const conferirTotal = (
  declarados: readonly { quantidade: string; valor: string }[],
  titulos: readonly (number | null)[],
  linha: number,
  onde: string,
): void => {
  const numero = (c: string) => (/^\s*$/.test(c) ? 0 : /^\d+$/.test(c) ? Number(c) : Number.NaN);
  const quantidade = declarados.reduce((soma, d) => soma + numero(d.quantidade), 0);
  const valor = declarados.reduce((soma, d) => soma + numero(d.valor), 0);
  if (Number.isNaN(quantidade + valor) || quantidade === 0 || quantidade !== titulos.length) return;
  const soma = titulos.reduce<number>((total, t) => total + (t ?? 0), 0);
  if (valor !== soma)
    throw new ErroDeArquivo(
      linha,
      `o ${onde} declara ${quantidade} títulos somando ${formatarReais(valor)}, mas os títulos somam ${formatarReais(soma)}: o arquivo está incompleto ou alterado.`,
    );
};

/** Positions `de`..`ate` of a fixed-width line, 1-based and inclusive, as the CNAB layouts write them. */
export const campo = (linha: string, de: number, ate: number): string => linha.slice(de - 1, ate);

/** Every line `tamanho` characters wide (a CNAB file's width), or the first that is not. */
export const conferirLargura = (linhas: readonly string[], tamanho: number): void => {
  const i = linhas.findIndex((l) => l.length !== tamanho);
  if (i >= 0)
    throw new ErroDeArquivo(
      i + 1,
      `tem ${linhas[i]?.length} caracteres; um arquivo CNAB ${tamanho} tem ${tamanho} por linha.`,
    );
};
