import { diasEntre, formatarDataBr, somarDias } from './datas.ts';
import { formatarReais } from './dinheiro.ts';

// The boleto's numbers (docs/conciliacao.md §1): the 44-digit barcode, the 47-digit linha
// digitável built from it, their check digits and the fator de vencimento. The check digits are here,
// not in a library, because a wrong one must be named (which field) in the error; the tests hold this
// module against @brazilian-utils/brazilian-utils' validator as an oracle (decision 041).

const BASE_DO_FATOR = '1997-10-07';
/** Fator 9999 was 2025-02-21; the count went back to 1000 on 2025-02-22: a cycle is 9000 days. */
const CICLO_DO_FATOR = 9_000;

/** Módulo 10 (weights 2, 1 from the right; the digits of each product summed): the fields' digit. */
export const digitoModulo10 = (numero: string): number => {
  let soma = 0;
  for (let i = numero.length - 1, peso = 2; i >= 0; i -= 1, peso = peso === 2 ? 1 : 2) {
    const produto = (numero.charCodeAt(i) - 48) * peso;
    soma += produto > 9 ? produto - 9 : produto;
  }
  return (10 - (soma % 10)) % 10;
};

/** Módulo 11 of the barcode (weights 2..9 from the right): 0, 10 and 11 become 1, never 0. */
export const digitoGeralDoBoleto = (semDigito: string): number => {
  let soma = 0;
  for (let i = semDigito.length - 1, peso = 2; i >= 0; i -= 1, peso = peso === 9 ? 2 : peso + 1)
    soma += (semDigito.charCodeAt(i) - 48) * peso;
  const digito = 11 - (soma % 11);
  return digito === 0 || digito >= 10 ? 1 : digito;
};

/** The linha digitável (47 digits) of a barcode (44 digits). */
export const linhaDoCodigo = (codigo: string): string => {
  const campo = (texto: string) => `${texto}${digitoModulo10(texto)}`;
  return (
    campo(codigo.slice(0, 4) + codigo.slice(19, 24)) +
    campo(codigo.slice(24, 34)) +
    campo(codigo.slice(34, 44)) +
    codigo.slice(4, 5) +
    codigo.slice(5, 19)
  );
};

/** The barcode (44 digits) a linha digitável (47 digits) spells. */
export const codigoDaLinha = (linha: string): string =>
  linha.slice(0, 4) + linha.slice(32, 47) + linha.slice(4, 9) + linha.slice(10, 20) + linha.slice(21, 31);

export type BoletoLido = {
  codigoDeBarras: string;
  linhaDigitavel: string;
  banco: string;
  /** 0: the boleto has no due date. */
  fator: number;
  valorCentavos: number;
};

export type ResultadoBoleto = { ok: true; boleto: BoletoLido } | { ok: false; erro: string };

/** The digits without the dots and spaces they are written with, or what is wrong with them. */
const digitosDe = (texto: string, quantos: number): string => {
  const numero = texto.replace(/[\s.-]/g, '');
  if (/\D/.test(numero)) return 'deve ter só números';
  return numero.length === quantos ? numero : `deve ter ${quantos} dígitos (tem ${numero.length})`;
};

const lido = (codigo: string): BoletoLido => ({
  codigoDeBarras: codigo,
  linhaDigitavel: linhaDoCodigo(codigo),
  banco: codigo.slice(0, 3),
  fator: Number(codigo.slice(5, 9)),
  valorCentavos: Number(codigo.slice(9, 19)),
});

const conferirCodigo = (codigo: string): string | null => {
  const esperado = digitoGeralDoBoleto(codigo.slice(0, 4) + codigo.slice(5));
  if (Number(codigo[4]) !== esperado)
    return `o dígito verificador geral é ${codigo[4]}, o certo seria ${esperado}`;
  return null;
};

