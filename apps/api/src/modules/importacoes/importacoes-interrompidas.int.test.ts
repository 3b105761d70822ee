import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../../test/test-database.ts';
import type { Database } from '../../db/client.ts';
import { auditLogs, importacoes } from '../../db/schema/index.ts';
import { criarRelogioManual } from '../../lib/relogio.ts';
import { soWhatsapp } from '../canais/canal.ts';
import { executarPassada } from '../regua/motor.ts';
import { CHAVE_DE_TESTE, canalContador } from '../regua/regua.test-fixtures.ts';
import { marcarImportacoesInterrompidas } from './importacao.service.ts';

// A server killed in the middle of an import (issue 8 fault list): its batches stay (each is one
// transaction) and the import is reported `interrompida` once no batch has moved it for 10 minutes.

let database: Database;

beforeEach(async () => {
  database = await openTestDatabase();
});
afterEach(() => database.close());

const novaImportacao = async (atualizadaEm: Date) => {
  const [row] = await database.db
    .insert(importacoes)
    .values({ tipo: 'csv', arquivoNome: 'clientes.csv', atualizadaEm })
    .returning({ id: importacoes.id });
  if (!row) throw new Error('insert sem linha');
  return row.id;
};

const statusDe = async (id: number) =>
  (await database.db.select().from(importacoes).where(eq(importacoes.id, id)))[0]?.status;

describe('imports cut short by a crash', () => {
  it('are marked interrompida after 10 minutes without a batch, with an audit entry; live ones are left alone', async () => {
    const agora = new Date('2026-12-15T12:00:00Z');
    const morta = await novaImportacao(new Date(agora.getTime() - 11 * 60_000));
    const viva = await novaImportacao(new Date(agora.getTime() - 30_000));
    expect(await marcarImportacoesInterrompidas(database.db, agora)).toBe(1);
    expect(await statusDe(morta)).toBe('interrompida');
    expect(await statusDe(viva)).toBe('processando');
    const [auditoria] = await database.db
      .select()
      .from(auditLogs)
      .where(eq(auditLogs.acao, 'importacao.interrompida'));
    expect(auditoria?.entidadeId).toBe(String(morta));
    // Running again changes nothing.
    expect(await marcarImportacoesInterrompidas(database.db, agora)).toBe(0);
  });

  it('are swept by the engine’s pass, which counts them', async () => {
    const relogio = criarRelogioManual(new Date());
    const morta = await novaImportacao(new Date(relogio.agora().getTime() - 60 * 60_000));
    const { driver } = canalContador(relogio.agora);
    const contagens = await executarPassada({
      db: database.db,
      appKey: CHAVE_DE_TESTE,
      canaisDe: async () => soWhatsapp(driver),
      relogio,
      worker: 'teste',
    });
    expect(contagens.importacoes_interrompidas).toBe(1);
    expect(await statusDe(morta)).toBe('interrompida');
  });
});
