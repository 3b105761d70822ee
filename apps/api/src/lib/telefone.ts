import { parsePhoneNumberFromString } from 'libphonenumber-js/mobile';

// Mobile-only metadata: a number is "valid" here exactly when WhatsApp can reach it.

// Before 2016 Brazilian mobiles had 8 digits after the DDD (first digit 6–9); the 9 in front is now
// mandatory, and old spreadsheets and NF-e still carry the short form.
const CELULAR_ANTIGO = /^([1-9]{2})([6-9]\d{7})$/;

/** DDD + number (10 or 11 digits) from what people type: punctuation, trunk 0, country code 55. */
const numeroNacional = (texto: string): string => {
  const digitos = texto.replace(/\D/g, '').replace(/^0/, '');
  const semPais =
    (digitos.length === 12 || digitos.length === 13) && digitos.startsWith('55') ? digitos.slice(2) : digitos;
  return semPais.replace(CELULAR_ANTIGO, '$19$2');
};

/**
 * A mobile number in E.164 (`+5511987654321`), or null when it is not a valid mobile. Without a
 * country code it is read as Brazilian; `+` with another country code is taken as given.
 */
export const normalizarCelular = (bruto: string): string | null => {
  const texto = bruto.trim();
  if (!texto) return null;
  const estrangeiro = texto.startsWith('+') && !texto.replace(/[\s()-]/g, '').startsWith('+55');
  const telefone = parsePhoneNumberFromString(estrangeiro ? texto : `+55${numeroNacional(texto)}`);
  return telefone?.isValid() ? telefone.number : null;
};

/**
 * How people write a stored number: `(11) 98100-0001` for a Brazilian one, `+351 912 345 678` for one
 * from abroad (exports: text a spreadsheet neither reads as a number nor strips of its zeros).
 */
export const formatarCelular = (e164: string): string => {
  const telefone = parsePhoneNumberFromString(e164);
  if (!telefone) return e164;
  return telefone.country === 'BR' ? telefone.formatNational() : telefone.formatInternational();
};
