import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { compiladorDeRespostas, type DecisaoSerializacao, motivoParaNaoCompilar } from './serializacao.ts';

const compilar = (schema: z.ZodType, conferir = false) => {
  const decisoes: DecisaoSerializacao[] = [];
  const serializar = compiladorDeRespostas({ conferir, aoCompilar: (d) => decisoes.push(d) })({
    schema,
    method: 'GET',
    url: '/teste',
    httpStatus: '200',
  });
  return { serializar, decisao: decisoes[0] };
};

const item = z.object({
  id: z.number().int(),
  nome: z.string(),
  apelido: z.string().nullable(),
  nota: z.string().optional(),
  criado_em: z.iso.datetime(),
});
const evento = z.discriminatedUnion('tipo', [
  z.object({ tipo: z.literal('pagamento'), valor: z.number() }),
  z.object({ tipo: z.literal('mensagem'), texto: z.string() }),
]);
const resposta = z.object({
  data: z.array(item),
  eventos: z.array(evento),
  status: z.enum(['ativo', 'pausado']),
  totais: z.record(z.enum(['aberta', 'paga']), z.number()),
  extras: z.record(z.string(), z.unknown()),
  talvez: z.union([z.object({ a: z.string() }), z.null()]),
});

const dado = {
  data: [
    { id: 1, nome: 'Ana "A" \\ ç', apelido: null, criado_em: '2026-01-02T03:04:05.678Z', senha: 'vaza?' },
    { id: 2, nome: 'Bia\n', apelido: 'b', nota: undefined, criado_em: '2026-01-02T03:04:05Z' },
  ],
  eventos: [
    { tipo: 'pagamento', valor: 12.5, interno: true },
    { tipo: 'mensagem', texto: 'oi', token: 'x' },
  ],
  status: 'ativo',
  totais: { aberta: 3, paga: 0 },
  extras: { livre: { qualquer: [1, null] } },
  talvez: { a: 'x', sobra: 'some' },
  fora: 1,
};

describe('compiled response serializer', () => {
  it('writes what zod writes: extra keys stripped, also inside union members', () => {
    const { serializar, decisao } = compilar(resposta);
    expect(decisao?.motivo).toBeUndefined();
    const zod = JSON.parse(JSON.stringify(resposta.encode(dado as z.output<typeof resposta>)));
    expect(JSON.parse(serializar(dado))).toEqual(zod);
    expect(serializar(dado)).not.toMatch(/senha|interno|token|fora|sobra/);
  });

  it('keeps the zod serializer for schemas whose JSON Schema would not write the same', () => {
    expect(motivoParaNaoCompilar(z.object({ a: z.string().default('x') }))).toBe('.a: tipo default');
    expect(motivoParaNaoCompilar(z.object({ a: z.string().transform((s) => s.length) }))).toBe(
      '.a: tipo pipe',
    );
    expect(motivoParaNaoCompilar(z.object({ a: z.string().trim() }))).toBe('.a: altera o valor (overwrite)');
    expect(motivoParaNaoCompilar(z.object({ a: z.date() }))).toBe('.a: tipo date');
    const refinadaEmUniao = z.union([
      z.object({ a: z.number().refine((n) => n > 1) }),
      z.object({ a: z.number() }),
    ]);
    expect(motivoParaNaoCompilar(refinadaEmUniao)).toBe('|0.a: refinamento dentro de união');
    expect(motivoParaNaoCompilar(z.object({ a: z.number().refine((n) => n > 1) }))).toBeUndefined();

    const { serializar, decisao } = compilar(z.object({ a: z.string().trim() }));
    expect(decisao?.motivo).toBe('.a: altera o valor (overwrite)');
    expect(serializar({ a: ' x ' })).toBe('{"a":"x"}');
  });

  it('in production coerces what zod refused; with the cross-check it fails as zod did', () => {
    const schema = z.object({ n: z.number(), s: z.string() });
    const errado = { n: '12', s: new Date('2026-01-02T03:04:05.678Z') };
    expect(compilar(schema).serializar(errado)).toBe('{"n":12,"s":"2026-01-02T03:04:05.678Z"}');
    expect(() => compilar(schema, true).serializar(errado)).toThrow(/Response doesn't match the schema/);
    // A required key missing fails both ways.
    expect(() => compilar(schema).serializar({ n: 1 })).toThrow(/"s" is required/);
    expect(compilar(schema, true).serializar({ n: 1, s: 'ok' })).toBe('{"n":1,"s":"ok"}');
  });
});
