import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestUser, type TestUser } from '../../../test/build-test-app.ts';
import { testDbKind } from '../../../test/test-database.ts';
import { type DoisNos, doisNosPostgres, entrar, type Servidor } from '../../falhas/falhas.test-fixtures.ts';
import { abrirFluxo } from './eventos.test-fixtures.ts';

// docs/decisions/035-fluxos-ao-vivo.md: a stream open on one node ends within 1 s of its session
// ending through the other (the session cache's NOTIFY, decision 024). PostgreSQL only: PGlite is one
// process.

describe.runIf(testDbKind() === 'postgres')('live streams on two API processes', () => {
  let nos: DoisNos;
  let a: Servidor;
  let b: Servidor;
  let admin: TestUser;

  beforeAll(async () => {
    nos = await doisNosPostgres('ab'.repeat(32));
    [a, b] = nos.servidores as [Servidor, Servidor];
    admin = await createTestUser(nos.database, 'admin');
  }, 120_000);
  afterAll(async () => {
    await nos?.fechar();
  });

  /** An operator signed in on A whose stream is open on B. */
  const fluxoEmB = async () => {
    const operador = await createTestUser(nos.database, 'operador');
    const sessao = await entrar(a.url, operador.email, operador.password);
    const fluxo = await abrirFluxo(b.url, sessao.authorization.replace(/^Bearer /, ''));
    await fluxo.proximo((e) => e.evento === 'pronto', 5_000);
    return { operador, sessao, fluxo };
  };

  it('a logout on A ends the stream on B within 1 s', async () => {
    const { sessao, fluxo } = await fluxoEmB();
    try {
      const saida = await fetch(`${a.url}/api/logout`, { method: 'POST', headers: sessao });
      expect(saida.status).toBe(204);
      expect(await fluxo.terminou(1_000)).toBe(true);
    } finally {
      await fluxo.fechar();
    }
  });

  it('a block on A ends the stream on B within 1 s', async () => {
    const { operador, fluxo } = await fluxoEmB();
    try {
      const comoAdmin = await entrar(a.url, admin.email, admin.password);
      const bloqueio = await fetch(`${a.url}/api/admin/operadores/${operador.id}/bloquear`, {
        method: 'PATCH',
        headers: comoAdmin,
      });
      expect(bloqueio.status).toBe(200);
      expect(await fluxo.terminou(1_000)).toBe(true);
    } finally {
      await fluxo.fechar();
    }
  });
});
