import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { linhasDe } from '../../db/linhas.ts';
import { chaveEndereco, type LoginRateLimit, type Tentativa } from './limites-login.ts';

// The sign-in limits of limites-login.ts kept in PostgreSQL (table limites_login, migration 0014), so
// several API nodes share one budget (docs/decisions/003-sessions-and-rate-limits.md, "Several nodes").
// Same fixed windows and semantics; each hit is one atomic upsert, so parallel attempts on any node
// see each other's counts.

const CONHECIDO_MS = 30 * 24 * 60 * 60_000;
// Every this many writes a process deletes a batch of expired rows: cheap, and the table stays small.
const LIMPAR_A_CADA = 100;
const LOTE_LIMPEZA = 500;

type Contado = { chave: string; contagem: number; inicio: string; espera: number; conhecido: boolean };

export const criarLimitesLoginPostgres = (db: Db, limites: LoginRateLimit) => {
  // The failure windows run on the injected clock when tests give one, else on the database's.
  const instante = (): string | null => (limites.now ? new Date(limites.now()).toISOString() : null);
  let escritas = 0;

  // On the failure clock even when the per-address count (database clock) triggers it: a test's clock
  // in the past must not see its own live windows deleted as expired.
  const limpar = () => {
    const quando = instante();
    escritas += 1;
    if (escritas % LIMPAR_A_CADA !== 0) return;
    db.execute(sql`
      DELETE FROM limites_login WHERE chave IN (
        SELECT chave FROM limites_login
        WHERE expira < coalesce(${quando}::timestamptz, statement_timestamp()) LIMIT ${LOTE_LIMPEZA})`).catch(
      () => {}, // best effort: the next batch retries
    );
  };

  /** One hit on each key, in key order (so concurrent hits never deadlock); answers the new counts. */
  const contar = async (chaves: Array<[string, number]>, quando: string | null, conhecido: string | null) => {
    limpar();
    const resultado = await db.execute(sql`
      WITH agora AS (SELECT coalesce(${quando}::timestamptz, statement_timestamp()) AS t),
      contados AS (
        INSERT INTO limites_login AS l (chave, inicio, contagem, expira)
        SELECT k.chave, agora.t, 1, agora.t + k.janela * interval '1 millisecond'
        FROM jsonb_to_recordset(${JSON.stringify(chaves.map(([chave, janela]) => ({ chave, janela })))}::jsonb)
          AS k(chave text, janela bigint), agora
        ORDER BY k.chave
        ON CONFLICT (chave) DO UPDATE SET
          inicio = CASE WHEN l.expira <= excluded.inicio OR l.contagem <= 0 THEN excluded.inicio ELSE l.inicio END,
          contagem = CASE WHEN l.expira <= excluded.inicio OR l.contagem <= 0 THEN 1 ELSE l.contagem + 1 END,
          expira = CASE WHEN l.expira <= excluded.inicio OR l.contagem <= 0 THEN excluded.expira ELSE l.expira END
        RETURNING chave, contagem, inicio, expira
      )
      SELECT c.chave, c.contagem, c.inicio::text AS inicio,
        ceil(extract(epoch FROM c.expira - agora.t))::int AS espera,
        EXISTS (SELECT 1 FROM limites_login k WHERE k.chave = ${conhecido} AND k.expira > agora.t) AS conhecido
      FROM contados c, agora`);
    return linhasDe<Contado>(resultado);
  };

  /** Takes hits back, only in the window they were counted in; row locks in key order, as `contar`. */
  const descontar = async (contados: Contado[]) => {
    const ordenados = [...contados].sort((a, b) => (a.chave < b.chave ? -1 : 1));
    await db.execute(sql`
      WITH alvo AS (
        SELECT l.chave FROM limites_login l
        JOIN jsonb_to_recordset(${JSON.stringify(ordenados.map(({ chave, inicio }) => ({ chave, inicio })))}::jsonb)
          AS d(chave text, inicio timestamptz)
          ON l.chave = d.chave AND l.inicio = d.inicio
        WHERE l.contagem > 0
        ORDER BY l.chave
        FOR UPDATE OF l
      )
      UPDATE limites_login l SET contagem = l.contagem - 1 FROM alvo WHERE l.chave = alvo.chave`);
  };

  return {
    /** Every attempt from one address (what @fastify/rate-limit does in memory), on the database clock. */
    tentativaEndereco: async (ip: string): Promise<number> => {
      const [contado] = await contar([[`pi:${chaveEndereco(ip)}`, limites.perIp.windowMs]], null, null);
      return contado && contado.contagem > limites.perIp.max ? contado.espera : 0;
    },

    /** As limites-login.ts `iniciar`: counted first, taken back at once when a limit refuses it. */
    iniciar: async (email: string, ip: string): Promise<Tentativa | { esperaSegundos: number }> => {
      const endereco = chaveEndereco(ip);
      const par = `${email} ${endereco}`;
      const quando = instante();
      const limitesPorChave = new Map([
        [`ei:${par}`, limites.failuresPerEmailAndIp],
        [`ip:${endereco}`, limites.failuresPerIp],
        [`em:${email}`, limites.failuresPerEmail],
      ]);
      const contados = await contar(
        [...limitesPorChave].map(([chave, limite]) => [chave, limite.windowMs]),
        quando,
        `ok:${par}`,
      );
      const conhecido = contados.some((c) => c.conhecido);
      const esperaSegundos = Math.max(
        0,
        ...contados
          .filter((c) => c.contagem > (limitesPorChave.get(c.chave)?.max ?? 0))
          .filter((c) => !(conhecido && c.chave.startsWith('em:')))
          .map((c) => Math.max(1, c.espera)),
      );
      if (esperaSegundos > 0) {
        await descontar(contados);
        return { esperaSegundos };
      }
      let desfeita = false;
      const anular = async () => {
        if (desfeita) return;
        desfeita = true;
        await descontar(contados);
      };
      return {
        anular,
        sucesso: async () => {
          await anular();
          await db.execute(sql`
            WITH agora AS (SELECT coalesce(${quando}::timestamptz, statement_timestamp()) AS t)
            INSERT INTO limites_login (chave, inicio, contagem, expira)
            SELECT ${`ok:${par}`}, agora.t, 1, agora.t + ${CONHECIDO_MS} * interval '1 millisecond' FROM agora
            ON CONFLICT (chave) DO UPDATE SET inicio = excluded.inicio, expira = excluded.expira`);
        },
      };
    },
  };
};
