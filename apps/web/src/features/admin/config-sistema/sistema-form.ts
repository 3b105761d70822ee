import { type SistemaSettings, sistemaSettings } from '@cobranca/contracts';
import { type FieldErrors, get, type Path, type Resolver, set } from 'react-hook-form';
import { ApiError } from '../../../lib/api-client.ts';

export type SistemaForm = SistemaSettings;
export type Etapa = SistemaForm['regua'][number];
export type FaixaDesconto = SistemaForm['portal']['faixas_desconto'][number];
export type Janela = { inicio: string; fim: string };

/** Steps in the order the engine runs them: by days relative to the due date (stable for ties). */
export const sortRegua = (regua: readonly Etapa[]): Etapa[] => [...regua].sort((a, b) => a.dias - b.dias);

/** Discount tiers in the order they apply: by days overdue. */
export const sortFaixas = (faixas: readonly FaixaDesconto[]): FaixaDesconto[] =>
  [...faixas].sort((a, b) => a.a_partir_de_dias - b.a_partir_de_dias);

export const toForm = (settings: SistemaSettings): SistemaForm => ({
  ...settings,
  regua: sortRegua(settings.regua),
  portal: { ...settings.portal, faixas_desconto: sortFaixas(settings.portal.faixas_desconto) },
});

// react-hook-form keeps a field array's own errors (too few rows, repeated days) under `root`.
const FIELD_ARRAYS = new Set(['regua', 'portal.faixas_desconto']);

/**
 * Validates with the shared schema. Hand-written rather than zodResolver: the schema's input type (every
 * field optional, for its defaults) is not the form's, which always holds complete settings.
 */
export const sistemaResolver: Resolver<SistemaForm, unknown, SistemaSettings> = (values) => {
  const parsed = sistemaSettings.safeParse(values, {
    // An emptied number field reaches zod as NaN; say so in words instead of "expected number".
    error: (issue) =>
      issue.code === 'invalid_type' && issue.expected === 'number' ? 'Informe um número.' : undefined,
  });
  if (parsed.success) return { values: parsed.data, errors: {} };
  const errors: FieldErrors<SistemaForm> = {};
  for (const issue of parsed.error.issues) {
    const path = issue.path.join('.');
    const key = FIELD_ARRAYS.has(path) ? `${path}.root` : path || 'root';
    if (!get(errors, key)) set(errors, key, { type: issue.code, message: issue.message });
  }
  return { values: {}, errors };
};

const NULLABLE_JANELAS = ['janela_envio.sabado', 'janela_envio.domingo'] as const;

/** Every path in the settings (objects, array items and leaves), to place a 422's `regua.2.dias`-style keys. */
export const fieldPaths = (value: unknown, prefix = ''): string[] => {
  if (value === null || typeof value !== 'object') return prefix ? [prefix] : [];
  const entries: [string, unknown][] = Array.isArray(value)
    ? value.map((item, index) => [String(index), item])
    : Object.entries(value);
  const nested = entries.flatMap(([key, item]) => fieldPaths(item, prefix ? `${prefix}.${key}` : key));
  return prefix ? [prefix, ...nested] : nested;
};

export const formPaths = (values: SistemaForm): Path<SistemaForm>[] => {
  // A day switched off is null, but the server may still name its inicio/fim.
  const extra = NULLABLE_JANELAS.flatMap((janela) => [`${janela}.inicio`, `${janela}.fim`]);
  return [...new Set([...fieldPaths(values), ...extra])] as Path<SistemaForm>[];
};

/** A 422's messages that no field took (a key the form does not know), for the snackbar. */
export const unplacedMessages = (error: unknown, paths: readonly string[]): string[] =>
  error instanceof ApiError
    ? Object.entries(error.errors)
        .filter(([key]) => !paths.includes(key))
        .flatMap(([key, messages]) => messages.map((message) => `${key}: ${message}`))
    : [];
