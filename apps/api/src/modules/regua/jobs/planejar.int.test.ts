import { FUSO_PADRAO, hojeNoFuso, instanteNoFuso } from '@cobranca/dominio';
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jobsDa } from '../../../../test/fila.ts';
import { openTestDatabase } from '../../../../test/test-database.ts';
import type { Database } from '../../../db/client.ts';
import { mensagens, reguaExecucoes } from '../../../db/schema/index.ts';
import { iniciarFila } from '../../../fila/fila.ts';
import { agendamentos, TAREFAS } from '../../../fila/tarefas.ts';
import { relogioDoSistema } from '../../../lib/relogio.ts';
import { inserirCliente, inserirConta } from '../../clientes/clientes.test-fixtures.ts';
import { executarPassada } from '../motor.ts';
import { configurar, JANELA_SEMPRE, montarMotor } from '../regua.test-fixtures.ts';
import { planejarRegua } from './planejar.job.ts';

// The régua's planning is a scheduled job (docs/efeitos-colaterais.md): one pass per period whatever
// the number of processes, and the sending loop no longer plans.

const silencio = { info() {}, warn() {}, error() {} };
let database: Database;
// Noon of today in São Paulo for the engine: the setup's "today" and the pass's are the same day even
// when the suite runs across midnight.
const HOJE = hojeNoFuso(new Date(), FUSO_PADRAO);
const MEIO_DIA = instanteNoFuso(HOJE, 12 * 60, FUSO_PADRAO);

beforeEach(async () => {
  vi.spyOn(relogioDoSistema, 'agora').mockReturnValue(MEIO_DIA);
  database = await openTestDatabase();
  await configurar(database.db, { janela_envio: JANELA_SEMPRE, automacao_ativa: true });
  const cliente = await inserirCliente(database.db, { nome: 'Ana' });
  // Due today: the default régua's due-day step plans it now.
  await inserirConta(database.db, {
    clienteId: cliente,
    valorCentavos: 12_345,
    vencimento: HOJE,
  });
});
afterEach(async () => {
  vi.restoreAllMocks();
  await database.close();
});

describe('regua.planejar', () => {
  it('runs once per period across three processes and plans the day’s message without sending it', async () => {
    const contexto = { db: database.db, appKey: Buffer.alloc(32), log: silencio };
    const processos = await Promise.all(
      [1, 2, 3].map(() =>
        iniciarFila({
          database,
          tarefas: TAREFAS,
          contexto,
          agendamentos: agendamentos({ pixConciliacaoSegundos: 3_600, reguaSegundos: 3_600 }),
          sondagemMs: 100,
        }),
      ),
    );
    await new Promise((r) => setTimeout(r, 300));
    await Promise.all(processos.map((p) => p.ociosa(30_000)));
    await Promise.all(processos.map((p) => p.parar(1_000)));

    const jobs = await jobsDa(database, planejarRegua.nome);
    expect(jobs.map((j) => j.state)).toEqual(['completed']);
    const passadas = await database.db.select().from(reguaExecucoes);
    expect(passadas).toHaveLength(1);
    expect(passadas[0]?.worker).toMatch(/^fila@/);
    // A planning pass records planning's counts only: nothing about sending it did not do.
    // (The −3 step of a debt due today is recorded as skipped: catch-up, docs/produto.md §11.)
    expect(passadas[0]?.contagens).toEqual({
      planejadas: 1,
      puladas: 1,
      adiadas: 0,
      promessas_quebradas: 0,
      importacoes_interrompidas: 0,
    });
    const [mensagem] = await database.db.select().from(mensagens).where(eq(mensagens.origem, 'regua'));
    expect(mensagem?.status).toBe('pendente');
  });

  it('the sending loop’s pass sends what is due and plans nothing', async () => {
    const { deps } = montarMotor(database.db, MEIO_DIA);
    const soEnvio = { planejar: false, enviar: true };
    const nadaEnviado = { enviadas: 0, falhas: 0, reagendadas: 0, canceladas: 0 };
    expect(await executarPassada(deps, undefined, soEnvio)).toEqual(nadaEnviado);
    expect(await executarPassada(deps, undefined, { planejar: true, enviar: false })).toMatchObject({
      planejadas: 1,
    });
    expect(await executarPassada(deps, undefined, soEnvio)).toEqual({ ...nadaEnviado, enviadas: 1 });
  });
});
