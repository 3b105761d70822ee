import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { HTTP_METHODS, type OpenApiDocument, type OpenApiOperation } from '../lib/openapi.ts';

let t: TestApp;
let doc: OpenApiDocument;

beforeAll(async () => {
  t = await buildTestApp();
  doc = (await t.app.inject({ url: '/api/docs/json' })).json<OpenApiDocument>();
});

afterAll(async () => {
  await t?.close();
});

const operacoes = (): [string, string, OpenApiOperation][] =>
  Object.entries(doc.paths).flatMap(([path, item]) =>
    HTTP_METHODS.flatMap((method) => (item[method] ? [[path, method, item[method]] as const] : [])),
  ) as [string, string, OpenApiOperation][];

const operacao = (path: string, method: string): OpenApiOperation => {
  const encontrada = doc.paths[path]?.[method];
  if (!encontrada) throw new Error(`${method} ${path} não está no documento`);
  return encontrada;
};

describe('GET /api/docs/json', () => {
  it('names the servers and the licence', () => {
    expect(doc.servers).toEqual([expect.objectContaining({ url: '/' })]);
    expect(doc.info).toEqual(
      expect.objectContaining({ license: expect.objectContaining({ name: expect.any(String) }) }),
    );
  });

  it('gives every operation a unique operationId', () => {
    const ids = operacoes().map(([, , op]) => op.operationId);
    expect(ids.every(Boolean)).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('declares login, health and the webhooks public, and every other route behind the bearer token', () => {
    const publicas = operacoes()
      .filter(([, , op]) => Array.isArray(op.security) && op.security.length === 0)
      .map(([path, method]) => `${method} ${path}`)
      .sort();
    expect(publicas).toEqual([
      'get /api/health',
      'get /api/publico/descadastro/{token}',
      'get /api/webhooks/whatsapp',
      'post /api/login',
      'post /api/portal/link',
      'post /api/portal/sessao',
      'post /api/publico/descadastro/{token}',
      'post /api/webhooks/pix/{segredo}/cobr',
      'post /api/webhooks/pix/{segredo}/pix',
      'post /api/webhooks/pix/{segredo}/rec',
      'post /api/webhooks/whatsapp',
      'post /api/webhooks/zenvia/{segredo}',
    ]);
    expect(doc.security).toEqual([{ bearer: [] }]);
  });

  it('puts the portal routes behind the portal session, not the bearer token of the back office', () => {
    const doPortal = operacoes()
      .filter(([, , op]) => JSON.stringify(op.security) === JSON.stringify([{ portal: [] }]))
      .map(([path, method]) => `${method} ${path}`)
      .sort();
    expect(doPortal).toEqual([
      'get /api/portal/acordo/pix',
      'get /api/portal/comprovantes',
      'get /api/portal/comprovantes/{id}',
      'get /api/portal/pix/{txid}',
      'get /api/portal/planos',
      'get /api/portal/resumo',
      'post /api/portal/acordo',
      'post /api/portal/atendente',
      'post /api/portal/opt-out',
      'post /api/portal/pix',
      'put /api/portal/canal-preferido',
    ]);
  });

  it('documents the upload bodies as multipart/form-data with their binary fields', () => {
    const csv = operacao('/api/operador/clientes/importar-csv', 'post').requestBody;
    expect(csv).toMatchObject({
      content: {
        'multipart/form-data': {
          schema: { required: ['csv_file'], properties: { csv_file: { type: 'string', format: 'binary' } } },
        },
      },
    });
    const xml = operacao('/api/operador/contas-receber/importar-xml', 'post').requestBody;
    expect(xml).toMatchObject({
      content: {
        'multipart/form-data': {
          schema: {
            required: ['arquivo_xml'],
            properties: { arquivo_xml: { type: 'array', items: { type: 'string', format: 'binary' } } },
          },
        },
      },
    });
  });

  it('answers logout with a 204 without content', () => {
    expect(operacao('/api/logout', 'post').responses['204']).not.toHaveProperty('content');
  });

  it('serves the CSV template as text/csv and its errors as JSON', () => {
    const { responses } = operacao('/api/operador/clientes/template-csv', 'get');
    expect(
      Object.keys(responses['200'] && 'content' in responses['200'] ? (responses['200'].content ?? {}) : {}),
    ).toEqual(['text/csv']);
    expect(responses['401']).toMatchObject({ content: { 'application/json': {} } });
  });

  it('declares 413 and 415 where a body is read, 414 where the path has a parameter', () => {
    for (const [path, method, op] of operacoes()) {
      const codes = Object.keys(op.responses);
      expect(codes.includes('413'), `${method} ${path}`).toBe(
        ['post', 'put', 'patch', 'delete'].includes(method),
      );
      expect(codes.includes('415'), `${method} ${path}`).toBe(
        ['post', 'put', 'patch', 'delete'].includes(method),
      );
      expect(codes.includes('414'), `${method} ${path}`).toBe(path.includes('{'));
      expect(codes, `${method} ${path}`).toContain('5XX');
    }
  });

  it('keeps the error shapes in components', () => {
    expect(Object.keys(doc.components.schemas ?? {})).toEqual(
      expect.arrayContaining(['Erro', 'ErroValidacao']),
    );
    expect(Object.keys(doc.components.responses ?? {})).toEqual(
      expect.arrayContaining(['CorpoGrandeDemais', 'UriLongaDemais', 'TipoNaoSuportado', 'ErroServidor']),
    );
  });
});
