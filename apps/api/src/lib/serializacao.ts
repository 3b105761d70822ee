/**
 * Response serialisation (docs/decisions/028-serializacao.md): each route's zod response schema becomes a
 * fast-json-stringify serializer, compiled once at start-up, instead of a zod encode plus JSON.stringify on
 * every answer. A schema the JSON Schema cannot describe faithfully keeps the zod serializer.
 */
import { isDeepStrictEqual } from 'node:util';
import build, { type AnySchema } from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify';
import { serializerCompiler as serializadorZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

type Serializador = (data: unknown) => string;

const { $ZodType } = z.core;
type $ZodType = z.core.$ZodType;

export type DecisaoSerializacao = {
  method: string;
  url: string;
  httpStatus: string | undefined;
  /** Why the route keeps the zod serializer; absent when it was compiled. */
  motivo?: string;
};

export type OpcoesSerializacao = {
  /**
   * Serialise with zod too and fail when the two disagree (the test suite): a handler returning what its
   * schema does not describe still gets the 500 zod gives, where the compiled serializer would coerce.
   */
  conferir: boolean;
  aoCompilar?: (decisao: DecisaoSerializacao, schema: unknown) => void;
};

// Types whose JSON Schema serialises exactly what zod's encode + JSON.stringify writes for valid data.
const TIPOS_FIEIS = new Set([
  'string',
  'number',
  'boolean',
  'null',
  'any',
  'unknown',
  'enum',
  'literal',
  'template_literal',
  'object',
  'array',
  'record',
  'union',
  'nullable',
  'optional',
  'nonoptional',
  'readonly',
  'lazy',
]);

/** What this module (and its test's generator) reads of a zod schema's definition. */
export type Def = {
  type: string;
  format?: string;
  pattern?: RegExp;
  checks?: {
    _zod: { def: { check: string; format?: string; pattern?: RegExp; value?: number; inclusive?: boolean } };
  }[];
  shape?: Record<string, $ZodType>;
  catchall?: $ZodType;
  element?: $ZodType;
  keyType?: $ZodType;
  valueType?: $ZodType;
  options?: $ZodType[];
  innerType?: $ZodType;
  entries?: Record<string, string | number>;
  values?: unknown[];
};

const defDe = (schema: $ZodType) => schema._zod.def as unknown as Def;

/**
 * Why `schema` cannot be compiled faithfully, or undefined. Not faithful: whatever changes the value on
 * the way out (transforms, pipes, codecs, defaults, catch, `.trim()`-like overwrites), types JSON has no
 * word for (dates, bigints, maps…), and refinements inside a union, where they pick the member zod keeps
 * but the compiled serializer's JSON Schema test would not see.
 */
export const motivoParaNaoCompilar = (schema: $ZodType): string | undefined => {
  const vistos = new Set<$ZodType>();
  const visitar = (atual: $ZodType, caminho: string, emUniao: boolean): string | undefined => {
    if (vistos.has(atual)) return undefined;
    vistos.add(atual);
    const def = defDe(atual);
    if (!TIPOS_FIEIS.has(def.type)) return `${caminho || 'raiz'}: tipo ${def.type}`;
    for (const check of def.checks ?? []) {
      const tipo = check._zod.def.check;
      if (tipo === 'overwrite') return `${caminho || 'raiz'}: altera o valor (${tipo})`;
      if (tipo === 'custom' && emUniao) return `${caminho || 'raiz'}: refinamento dentro de união`;
    }
    const filhos: [string, $ZodType][] = [];
    if (def.type === 'lazy') filhos.push(['', (atual._zod as unknown as { innerType: $ZodType }).innerType]);
    for (const [chave, filho] of Object.entries(def.shape ?? {})) filhos.push([`.${chave}`, filho]);
    if (def.catchall) filhos.push(['[*]', def.catchall]);
    if (def.element) filhos.push(['[]', def.element]);
    if (def.keyType) filhos.push(['{chave}', def.keyType]);
    if (def.valueType) filhos.push(['{}', def.valueType]);
    if (def.innerType) filhos.push(['', def.innerType]);
    const uniao = emUniao || def.type === 'union';
    for (const [i, opcao] of (def.options ?? []).entries()) filhos.push([`|${i}`, opcao]);
    for (const [sufixo, filho] of filhos) {
      const motivo = visitar(filho, caminho + sufixo, uniao);
      if (motivo) return motivo;
    }
    return undefined;
  };
  return visitar(schema, '', false);
};

/**
 * The JSON Schema fast-json-stringify compiles. OpenAPI 3.0's `nullable` is read natively (no
 * validation at run time, unlike anyOf), and an ordinary object loses zod's `additionalProperties:
 * false`: fast-json-stringify writes only the declared keys anyway, and the flag would make a union
 * member with extra keys fail the test that picks the member, where zod strips them and keeps it.
 */
export const jsonSchemaDeSaida = (schema: $ZodType) =>
  z.toJSONSchema(schema, {
    target: 'openapi-3.0',
    io: 'output',
    unrepresentable: 'throw',
    reused: 'inline',
    cycles: 'ref',
    // Not the global registry: its ids would move schemas into $defs, which changes nothing here.
    metadata: z.registry<{ id?: string }>(),
    override: ({ zodSchema, jsonSchema }) => {
      const def = defDe(zodSchema as $ZodType);
      if (def.type === 'object' && !def.catchall) delete jsonSchema.additionalProperties;
    },
  });

/** Same JSON value (key order aside: fast-json-stringify writes required keys first). */
const mesmoJson = (a: string, b: string) => isDeepStrictEqual(JSON.parse(a), JSON.parse(b));

type Compilacao =
  | { serializar: Serializador; motivo?: undefined }
  | { serializar?: undefined; motivo: string };

// Most routes share their schemas (the error answers above all): each one is compiled once per process.
const compilados = new WeakMap<$ZodType, Compilacao>();

const compilar = (schema: $ZodType): Compilacao => {
  const pronto = compilados.get(schema);
  if (pronto) return pronto;
  let compilacao: Compilacao;
  const motivo = motivoParaNaoCompilar(schema);
  if (motivo) compilacao = { motivo };
  else {
    try {
      compilacao = { serializar: build(jsonSchemaDeSaida(schema) as AnySchema) as Serializador };
    } catch (erro) {
      compilacao = { motivo: `não compila: ${(erro as Error).message}` };
    }
  }
  compilados.set(schema, compilacao);
  return compilacao;
};

/** Fastify's serializer compiler: compiled where faithful, zod elsewhere (see the module comment). */
export const compiladorDeRespostas =
  ({ conferir, aoCompilar }: OpcoesSerializacao): FastifySerializerCompiler<unknown> =>
  (rota) => {
    const { schema, method, url, httpStatus } = rota;
    const zod: Serializador = serializadorZod(rota as Parameters<typeof serializadorZod>[0]);
    const { serializar: compilado, motivo } =
      schema instanceof $ZodType ? compilar(schema) : { motivo: 'schema não é zod' };
    aoCompilar?.({ method, url, httpStatus, ...(motivo ? { motivo } : {}) }, schema);
    if (!compilado) return zod;
    if (!conferir) return compilado;
    return (data) => {
      const esperado = zod(data);
      const obtido = compilado(data);
      if (!mesmoJson(esperado, obtido))
        throw new Error(`${method} ${url} → ${httpStatus}: serializador compilado difere do zod: ${obtido}`);
      return obtido;
    };
  };
