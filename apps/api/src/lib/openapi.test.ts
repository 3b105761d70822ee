import { describe, expect, it } from 'vitest';
import { completeDocument, type OpenApiDocument, operationIdFor } from './openapi.ts';

const erro = { content: { 'application/json': { schema: { $ref: '#/components/schemas/Erro' } } } };

const documento = (): OpenApiDocument => ({
  openapi: '3.0.3',
  paths: {
    '/api/health': { get: { responses: { '200': { description: 'Default Response' } } } },
    '/api/logout': {
      post: {
        responses: {
          '204': { description: 'Default Response', content: { 'application/json': { schema: {} } } },
          '401': { description: 'Default Response', ...erro },
        },
      },
    },
    '/api/admin/operadores/{id}': {
      put: { operationId: 'atualizarOperador', responses: { '200': { description: 'ok' } } },
    },
    '/api/admin/configuracoes/mensagens/templates': {
      get: {
        responses: {
          '200': {
            description: 'ok',
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  required: ['lembrete', 'atraso'],
                  additionalProperties: { $ref: '#/components/schemas/Template' },
                },
              },
            },
          },
        },
      },
    },
  },
  components: {
    schemas: {
      Erro: { type: 'object' },
      ErroInput: { type: 'object' },
      Template: {
        type: 'object',
        properties: { canal: { nullable: true, type: 'string', enum: ['whatsapp', 'email'] } },
      },
    },
  },
});

describe('operationIdFor', () => {
  it('derives a readable id from the method and the path', () => {
    expect(operationIdFor('GET', '/api/operador/clientes/{id}/mensagens')).toBe(
      'getOperadorClientesByIdMensagens',
    );
    expect(operationIdFor('post', '/api/operador/clientes/importar-csv')).toBe(
      'postOperadorClientesImportarCsv',
    );
    expect(operationIdFor('get', '/api/super-admin/saude')).toBe('getSuperAdminSaude');
  });
});

describe('completeDocument', () => {
  it('gives every operation an operationId, keeping one a route set itself', () => {
    const { paths } = completeDocument(documento());
    expect(paths['/api/health']?.get?.operationId).toBe('getHealth');
    expect(paths['/api/admin/operadores/{id}']?.put?.operationId).toBe('atualizarOperador');
  });

  it('refuses two operations with the same operationId', () => {
    const doc = documento();
    const health = doc.paths['/api/health']?.get;
    if (health) health.operationId = 'atualizarOperador';
    expect(() => completeDocument(doc)).toThrow(/operationId repetido: atualizarOperador/);
  });

  it('leaves a 204 without content', () => {
    const { paths } = completeDocument(documento());
    expect(paths['/api/logout']?.post?.responses['204']).toEqual({ description: 'Sem conteúdo.' });
  });

  it('adds the answers of body parsing, of the router and of the server where they can happen', () => {
    const { paths, components } = completeDocument(documento());
    const codes = (path: string, method: string) =>
      Object.keys(paths[path]?.[method]?.responses ?? {}).sort();
    // 422: a NUL in the query string is refused before any route (plugins/sem-nul.ts).
    expect(codes('/api/health', 'get')).toEqual(['200', '422', '5XX']);
    expect(codes('/api/logout', 'post')).toEqual(['204', '401', '413', '415', '422', '5XX']);
    expect(codes('/api/admin/operadores/{id}', 'put')).toEqual([
      '200',
      '400',
      '413',
      '414',
      '415',
      '422',
      '5XX',
    ]);
    expect(paths['/api/health']?.get?.responses['422']).toEqual({
      $ref: '#/components/responses/ConsultaComNul',
    });
    expect(paths['/api/logout']?.post?.responses['413']).toEqual({
      $ref: '#/components/responses/CorpoGrandeDemais',
    });
    expect(Object.keys(components.responses ?? {})).toContain('CorpoGrandeDemais');
  });

  it('lists the keys of a record over an enum, which the OpenAPI 3.0 output drops', () => {
    const { paths } = completeDocument(documento());
    const content = paths['/api/admin/configuracoes/mensagens/templates']?.get?.responses['200'];
    const schema = content && 'content' in content ? content.content?.['application/json']?.schema : null;
    expect(schema).toEqual({
      type: 'object',
      required: ['lembrete', 'atraso'],
      properties: {
        lembrete: { $ref: '#/components/schemas/Template' },
        atraso: { $ref: '#/components/schemas/Template' },
      },
      additionalProperties: false,
    });
  });

  it('lists null among the values of a nullable enum, as OpenAPI 3.0.3 requires', () => {
    const { components } = completeDocument(documento());
    expect(components.schemas?.Template).toEqual({
      type: 'object',
      properties: { canal: { nullable: true, type: 'string', enum: ['whatsapp', 'email', null] } },
    });
  });

  it('keeps only the component schemas the paths reach', () => {
    const { components } = completeDocument(documento());
    expect(Object.keys(components.schemas ?? {}).sort()).toEqual(['Erro', 'Template']);
  });
});
