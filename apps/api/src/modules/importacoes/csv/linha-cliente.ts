import type { DocumentoTipo } from '@cobranca/contracts';
import {
  type BoletoDaConta,
  type BoletoInformado,
  identificarDocumento,
  validarBoletoDaConta,
} from '@cobranca/dominio';
import { normalizarCelular } from '../../../lib/telefone.ts';
import type { ColunaCsv, MapaColunas } from './cabecalho-csv.ts';
import { lerData, lerEmail, lerValorReais } from './campos-csv.ts';

export type ClienteImportado = {
  nome: string;
  documento: string;
  documentoTipo: DocumentoTipo;
  telefone: string | null;
  email: string | null;
};
export type ContaImportada = {
  descricao: string;
  valorCentavos: number;
  vencimento: string;
  boleto: BoletoDaConta | null;
};
export type ProblemaCampo = { campo: string; mensagem: string };

export type LinhaCliente =
  | { ok: true; cliente: ClienteImportado; conta: ContaImportada | null }
  | { ok: false; problemas: ProblemaCampo[] };

const NOME_MIN = 2;
const NOME_MAX = 200;
const DESCRICAO_MAX = 200;
export const DESCRICAO_PADRAO_CSV = 'Importado de planilha';

/** One data row of the customers CSV: every problem of the row at once, so it is fixed in one go. */
export const validarLinhaCliente = (campos: readonly string[], colunas: MapaColunas): LinhaCliente => {
  const celula = (coluna: ColunaCsv): string => {
    const indice = colunas[coluna];
    return indice === undefined ? '' : (campos[indice] ?? '').trim();
  };
  const problemas: ProblemaCampo[] = [];

  const nome = celula('nome').replace(/\s+/g, ' ');
  if (!nome) problemas.push({ campo: 'nome', mensagem: 'Informe o nome.' });
  else if (nome.length < NOME_MIN || nome.length > NOME_MAX)
    problemas.push({
      campo: 'nome',
      mensagem: `O nome deve ter entre ${NOME_MIN} e ${NOME_MAX} caracteres.`,
    });

  const documentoBruto = celula('documento');
  const documento = documentoBruto ? identificarDocumento(documentoBruto) : null;
  if (!documentoBruto) problemas.push({ campo: 'documento', mensagem: 'Informe o CPF ou CNPJ.' });
  else if (!documento)
    problemas.push({ campo: 'documento', mensagem: `CPF/CNPJ inválido: "${documentoBruto}".` });

  const telefoneBruto = celula('telefone');
  const telefone = telefoneBruto ? normalizarCelular(telefoneBruto) : null;
  if (telefoneBruto && !telefone)
    problemas.push({
      campo: 'telefone',
      mensagem: `Telefone inválido para WhatsApp: "${telefoneBruto}". Informe um celular com DDD.`,
    });

  const email = lerEmail(celula('email'));
  if (!email.ok) problemas.push({ campo: 'email', mensagem: email.mensagem });

  const conta = lerConta(celula('descricao'), celula('valor'), celula('vencimento'), problemas, {
    banco: celula('banco'),
    nossoNumero: celula('nosso_numero'),
    linhaDigitavel: celula('linha_digitavel'),
    codigoBarras: celula('codigo_barras'),
  });

  if (problemas.length > 0 || !documento || !email.ok) return { ok: false, problemas };
  return {
    ok: true,
    cliente: {
      nome,
      documento: documento.documento,
      documentoTipo: documento.tipo,
      telefone,
      email: email.valor,
    },
    conta,
  };
};

/**
 * The optional receivable: absent when its cells are empty; amount and due date go together, and its
 * boleto, when given, must be the receivable's (docs/conciliacao.md §1).
 */
const lerConta = (
  descricao: string,
  valorBruto: string,
  vencimentoBruto: string,
  problemas: ProblemaCampo[],
  boletoInformado: BoletoInformado,
): ContaImportada | null => {
  const semBoleto = !Object.values(boletoInformado).some(Boolean);
  if (!descricao && !valorBruto && !vencimentoBruto && semBoleto) return null;
  const valor = lerValorReais(valorBruto);
  if (!valor.ok) problemas.push({ campo: 'valor', mensagem: valor.mensagem });
  const vencimento = lerData(vencimentoBruto);
  if (!vencimento.ok) problemas.push({ campo: 'vencimento', mensagem: vencimento.mensagem });
  if (descricao.length > DESCRICAO_MAX)
    problemas.push({
      campo: 'descricao',
      mensagem: `A descrição pode ter no máximo ${DESCRICAO_MAX} caracteres.`,
    });
  if (!valor.ok || !vencimento.ok) return null;
  const boleto = validarBoletoDaConta(boletoInformado, {
    valorCentavos: valor.valor,
    vencimento: vencimento.valor,
  });
  if (!boleto.ok) {
    problemas.push(...boleto.problemas);
    return null;
  }
  return {
    descricao: descricao.replace(/\s+/g, ' ') || DESCRICAO_PADRAO_CSV,
    valorCentavos: valor.valor,
    vencimento: vencimento.valor,
    boleto: boleto.boleto,
  };
};
