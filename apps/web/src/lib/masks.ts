import { IMask } from 'react-imask';

// Tokens follow vue-the-mask (the original front end's convention); `!` makes the next character literal.
const LETTER = /[a-zA-Z]/;
const ALPHANUMERIC = /[0-9a-zA-Z]/;
const ESCAPE = '!';

type PrepareChar = (char: string) => string;
type TokenDefinition = RegExp | { mask: RegExp; prepareChar: PrepareChar };
export type TokenDefinitions = Readonly<Record<string, TokenDefinition>>;

const toUpper: PrepareChar = (char) => char.toUpperCase();
const toLower: PrepareChar = (char) => char.toLowerCase();

export const TOKENS: TokenDefinitions = {
  '#': /\d/,
  X: ALPHANUMERIC,
  S: LETTER,
  A: { mask: LETTER, prepareChar: toUpper },
  a: { mask: LETTER, prepareChar: toLower },
};

// The alphanumeric CNPJ (Receita Federal, 2026) only uses upper-case letters.
const CNPJ_TOKENS: TokenDefinitions = { ...TOKENS, X: { mask: ALPHANUMERIC, prepareChar: toUpper } };

export const MASKS = {
  cpf: '###.###.###-##',
  cnpj: 'XX.XXX.XXX/XXXX-##',
  cep: '#####-###',
  telefone: ['(##) ####-####', '(##) #####-####'],
  cpfCnpj: ['###.###.###-##', 'XX.XXX.XXX/XXXX-##'],
} as const;

export type MaskPreset = keyof typeof MASKS;
export type MaskSpec = MaskPreset | string | readonly string[];

type PatternOptions = { mask: string; definitions: TokenDefinitions };
/** Options handed to imask: one pattern, or a dynamic list where imask picks the pattern that fits the input. */
export type MaskOptions = PatternOptions | { mask: PatternOptions[] };

const isPreset = (spec: MaskSpec): spec is MaskPreset =>
  typeof spec === 'string' && Object.hasOwn(MASKS, spec);

/**
 * Translates a vue-the-mask pattern into imask's syntax. Every literal is escaped with `\`, because
 * imask reads `0`, `*`, `[]`, `{}` and backtick as syntax and `a` is both its letter token and ours.
 */
export const toImaskPattern = (mask: string): string => {
  let pattern = '';
  for (let i = 0; i < mask.length; i++) {
    let char = mask.charAt(i);
    if (char === ESCAPE) {
      i++;
      char = mask.charAt(i);
      if (!char) break;
      pattern += `\\${char}`;
    } else {
      pattern += Object.hasOwn(TOKENS, char) ? char : `\\${char}`;
    }
  }
  return pattern;
};

const pattern = (mask: string, definitions: TokenDefinitions = TOKENS): PatternOptions => ({
  mask: toImaskPattern(mask),
  definitions,
});

// Built once: presets are resolved on every render of every masked field.
const PRESET_OPTIONS: Record<MaskPreset, MaskOptions> = {
  cpf: pattern(MASKS.cpf),
  cnpj: pattern(MASKS.cnpj, CNPJ_TOKENS),
  cep: pattern(MASKS.cep),
  // imask's default dispatch keeps the first mask on a tie, so 10 digits stay fixed-line and 11 go mobile.
  telefone: { mask: MASKS.telefone.map((m) => pattern(m)) },
  // Same rule: CPF up to 11 characters, CNPJ beyond (or as soon as a letter is typed).
  cpfCnpj: { mask: [pattern(MASKS.cpf), pattern(MASKS.cnpj, CNPJ_TOKENS)] },
};

const presetForString = (spec: string): MaskPreset | undefined =>
  (Object.keys(MASKS) as MaskPreset[]).find((preset) => MASKS[preset] === spec);

/** Resolves a preset name, a pattern or a list of patterns to imask options. */
export const toMaskOptions = (spec: MaskSpec): MaskOptions => {
  // A preset's own pattern string gets the preset's options, so `MASKS.cnpj` upper-cases like `'cnpj'`.
  const preset = isPreset(spec) ? spec : typeof spec === 'string' ? presetForString(spec) : undefined;
  if (preset) return PRESET_OPTIONS[preset];
  if (typeof spec === 'string') return pattern(spec);
  return { mask: spec.map((m) => pattern(m)) };
};

const patternsOf = (spec: MaskSpec): readonly string[] => {
  const resolved = isPreset(spec) ? MASKS[spec] : spec;
  return typeof resolved === 'string' ? [resolved] : resolved;
};

/** True when every token of the mask is a digit, so the field can ask for a numeric keyboard. */
export const isNumericMask = (spec: MaskSpec): boolean =>
  // Once escaped literals are dropped, only tokens are left.
  patternsOf(spec).every((mask) => /^#*$/.test(toImaskPattern(mask).replace(/\\./g, '')));

/** `value` laid into one pattern when it has exactly one valid character per token; else null. */
const fillPattern = ({ mask, definitions }: PatternOptions, value: string): string | null => {
  let filled = '';
  let next = 0;
  for (let i = 0; i < mask.length; i++) {
    const char = mask.charAt(i);
    if (char === '\\') {
      i++;
      filled += mask.charAt(i);
      continue;
    }
    const token = definitions[char];
    const input = value.charAt(next++);
    if (!token || !(token instanceof RegExp ? token : token.mask).test(input)) return null;
    filled += token instanceof RegExp ? input : token.prepareChar(input);
  }
  return next === value.length ? filled : null;
};

/**
 * Formats a value the way the masked field would display it after typing it in. A value that fills
 * a pattern exactly (a stored CPF, a phone) is laid in directly: lists format dozens per render, and
 * imask's pipe builds a masked model per call (milliseconds each for the phone's dynamic mask).
 */
export const applyMask = (value: string, mask: MaskSpec): string => {
  const options = toMaskOptions(mask);
  for (const single of 'definitions' in options ? [options] : options.mask) {
    const filled = fillPattern(single, value);
    if (filled !== null) return filled;
  }
  return IMask.pipe(value, options);
};

/** Keeps only letters and digits: `529.982.247-25` → `52998224725`. */
export const unmask = (value: string): string => value.replace(/[^\p{L}\p{N}]/gu, '');
