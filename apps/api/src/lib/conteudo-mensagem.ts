import type { MensagemStatus } from '@cobranca/contracts';

// A planned collection message stores a marker where its PIX copia e cola goes; the sender puts the
// code in just before it goes (docs/produto.md §21, decision 017). The stored text keeps the marker for
// the sender; every read that shows a message (thread, timeline, lists, exports) goes through
// `conteudoNaTela`. Here, below every module: the régua, the lists and the thread all import it.

/** Where the PIX block goes until the message's charge exists; no customer text can produce it. */
export const MARCADOR_PIX = '\u2063[[cobranca-pix]]\u2063';

export const PIX_GERADO_NO_ENVIO = '(código PIX gerado no envio)';
/** A message that ended without going never got its charge. */
export const PIX_NAO_GERADO = '(código PIX não gerado: a mensagem não foi enviada)';

/** A message's text as a person reads it: the marker says what will (or did not) take its place. */
export const conteudoNaTela = (conteudo: string, status: MensagemStatus): string =>
  conteudo.includes(MARCADOR_PIX)
    ? conteudo.replaceAll(MARCADOR_PIX, status === 'pendente' ? PIX_GERADO_NO_ENVIO : PIX_NAO_GERADO)
    : conteudo;
