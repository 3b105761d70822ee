import type { NegociacaoView } from '@cobranca/contracts';
import { hojeNoFuso, somarDias } from '@cobranca/dominio';
import { and, asc, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { bearer, type TestApp } from '../../../../test/build-test-app.ts';
import { filaOciosa } from '../../../../test/fila.ts';
import { contasReceber } from '../../../db/schema/index.ts';
import { inserirCliente, inserirConta } from '../../clientes/clientes.test-fixtures.ts';

// An agreement with automatic debit on the embedded simulator, and the payer's side of it, through the
// operator's routes (docs/pix-automatico.md §6).

export type AcordoSimulado = { clienteId: number; negociacaoId: number };

/** A customer of `operadorId` with R$ 300,00 open, in a 3-instalment agreement with automatic debit. */
export const acordoComDebitoSimulado = async (
  t: TestApp,
  token: string,
  operadorId: number,
  nome: string,
): Promise<AcordoSimulado> => {
  const db = t.database.db;
  const hoje = hojeNoFuso(new Date());
  const clienteId = await inserirCliente(db, { nome, operadorId });
  const contaId = await inserirConta(db, {
    clienteId,
    valorCentavos: 30_000,
    vencimento: somarDias(hoje, 3),
  });
  const r = await t.app.inject({
    method: 'POST',
    url: `/api/operador/clientes/${clienteId}/negociacoes`,
    headers: bearer(token),
    payload: {
      contas: [contaId],
      desconto: 0,
      parcelas: 3,
      primeiro_vencimento: hoje,
      debito_automatico: true,
    },
  });
  expect(r.statusCode, r.body).toBe(201);
  await filaOciosa(t.app);
  return { clienteId, negociacaoId: r.json<{ negociacao: NegociacaoView }>().negociacao.id };
};

export const simularDebito = (t: TestApp, token: string, a: AcordoSimulado, acao: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/operador/clientes/${a.clienteId}/negociacoes/${a.negociacaoId}/debito-automatico/simular`,
    headers: bearer(token),
    payload: { acao },
  });

/** The agreement's instalments in due-date order. */
export const parcelasDoAcordo = (t: TestApp, negociacaoId: number) =>
  t.database.db
    .select()
    .from(contasReceber)
    .where(and(eq(contasReceber.negociacaoId, negociacaoId), eq(contasReceber.origem, 'acordo')))
    .orderBy(asc(contasReceber.vencimento));
