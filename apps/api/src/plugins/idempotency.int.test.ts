import { randomUUID } from 'node:crypto';
import { hojeNoFuso, somarDias } from '@cobranca/dominio';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  buildTestApp,
  createTestUser,
  issueToken,
  type TestApp,
  type TestUser,
} from '../../test/build-test-app.ts';
import { linhasDe } from '../db/linhas.ts';
import { idempotencyKeys } from '../db/schema/index.ts';
import { inserirCliente, inserirConta } from '../modules/clientes/clientes.test-fixtures.ts';
import {
  CHAVE_REUTILIZADA,
  EM_PROCESSAMENTO,
  JA_REGISTRADA,
  REPLAY_HEADER,
  requestFingerprint,
} from './idempotency.ts';
import { claimKey, marcarGravada } from './idempotency-keys.repository.ts';

let t: TestApp;
let ana: TestUser;
let bia: TestUser;
let tokens: Map<number, string>;
const hoje = hojeNoFuso(new Date());

beforeAll(async () => {
  t = await buildTestApp();
  ana = await createTestUser(t.database, 'operador', { name: 'Ana Operadora' });
  bia = await createTestUser(t.database, 'operador', { name: 'Bia Operadora' });
  tokens = new Map([
    [ana.id, await issueToken(t.database, ana.id)],
    [bia.id, await issueToken(t.database, bia.id)],
  ]);
});
afterAll(() => t.close());

type Corpo = Record<string, unknown>;
type Rota = 'pagamentos' | 'promessas' | 'negociacoes' | 'chamadas';

/** A customer of `operadorId` with one open receivable of R$ 1.000,00. */
const novoCliente = async (operadorId = ana.id) => {
  const id = await inserirCliente(t.database.db, {
    nome: 'Cliente Idempotente',
    status: 'em_atendimento',
    operadorId,
  });
  const conta = await inserirConta(t.database.db, {
    clienteId: id,
    valorCentavos: 100_000,
    vencimento: somarDias(hoje, -5),
  });
  return { id, conta };
};

const post = (
  clienteId: number,
  rota: Rota,
  payload: Corpo,
  { chave, usuario = ana }: { chave?: string; usuario?: TestUser } = {},
) =>
  t.app.inject({
    method: 'POST',
    url: `/api/operador/clientes/${clienteId}/${rota}`,
    headers: {
      ...bearer(tokens.get(usuario.id) ?? ''),
      ...(chave !== undefined && { 'idempotency-key': chave }),
    },
    payload,
  });

/** Rows the route wrote for this customer. */
const linhas = async (rota: Rota, clienteId: number) =>
  linhasDe<{ n: number }>(
    await t.database.db.execute(
      sql`SELECT count(*)::int AS n FROM ${sql.identifier(rota)} WHERE cliente_id = ${clienteId}`,
    ),
  )[0]?.n;

// Each route's body, and another body for the same route.
const ROTAS: { rota: Rota; corpo: (conta: number) => Corpo; outro: (conta: number) => Corpo }[] = [
  {
    rota: 'pagamentos',
    corpo: (conta) => ({ conta_id: conta, valor: 10, data: hoje, forma: 'pix' }),
    outro: (conta) => ({ conta_id: conta, valor: 11, data: hoje, forma: 'pix' }),
  },
  {
    rota: 'promessas',
    corpo: () => ({ data: somarDias(hoje, 5), valor: 10 }),
    outro: () => ({ data: somarDias(hoje, 6), valor: 10 }),
  },
  {
    rota: 'negociacoes',
    corpo: (conta) => ({
      contas: [conta],
      desconto: 0,
      parcelas: 2,
      primeiro_vencimento: somarDias(hoje, 7),
      intervalo_dias: 30,
    }),
    outro: (conta) => ({
      contas: [conta],
      desconto: 0,
      parcelas: 3,
      primeiro_vencimento: somarDias(hoje, 7),
      intervalo_dias: 30,
    }),
  },
  {
    rota: 'chamadas',
    corpo: () => ({ resultado: 'nao_atendida' }),
    outro: () => ({ resultado: 'atendida' }),
  },
];

