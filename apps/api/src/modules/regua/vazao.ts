import type { Canal } from '@cobranca/contracts';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { linhasDe } from '../../db/linhas.ts';
import type { Relogio } from '../../lib/relogio.ts';

// The channel allowance shared by every sender (docs/produto.md §11), as a GCRA: each send owns a slot
// `intervalo` after the previous one; a sender reserves its slots in one statement and sends on them.
// Whatever the number of workers, no 1-second window holds more than the allowance.

// A little under the allowance, so late timers bunching two sends still stay under it.
const FOLGA = 1.03;

export const intervaloEntreEnviosMs = (porSegundo: number): number => (1000 / porSegundo) * FOLGA;

/**
 * How late a send may go on its slot. The slack leaves a second room for 30 ms more of sends: half of
 * it (less a millisecond, so the sum stays clear of the window's edge) for a late timer, half for the
 * network's jitter on the way to the channel, so no 1-second window at the channel holds more than
 * the allowance. A later send takes a fresh slot.
 */
export const ATRASO_TOLERADO_MS = Math.floor(((FOLGA - 1) * 1000) / 2) - 1;

/** Reserves `n` consecutive slots from `agora` on; answers the first one (epoch ms). */
export const reservarSlots = async (
  db: Db,
  canal: Canal,
  n: number,
  agora: Date,
  intervaloMs: number,
): Promise<number> => {
  const duracao = `${n * intervaloMs} milliseconds`;
  const [linha] = linhasDe<{ fim: string | Date }>(
    await db.execute(sql`
      INSERT INTO canal_vazao (canal, proximo_slot)
      VALUES (${canal}, ${agora.toISOString()}::timestamptz + ${duracao}::interval)
      ON CONFLICT (canal) DO UPDATE
        SET proximo_slot = greatest(canal_vazao.proximo_slot, ${agora.toISOString()}::timestamptz)
          + ${duracao}::interval
      RETURNING proximo_slot AS fim`),
  );
  if (!linha) throw new Error('reserva de vazão não devolveu a linha');
  return new Date(linha.fim).getTime() - n * intervaloMs;
};

// Loopback and scheduling jitter between our send and its arrival at the channel.
const MARGEM_MS = 25;

/**
 * A guard on top of the slots, per sender: when timers fire late and sends bunch up, the next one
 * waits until the send `porSegundo` places back is more than a second old. Calls resolve in order.
 */
export const criarLimitadorDeslizante = (relogio: Relogio, porSegundo: number) => {
  const recentes: number[] = [];
  let fila = Promise.resolve();
  return (): Promise<void> => {
    fila = fila.then(async () => {
      const maisAntigo = recentes.length >= porSegundo ? recentes.shift() : undefined;
      if (maisAntigo !== undefined)
        await relogio.esperar(maisAntigo + 1000 + MARGEM_MS - relogio.agora().getTime());
      recentes.push(relogio.agora().getTime());
    });
    return fila;
  };
};
