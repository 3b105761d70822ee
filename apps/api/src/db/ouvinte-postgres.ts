import pg from 'pg';

/** What a channel's listener hears: a payload, or that notifications may have been lost. */
export type AoOuvir = (aviso: { payload: string } | { perdidos: true }) => void;

const ESPERA_INICIAL_MS = 250;
const ESPERA_MAXIMA_MS = 10_000;

/**
 * LISTEN on one dedicated connection (a pooled one would be handed to other queries). A lost
 * connection is reopened with backoff; notifications sent meanwhile are gone, so the listener is told
 * (`perdidos`) once listening again, to refresh whatever it keeps.
 */
export const ouvirPostgres = async (
  connectionString: string,
  canal: string,
  aoOuvir: AoOuvir,
): Promise<() => Promise<void>> => {
  let parado = false;
  let atual: pg.Client | null = null;
  let espera = ESPERA_INICIAL_MS;

  const conectar = async (): Promise<pg.Client> => {
    const cliente = new pg.Client({ connectionString, connectionTimeoutMillis: 5_000 });
    cliente.on('notification', (n) => {
      if (n.channel === canal && n.payload !== undefined) aoOuvir({ payload: n.payload });
    });
    cliente.on('error', () => {});
    cliente.on('end', () => {
      if (parado || atual !== cliente) return;
      atual = null;
      void reconectar();
    });
    await cliente.connect();
    await cliente.query(`LISTEN ${pg.escapeIdentifier(canal)}`);
    return cliente;
  };

  const reconectar = async () => {
    while (!parado) {
      await new Promise((resolve) => setTimeout(resolve, espera));
      espera = Math.min(espera * 2, ESPERA_MAXIMA_MS);
      try {
        const cliente = await conectar();
        if (parado) {
          await cliente.end().catch(() => {});
          return;
        }
        atual = cliente;
        espera = ESPERA_INICIAL_MS;
        aoOuvir({ perdidos: true });
        return;
      } catch {
        // The database is still away: try again after a longer wait.
      }
    }
  };

  atual = await conectar();
  return async () => {
    parado = true;
    const cliente = atual;
    atual = null;
    await cliente?.end().catch(() => {});
  };
};
