import { digitoModulo11, somaPonderada } from './modulo11.ts';

// Brazilian tax IDs: CPF (people) and CNPJ (companies, numeric or the alphanumeric form that
// the Receita Federal issues from July 2026). Pure functions, no I/O.

export type TipoDocumento = 'cpf' | 'cnpj';
export type DocumentoIdentificado = { tipo: TipoDocumento; documento: string };

const CPF_RE = /^\d{11}$/;
// Alphanumeric CNPJ: 12 base positions in [0-9A-Z], the 2 check digits always numeric.
const CNPJ_RE = /^[0-9A-Z]{12}\d{2}$/;
const CNPJ_PESOS_DV1 = [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];
const CNPJ_PESOS_DV2 = [6, ...CNPJ_PESOS_DV1];

/** Strips `.`, `-`, `/` and whitespace and upper-cases letters (alphanumeric CNPJ). */
export const normalizarDocumento = (raw: string): string => raw.replace(/[.\-/\s]/g, '').toUpperCase();

// Sequences like 00000000000 pass the check-digit arithmetic but are never issued.
const repeteUmCaractere = (value: string): boolean => /^(.)\1*$/.test(value);

const pesosDecrescentes = (de: number, quantidade: number): number[] =>
  Array.from({ length: quantidade }, (_, i) => de - i);

const dvsCpf = (base9: string): string => {
  const dv1 = digitoModulo11(somaPonderada(base9, pesosDecrescentes(10, 9)));
  const dv2 = digitoModulo11(somaPonderada(`${base9}${dv1}`, pesosDecrescentes(11, 10)));
  return `${dv1}${dv2}`;
};

const dvsCnpj = (base12: string): string => {
  const dv1 = digitoModulo11(somaPonderada(base12, CNPJ_PESOS_DV1));
  const dv2 = digitoModulo11(somaPonderada(`${base12}${dv1}`, CNPJ_PESOS_DV2));
  return `${dv1}${dv2}`;
};

/** Expects the normalised form: exactly 11 digits. */
export const validarCpf = (digits: string): boolean =>
  CPF_RE.test(digits) && !repeteUmCaractere(digits) && dvsCpf(digits.slice(0, 9)) === digits.slice(9);

/** Expects the normalised form: 14 chars, numeric or alphanumeric (upper-case). */
export const validarCnpj = (value: string): boolean =>
  CNPJ_RE.test(value) && !repeteUmCaractere(value) && dvsCnpj(value.slice(0, 12)) === value.slice(12);

/** Normalises and classifies; null when it is neither a valid CPF nor a valid CNPJ. */
export const identificarDocumento = (raw: string): DocumentoIdentificado | null => {
  const documento = normalizarDocumento(raw);
  if (documento.length === 11 && validarCpf(documento)) return { tipo: 'cpf', documento };
  if (documento.length === 14 && validarCnpj(documento)) return { tipo: 'cnpj', documento };
  return null;
};

/**
 * `123.456.789-09` / `12.345.678/0001-95` (also `12.ABC.345/01DE-35`) for anything shaped like a CPF
 * or a CNPJ, formatted or not; anything else (a foreign document) comes back as given.
 */
export const formatarDocumento = (documento: string): string => {
  const d = normalizarDocumento(documento);
  if (CPF_RE.test(d)) return `${d.slice(0, 3)}.${d.slice(3, 6)}.${d.slice(6, 9)}-${d.slice(9)}`;
  if (CNPJ_RE.test(d))
    return `${d.slice(0, 2)}.${d.slice(2, 5)}.${d.slice(5, 8)}/${d.slice(8, 12)}-${d.slice(12)}`;
  return documento;
};

const digitosAleatorios = (random: () => number, quantidade: number): string =>
  Array.from({ length: quantidade }, () => Math.floor(random() * 10)).join('');

// Bumps the last digit instead of drawing again, so even a constant `random` terminates.
const semRepeticao = (digits: string): string => {
  if (!repeteUmCaractere(digits)) return digits;
  const ultimo = (Number(digits.at(-1)) + 1) % 10;
  return `${digits.slice(0, -1)}${ultimo}`;
};

/** The 9 base digits of a CPF completed with its two check digits (digits only). */
export const completarCpf = (base9: string): string => `${base9}${dvsCpf(base9)}`;

/** A valid CPF (digits only) drawn from `random` (a PRNG returning [0, 1)): demo data and tests. */
export const gerarCpf = (random: () => number): string =>
  completarCpf(semRepeticao(digitosAleatorios(random, 9)));

/** A valid numeric CNPJ of a head office (branch 0001), digits only, drawn from `random`. */
export const gerarCnpj = (random: () => number): string => {
  const base = `${semRepeticao(digitosAleatorios(random, 8))}0001`;
  return `${base}${dvsCnpj(base)}`;
};
