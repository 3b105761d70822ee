import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

// Meta signs every webhook POST with the app secret (docs/formatos-externos.md §4.6): `X-Hub-Signature-256:
// sha256=<hex HMAC-SHA256 of the raw body>`. Only the exact bytes received verify, never a re-serialised object.

const CABECALHO = /^sha256=([0-9a-f]{64})$/i;

/** Whether `header` is the signature of `rawBody` under `appSecret`, compared in constant time. */
export const assinaturaValida = (rawBody: Buffer, header: string | undefined, appSecret: string): boolean => {
  const hex = CABECALHO.exec(header?.trim() ?? '')?.[1];
  // An empty secret would make any body trivially signable.
  if (!hex || !appSecret) return false;
  const esperada = createHmac('sha256', appSecret).update(rawBody).digest();
  return timingSafeEqual(Buffer.from(hex, 'hex'), esperada);
};

/** Constant-time equality of two secrets of any length (hashing first makes the lengths equal). */
export const segredosIguais = (a: string, b: string): boolean =>
  timingSafeEqual(createHash('sha256').update(a).digest(), createHash('sha256').update(b).digest());
