import { createHash } from 'node:crypto';
import type { DbOrTx } from '../../../db/client.ts';
import { ErroDominio } from '../../../lib/errors.ts';
import { provedorApiPix } from '../psp/provedor-api-pix.ts';
import type { ProvedorPix } from '../psp/provedor-pix.ts';
import { simuladorPix } from '../psp/simulador-pix.ts';
import { buscarPixArmazenado, credenciaisPix, type PixArmazenado } from './pix-settings.repository.ts';

// The provider the settings name. The API Pix driver keeps its token and its TLS connections, so one
// is reused until the settings change (a new fingerprint).

export type ProvedorConfigurado = { provedor: ProvedorPix; armazenado: PixArmazenado };

let emUso: { impressao: string; provedor: ProvedorPix } | null = null;

const impressaoDe = (a: PixArmazenado) => {
  const { ultimo_status: _status, ...resto } = a;
  return createHash('sha256').update(JSON.stringify(resto)).digest('base64url');
};

export const PIX_INCOMPLETO =
  'A API Pix está escolhida, mas a configuração está incompleta (URLs, client id, secret, certificado ou chave PIX). Ajuste em Config. PIX.';

/** The driver for stored settings; throws PIX_NAO_CONFIGURADO when the API Pix lacks something. */
export const provedorDe = (a: PixArmazenado, appKey: Buffer, timeoutMs?: number): ProvedorPix => {
  if (a.provedor === 'simulador') return simuladorPix;
  const impressao = impressaoDe(a);
  if (emUso?.impressao === impressao) return emUso.provedor;
  const credenciais = credenciaisPix(a, appKey);
  if (!credenciais || !a.chave) throw new ErroDominio('PIX_NAO_CONFIGURADO', PIX_INCOMPLETO);
  emUso = { impressao, provedor: provedorApiPix(credenciais, a.chave, timeoutMs) };
  return emUso.provedor;
};

export const provedorPixAtivo = async (db: DbOrTx, appKey: Buffer): Promise<ProvedorConfigurado> => {
  const armazenado = await buscarPixArmazenado(db);
  return { provedor: provedorDe(armazenado, appKey), armazenado };
};

/** Whether a PIX provider is usable now (the simulator always is; an incomplete API Pix is not). */
export const pixConfigurado = async (db: DbOrTx, appKey: Buffer): Promise<boolean> => {
  try {
    await provedorPixAtivo(db, appKey);
    return true;
  } catch (error) {
    if (error instanceof ErroDominio) return false;
    throw error;
  }
};

/** The embedded simulator with the stored settings: the engine's provider when it is given none. */
export const provedorSimulado = async (db: DbOrTx): Promise<ProvedorConfigurado> => ({
  provedor: simuladorPix,
  armazenado: await buscarPixArmazenado(db),
});
