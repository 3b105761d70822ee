import type { z } from 'zod';
import type { DbOrTx } from '../db/client.ts';
import { acordarFila, BOSS_SEM_CONEXAO, ESQUEMA_FILA, opcoesDoEnvio } from './boss.ts';
import { bossNoHandle, sqlDoHandle } from './sql-do-handle.ts';
import type { Tarefa } from './tarefa.ts';

/**
 * Enqueues a job on `handle`: inside a transaction, the job exists if and only if the write commits
 * (transactional outbox). Answers the job's id, or null when a job with the same key is already waiting.
 */
export const enfileirar = async <S extends z.ZodType>(
  handle: DbOrTx,
  tarefa: Tarefa<S>,
  payload: z.input<S>,
  opcoes: { apos?: Date } = {},
): Promise<string | null> => {
  const dados = tarefa.payload.parse(payload);
  const sql = sqlDoHandle(handle);
  const id = await BOSS_SEM_CONEXAO.send(tarefa.nome, dados as object, {
    ...opcoesDoEnvio(tarefa, tarefa.chave(dados)),
    ...(opcoes.apos ? { startAfter: opcoes.apos } : {}),
    ...bossNoHandle(handle),
  });
  if (id === null) {
    // pg-boss answers null both for a duplicate and for a queue that does not exist: never lose a job silently.
    const { rows } = await sql.query(`SELECT 1 FROM ${ESQUEMA_FILA}.queue WHERE name = $1`, [tarefa.nome]);
    if (rows.length === 0) throw new Error(`fila ${tarefa.nome} não instalada (instalarFila)`);
    return null;
  }
  await acordarFila(sql, tarefa.nome);
  return id;
};
