import { CSV_CLIENTES_COLUNAS } from '@cobranca/contracts';
import { completarCpf, formatarDataBr, formatarDocumento, hojeNoFuso } from '@cobranca/dominio';

// The customers each operator imports: CSV in the template's columns (`;`, UTF-8 with BOM, CRLF),
// deterministic valid CPFs and unique mobiles, one receivable due today each so the engine has work.

/** Today in São Paulo as DD/MM/YYYY (the CSV's date format). */
export const hojeBr = (agora = new Date()): string => formatarDataBr(hojeNoFuso(agora));

/** A formatted CPF with valid check digits, distinct for each `n` below 10⁸ (base = 1 followed by n). */
export const cpfDe = (n: number): string => formatarDocumento(completarCpf(`1${String(n).padStart(8, '0')}`));

/** A São Paulo mobile, distinct for each `n` below 10⁷: (11) 97nnn-nnnn. */
export const celularDe = (n: number): string => {
  const s = `7${String(n).padStart(7, '0')}`;
  return `(11) 9${s.slice(0, 4)}-${s.slice(4)}`;
};

export const nomeCliente = (operador: number, cliente: number): string =>
  `Cliente Carga ${String(operador + 1).padStart(2, '0')}-${String(cliente + 1).padStart(2, '0')}`;

/** Operator `operador`'s CSV: `quantidade` customers, each with one receivable due today. */
export const csvClientes = (operador: number, quantidade: number, vencimento = hojeBr()): string => {
  const colunas = CSV_CLIENTES_COLUNAS.map((c) => c.nome);
  const linhas: string[][] = [[...colunas]];
  for (let c = 0; c < quantidade; c += 1) {
    const n = operador * 1_000 + c;
    const valor = 100 + ((n * 37) % 900);
    const campos: Record<(typeof colunas)[number], string> = {
      nome: nomeCliente(operador, c),
      documento: cpfDe(n),
      telefone: celularDe(n),
      email: `carga.${operador + 1}.${c + 1}@exemplo.com.br`,
      descricao: `Mensalidade carga ${c + 1}`,
      valor: `${valor},${String(n % 100).padStart(2, '0')}`,
      vencimento,
      banco: '',
      nosso_numero: '',
      linha_digitavel: '',
      codigo_barras: '',
    };
    linhas.push(colunas.map((coluna) => campos[coluna]));
  }
  return `\uFEFF${linhas.map((campos) => campos.join(';')).join('\r\n')}\r\n`;
};
