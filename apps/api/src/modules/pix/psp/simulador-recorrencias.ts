import { randomBytes } from 'node:crypto';
import { hojeNoFuso } from '@cobranca/dominio';
import { comRecorrencia } from './br-code.ts';
import type { ProvedorRecorrencias } from './provedor-recorrencias.ts';

// PIX Automático in the embedded simulator (docs/pix-automatico.md §6): nothing is kept outside our own
// tables. The payer's side (approve, reject, cancel, pay or fail an attempt) is simulated from the
// workspace and applied through the same path as a PSP's answer read back.

const LOCATION = 'simulador.pix.invalid/v2/rec';
const ALFANUMERICO = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
/** The simulator's "ISPB" in its recurrence ids: no real participant has it. */
const ISPB_SIMULADOR = '00000000';

const sequencial = (tamanho: number) =>
  Array.from(randomBytes(tamanho), (b) => ALFANUMERICO[b % ALFANUMERICO.length]).join('');

export const simuladorRecorrencias: ProvedorRecorrencias = {
  async criarLocation() {
    return {
      id: randomBytes(4).readUInt32BE() >>> 1,
      location: `${LOCATION}/${randomBytes(16).toString('hex')}`,
    };
  },
  async recorrenciaDaLocation() {
    return null;
  },
  async criarRecorrencia(p) {
    const politica = p.politica === 'PERMITE_3R_7D' ? 'R' : 'N';
    const dia = hojeNoFuso(new Date()).replaceAll('-', '');
    return {
      idRec: `R${politica}${ISPB_SIMULADOR}${dia}${sequencial(11)}`,
      status: 'CRIADA',
      encerramento: null,
    };
  },
  async consultarRecorrencia() {
    return null;
  },
  async codigoDaJornada3(rec, cob) {
    return comRecorrencia(cob.pixCopiaECola, rec.location);
  },
  async cancelarRecorrencia() {},
  async criarCobranca(p) {
    return {
      txid: p.txid,
      status: 'ATIVA',
      tentativas: [{ data: p.vencimento, tipo: 'AGND', status: 'AGENDADA', endToEndId: null }],
      pix: [],
    };
  },
  async consultarCobranca() {
    return null;
  },
  async cancelarCobranca() {},
  async retentar() {
    return null;
  },
};
