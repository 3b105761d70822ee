import type { MensagemStatus } from '@cobranca/contracts';

// A planned collection message stores a marker where its PIX copia e cola goes; the sender puts the
// code in just before it goes (docs/produto.md §21, decision 017). The stored text keeps the marker for
// the sender; every read that shows a message (thread, timeline, lists, exports) goes through
// `conteudoNaTela`. Here, below every module: the régua, the lists and the thread all import it.

/** Where the PIX block goes until the message's charge exists; no customer text can produce it. */
export const MARCADOR_PIX = '\u2063[[cobranca-pix]]\u2063';

/** The PIX block of a message, once its charge gave the copia e cola. */
export const blocoPix = (pixCopiaECola: string): string => `PIX copia e cola:\n${pixCopiaECola}`;

export const PIX_GERADO_NO_ENVIO = '(código PIX gerado no envio)';
/** A message that ended without going never got its charge. */
export const PIX_NAO_GERADO = '(código PIX não gerado: a mensagem não foi enviada)';

/**
 * Where the customer's portal link goes (docs/produto.md §22). Unlike the PIX code it stays in the stored
 * text for good: the link is made as the message goes and only its digest is kept (decision 029).
 */
export const MARCADOR_LINK = '\u2063[[portal-link]]\u2063';

export const LINK_GERADO_NO_ENVIO = '(link do portal gerado no envio)';
export const LINK_ENVIADO = '(link pessoal do portal)';

/** A message's text as a person reads it: each marker says what will (or did not) take its place. */
export const conteudoNaTela = (conteudo: string, status: MensagemStatus): string => {
  const comPix = conteudo.includes(MARCADOR_PIX)
    ? conteudo.replaceAll(MARCADOR_PIX, status === 'pendente' ? PIX_GERADO_NO_ENVIO : PIX_NAO_GERADO)
    : conteudo;
  return comPix.includes(MARCADOR_LINK)
    ? comPix.replaceAll(MARCADOR_LINK, status === 'pendente' ? LINK_GERADO_NO_ENVIO : LINK_ENVIADO)
    : comPix;
};
