import { hostname } from 'node:os';
import type { Db } from '../../db/client.ts';
import { relogioDoSistema } from '../../lib/relogio.ts';
import { canaisAtivos } from '../canais/canais-ativos.ts';
import { provedorPixAtivo } from '../pix/configuracao/provedor-ativo.ts';
import type { DepsMotor } from './motor.ts';

/** The engine's dependencies in a real process (server, worker, CLI): system clock, configured channel and PIX provider. */
export const depsDoProcesso = (
  db: Db,
  appKey: Buffer,
  papel: 'embutido' | 'worker' | 'cli' | 'fila',
  log?: DepsMotor['log'],
): DepsMotor => ({
  db,
  appKey,
  canaisDe: () => canaisAtivos(db, appKey),
  pixDe: () => provedorPixAtivo(db, appKey),
  relogio: relogioDoSistema,
  worker: `${papel}@${hostname()}:${process.pid}`,
  log,
});