/** A barcode of a cobrança boleto: 44 digits, currency 9, the general check digit right. */
export const lerCodigoDeBarras = (texto: string): ResultadoBoleto => {
  const codigo = digitosDe(texto, 44);
  const erro = /^\d{44}$/.test(codigo) ? conferirCodigo(codigo) : codigo;
  return erro
    ? { ok: false, erro: `Código de barras inválido: ${erro}.` }
    : { ok: true, boleto: lido(codigo) };
};

/** A linha digitável of a cobrança boleto: 47 digits, each field's módulo 10 and the general digit right. */
export const lerLinhaDigitavel = (texto: string): ResultadoBoleto => {
  const linha = digitosDe(texto, 47);
  if (!/^\d{47}$/.test(linha)) return { ok: false, erro: `Linha digitável inválida: ${linha}.` };
  const campos = [
    [0, 9],
    [10, 20],
    [21, 31],
  ] as const;
  for (const [n, [inicio, fim]] of campos.entries()) {
    const esperado = digitoModulo10(linha.slice(inicio, fim));
    if (Number(linha[fim]) !== esperado)
      return {
        ok: false,
        erro: `Linha digitável inválida: o dígito do campo ${n + 1} é ${linha[fim]}, o certo seria ${esperado}.`,
      };
  }
  const codigo = codigoDaLinha(linha);
  const erro = conferirCodigo(codigo);
  return erro
    ? { ok: false, erro: `Linha digitável inválida: ${erro}.` }
    : { ok: true, boleto: lido(codigo) };
};

/**
 * The due date a fator stands for: of the dates it may mean (one per 9000-day cycle since 1997-10-07),
 * the nearest to `referencia` (the boleto's issue date, or the file's). Null for fator 0 (no due date).
 */
export const dataDoFator = (fator: number, referencia: string): string | null => {
  if (fator === 0) return null;
  let data = somarDias(BASE_DO_FATOR, fator);
  while (diasEntre(data, referencia) > CICLO_DO_FATOR / 2) data = somarDias(data, CICLO_DO_FATOR);
  return data;
};

/** The fator of a due date (1000–9999, counting again from 1000 after 9999). */
export const fatorDaData = (data: string): number => {
  let fator = diasEntre(BASE_DO_FATOR, data);
  while (fator > 9_999) fator -= CICLO_DO_FATOR;
  return fator;
};

/** A nosso número as stored and compared: letters and digits only, upper-case, without leading zeros. */
export const normalizarNossoNumero = (texto: string): string =>
  texto
    .replace(/[^0-9A-Za-z]/g, '')
    .replace(/^0+(?=.)/, '')
    .toUpperCase();

/** What a person or a spreadsheet gives for a receivable's boleto; '' where nothing was given. */
export type BoletoInformado = {
  banco: string;
  nossoNumero: string;
  linhaDigitavel: string;
  codigoBarras: string;
};
export type BoletoDaConta = {
  banco: string;
  nossoNumero: string | null;
  linhaDigitavel: string | null;
  codigoBarras: string | null;
};
type CampoDoBoleto = 'banco' | 'nosso_numero' | 'linha_digitavel' | 'codigo_barras';
export type ResultadoBoletoDaConta =
  | { ok: true; boleto: BoletoDaConta | null }
  | { ok: false; problemas: { campo: CampoDoBoleto; mensagem: string }[] };

/**
 * A receivable's boleto (docs/conciliacao.md §1): the linha and the barcode each right and the same
 * boleto, of the bank given, for the receivable's amount and due date; a nosso número needs its bank.
 * Every problem at once, per field.
 */
