import { hojeNoFuso, somarDias } from '@cobranca/dominio';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  buildTestApp,
  createTestUser,
  issueToken,
  type TestApp,
} from '../../../test/build-test-app.ts';
import { pagamentos, promessas } from '../../db/schema/index.ts';
import { inserirCliente, inserirConta } from '../clientes/clientes.test-fixtures.ts';

// An amount that is not a whole number of cents is the app's 422 at the shared money schema
// (packages/contracts reaisField), never a check constraint's 500; on both databases.

let t: TestApp;
let token: string;
let clienteId: number;
let contaId: number;
const hoje = hojeNoFuso(new Date());

beforeAll(async () => {
  t = await buildTestApp();
  const ana = await createTestUser(t.database, 'operador');
  token = await issueToken(t.database, ana.id);
  clienteId = await inserirCliente(t.database.db, {
    nome: 'Maria Pagadora',
    status: 'em_atendimento',
    operadorId: ana.id,
  });
  contaId = await inserirConta(t.database.db, {
    clienteId,
    valorCentavos: 100_000,
    vencimento: somarDias(hoje, 5),
  });
});
afterAll(() => t?.close());

const corpos = {
  pagamentos: (valor: number) => ({ conta_id: contaId, valor, data: hoje, forma: 'pix' }),
  promessas: (valor: number) => ({ data: hoje, valor }),
};

describe.each(['pagamentos', 'promessas'] as const)('POST /api/operador/clientes/:id/%s', (rota) => {
  it.each([1e-39, 0.001, 12.345, 0.005, 1 + 1e-9])(
    'answers 422 on valor %s, writing nothing',
    async (valor) => {
      const response = await t.app.inject({
        method: 'POST',
        url: `/api/operador/clientes/${clienteId}/${rota}`,
        headers: bearer(token),
        payload: corpos[rota](valor),
      });
      expect(response.statusCode, response.body).toBe(422);
      expect(response.json()).toMatchObject({
        code: 'DADOS_INVALIDOS',
        errors: { valor: ['Use no máximo duas casas decimais.'] },
      });
      const tabela = rota === 'pagamentos' ? pagamentos : promessas;
      expect(await t.database.db.select().from(tabela).where(eq(tabela.clienteId, clienteId))).toEqual([]);
    },
  );
});
