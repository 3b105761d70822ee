import { type SistemaSettings, sistemaSettings } from '@cobranca/contracts';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { configuracoes } from '../../db/schema/index.ts';
import { cacheSistemaDe, esquecerSistemaEmCache } from './cache-sistema.ts';

export const SISTEMA_KEY = 'sistema';
/**
 * The super admin's kill switch, kept apart from the admin's `automacao_ativa` so that saving a stale
 * settings form can never switch automation back on; sending needs both to allow it.
 */
export const KILL_SWITCH_KEY = 'automacao';

/** The raw JSON stored under `chave`, or undefined when never saved. `forUpdate` locks the row in `tx`. */
export const buscarConfiguracao = async (
  db: DbOrTx,
  chave: string,
  opts: { forUpdate?: boolean } = {},
): Promise<unknown> => {
  const query = db
    .select({ valor: configuracoes.valor })
    .from(configuracoes)
    .where(eq(configuracoes.chave, chave));
  const [row] = opts.forUpdate ? await query.for('update') : await query;
  return row?.valor;
};

/** Inserts or replaces the value of `chave`, recording who changed it. */
export const salvarConfiguracao = async (
  tx: DbOrTx,
  chave: string,
  valor: unknown,
  usuarioId: number | null,
): Promise<void> => {
  await tx
    .insert(configuracoes)
    .values({ chave, valor, updatedBy: usuarioId })
    .onConflictDoUpdate({
      target: configuracoes.chave,
      set: { valor, updatedBy: usuarioId, updatedAt: new Date() },
    });
  if (chave === SISTEMA_KEY) esquecerSistemaEmCache();
};

/**
 * Makes sure the row of `chave` exists, so that a following `forUpdate` read really locks it and two
 * first-time writers serialise instead of overwriting each other.
 */
export const garantirConfiguracao = async (tx: DbOrTx, chave: string, valorInicial: unknown) => {
  await tx.insert(configuracoes).values({ chave, valor: valorInicial }).onConflictDoNothing();
};

/** A stored settings value over the defaults; the defaults if it cannot be read. */
export const parseSistema = (valor: unknown): SistemaSettings => {
  const parsed = sistemaSettings.safeParse(valor ?? {});
  return parsed.success ? parsed.data : sistemaSettings.parse({});
};

let ultimoTexto: { texto: string | null; settings: SistemaSettings } | undefined;

/**
 * The settings from their stored text (the customer workspace reads it inside its own statement): the
 * same text as the last one gives the same settings without parsing and validating them again, which
 * was a tenth of the workspace's own Node time (docs/decisions/051-listas-sem-copias-lentas.md).
 */
export const sistemaDoTexto = (texto: string | null): SistemaSettings => {
  if (ultimoTexto?.texto !== texto)
    ultimoTexto = { texto, settings: parseSistema(texto === null ? null : JSON.parse(texto)) };
  return ultimoTexto.settings;
};

const lerSistema = async (db: DbOrTx) => parseSistema(await buscarConfiguracao(db, SISTEMA_KEY));

/**
 * Stored system settings merged over the defaults (a key never saved reads as its default). Outside a
 * transaction, from this process's cache while it listens for their changes (docs/decisions/045).
 */
export const buscarSistemaSettings = async (db: DbOrTx): Promise<SistemaSettings> => {
  const cache = cacheSistemaDe(db);
  return cache ? cache.buscar(() => lerSistema(db)) : lerSistema(db);
};

/** Inside a transaction: the settings with their row locked until it ends (read-modify-write). */
export const lockSistemaSettings = async (tx: DbOrTx): Promise<SistemaSettings> => {
  await garantirConfiguracao(tx, SISTEMA_KEY, {});
  return parseSistema(await buscarConfiguracao(tx, SISTEMA_KEY, { forUpdate: true }));
};

const parseKillSwitch = (valor: unknown): boolean =>
  typeof valor === 'object' && valor !== null && 'ativa' in valor ? valor.ativa !== false : true;

/** Whether the kill switch lets automatic sending run (true until a super admin pauses it). */
export const buscarKillSwitchAtivo = async (db: DbOrTx): Promise<boolean> =>
  parseKillSwitch(await buscarConfiguracao(db, KILL_SWITCH_KEY));

/** Inside a transaction: the kill-switch state with its row locked until it ends. */
export const lockKillSwitch = async (tx: DbOrTx): Promise<boolean> => {
  await garantirConfiguracao(tx, KILL_SWITCH_KEY, { ativa: true });
  return parseKillSwitch(await buscarConfiguracao(tx, KILL_SWITCH_KEY, { forUpdate: true }));
};

export const salvarSistemaSettings = (tx: DbOrTx, settings: SistemaSettings, usuarioId: number | null) =>
  salvarConfiguracao(tx, SISTEMA_KEY, settings, usuarioId);
