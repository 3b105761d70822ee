import { ArquivoHostilError } from './arquivo-hostil.ts';

// NF-e never carries a DTD, so any DOCTYPE or ENTITY declaration is an attack (XXE, billion laughs)
// or garbage. NULs are dropped first so a UTF-16 file cannot hide `<!DOCTYPE` between zero bytes.
const DTD_RE = /<!\s*(?:DOCTYPE|ENTITY)/i;

/** Throws ArquivoHostilError when the document declares a DOCTYPE or ENTITY. Run before parsing. */
export const recusarDtd = (arquivo: string, xml: string): void => {
  if (DTD_RE.test(xml.replace(/\0/g, ''))) {
    throw new ArquivoHostilError(
      arquivo,
      `O arquivo ${arquivo} declara DOCTYPE/ENTITY, o que uma NF-e nunca faz; o envio foi recusado por segurança.`,
    );
  }
};
