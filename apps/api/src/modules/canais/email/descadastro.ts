import { createHmac, timingSafeEqual } from 'node:crypto';

// The one-click unsubscribe token of a customer's e-mails (RFC 8058, docs/produto.md §12): the customer
// id and an HMAC of it under APP_KEY, so the link needs no stored state and cannot be forged or guessed.

const mac = (appKey: Buffer, clienteId: number) =>
  createHmac('sha256', appKey).update(`descadastro-email:${clienteId}`).digest('base64url').slice(0, 32);

export const tokenDescadastro = (appKey: Buffer, clienteId: number): string =>
  `${clienteId}.${mac(appKey, clienteId)}`;

/** The customer the token names, or null when it is not one of ours. */
export const clienteDoDescadastro = (appKey: Buffer, token: string): number | null => {
  const m = /^([1-9][0-9]{0,9})\.([A-Za-z0-9_-]{32})$/.exec(token);
  if (!m?.[1] || !m[2]) return null;
  const clienteId = Number(m[1]);
  const esperado = Buffer.from(mac(appKey, clienteId));
  const dado = Buffer.from(m[2]);
  return esperado.length === dado.length && timingSafeEqual(esperado, dado) ? clienteId : null;
};

/** The https URL (one-click POST) and the mailto (a message to our inbox) of the List-Unsubscribe header. */
export const enderecosDescadastro = (
  urlPublica: string,
  remetente: string,
  token: string,
): { url: string; mailto: string } => {
  const arroba = remetente.lastIndexOf('@');
  return {
    url: `${urlPublica}/api/publico/descadastro/${token}`,
    mailto: `mailto:${remetente.slice(0, arroba)}+sair-${token}@${remetente.slice(arroba + 1)}?subject=descadastro`,
  };
};

/** The token of a mailto unsubscribe (`local+sair-TOKEN@domain`), from a recipient address. */
export const tokenDoMailto = (endereco: string): string | null =>
  /\+sair-([1-9][0-9]{0,9}\.[A-Za-z0-9_-]{32})@/.exec(endereco)?.[1] ?? null;
