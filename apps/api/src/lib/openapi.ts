/**
 * Post-processing of the OpenAPI document generated from the routes' zod schemas, so that it says
 * what the server really does: answers every route can give (body limits, router errors, 5xx), an
 * operationId on every operation, no body on 204, and only the components the paths use.
 */

export type JsonObject = Record<string, unknown>;
export type OpenApiResponse = { description?: string; content?: Record<string, { schema?: unknown }> };
export type OpenApiOperation = JsonObject & {
  operationId?: string;
  responses: Record<string, OpenApiResponse | { $ref: string }>;
};
export type OpenApiDocument = JsonObject & {
  paths: Record<string, Record<string, OpenApiOperation>>;
  components: JsonObject & { schemas?: Record<string, unknown>; responses?: Record<string, OpenApiResponse> };
};

export const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

const erro = (description: string): OpenApiResponse => ({
  description,
  content: { 'application/json': { schema: { $ref: '#/components/schemas/Erro' } } },
});

/** The error answers of the whole API, in one place; operations reference them. */
export const SHARED_RESPONSES = {
  RequisicaoMalformada: erro('Requisição malformada: parâmetro de caminho com codificação inválida.'),
  CorpoGrandeDemais: erro('O corpo excede o limite (1 MB em JSON) ou o envio tem partes demais.'),
  UriLongaDemais: erro('Um parâmetro do caminho passa de 100 caracteres.'),
  TipoNaoSuportado: erro('Content-Type do corpo não aceito por esta operação.'),
  // plugins/sem-nul.ts answers it on every route, before the route's own validation.
  ConsultaComNul: {
    description: 'Dados inválidos: um caractere nulo (%00) na query string; `errors` nomeia o parâmetro.',
    content: { 'application/json': { schema: { $ref: '#/components/schemas/ErroValidacao' } } },
  },
  ErroServidor: erro(
    'Erro do servidor: 500 inesperado, 503 banco de dados indisponível, 507 sem espaço em disco. Nunca traz detalhes internos.',
  ),
} satisfies Record<string, OpenApiResponse>;

type SharedResponse = keyof typeof SHARED_RESPONSES;
const ref = (name: SharedResponse) => ({ $ref: `#/components/responses/${name}` });

// Fastify parses a body on these methods whether or not the route declares one.
const BODY_METHODS = new Set(['post', 'put', 'patch', 'delete']);
const NO_CONTENT = new Set(['204', '205', '304']);

const DESCRIPTIONS: Record<string, string> = {
  '200': 'Sucesso.',
  '201': 'Criado.',
  '204': 'Sem conteúdo.',
  '400': 'Requisição inválida.',
  '401': 'Não autenticado: token ausente, inválido, expirado ou revogado.',
  '403': 'Sem permissão para esta operação (papel, conta bloqueada ou verificação recusada).',
  '404': 'Registro não encontrado, ou fora do escopo de quem chama.',
  '409': 'Conflito com o estado atual do registro.',
  '413': 'Corpo grande demais.',
  '422': 'Dados inválidos: `errors` lista as mensagens por campo.',
  '429': 'Muitas requisições; `Retry-After` diz quando tentar de novo.',
};

/** `GET /api/operador/clientes/{id}/mensagens` → `getOperadorClientesByIdMensagens`. */
export const operationIdFor = (method: string, path: string): string => {
  const words = path
    .split('/')
    .filter((segment) => segment !== '' && segment !== 'api')
    .map((segment) => {
      const param = /^\{(.+)\}$/.exec(segment)?.[1];
      return param ? `By-${param}` : segment;
    })
    .flatMap((segment) => segment.split(/[^A-Za-z0-9]+/))
    .filter(Boolean)
    .map((word) => word[0]?.toUpperCase() + word.slice(1));
  return method.toLowerCase() + words.join('');
};

