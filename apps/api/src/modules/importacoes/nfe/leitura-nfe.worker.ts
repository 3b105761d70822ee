import { parentPort } from 'node:worker_threads';
import { ArquivoHostilError } from './arquivo-hostil.ts';
import { type LeituraNota, lerNotaFiscal } from './nfe-parser.ts';

// Runs inside the worker thread started by leitor-nfe.ts: parses one file per message, so a costly
// file never holds the event loop that answers requests.

export type PedidoLeitura = { arquivo: string; conteudo: Uint8Array };
export type RespostaLeitura = { leitura: LeituraNota } | { hostil: string } | { falha: string };

const responder = ({ arquivo, conteudo }: PedidoLeitura): RespostaLeitura => {
  try {
    // A transferred Buffer arrives as a plain Uint8Array; the parser needs Buffer's methods (no copy).
    const bytes = Buffer.from(conteudo.buffer, conteudo.byteOffset, conteudo.byteLength);
    return { leitura: lerNotaFiscal(arquivo, bytes) };
  } catch (erro) {
    if (erro instanceof ArquivoHostilError) return { hostil: erro.message };
    return { falha: erro instanceof Error ? (erro.stack ?? erro.message) : String(erro) };
  }
};

const porta = parentPort;
if (porta) {
  porta.on('message', (pedido: PedidoLeitura) => porta.postMessage(responder(pedido)));
  // A first parse compiles the parser's code; done before 'pronto', the first file's time limit
  // measures that file, not the warm-up.
  responder({ arquivo: 'aquecimento.xml', conteudo: Buffer.from('<nfeProc><NFe><infNFe/></NFe></nfeProc>') });
  porta.postMessage('pronto');
}
