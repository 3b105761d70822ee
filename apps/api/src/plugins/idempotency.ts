import { createHash } from 'node:crypto';
import { idempotencyKey } from '@cobranca/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../db/client.ts';
import { ErroDominio, VALIDATION_MESSAGE } from '../lib/errors.ts';
import { sessionOf } from './access.ts';
import {
  type ClaimOutcome,
  claimKey,
  type IdempotencyClaim,
  marcarGravada,
  releaseKey,
  storeAnswer,
} from './idempotency-keys.repository.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route honours `Idempotency-Key` (decision 012); its handler writes through `idempotentDb`. */
    idempotencia?: boolean;
  }
  interface FastifyRequest {
    idempotencyClaim: (IdempotencyClaim & { marked: boolean }) | null;
  }
}

const HEADER = 'idempotency-key';
export const REPLAY_HEADER = 'idempotent-replayed';

export const EM_PROCESSAMENTO =
  'Esta operação ainda está em processamento. Aguarde alguns instantes e tente de novo.';
export const JA_REGISTRADA =
  'Esta operação já foi registrada, mas a resposta se perdeu. Confira o histórico do cliente antes de registrar de novo.';
export const CHAVE_REUTILIZADA = 'Esta chave de idempotência já foi usada com outros dados.';

const headerError = (message: string) =>
  new ErroDominio('DADOS_INVALIDOS', VALIDATION_MESSAGE, { [HEADER]: [message] });

/** The request's key, undefined when it sent none; a malformed one is a 422. */
const keyOf = (request: FastifyRequest): string | undefined => {
  const raw = request.headers[HEADER];
  if (raw === undefined) return undefined;
  const parsed = idempotencyKey.safeParse(raw);
  if (!parsed.success) throw headerError(parsed.error.issues[0]?.message ?? 'Chave inválida.');
  return parsed.data;
};

export type RequestParts = { method: string; route: string; params: unknown; query: unknown; body: unknown };

/** Method, route, params, query and validated body: what "the same request" means for a key. */
export const requestFingerprint = ({ method, route, params, query, body }: RequestParts): string =>
  createHash('sha256')
    .update(JSON.stringify([method, route, params, query, body ?? null]))
    .digest('hex');

const fingerprintOf = (request: FastifyRequest): string =>
  requestFingerprint({
    method: request.method,
    route: request.routeOptions.url ?? request.url,
    params: request.params,
    query: request.query,
    body: request.body,
  });

const answerOutcome = (reply: FastifyReply, outcome: Exclude<ClaimOutcome, { kind: 'claimed' }>) => {
  switch (outcome.kind) {
    case 'replay':
      return reply
        .code(outcome.status)
        .header('content-type', 'application/json; charset=utf-8')
        .header(REPLAY_HEADER, 'true')
        .send(outcome.body);
    case 'fingerprint_mismatch':
      throw headerError(CHAVE_REUTILIZADA);
    case 'written_without_answer':
      throw new ErroDominio('IDEMPOTENCIA_JA_REGISTRADA', JA_REGISTRADA);
    case 'in_progress':
      throw new ErroDominio('IDEMPOTENCIA_EM_PROCESSAMENTO', EM_PROCESSAMENTO);
  }
};

/** Start-up check: an idempotent route is per user and documents the header and its answers. */
const checkRoute = (route: RouteOptions) => {
  const name = `${String(route.method)} ${route.url}`;
  if (route.config?.access === 'public') throw new Error(`A rota ${name} é pública: chaves são por usuário.`);
  const schema = route.schema as { headers?: unknown; response?: Record<string, unknown> } | undefined;
  if (!schema?.headers || !schema.response?.[409] || !schema.response[422])
    throw new Error(`A rota ${name} aceita Idempotency-Key mas não documenta o cabeçalho, o 409 e o 422.`);
};

/**
 * `config: { idempotencia: true }` on a route: the same `Idempotency-Key` from the same user within
 * 24 h answers the first successful answer again (same status and body) and writes nothing more.
 * Claimed before the handler, marked inside the write's transaction (`idempotentDb`), answered after.
 */
const plugin = async (app: FastifyInstance) => {
  const routes: RouteOptions[] = [];
  app.decorateRequest('idempotencyClaim', null);
  app.addHook('onRoute', (route) => {
    if (route.config?.idempotencia) routes.push(route);
  });
  // After the route groups' own onRoute hooks have set `access`.
  app.addHook('onReady', async () => routes.forEach(checkRoute));

  app.addHook('preHandler', async (request, reply) => {
    if (!request.routeOptions.config.idempotencia) return;
    const key = keyOf(request);
    if (key === undefined) return;
    const usuarioId = sessionOf(request).user.id;
    const outcome = await claimKey(app.db, { usuarioId, key, fingerprint: fingerprintOf(request) });
    if (outcome.kind === 'claimed') {
      request.idempotencyClaim = { ...outcome.claim, marked: false };
      return;
    }
    return answerOutcome(reply, outcome);
  });

  // Before the answer leaves, so a client retrying at once finds the key answered or free.
  app.addHook('onSend', async (request, reply, payload) => {
    const claim = request.idempotencyClaim;
    if (!claim) return payload;
    request.idempotencyClaim = null;
    const ok = reply.statusCode >= 200 && reply.statusCode < 300;
    if (ok && !claim.marked)
      request.log.error(
        'rota idempotente respondeu sem gravar por idempotentDb: a chave não protege a escrita',
      );
    try {
      if (ok && typeof payload === 'string') await storeAnswer(app.db, claim, reply.statusCode, payload);
      else await releaseKey(app.db, claim);
    } catch (error) {
      // The answer still goes out; the key stays `processing` (free again after its lease) or `written`.
      request.log.error({ err: error }, 'não foi possível guardar a resposta da chave de idempotência');
    }
    return payload;
  });
};

// Claims are per signed-in user, and the start-up check reads the `access` the routes declare.
export const idempotencyPlugin = fp(plugin, {
  name: 'idempotency',
  dependencies: ['db', 'errors', 'access'],
});

/**
 * The database an idempotent route's handler writes through: each of its transactions also marks the
 * claimed key as written, in the same commit, so a claim whose request died before committing can be
 * told from one whose write went through. Without a key it is `db` itself.
 */
export const idempotentDb = (request: FastifyRequest, db: Db): Db => {
  const claim = request.idempotencyClaim;
  if (!claim) return db;
  const marking = Object.create(db) as Db;
  marking.transaction = (run, config) =>
    db.transaction(async (tx) => {
      const result = await run(tx);
      // The claim was taken over (this request outlived its lease): the other one writes, not this.
      if (!(await marcarGravada(tx, claim)))
        throw new ErroDominio('IDEMPOTENCIA_EM_PROCESSAMENTO', EM_PROCESSAMENTO);
      claim.marked = true;
      return result;
    }, config);
  return marking;
};
