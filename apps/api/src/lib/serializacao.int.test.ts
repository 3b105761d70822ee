import { isDeepStrictEqual } from 'node:util';
import { serializerCompiler as serializadorZod } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { z } from 'zod';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import type { DecisaoSerializacao, Def } from './serializacao.ts';

type $ZodType = z.core.$ZodType;

// Every response schema the app compiles, as the app's own serializer compiler saw it.
const vistos = vi.hoisted(() => [] as { decisao: DecisaoSerializacao; schema: unknown }[]);
vi.mock('./serializacao.ts', async (importOriginal) => {
  const original = await importOriginal<typeof import('./serializacao.ts')>();
  return {
    ...original,
    compiladorDeRespostas: (opcoes: Parameters<typeof original.compiladorDeRespostas>[0]) =>
      original.compiladorDeRespostas({
        ...opcoes,
        aoCompilar: (decisao, schema) => vistos.push({ decisao, schema }),
      }),
  };
});

/** Deterministic pseudo-random numbers (mulberry32): the same samples on every run. */
const sorteador = (semente: number) => {
  let a = semente;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
};

const TEXTOS = [
  '',
  'Maria',
  'aspas " e \\ barra',
  'linha\nnova\ttab',
  'ação ç 😀',
  '\u2028\u0000',
  'x'.repeat(60),
];
const REGEX_CANDIDATOS = ['2026-03', '08:30', 'abc_1', '12345', 'v23.0', 'pt_BR', 'texto'];

/**
 * A value `schema` accepts (zod's output type), with what zod drops on the way out mixed in: keys the
 * object does not declare, optional keys set to undefined.
 */
const amostra = (schema: $ZodType, r: () => number, profundidade = 0): unknown => {
  const def = schema._zod.def as unknown as Def;
  const escolher = <T>(itens: readonly T[]): T => itens[Math.floor(r() * itens.length)] as T;
  const filho = (s: $ZodType) => amostra(s, r, profundidade + 1);
  switch (def.type) {
    case 'string': {
      const formato =
        def.format ?? def.checks?.find((c) => c._zod.def.check === 'string_format')?._zod.def.format;
      const padrao = def.pattern ?? def.checks?.find((c) => c._zod.def.pattern)?._zod.def.pattern;
      const instante = new Date(Date.UTC(2020, 0, 1) + Math.floor(r() * 4e11));
      if (formato === 'datetime') return instante.toISOString();
      if (formato === 'date') return instante.toISOString().slice(0, 10);
      if (padrao) return REGEX_CANDIDATOS.find((t) => padrao.test(t)) ?? 'sem-candidato';
      return escolher(TEXTOS);
    }
    case 'number': {
      const inteiro = def.checks?.some((c) => c._zod.def.format === 'safeint');
      const minimo = def.checks?.find((c) => c._zod.def.check === 'greater_than')?._zod.def.value;
      if (inteiro)
        return Math.max(Math.floor(r() * 2e9) - (minimo === undefined ? 1e9 : 0), (minimo ?? 0) + 1);
      return escolher([0, -0, 1234.56, 0.1 + 0.2, 1e21, 5e-7, -98.7, Math.floor(r() * 1e6) / 100]);
    }
    case 'boolean':
      return r() < 0.5;
    case 'null':
      return null;
    case 'unknown':
    case 'any':
      return escolher([null, 1, 'x', [1, 'a', { b: null }], { a: { b: [true] } }]);
    case 'enum':
      return escolher(Object.values(def.entries ?? {}));
    case 'literal':
      return escolher(def.values ?? []);
    case 'nullable':
      return r() < 0.3 ? null : filho(def.innerType as $ZodType);
    case 'optional':
      return r() < 0.3 ? undefined : filho(def.innerType as $ZodType);
    case 'nonoptional':
    case 'readonly':
      return filho(def.innerType as $ZodType);
    case 'lazy':
      return profundidade > 4
        ? undefined
        : filho((schema._zod as unknown as { innerType: $ZodType }).innerType);
    case 'array': {
      const tamanho = profundidade > 3 ? 0 : Math.floor(r() * 4);
      return Array.from({ length: tamanho }, () => filho(def.element as $ZodType));
    }
    case 'record': {
      const chaves = (def.keyType?._zod as { values?: Set<string> } | undefined)?.values;
      const nomes = chaves ? [...chaves] : ['a', 'chave com espaço', 'ç', '"'].slice(0, Math.floor(r() * 5));
      return Object.fromEntries(nomes.map((nome) => [nome, filho(def.valueType as $ZodType)]));
    }
    case 'object': {
      const objeto: Record<string, unknown> = {};
      for (const [chave, valor] of Object.entries(def.shape ?? {})) {
        const v = filho(valor);
        // An absent optional key and one present as undefined both vanish from the JSON.
        if (v !== undefined || r() < 0.5) objeto[chave] = v;
      }
      if (!def.catchall)
        Object.assign(objeto, { _extra: 'não sai', _extraObjeto: { a: 1 }, _extraData: new Date() });
      return objeto;
    }
    case 'union':
      return filho(escolher(def.options ?? []));
    default:
      throw new Error(`amostra: tipo ${def.type} sem gerador`);
  }
};

let testApp: TestApp;

beforeAll(async () => {
  testApp = await buildTestApp();
});

afterAll(async () => {
  await testApp?.close();
});

describe('compiled response serialisation', () => {
  it('keeps the zod serializer only for the schemas it cannot compile faithfully', () => {
    const zod = vistos.filter((v) => v.decisao.motivo).map((v) => v.decisao);
    expect(vistos.length).toBeGreaterThan(600);
    expect(zod).toEqual([
      expect.objectContaining({ method: 'GET', url: '/api/admin/configuracoes/sistema', httpStatus: '200' }),
      expect.objectContaining({ method: 'HEAD', url: '/api/admin/configuracoes/sistema', httpStatus: '200' }),
      expect.objectContaining({ method: 'PUT', url: '/api/admin/configuracoes/sistema', httpStatus: '200' }),
    ]);
    for (const decisao of zod) expect(decisao.motivo).toMatch(/tipo default/);
  });

  it('writes the same JSON as zod for every compiled route schema, extra keys stripped', async () => {
    const { compiladorDeRespostas } = await import('./serializacao.ts');
    // Without the cross-check: the compiled serializer production runs, against the zod one of today.
    const compilar = compiladorDeRespostas({ conferir: false, aoCompilar: () => {} });
    const porSchema = new Map<unknown, DecisaoSerializacao>();
    for (const { decisao, schema } of vistos) if (!decisao.motivo) porSchema.set(schema, decisao);
    let comparadas = 0;
    const diferencas: string[] = [];
    for (const [schema, { method, url, httpStatus }] of porSchema) {
      const rota = { schema, method, url, httpStatus };
      const compilado = compilar(rota);
      const zod = serializadorZod(rota as Parameters<typeof serializadorZod>[0]);
      const r = sorteador(comparadas + 1);
      for (let i = 0; i < 25; i++) {
        const dado = amostra(schema as $ZodType, r);
        const esperado = zod(dado); // throws if the generator made something the schema refuses
        const obtido = compilado(dado);
        if (!isDeepStrictEqual(JSON.parse(obtido), JSON.parse(esperado)))
          diferencas.push(`${method} ${url} ${httpStatus}: ${obtido} ≠ ${esperado}`);
        comparadas += 1;
      }
    }
    expect(diferencas).toEqual([]);
    expect(porSchema.size).toBeGreaterThan(60);
    expect(comparadas).toBe(porSchema.size * 25);
  });
});
