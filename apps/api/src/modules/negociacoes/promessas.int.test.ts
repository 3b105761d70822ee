import { hojeNoFuso, somarDias } from '@cobranca/dominio';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  buildTestApp,
  createTestUser,
  issueToken,
  type TestApp,
  type TestUser,
} from '../../../test/build-test-app.ts';
import { promessas } from '../../db/schema/index.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { inserirCliente, inserirConta } from '../clientes/clientes.test-fixtures.ts';
import { promessaRepetida } from './promessas.service.ts';

let t: TestApp;
let ana: TestUser;
let token: string;
const hoje = hojeNoFuso(new Date());

beforeAll(async () => {
  t = await buildTestApp();
  ana = await createTestUser(t.database, 'operador', { name: 'Ana Operadora' });
  token = await issueToken(t.database, ana.id);
});
afterAll(() => t.close());

const novoCliente = async () => {
  const id = await inserirCliente(t.database.db, {
    nome: 'Maria Promete',
    status: 'em_atendimento',
    operadorId: ana.id,
  });
  await inserirConta(t.database.db, {
    clienteId: id,
    valorCentavos: 50_000,
    vencimento: somarDias(hoje, -5),
  });
  return id;
};
const prometer = (id: number, data: string, valor = 100) =>
  t.app.inject({
    method: 'POST',
    url: `/api/operador/clientes/${id}/promessas`,
    headers: bearer(token),
    payload: { data, valor },
  });
const promessasDe = (id: number) => t.database.db.select().from(promessas).where(eq(promessas.clienteId, id));

describe('POST /api/operador/clientes/:id/promessas — one pending promise per customer and date', () => {
  it('answers 409 to a second pending promise for the same date, and keeps the first', async () => {
    const id = await novoCliente();
    const data = somarDias(hoje, 10);
    expect((await prometer(id, data)).statusCode).toBe(201);
    const segunda = await prometer(id, data, 200);
    expect(segunda.statusCode).toBe(409);
    expect(segunda.json()).toEqual({ code: 'PROMESSA_REPETIDA', message: promessaRepetida(data) });
    expect(segunda.json().message).toMatch(
      /^Este cliente já tem uma promessa pendente para \d{2}\/\d{2}\/\d{4}\.$/,
    );
    expect((await promessasDe(id)).map((p) => p.valorCentavos)).toEqual([10_000]);
  });

  it('stores exactly one of two concurrent identical promises; the other is a 409', async () => {
    const id = await novoCliente();
    const data = somarDias(hoje, 10);
    const respostas = await Promise.all([prometer(id, data), prometer(id, data)]);
    expect(respostas.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect(await promessasDe(id)).toHaveLength(1);
  });

  it('accepts another date, and the same date once the first is no longer pending', async () => {
    const id = await novoCliente();
    const data = somarDias(hoje, 10);
    expect((await prometer(id, data)).statusCode).toBe(201);
    expect((await prometer(id, somarDias(hoje, 11))).statusCode).toBe(201);
    await t.database.db.update(promessas).set({ status: 'quebrada' }).where(eq(promessas.clienteId, id));
    expect((await prometer(id, data)).statusCode).toBe(201);
    expect(await promessasDe(id)).toHaveLength(3);
  });

  it('is enforced by the database itself, whatever writes the row', async () => {
    const id = await novoCliente();
    const linha = { clienteId: id, data: somarDias(hoje, 10), valorCentavos: 1_000 };
    await t.database.db.insert(promessas).values(linha);
    const erro = await t.database.db
      .insert(promessas)
      .values(linha)
      .then(() => null)
      .catch((error: unknown) => error);
    expect(isUniqueViolation(erro, 'promessas_pendente_cliente_data_uq')).toBe(true);
  });
});
