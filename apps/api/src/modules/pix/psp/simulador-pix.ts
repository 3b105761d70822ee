import { gerarBrCodeDinamico } from './br-code.ts';
import type { ProvedorPix } from './provedor-pix.ts';
import { simuladorRecorrencias } from './simulador-recorrencias.ts';

// The embedded provider (docs/produto.md §21): charges live only in our database and come back with a
// valid dynamic-style BR Code; a payment happens when someone simulates it ("Simular pagamento PIX" or
// `npm run cli -- simular-pix`), which goes through the same confirm-and-settle path as a PSP's PIX.

/** `.invalid` is reserved (RFC 2606): no bank app can fetch a simulated charge by mistake. */
const LOCATION = 'simulador.pix.invalid/v2';

export const simuladorPix: ProvedorPix = {
  provedor: 'simulador',
  async criarCobranca(pedido) {
    const location = `${LOCATION}/${pedido.tipo}/${pedido.txid}`;
    return {
      location,
      pixCopiaECola: gerarBrCodeDinamico({
        location,
        nomeRecebedor: pedido.recebedor.nome,
        cidade: pedido.recebedor.cidade,
        valorCentavos: pedido.tipo === 'cob' ? pedido.valorCentavos : null,
      }),
    };
  },
  async removerCobranca() {},
  // Nothing is kept: asking again under the same txid answers the same code, so there is never one to find.
  async consultarCobranca() {
    return null;
  },
  // Simulated payments are recorded directly; there is no PSP to read them back from.
  async consultarPix() {
    return null;
  },
  async listarPix() {
    return [];
  },
  async registrarWebhook() {},
  recorrencias: simuladorRecorrencias,
};
