import { decryptSecret, encryptSecret, SecretBoxError } from './secret-box.ts';

// Secrets kept in the settings rows (channel tokens, PSP credentials): encrypted with the APP_KEY,
// each bound to its field by name (`contexto`), shown to admins only as a mask.

/** A stored secret once opened: unset, opened, or unreadable (the APP_KEY changed since it was saved). */
export type SegredoLido = { estado: 'ausente' } | { estado: 'ilegivel' } | { estado: 'ok'; valor: string };

export const cifrarSegredoEm = (appKey: Buffer, contexto: string, valor: string): string =>
  encryptSecret(appKey, valor, contexto);

export const abrirSegredo = (appKey: Buffer, contexto: string, cifrado: string | null): SegredoLido => {
  if (cifrado === null) return { estado: 'ausente' };
  try {
    return { estado: 'ok', valor: decryptSecret(appKey, cifrado, contexto) };
  } catch (error) {
    if (error instanceof SecretBoxError) return { estado: 'ilegivel' };
    throw error;
  }
};

export const valorDoSegredo = (lido: SegredoLido): string | null =>
  lido.estado === 'ok' ? lido.valor : null;

const MASCARA = '••••••••';
// Shorter secrets show no suffix: four characters of them would give too much away.
const MINIMO_PARA_SUFIXO = 12;

export const mascararSegredo = (lido: SegredoLido): string | null => {
  if (lido.estado === 'ausente') return null;
  if (lido.estado === 'ilegivel' || lido.valor.length < MINIMO_PARA_SUFIXO) return MASCARA;
  return `${MASCARA}${lido.valor.slice(-4)}`;
};

/** An omitted or empty secret keeps the stored one; the same value sent again changes nothing. */
export const mesclarSegredoCifrado = (
  appKey: Buffer,
  contexto: string,
  antes: string | null,
  novo: string | undefined,
): { cifrado: string | null; mudou: boolean } => {
  const atual = abrirSegredo(appKey, contexto, antes);
  if (!novo || (atual.estado === 'ok' && atual.valor === novo)) return { cifrado: antes, mudou: false };
  return { cifrado: cifrarSegredoEm(appKey, contexto, novo), mudou: true };
};