const pagamento = (conta: number): Corpo => ({ conta_id: conta, valor: 10, data: hoje, forma: 'pix' });

/** A key row as a request of Ana would have left it, for states a live request cannot be paused in. */
const chaveDeixada = async (
  clienteId: number,
  chave: string,
  state: 'processing' | 'written',
  lockedUntil: ReturnType<typeof sql>,
) =>
  t.database.db.insert(idempotencyKeys).values({
    usuarioId: ana.id,
    key: chave,
    fingerprint: requestFingerprint({
      method: 'POST',
      route: '/api/operador/clientes/:id/chamadas',
      params: { id: clienteId },
      query: {},
      body: { resultado: 'nao_atendida' },
    }),
    state,
    claimToken: randomUUID(),
    lockedUntil,
    expiresAt: sql`now() + interval '24 hours'`,
  });

describe('Idempotency-Key on the money-creating routes', () => {
  it.each(ROTAS)(
    'POST …/$rota: the same key twice writes once and answers the first answer again',
    async ({ rota, corpo }) => {
      const { id, conta } = await novoCliente();
      const chave = randomUUID();
      const primeira = await post(id, rota, corpo(conta), { chave });
      expect(primeira.statusCode, primeira.body).toBe(201);
      expect(primeira.headers[REPLAY_HEADER]).toBeUndefined();
      const segunda = await post(id, rota, corpo(conta), { chave });
      expect(segunda.statusCode).toBe(201);
      expect(segunda.body).toBe(primeira.body);
      expect(segunda.headers[REPLAY_HEADER]).toBe('true');
      expect(segunda.headers['content-type']).toMatch(/^application\/json/);
      expect(await linhas(rota, id)).toBe(1);
    },
  );

  it.each(ROTAS)(
    'POST …/$rota: the same key with another body is a 422 and writes nothing more',
    async ({ rota, corpo, outro }) => {
      const { id, conta } = await novoCliente();
      const chave = randomUUID();
      expect((await post(id, rota, corpo(conta), { chave })).statusCode).toBe(201);
      const response = await post(id, rota, outro(conta), { chave });
      expect(response.statusCode).toBe(422);
      expect(response.json().errors).toEqual({ 'idempotency-key': [CHAVE_REUTILIZADA] });
      expect(await linhas(rota, id)).toBe(1);
    },
  );

  it('the same key to another customer is another request: 422', async () => {
    const a = await novoCliente();
    const b = await novoCliente();
    const chave = randomUUID();
    expect((await post(a.id, 'chamadas', { resultado: 'atendida' }, { chave })).statusCode).toBe(201);
    expect((await post(b.id, 'chamadas', { resultado: 'atendida' }, { chave })).statusCode).toBe(422);
    expect(await linhas('chamadas', b.id)).toBe(0);
  });

  it('concurrent identical requests with one key write exactly once', async () => {
    const { id, conta } = await novoCliente();
    const chave = randomUUID();
    const respostas = await Promise.all(
      Array.from({ length: 5 }, () => post(id, 'pagamentos', pagamento(conta), { chave })),
    );
    const criadas = respostas.filter((r) => r.statusCode === 201);
    const emProcessamento = respostas.filter((r) => r.statusCode === 409);
    expect(criadas.length + emProcessamento.length, respostas.map((r) => r.body).join('\n')).toBe(5);
    expect(criadas.length).toBeGreaterThanOrEqual(1);
    expect(new Set(criadas.map((r) => r.body)).size).toBe(1);
    for (const r of emProcessamento)
      expect(r.json()).toEqual({ code: 'IDEMPOTENCIA_EM_PROCESSAMENTO', message: EM_PROCESSAMENTO });
    expect(await linhas('pagamentos', id)).toBe(1);
    const depois = await post(id, 'pagamentos', pagamento(conta), { chave });
    expect(depois.statusCode).toBe(201);
    expect(depois.body).toBe(criadas[0]?.body);
  });

  it('without a key, two identical payments are two payments', async () => {
    const { id, conta } = await novoCliente();
    expect((await post(id, 'pagamentos', pagamento(conta))).statusCode).toBe(201);
    expect((await post(id, 'pagamentos', pagamento(conta))).statusCode).toBe(201);
    expect(await linhas('pagamentos', id)).toBe(2);
  });

  it("another user's same key is a different key", async () => {
    const daAna = await novoCliente(ana.id);
    const daBia = await novoCliente(bia.id);
    const chave = randomUUID();
    const ana1 = await post(daAna.id, 'pagamentos', pagamento(daAna.conta), { chave });
    const bia1 = await post(daBia.id, 'pagamentos', pagamento(daBia.conta), { chave, usuario: bia });
    expect([ana1.statusCode, bia1.statusCode]).toEqual([201, 201]);
    const bia2 = await post(daBia.id, 'pagamentos', pagamento(daBia.conta), { chave, usuario: bia });
    expect(bia2.body).toBe(bia1.body);
    expect(await linhas('pagamentos', daAna.id)).toBe(1);
    expect(await linhas('pagamentos', daBia.id)).toBe(1);
  });

  it('a key expires after 24 hours: the same key then writes again, and expired keys are cleaned up', async () => {
    const { id, conta } = await novoCliente();
    const chave = randomUUID();
    const antiga = randomUUID();
    const primeira = await post(id, 'pagamentos', pagamento(conta), { chave });
    expect((await post(id, 'pagamentos', pagamento(conta), { chave: antiga })).statusCode).toBe(201);
    expect((await post(id, 'pagamentos', pagamento(conta), { chave })).headers[REPLAY_HEADER]).toBe('true');
    await t.database.db
      .update(idempotencyKeys)
      .set({ createdAt: sql`now() - interval '25 hours'`, expiresAt: sql`now() - interval '1 hour'` })
      .where(eq(idempotencyKeys.usuarioId, ana.id));
    const segunda = await post(id, 'pagamentos', pagamento(conta), { chave });
    expect(segunda.statusCode).toBe(201);
    expect(segunda.headers[REPLAY_HEADER]).toBeUndefined();
    expect(segunda.body).not.toBe(primeira.body);
    expect(await linhas('pagamentos', id)).toBe(3);
    const restantes = await t.database.db
      .select({ key: idempotencyKeys.key })
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.usuarioId, ana.id), sql`${idempotencyKeys.expiresAt} <= now()`));
    expect(restantes).toEqual([]);
  });

  it.each([
    ['longer than 255 characters', 'k'.repeat(256)],
    ['empty', ''],
    ['not ASCII', 'chave-ção'],
    ['a control character', 'chave\tcom-tab'],
  ])('answers 422 on a key %s and writes nothing', async (_caso, chave) => {
    const { id, conta } = await novoCliente();
    const response = await post(id, 'pagamentos', pagamento(conta), { chave });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toHaveProperty('idempotency-key');
    expect(await linhas('pagamentos', id)).toBe(0);
  });

  it('accepts a key of exactly 255 printable characters', async () => {
    const { id, conta } = await novoCliente();
    const chave = ` ~${'a'.repeat(253)}`.slice(0, 255);
    expect((await post(id, 'pagamentos', pagamento(conta), { chave })).statusCode).toBe(201);
  });
});

