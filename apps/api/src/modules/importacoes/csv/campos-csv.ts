import { ehDataIso } from '@cobranca/dominio';
import { z } from 'zod';

// Field readers for spreadsheet cells as Brazilian offices write them. Each answers the value or
// an error message in pt-BR; none throws.

export type Leitura<T> = { ok: true; valor: T } | { ok: false; mensagem: string };

const ok = <T>(valor: T): Leitura<T> => ({ ok: true, valor });
const erro = <T>(mensagem: string): Leitura<T> => ({ ok: false, mensagem });

const VALOR_MAXIMO_CENTAVOS = 100_000_000_000; // R$ 1 bilhão, as in the API's amount fields
const MILHARES_COM_PONTO = /^\d{1,3}(\.\d{3})+$/;

/** Digits with an optional decimal part of at most 2 digits → cents, by string arithmetic. */
const centavosDe = (inteiro: string, decimais: string): number | null => {
  if (!/^\d+$/.test(inteiro) || !/^\d{0,2}$/.test(decimais)) return null;
  return Number(inteiro) * 100 + Number(decimais.padEnd(2, '0'));
};

/**
 * `1.234,56`, `R$ 1.234,56`, `1234,5`, `1234.56` (decimal point when there is no comma and the dots
 * are not thousands groups), `1.234` (one thousand two hundred and thirty-four).
 */
export const lerValorReais = (bruto: string): Leitura<number> => {
  const texto = bruto.replace(/^R\$/i, '').replace(/\s/g, '');
  if (!texto) return erro('Informe o valor.');
  if (texto.startsWith('-')) return erro('O valor deve ser maior que zero.');
  let inteiro: string;
  let decimais = '';
  if (texto.includes(',')) {
    const [parteInteira = '', parteDecimal = '', ...resto] = texto.split(',');
    if (resto.length > 0) return erro(`Valor inválido: "${bruto}". Use o formato 1.234,56.`);
    if (parteInteira.includes('.') && !MILHARES_COM_PONTO.test(parteInteira))
      return erro(`Valor inválido: "${bruto}". Use o formato 1.234,56.`);
    inteiro = parteInteira.replaceAll('.', '') || '0';
    decimais = parteDecimal;
  } else if (MILHARES_COM_PONTO.test(texto)) {
    inteiro = texto.replaceAll('.', '');
  } else {
    [inteiro = '', decimais = ''] = texto.split('.', 2);
    if (texto.split('.').length > 2) return erro(`Valor inválido: "${bruto}". Use o formato 1.234,56.`);
  }
  if (decimais.length > 2) return erro('Use no máximo duas casas decimais no valor.');
  const centavos = centavosDe(inteiro, decimais);
  if (centavos === null) return erro(`Valor inválido: "${bruto}". Use o formato 1.234,56.`);
  if (centavos === 0) return erro('O valor deve ser maior que zero.');
  if (centavos > VALOR_MAXIMO_CENTAVOS) return erro('Valor alto demais.');
  return ok(centavos);
};

const DATA_BR = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/;
const DATA_ISO = /^(\d{4})-(\d{2})-(\d{2})$/;
const ANO_MINIMO = 1990;
const ANO_MAXIMO = 2100;

/** `31/12/2026`, `1/2/2026`, `31-12-2026`, `31.12.2026` or ISO `2026-12-31` → `2026-12-31`. */
export const lerData = (bruto: string): Leitura<string> => {
  const texto = bruto.trim();
  if (!texto) return erro('Informe o vencimento.');
  const br = DATA_BR.exec(texto);
  const iso = br ? null : DATA_ISO.exec(texto);
  const partes = br ? [br[3], br[2], br[1]] : iso ? [iso[1], iso[2], iso[3]] : null;
  if (!partes) return erro(`Data inválida: "${bruto}". Use o formato dd/mm/aaaa.`);
  const [ano, mes, dia] = partes.map(Number) as [number, number, number];
  if (ano < ANO_MINIMO || ano > ANO_MAXIMO) return erro(`Ano fora do intervalo aceito: ${ano}.`);
  const data = `${ano}-${String(mes).padStart(2, '0')}-${String(dia).padStart(2, '0')}`;
  return ehDataIso(data) ? ok(data) : erro(`Data inexistente: "${bruto}".`);
};

const emailSchema = z.email();

export const lerEmail = (bruto: string): Leitura<string | null> => {
  const texto = bruto.trim().toLowerCase();
  if (!texto) return ok(null);
  if (texto.length > 254 || !emailSchema.safeParse(texto).success)
    return erro(`E-mail inválido: "${bruto}".`);
  return ok(texto);
};