const isObject = (value: unknown): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Calls `visit` on every object in `value`, depth first. */
const walk = (value: unknown, visit: (node: JsonObject) => void) => {
  if (Array.isArray(value)) for (const item of value) walk(item, visit);
  else if (isObject(value)) {
    visit(value);
    for (const child of Object.values(value)) walk(child, visit);
  }
};

/**
 * zod's OpenAPI 3.0 output drops `propertyNames`, so a record over an enum (every key required)
 * would keep its `required` list but lose the keys themselves: list them as properties again.
 */
const restoreEnumRecordKeys = (schema: JsonObject) => {
  const { required, properties, additionalProperties } = schema;
  if (!Array.isArray(required) || properties !== undefined || !isObject(additionalProperties)) return;
  schema.properties = Object.fromEntries(required.map((key) => [String(key), additionalProperties]));
  schema.additionalProperties = false;
};

/**
 * OpenAPI 3.0.3 says `nullable` does not widen an `enum`: a nullable enum (zod's `.nullable()` on
 * `z.enum`) must list null among its values, or a validating client refuses the null it is answered.
 */
const allowNullInNullableEnum = (schema: JsonObject) => {
  const values = schema.enum;
  if (schema.nullable === true && Array.isArray(values) && !values.includes(null))
    schema.enum = [...values, null];
};

const completeOperation = (path: string, method: string, operation: OpenApiOperation) => {
  operation.operationId ??= operationIdFor(method, path);
  const responses = operation.responses;
  for (const [status, response] of Object.entries(responses)) {
    if ('$ref' in response) continue;
    if (!response.description || response.description === 'Default Response')
      response.description = DESCRIPTIONS[status] ?? response.description ?? 'Resposta.';
    // zod's z.null() becomes a JSON body; a 204 has none.
    if (NO_CONTENT.has(status)) delete response.content;
  }
  const add = (status: string, name: SharedResponse) => {
    responses[status] ??= ref(name);
  };
  if (path.includes('{')) {
    add('400', 'RequisicaoMalformada');
    add('414', 'UriLongaDemais');
  }
  if (BODY_METHODS.has(method)) {
    add('413', 'CorpoGrandeDemais');
    add('415', 'TipoNaoSuportado');
  }
  add('422', 'ConsultaComNul');
  add('5XX', 'ErroServidor');
};

/** Drops component schemas no operation reaches (zod emits an input and an output copy of each). */
const pruneUnusedSchemas = (document: OpenApiDocument) => {
  const schemas = document.components.schemas ?? {};
  const used = new Set<string>();
  const pending: unknown[] = [document.paths, document.components.responses];
  while (pending.length > 0) {
    walk(pending.pop(), (node) => {
      const target = typeof node.$ref === 'string' ? /^#\/components\/schemas\/(.+)$/.exec(node.$ref) : null;
      const name = target?.[1];
      if (name && !used.has(name)) {
        used.add(name);
        pending.push(schemas[name]);
      }
    });
  }
  document.components.schemas = Object.fromEntries(
    Object.entries(schemas).filter(([name]) => used.has(name)),
  );
};

/** Completes the generated document in place (see the module comment) and returns it. */
export const completeDocument = (document: OpenApiDocument): OpenApiDocument => {
  document.components.responses = { ...SHARED_RESPONSES, ...document.components.responses };
  const operationIds = new Map<string, string>();
  for (const [path, item] of Object.entries(document.paths)) {
    for (const method of HTTP_METHODS) {
      const operation = item[method];
      if (!operation) continue;
      completeOperation(path, method, operation);
      const id = operation.operationId ?? '';
      const other = operationIds.get(id);
      if (other) throw new Error(`operationId repetido: ${id} (${other} e ${method} ${path})`);
      operationIds.set(id, `${method} ${path}`);
    }
  }
  for (const part of [document.paths, document.components.schemas]) {
    walk(part, restoreEnumRecordKeys);
    walk(part, allowNullInNullableEnum);
  }
  pruneUnusedSchemas(document);
  return document;
};