describe('Idempotency-Key after failures', () => {
  it('a 5xx frees the key: the retry with it writes once', async () => {
    const { id } = await novoCliente();
    const chave = randomUUID();
    const executar = (texto: string) => t.database.db.execute(sql.raw(texto));
    await executar(`CREATE FUNCTION falhar_chamada() RETURNS trigger LANGUAGE plpgsql AS
      $$ BEGIN RAISE EXCEPTION 'falha simulada'; END $$`);
    await executar(
      'CREATE TRIGGER falhar_chamada BEFORE INSERT ON chamadas FOR EACH ROW EXECUTE FUNCTION falhar_chamada()',
    );
    try {
      expect((await post(id, 'chamadas', { resultado: 'atendida' }, { chave })).statusCode).toBe(500);
    } finally {
      await executar('DROP TRIGGER falhar_chamada ON chamadas');
      await executar('DROP FUNCTION falhar_chamada()');
    }
    const retry = await post(id, 'chamadas', { resultado: 'atendida' }, { chave });
    expect(retry.statusCode).toBe(201);
    expect(retry.headers[REPLAY_HEADER]).toBeUndefined();
    expect(await linhas('chamadas', id)).toBe(1);
  });

  it('a 4xx from the rules frees the key: once the rule is met, the same key writes', async () => {
    const { id } = await novoCliente();
    const chave = randomUUID();
    const corpo = { data: somarDias(hoje, 3), valor: 1_500 };
    expect((await post(id, 'promessas', corpo, { chave })).statusCode).toBe(422);
    await inserirConta(t.database.db, { clienteId: id, valorCentavos: 100_000, vencimento: hoje });
    expect((await post(id, 'promessas', corpo, { chave })).statusCode).toBe(201);
    expect(await linhas('promessas', id)).toBe(1);
  });

  it('a key still being processed answers 409; once its lease is over, its request is taken over', async () => {
    const { id } = await novoCliente();
    const chave = randomUUID();
    await chaveDeixada(id, chave, 'processing', sql`now() + interval '60 seconds'`);
    const ocupada = await post(id, 'chamadas', { resultado: 'nao_atendida' }, { chave });
    expect(ocupada.statusCode).toBe(409);
    expect(ocupada.json()).toEqual({ code: 'IDEMPOTENCIA_EM_PROCESSAMENTO', message: EM_PROCESSAMENTO });
    expect(await linhas('chamadas', id)).toBe(0);

    // Its request died before committing (the write marks the key in its own transaction).
    await t.database.db
      .update(idempotencyKeys)
      .set({ lockedUntil: sql`now() - interval '1 second'` })
      .where(and(eq(idempotencyKeys.usuarioId, ana.id), eq(idempotencyKeys.key, chave)));
    const retomada = await post(id, 'chamadas', { resultado: 'nao_atendida' }, { chave });
    expect(retomada.statusCode, retomada.body).toBe(201);
    expect((await post(id, 'chamadas', { resultado: 'nao_atendida' }, { chave })).body).toBe(retomada.body);
    expect(await linhas('chamadas', id)).toBe(1);
  });

  it('when the answer cannot be stored after the write, retries answer 409 and never write again', async () => {
    const { id } = await novoCliente();
    const chave = randomUUID();
    const executar = (texto: string) => t.database.db.execute(sql.raw(texto));
    // The crash between the write's commit and storing its answer, as the database sees it.
    await executar(`CREATE FUNCTION sem_resposta() RETURNS trigger LANGUAGE plpgsql AS
      $$ BEGIN RAISE EXCEPTION 'resposta perdida'; END $$`);
    await executar(`CREATE TRIGGER sem_resposta BEFORE UPDATE ON idempotency_keys FOR EACH ROW
      WHEN (NEW.state = 'completed') EXECUTE FUNCTION sem_resposta()`);
    try {
      expect((await post(id, 'chamadas', { resultado: 'nao_atendida' }, { chave })).statusCode).toBe(201);
    } finally {
      await executar('DROP TRIGGER sem_resposta ON idempotency_keys');
      await executar('DROP FUNCTION sem_resposta()');
    }
    // Even once its lease is over: the write marked the key in its own transaction.
    await t.database.db
      .update(idempotencyKeys)
      .set({ lockedUntil: sql`now() - interval '1 second'` })
      .where(and(eq(idempotencyKeys.usuarioId, ana.id), eq(idempotencyKeys.key, chave)));
    const retry = await post(id, 'chamadas', { resultado: 'nao_atendida' }, { chave });
    expect(retry.statusCode).toBe(409);
    expect(retry.json()).toEqual({ code: 'IDEMPOTENCIA_JA_REGISTRADA', message: JA_REGISTRADA });
    expect(await linhas('chamadas', id)).toBe(1);
  });

  it('a key written by a request still holding its lease is in progress, not lost (its answer is on its way)', async () => {
    const { id } = await novoCliente();
    const chave = randomUUID();
    await chaveDeixada(id, chave, 'written', sql`now() + interval '30 seconds'`);
    const response = await post(id, 'chamadas', { resultado: 'nao_atendida' }, { chave });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ code: 'IDEMPOTENCIA_EM_PROCESSAMENTO', message: EM_PROCESSAMENTO });
    expect(await linhas('chamadas', id)).toBe(0);
  });

  it('a key whose write committed but whose answer was lost answers 409 and never writes again', async () => {
    const { id } = await novoCliente();
    const chave = randomUUID();
    await chaveDeixada(id, chave, 'written', sql`now() - interval '1 hour'`);
    const response = await post(id, 'chamadas', { resultado: 'nao_atendida' }, { chave });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ code: 'IDEMPOTENCIA_JA_REGISTRADA', message: JA_REGISTRADA });
    expect(await linhas('chamadas', id)).toBe(0);
  });

  it('a request whose claim was taken over cannot mark its write, so its transaction rolls back', async () => {
    const entrada = { usuarioId: ana.id, key: randomUUID(), fingerprint: 'mesma-requisicao' };
    const lenta = await claimKey(t.database.db, entrada);
    if (lenta.kind !== 'claimed') throw new Error(`esperava a chave reivindicada: ${lenta.kind}`);
    expect((await claimKey(t.database.db, entrada)).kind).toBe('in_progress');
    expect((await claimKey(t.database.db, { ...entrada, fingerprint: 'outra' })).kind).toBe(
      'fingerprint_mismatch',
    );
    await t.database.db
      .update(idempotencyKeys)
      .set({ lockedUntil: sql`now() - interval '1 second'` })
      .where(and(eq(idempotencyKeys.usuarioId, ana.id), eq(idempotencyKeys.key, entrada.key)));
    const nova = await claimKey(t.database.db, entrada);
    if (nova.kind !== 'claimed') throw new Error(`esperava a chave retomada: ${nova.kind}`);
    expect(await marcarGravada(t.database.db, lenta.claim)).toBe(false);
    expect(await marcarGravada(t.database.db, nova.claim)).toBe(true);
    // Its answer is still on the way while the new claim's lease lasts; after it, the answer was lost.
    expect((await claimKey(t.database.db, entrada)).kind).toBe('in_progress');
    await t.database.db
      .update(idempotencyKeys)
      .set({ lockedUntil: sql`now() - interval '1 second'` })
      .where(and(eq(idempotencyKeys.usuarioId, ana.id), eq(idempotencyKeys.key, entrada.key)));
    expect((await claimKey(t.database.db, entrada)).kind).toBe('written_without_answer');
  });
});

describe('Idempotency-Key in the OpenAPI document', () => {
  it.each(ROTAS.map((r) => r.rota))(
    'POST …/%s documents the optional header and its 409 and 422',
    async (rota) => {
      const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
      const operacao = doc.paths[`/api/operador/clientes/{id}/${rota}`].post;
      expect(operacao.parameters).toContainEqual(
        expect.objectContaining({ in: 'header', name: 'idempotency-key', required: false }),
      );
      expect(Object.keys(operacao.responses)).toEqual(expect.arrayContaining(['201', '409', '422']));
    },
  );
});
