import type { TarefasResponse } from '@cobranca/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  buildTestApp,
  createTestUser,
  issueToken,
  type TestApp,
} from '../../../test/build-test-app.ts';
import { filaOciosa, jobsDa, tarefaDeTeste } from '../../../test/fila.ts';
import { auditLogs } from '../../db/schema/index.ts';

// The durable queue in the super admin's health panel (docs/efeitos-colaterais.md §5).

let t: TestApp;
let superAdmin = '';
let admin = '';

beforeAll(async () => {
  t = await buildTestApp();
  superAdmin = await issueToken(t.database, (await createTestUser(t.database, 'super_admin')).id);
  admin = await issueToken(t.database, (await createTestUser(t.database, 'admin')).id);
});
afterAll(() => t.close());

const painel = async () => {
  const r = await t.app.inject({
    method: 'GET',
    url: '/api/super-admin/tarefas',
    headers: bearer(superAdmin),
  });
  expect(r.statusCode, r.body).toBe(200);
  return r.json<TarefasResponse>();
};
const repetir = (id: string, token = superAdmin) =>
  t.app.inject({ method: 'POST', url: `/api/super-admin/tarefas/${id}/repetir`, headers: bearer(token) });

describe('GET /api/super-admin/tarefas', () => {
  it('counts per job type what waits, runs, failed in 24 h and died, with each dead job’s last error', async () => {
    const morta = await tarefaDeTeste(t.database, 'morta');
    await tarefaDeTeste(t.database, 'viva');
    const { tipos, mortas } = await painel();
    expect(tipos.map((x) => x.nome)).toEqual(expect.arrayContaining(['pix.liquidar', 'mensagens.despachar']));
    const despachar = tipos.find((x) => x.nome === 'mensagens.despachar');
    expect(despachar).toMatchObject({
      descricao: 'Enviar um agradecimento ou recibo',
      aguardando: 1,
      em_execucao: 0,
      falhas_24h: 1,
      mortas: 1,
    });
    expect(despachar?.mais_antiga_aguardando_ha_segundos).toBeGreaterThanOrEqual(0);
    expect(tipos.find((x) => x.nome === 'pix.liquidar')).toMatchObject({
      aguardando: 0,
      mortas: 0,
      mais_antiga_aguardando_ha_segundos: null,
    });
    expect(mortas).toEqual([
      expect.objectContaining({ id: morta, nome: 'mensagens.despachar', erro: 'canal fora do ar (teste)' }),
    ]);
  });

  it('is the super admin’s only', async () => {
    const r = await t.app.inject({ method: 'GET', url: '/api/super-admin/tarefas', headers: bearer(admin) });
    expect(r.statusCode).toBe(403);
    expect((await repetir('00000000-0000-4000-8000-000000000000', admin)).statusCode).toBe(403);
  });
});

describe('POST /api/super-admin/tarefas/:id/repetir', () => {
  it('gives a dead job one more try now, audited; it runs again', async () => {
    const id = await tarefaDeTeste(t.database, 'morta');
    const r = await repetir(id);
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toMatchObject({ id, nome: 'mensagens.despachar' });
    const [auditoria] = await t.database.db
      .select()
      .from(auditLogs)
      .where(eq(auditLogs.acao, 'tarefa.repetir'));
    expect(auditoria).toMatchObject({ entidade: 'tarefa', entidadeId: id });
    expect(auditoria?.detalhes).toMatchObject({ erro: 'canal fora do ar (teste)' });
    await filaOciosa(t.app);
    // Its message does not exist: the new try finds nothing to send and completes.
    const job = (await jobsDa(t.database, 'mensagens.despachar')).find((j) => j.id === id);
    expect(job?.state).toBe('completed');
    expect((await painel()).mortas.map((m) => m.id)).not.toContain(id);
  });

  it('404 for a job that is not dead or does not exist, 422 for a malformed id; nothing audited', async () => {
    const antes = await t.database.db.$count(auditLogs, eq(auditLogs.acao, 'tarefa.repetir'));
    const viva = await tarefaDeTeste(t.database, 'viva');
    expect((await repetir(viva)).json()).toMatchObject({ code: 'TAREFA_NAO_ENCONTRADA' });
    expect((await repetir('00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await repetir('nao-e-um-uuid')).statusCode).toBe(422);
    expect(await t.database.db.$count(auditLogs, eq(auditLogs.acao, 'tarefa.repetir'))).toBe(antes);
  });
});
