import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { DISK_FULL_MESSAGE } from '../db/disk-full.ts';
import { errorsPlugin } from './errors.ts';

const comCodigo = (message: string, code: string) => Object.assign(new Error(message), { code });
/** How the ORM surfaces a driver error: its own message, the driver's error as `cause`. */
const daConsulta = (cause: Error) => new Error('Failed query: insert into "clientes" …', { cause });

/** An app whose one route throws `erro`; answers the response and what was logged. */
const responder = async (erro: Error) => {
  let logs = '';
  const stream = new Writable({
    write(chunk, _encoding, done) {
      logs += chunk;
      done();
    },
  });
  const app = Fastify({ logger: { level: 'error', stream } });
  await app.register(errorsPlugin);
  app.post('/grava', async () => {
    throw erro;
  });
  const resposta = await app.inject({ method: 'POST', url: '/grava' });
  await app.close();
  return { status: resposta.statusCode, corpo: resposta.json<{ code: string; message: string }>(), logs };
};

describe('central error handler on a full disk', () => {
  it.each([
    [
      'PostgreSQL/PGlite disk_full (53100)',
      daConsulta(comCodigo('could not extend file "base/5/1": No space left on device', '53100')),
    ],
    [
      'a WAL file that cannot be written',
      daConsulta(comCodigo('could not write to file "pg_wal/xlogtemp.42": No space left on device', '53100')),
    ],
    ['Node ENOSPC', comCodigo('ENOSPC: no space left on device, write', 'ENOSPC')],
  ])('answers 507 with a clear message for %s, and logs the cause', async (_caso, erro) => {
    const { status, corpo, logs } = await responder(erro);
    expect(status).toBe(507);
    expect(corpo).toEqual({ code: 'SEM_ESPACO_EM_DISCO', message: DISK_FULL_MESSAGE });
    expect(logs).toContain('sem espaço em disco');
    expect(logs.toLowerCase()).toContain('no space left on device');
  });

  it('keeps 503 for a database that is down and 500 for anything else', async () => {
    const fora = await responder(
      daConsulta(comCodigo('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED')),
    );
    expect(fora.status).toBe(503);
    expect(fora.corpo.code).toBe('BANCO_INDISPONIVEL');
    const outro = await responder(daConsulta(comCodigo('division by zero', '22012')));
    expect(outro.status).toBe(500);
    expect(outro.corpo).toEqual({ code: 'ERRO_INTERNO', message: 'Erro interno do servidor.' });
  });
});