export const validarBoletoDaConta = (
  b: BoletoInformado,
  conta: { valorCentavos: number; vencimento: string },
): ResultadoBoletoDaConta => {
  const problemas: { campo: CampoDoBoleto; mensagem: string }[] = [];
  const banco = b.banco.trim();
  const nosso = normalizarNossoNumero(b.nossoNumero);
  if (!banco && !nosso && !b.linhaDigitavel.trim() && !b.codigoBarras.trim())
    return { ok: true, boleto: null };
  const linha = b.linhaDigitavel.trim() ? lerLinhaDigitavel(b.linhaDigitavel) : null;
  const codigo = b.codigoBarras.trim() ? lerCodigoDeBarras(b.codigoBarras) : null;
  if (linha && !linha.ok) problemas.push({ campo: 'linha_digitavel', mensagem: linha.erro });
  if (codigo && !codigo.ok) problemas.push({ campo: 'codigo_barras', mensagem: codigo.erro });
  if (linha?.ok && codigo?.ok && linha.boleto.codigoDeBarras !== codigo.boleto.codigoDeBarras)
    problemas.push({
      campo: 'codigo_barras',
      mensagem: 'O código de barras não é o do boleto da linha digitável.',
    });
  const lido = linha?.ok ? linha.boleto : codigo?.ok ? codigo.boleto : null;
  if (banco && !/^\d{3}$/.test(banco))
    problemas.push({ campo: 'banco', mensagem: 'O banco é o código de 3 dígitos (ex.: 341 para o Itaú).' });
  else if (banco && lido && lido.banco !== banco)
    problemas.push({ campo: 'banco', mensagem: `O boleto é do banco ${lido.banco}, não do ${banco}.` });
  if (nosso && !banco && !lido)
    problemas.push({ campo: 'banco', mensagem: 'Informe o banco do nosso número.' });
  if (nosso.length > 20)
    problemas.push({ campo: 'nosso_numero', mensagem: 'O nosso número tem no máximo 20 caracteres.' });
  const campoLido = linha?.ok ? 'linha_digitavel' : 'codigo_barras';
  if (lido && lido.valorCentavos > 0 && lido.valorCentavos !== conta.valorCentavos)
    problemas.push({
      campo: campoLido,
      mensagem: `O valor do boleto (${formatarReais(lido.valorCentavos)}) não é o da conta (${formatarReais(conta.valorCentavos)}).`,
    });
  const vencimento = lido ? dataDoFator(lido.fator, conta.vencimento) : null;
  if (vencimento && vencimento !== conta.vencimento)
    problemas.push({
      campo: campoLido,
      mensagem: `O vencimento do boleto (${formatarDataBr(vencimento)}) não é o da conta (${formatarDataBr(conta.vencimento)}).`,
    });
  if (problemas.length > 0) return { ok: false, problemas };
  return {
    ok: true,
    boleto: {
      banco: banco || (lido?.banco ?? ''),
      nossoNumero: nosso || null,
      linhaDigitavel: lido?.linhaDigitavel ?? null,
      codigoBarras: lido?.codigoDeBarras ?? null,
    },
  };
};

/** The barcode of a boleto from its parts (the demo's and the CSV template's boletos, the tests'). */
export const montarCodigoDeBarras = (partes: {
  banco: string;
  vencimento: string | null;
  valorCentavos: number;
  /** The bank's 25 digits: carteira, nosso número, agency, account. */
  campoLivre: string;
}): string => {
  const fator = partes.vencimento ? String(fatorDaData(partes.vencimento)).padStart(4, '0') : '0000';
  const semDigito = `${partes.banco}9${fator}${String(partes.valorCentavos).padStart(10, '0')}${partes.campoLivre}`;
  return `${semDigito.slice(0, 4)}${digitoGeralDoBoleto(semDigito)}${semDigito.slice(4)}`;
};

/** `00190.00009 01149.718601 68524.522114 6 75860000102656`: as printed on the boleto (and kept text by Excel). */
export const formatarLinhaDigitavel = (linha: string): string =>
  `${linha.slice(0, 5)}.${linha.slice(5, 10)} ${linha.slice(10, 15)}.${linha.slice(15, 21)} ${linha.slice(21, 26)}.${linha.slice(26, 32)} ${linha.slice(32, 33)} ${linha.slice(33)}`;
