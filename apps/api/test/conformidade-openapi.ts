import { Ajv, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import type { App } from '../src/app.ts';
import type { OpenApiDocument, OpenApiOperation, OpenApiResponse } from '../src/lib/openapi.ts';

/**
 * Contract check of the integration suite: every /api answer a test receives is checked against the
 * app's own OpenAPI document, the way a validating proxy (Prism) would — the operation by method and
 * path template, the status declared, the content type declared, the JSON body valid for the schema.
 * Violations are collected and fail the test file when its app closes.
 */

export type RespostaObservada = {
  method: string;
  url: string;
  statusCode: number;
  contentType: string | undefined;
  body: string;
};

// OpenAPI's own words, which a JSON Schema validator does not know: the document root and the
// schema keywords that only annotate.
const VOCABULARIO_OPENAPI = [
  'openapi',
  'info',
  'servers',
  'paths',
  'components',
  'security',
  'tags',
  'externalDocs',
  'example',
  'xml',
  'discriminator',
];
const DOCUMENTO = 'openapi.json';
const escaparPonteiro = (parte: string) => parte.replaceAll('~', '~0').replaceAll('/', '~1');

type Molde = { path: string; segmentos: string[]; prioridade: string };

const segmentosDe = (path: string) => (path.length > 1 ? path.replace(/\/+$/, '') : path).split('/');

/** Path templates as the router tries them: on the first difference, a literal segment beats a parameter. */
const moldesDe = (documento: OpenApiDocument): Molde[] =>
  Object.keys(documento.paths)
    .map((path) => {
      const segmentos = segmentosDe(path);
      const prioridade = segmentos.map((s) => (s.startsWith('{') ? '0' : '1')).join('');
      return { path, segmentos, prioridade };
    })
    .sort((a, b) => b.prioridade.localeCompare(a.prioridade));

const casarMolde = (moldes: Molde[], path: string): string | undefined => {
  const partes = segmentosDe(path);
  return moldes.find(
    ({ segmentos }) =>
      segmentos.length === partes.length &&
      segmentos.every((s, i) => s === partes[i] || (s.startsWith('{') && (partes[i] ?? '') !== '')),
  )?.path;
};

const ehJson = (mediaType: string) => mediaType === 'application/json' || mediaType.endsWith('+json');

/** A checker of observed answers against `documento`; returns the violations of one answer. */
export const criarVerificadorOpenApi = (documento: OpenApiDocument) => {
  const ajv = new Ajv({ allErrors: true, strictTypes: false });
  addFormats(ajv);
  ajv.addVocabulary(VOCABULARIO_OPENAPI);
  // The whole document as one schema, so `#/components/schemas/…` references resolve inside it.
  ajv.addSchema(structuredClone(documento), DOCUMENTO);
  const moldes = moldesDe(documento);
  const validadores = new Map<string, ValidateFunction>();

  const validador = (ponteiro: string) => {
    let validar = validadores.get(ponteiro);
    if (!validar) {
      validar = ajv.compile({ $ref: `${DOCUMENTO}#${ponteiro}` });
      validadores.set(ponteiro, validar);
    }
    return validar;
  };

  const respostaDeclarada = (operacao: OpenApiOperation, status: number) => {
    const chave = [String(status), `${String(status)[0]}XX`, 'default'].find((c) => operacao.responses[c]);
    const declarada = chave === undefined ? undefined : operacao.responses[chave];
    if (!declarada || !('$ref' in declarada))
      return declarada && chave ? { chave, resposta: declarada } : null;
    const nome = declarada.$ref.replace('#/components/responses/', '');
    const resposta: OpenApiResponse | undefined = documento.components.responses?.[nome];
    return resposta && chave
      ? { chave, resposta, ponteiro: `/components/responses/${escaparPonteiro(nome)}` }
      : null;
  };

  /** `ponteiroSchema`: where the schema of a declared media type sits in the document. */
  const verificarCorpo = (
    observada: RespostaObservada,
    resposta: OpenApiResponse,
    ponteiroSchema: (mediaType: string) => string,
  ): string[] => {
    const conteudo = resposta.content;
    if (!conteudo)
      return observada.body.length > 0 ? ['corpo não documentado (a resposta não tem content)'] : [];
    if (observada.method === 'HEAD') return [];
    if (observada.body.length === 0)
      return [`sem corpo, mas o documento declara ${Object.keys(conteudo).join(', ')}`];
    const mediaType = observada.contentType?.split(';')[0]?.trim().toLowerCase() ?? '';
    if (!conteudo[mediaType])
      return [
        `content-type "${mediaType}" não documentado (documentados: ${Object.keys(conteudo).join(', ')})`,
      ];
    let valor: unknown = observada.body;
    if (ehJson(mediaType)) {
      try {
        valor = JSON.parse(observada.body);
      } catch {
        return ['corpo não é JSON válido'];
      }
    }
    const validar = validador(ponteiroSchema(mediaType));
    if (validar(valor)) return [];
    return (validar.errors ?? [])
      .slice(0, 5)
      .map(
        (e) => `corpo fora do schema em ${e.instancePath || '/'}: ${e.keyword} ${JSON.stringify(e.params)}`,
      );
  };

  return (observada: RespostaObservada): string[] => {
    const path = observada.url.split('?')[0] ?? '';
    const metodo = observada.method === 'HEAD' ? 'get' : observada.method.toLowerCase();
    const molde = casarMolde(moldes, path);
    const operacao = molde ? documento.paths[molde]?.[metodo] : undefined;
    const onde = `${observada.method} ${path.slice(0, 120)} → ${observada.statusCode}`;
    if (!molde || !operacao) {
      // info.description: any other path or method under /api answers 404 with `Erro`, or the
      // router's 400/414 for a malformed or over-long path.
      if (![404, 400, 414].includes(observada.statusCode))
        return [`${onde}: rota fora do documento (esperado 404, 400 ou 414)`];
      const naoEncontrada = { content: { 'application/json': {} } };
      return verificarCorpo(observada, naoEncontrada, () => '/components/schemas/Erro').map(
        (v) => `${onde}: ${v}`,
      );
    }
    const rotulo = `${observada.method} ${molde} → ${observada.statusCode}`;
    const declarada = respostaDeclarada(operacao, observada.statusCode);
    if (!declarada) return [`${rotulo}: status não documentado (${path.slice(0, 120)})`];
    const ponteiro =
      declarada.ponteiro ??
      `/paths/${escaparPonteiro(molde)}/${metodo}/responses/${escaparPonteiro(declarada.chave)}`;
    const schema = (mediaType: string) => `${ponteiro}/content/${escaparPonteiro(mediaType)}/schema`;
    return verificarCorpo(observada, declarada.resposta, schema).map((v) => `${rotulo}: ${v}`);
  };
};

const observar = (resposta: LightMyRequestResponse): RespostaObservada => {
  const contentType = resposta.headers['content-type'];
  return {
    method: resposta.raw.req.method ?? 'GET',
    url: resposta.raw.req.url ?? '',
    statusCode: resposta.statusCode,
    contentType: typeof contentType === 'string' ? contentType : undefined,
    body: resposta.body,
  };
};

const ehApi = (url: string) => url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');
// Swagger UI and the document itself are served under /api/docs, outside the document.
const ehDocumentacao = (url: string) => url === '/api/docs' || url.startsWith('/api/docs/');

export type ConformidadeOpenApi = {
  violacoes: () => string[];
  /** Throws listing every violation seen so far. */
  exigir: () => void;
};

/**
 * Wraps `app.inject` (every integration test talks to the app through it) so each /api answer is
 * checked. Wrapping inject, not an onSend hook: answers Fastify gives before routing (a malformed URL,
 * an over-long path parameter) run no hooks.
 */
export const verificarConformidadeOpenApi = (app: App): ConformidadeOpenApi => {
  const violacoes = new Set<string>();
  let verificar: ((observada: RespostaObservada) => string[]) | undefined;
  const injetar = app.inject.bind(app);
  const injetarVerificando = async (opcoes?: InjectOptions | string) => {
    if (opcoes === undefined) throw new Error('Use app.inject(opções): a forma encadeada não é verificada.');
    const resposta = await injetar(opcoes);
    // A stream's body is the caller's to read (an event stream never ends): its test checks it.
    if (typeof opcoes === 'object' && opcoes.payloadAsStream) return resposta;
    const observada = observar(resposta);
    if (ehApi(observada.url) && !ehDocumentacao(observada.url)) {
      verificar ??= criarVerificadorOpenApi(app.swagger() as unknown as OpenApiDocument);
      for (const violacao of verificar(observada)) violacoes.add(violacao);
    }
    return resposta;
  };
  app.inject = injetarVerificando as unknown as App['inject'];
  return {
    violacoes: () => [...violacoes],
    exigir: () => {
      if (violacoes.size > 0)
        throw new Error(
          `Respostas fora do documento OpenAPI (${violacoes.size}):\n${[...violacoes].join('\n')}`,
        );
    },
  };
};
