import { createHash, createHmac } from 'node:crypto';
import type { DbOrTx } from '../../../db/client.ts';
import { ErroDominio } from '../../../lib/errors.ts';
import { provedorApiPix } from '../psp/provedor-api-pix.ts';
import type { ProvedorPix } from '../psp/provedor-pix.ts';
import { simuladorPix } from '../psp/simulador-pix.ts';
import { buscarPixArmazenado, credenciaisPix, type PixArmazenado } from './pix-settings.repository.ts';

// The provider the settings name. The API Pix driver keeps its token and its TLS connections, so one
// is reused until the settings change (a new fingerprint).

export type ProvedorConfigurado = {
  provedor: ProvedorPix;
  armazenado: PixArmazenado;
  /**
   * The txid of the charge for `para` (an instalment, a message): a retry after a crash asks the PSP
   * again under the same txid, and finds the charge instead of making a second one. Keyed by this
   * installation's APP_KEY, so two installations on one PSP account never meet.
   */
  txidPara: (para: string) => string;
};

const TAMANHO_TXID = 32;

/** 32 hex characters: a valid txid of cob and cobv (26–35 letters and digits). */
export const txidDeterministico =
  (segredo: Buffer | null) =>
  (para: string): string =>
    (segredo ? createHmac('sha256', segredo) : createHash('sha256'))
      .update(`txid:${para}`)
      .digest('hex')
      .slice(0, TAMANHO_TXID);

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
  return { provedor: provedorDe(armazenado, appKey), armazenado, txidPara: txidDeterministico(appKey) };
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
  // The simulator keeps nothing at a PSP: a txid only has to be unique in our own table.
  txidPara: txidDeterministico(null),
});
