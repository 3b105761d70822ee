import { normalizarBusca } from '../../lib/busca.ts';

// docs/produto.md §12: a customer who answers SAIR/PARAR/STOP is opted out. Only the whole message counts, so
// "não quero sair agora" is a conversation, not a request; punctuation and emoji around the word are noise.

const PALAVRAS_OPT_OUT = new Set(['sair', 'parar', 'stop']);

/** Whether the message, on its own, asks to stop receiving messages ("sair", " Parar. ", "STOP!"). */
export const ehPedidoDeOptOut = (texto: string): boolean =>
  PALAVRAS_OPT_OUT.has(
    normalizarBusca(texto)
      .replace(/[\p{P}\p{S}\p{Cf}]/gu, '')
      .trim(),
  );
