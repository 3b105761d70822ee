import { execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { userInfo } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { portaLivre } from '../../test/processos.ts';

// A PostgreSQL 15 cluster of the test's own (initdb in a temporary folder, its own port and socket),
// so a test can stop and start it under a running app without touching the shared test server.

const BIN = process.env.POSTGRES_BIN ?? '/usr/lib/postgresql/15/bin';

/** Why a private cluster cannot run here, or null when it can. */
export const motivoSemCluster = (): string | null => {
  if (!existsSync(join(BIN, 'initdb')) || !existsSync(join(BIN, 'pg_ctl')))
    return `binários do PostgreSQL 15 não encontrados em ${BIN} (defina POSTGRES_BIN)`;
  if (userInfo().uid === 0) {
    try {
      execFileSync('id', ['postgres'], { stdio: 'ignore' });
    } catch {
      return 'rodando como root sem o usuário postgres para executar o initdb';
    }
  }
  return null;
};

export type ClusterPostgres = {
  /** Connection string of the `app` database on this cluster. */
  url: string;
  parar: () => void;
  iniciar: () => void;
  remover: () => void;
};

export const criarClusterPostgres = async (): Promise<ClusterPostgres> => {
  const pasta = mkdtempSync('/tmp/cobranca-pg-');
  const dados = join(pasta, 'dados');
  const porta = await portaLivre();
  // PostgreSQL refuses to run as root: as root, run its tools as the postgres user.
  const comoRoot = userInfo().uid === 0;
  if (comoRoot) {
    const id = (opcao: string) => Number(execFileSync('id', [opcao, 'postgres']).toString());
    chownSync(pasta, id('-u'), id('-g'));
  }
  const executar = (programa: string, args: string[]) =>
    comoRoot
      ? execFileSync('runuser', ['-u', 'postgres', '--', join(BIN, programa), ...args], { stdio: 'pipe' })
      : execFileSync(join(BIN, programa), args, { stdio: 'pipe' });
  const opcoes = `-p ${porta} -k ${pasta} -c listen_addresses=127.0.0.1 -c fsync=off`;
  const pgCtl = (...args: string[]) => executar('pg_ctl', ['-D', dados, '-l', join(pasta, 'log'), ...args]);
  executar('initdb', ['-D', dados, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync']);
  const iniciar = () => pgCtl('-o', opcoes, '-w', 'start');
  iniciar();
  const admin = new pg.Client({ connectionString: `postgres://postgres@127.0.0.1:${porta}/postgres` });
  await admin.connect();
  await admin.query('CREATE DATABASE app');
  await admin.end();
  return {
    url: `postgres://postgres@127.0.0.1:${porta}/app`,
    // Immediate: what a crash or a kill looks like to the clients, no goodbye on their connections.
    parar: () => pgCtl('-m', 'immediate', '-w', 'stop'),
    iniciar,
    remover: () => {
      try {
        pgCtl('-m', 'immediate', '-w', 'stop');
      } catch {
        // Already stopped.
      }
      rmSync(pasta, { recursive: true, force: true });
    },
  };
};
