import { type SistemaSettings, sistemaSettings } from '@cobranca/contracts';
import { identificarDocumento } from '@cobranca/dominio';
import { z } from 'zod';
import type { FieldErrors } from '../../lib/errors.ts';

// Rules of the system settings that the shared schema cannot express alone (docs/produto.md §15). Pure.

export type TipoChavePix = 'cpf' | 'cnpj' | 'email' | 'telefone' | 'aleatoria';

const TELEFONE_BR = /^\+55[1-9]{2}\d{8,9}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const EMAIL = z.email();

/** The DICT key type of `chave`, or null when it is none of them. */
export const tipoChavePix = (chave: string): TipoChavePix | null => {
  if (chave.startsWith('+')) return TELEFONE_BR.test(chave) ? 'telefone' : null;
  if (chave.includes('@')) return EMAIL.safeParse(chave).success ? 'email' : null;
  if (UUID.test(chave)) return 'aleatoria';
  return identificarDocumento(chave)?.tipo ?? null;
};

/** The form a PIX payload carries: CPF/CNPJ without punctuation, e-mail and random key in lower case. */
export const normalizarChavePix = (chave: string, tipo: TipoChavePix): string => {
  if (tipo === 'cpf' || tipo === 'cnpj') return identificarDocumento(chave)?.documento ?? chave;
  return tipo === 'telefone' ? chave : chave.toLowerCase();
};

/** The canonical IANA name (`brazil/east` → `America/Sao_Paulo`), or null for an unknown zone. */
export const fusoHorarioCanonico = (fuso: string): string | null => {
  try {
    const canonico = new Intl.DateTimeFormat('en-US', { timeZone: fuso }).resolvedOptions().timeZone;
    // Newer runtimes also accept offsets (+03:00), which are not IANA zones.
    return /^[+-]/.test(canonico) ? null : canonico;
  } catch {
    return null;
  }
};

const etapasRepetidas = (regua: SistemaSettings['regua']): FieldErrors => {
  const errors: FieldErrors = {};
  const vistos = new Set<number>();
  regua.forEach((etapa, indice) => {
    if (vistos.has(etapa.dias))
      errors[`regua.${indice}.dias`] = [
        `Já existe uma etapa no dia ${etapa.dias}; cada dia aparece uma vez.`,
      ];
    vistos.add(etapa.dias);
  });
  return errors;
};

const CHAVE_INVALIDA =
  'Chave PIX inválida: use CPF, CNPJ, e-mail, celular no formato +55DDDNÚMERO ou chave aleatória.';

const errosPix = (pix: SistemaSettings['pix']): FieldErrors => {
  if (pix.chave === '') return {};
  const errors: FieldErrors = {};
  if (tipoChavePix(pix.chave) === null) errors['pix.chave'] = [CHAVE_INVALIDA];
  if (pix.nome_recebedor === '')
    errors['pix.nome_recebedor'] = ['Informe o nome do recebedor para usar a chave PIX.'];
  if (pix.cidade === '') errors['pix.cidade'] = ['Informe a cidade do recebedor para usar a chave PIX.'];
  return errors;
};

export type SistemaValidado = { settings: SistemaSettings; errors: FieldErrors };

/** Checks the cross-field rules and returns the settings in their stored (normalised) form. */
export const validarSistema = (input: SistemaSettings): SistemaValidado => {
  const fuso = fusoHorarioCanonico(input.fuso_horario);
  const errors: FieldErrors = { ...etapasRepetidas(input.regua), ...errosPix(input.pix) };
  if (fuso === null)
    errors.fuso_horario = ['Fuso horário desconhecido: use um nome IANA, como America/Sao_Paulo.'];
  const tipo = tipoChavePix(input.pix.chave);
  const chave = tipo ? normalizarChavePix(input.pix.chave, tipo) : input.pix.chave;
  const settings = { ...input, fuso_horario: fuso ?? input.fuso_horario, pix: { ...input.pix, chave } };
  return { settings, errors };
};

// Rebuilds a schema refusing unknown keys at every level; refinements, defaults and limits stay.
const strictDeep = <T extends z.ZodType>(schema: T): T => {
  if (schema instanceof z.ZodObject) {
    const shape = Object.fromEntries(
      Object.entries(schema.shape).map(([chave, campo]) => [chave, strictDeep(campo as z.ZodType)]),
    );
    return schema.clone({ ...schema._zod.def, shape, catchall: z.never() }) as unknown as T;
  }
  if (schema instanceof z.ZodArray)
    return schema.clone({ ...schema._zod.def, element: strictDeep(schema.element as z.ZodType) }) as T;
  if (schema instanceof z.ZodDefault || schema instanceof z.ZodNullable || schema instanceof z.ZodOptional) {
    const innerType = strictDeep(schema._zod.def.innerType as z.ZodType);
    return schema.clone({ ...schema._zod.def, innerType } as typeof schema._zod.def) as T;
  }
  return schema;
};

/** PUT body: the settings schema with unknown keys refused at every level (a typo never saves silently). */
export const sistemaSettingsBody = strictDeep(sistemaSettings);

/** Top-level keys whose value differs between two settings objects. */
export const chavesAlteradas = (antes: SistemaSettings, depois: SistemaSettings): string[] =>
  Object.keys(sistemaSettings.shape).filter(
    (chave) =>
      JSON.stringify(antes[chave as keyof SistemaSettings]) !==
      JSON.stringify(depois[chave as keyof SistemaSettings]),
  );
