import { randomUUID } from 'node:crypto';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { exportacoesEmAndamento } from '../../db/schema/index.ts';

// One running export per user across every API node (docs/decisions/033-exportacao-limites.md): a row
// per user, held by a lease the export renews while it writes. A node that dies mid-export stops
// renewing; past the lease the next export takes the row over.

const LEASE_SEGUNDOS = 60;
/** Renewed when a third of the lease has gone: one UPDATE every 20 s of export at most. */
const RENOVAR_APOS_MS = (LEASE_SEGUNDOS / 3) * 1000;
/** What the 429 asks to wait: a 20 000-row export takes a few seconds. */
export const ESPERA_SEGUNDOS = 5;

export const EXPORTACAO_EM_ANDAMENTO =
  'Você já tem uma exportação em andamento. Aguarde ela terminar e tente de novo.';

const lease = sql`now() + make_interval(secs => ${LEASE_SEGUNDOS})`;

export type Vez = {
  /** Keeps the row while the export writes (cheap: it touches the database every 20 s at most). */
  renovar: () => Promise<void>;
  /** Frees the row, unless the lease ran out and another export took it. */
  liberar: () => Promise<void>;
};

/** Takes this user's export turn; null while another export of theirs holds it. */
export const tomarVez = async (db: Db, usuarioId: number): Promise<Vez | null> => {
  const vez = randomUUID();
  const [tomada] = await db
    .insert(exportacoesEmAndamento)
    .values({ usuarioId, vez, expiraEm: lease })
    .onConflictDoUpdate({
      target: exportacoesEmAndamento.usuarioId,
      set: { vez, expiraEm: lease },
      setWhere: lt(exportacoesEmAndamento.expiraEm, sql`now()`),
    })
    .returning({ vez: exportacoesEmAndamento.vez });
  if (!tomada) return null;
  const minha = and(eq(exportacoesEmAndamento.usuarioId, usuarioId), eq(exportacoesEmAndamento.vez, vez));
  let renovadaEm = Date.now();
  return {
    renovar: async () => {
      if (Date.now() - renovadaEm < RENOVAR_APOS_MS) return;
      renovadaEm = Date.now();
      await db.update(exportacoesEmAndamento).set({ expiraEm: lease }).where(minha);
    },
    liberar: async () => {
      await db.delete(exportacoesEmAndamento).where(minha);
    },
  };
};
