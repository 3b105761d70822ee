import type { CobrancaRecorrentePsp, RecorrenciaPsp, RecorrenciasApiPix } from './api-pix-recorrencias.ts';
import type {
  CobrancaRecorrenteLida,
  ProvedorRecorrencias,
  RecorrenciaLida,
} from './provedor-recorrencias.ts';
import { centavosDoValorPix, valorPix } from './valor-pix.ts';

// PIX Automático at a PSP with the API Pix recurrences (docs/formatos-externos.md §7).

const PELA_PAGADORA = new Set(['PSP_PAGADOR', 'USUARIO_PAGADOR']);

const recorrenciaLida = (rec: RecorrenciaPsp): RecorrenciaLida => {
  const { rejeicao, cancelamento } = rec.encerramento ?? {};
  const fim = rejeicao ?? cancelamento;
  return {
    idRec: rec.idRec,
    status: rec.status,
    encerramento: fim
      ? {
          pelaPagadora: rejeicao !== undefined || PELA_PAGADORA.has(cancelamento?.solicitante ?? ''),
          motivo: `${fim.codigo}: ${fim.descricao}`,
        }
      : null,
  };
};

const cobrancaLida = (c: CobrancaRecorrentePsp): CobrancaRecorrenteLida => ({
  txid: c.txid,
  status: c.status,
  tentativas: c.tentativas.map((t) => ({
    data: t.dataLiquidacao,
    tipo: t.tipo,
    status: t.status,
    endToEndId: t.endToEndId ?? null,
  })),
  pix: c.pix.map((p) => ({
    endToEndId: p.endToEndId,
    txid: c.txid,
    valorCentavos: centavosDoValorPix(p.valor),
    horario: new Date(p.horario),
    pagador: null,
  })),
});

export const recorrenciasApiPix = (api: RecorrenciasApiPix): ProvedorRecorrencias => ({
  async criarLocation() {
    const { id, location } = await api.criarLocation();
    return { id, location };
  },
  async recorrenciaDaLocation(id) {
    return (await api.consultarLocation(id))?.idRec ?? null;
  },
  async criarRecorrencia(p) {
    const { documento, nome } = p.devedor;
    return recorrenciaLida(
      await api.criarRecorrencia({
        vinculo: {
          objeto: p.objeto,
          contrato: p.contrato,
          devedor: documento.length === 11 ? { cpf: documento, nome } : { cnpj: documento, nome },
        },
        calendario: { dataInicial: p.dataInicial, dataFinal: p.dataFinal, periodicidade: 'MENSAL' },
        valor: { valorRec: valorPix(p.valorCentavos) },
        politicaRetentativa: p.politica,
        loc: p.locId,
        ...(p.txidJornada ? { ativacao: { dadosJornada: { txid: p.txidJornada } } } : {}),
      }),
    );
  },
  async consultarRecorrencia(idRec) {
    const rec = await api.consultarRecorrencia(idRec);
    return rec ? recorrenciaLida(rec) : null;
  },
  async codigoDaJornada3(rec, cob) {
    return (await api.consultarRecorrencia(rec.idRec, cob.txid))?.dadosQR?.pixCopiaECola ?? null;
  },
  async cancelarRecorrencia(idRec) {
    await api.cancelarRecorrencia(idRec);
  },
  async criarCobranca(p) {
    if (!p.recebedor) throw new Error('cobr sem a conta do recebedor');
    return cobrancaLida(
      await api.criarCobranca(p.txid, {
        idRec: p.idRec,
        infoAdicional: p.descricao.slice(0, 140),
        calendario: { dataDeVencimento: p.vencimento },
        valor: { original: valorPix(p.valorCentavos) },
        ajusteDiaUtil: true,
        recebedor: {
          ...(p.recebedor.agencia ? { agencia: p.recebedor.agencia } : {}),
          conta: p.recebedor.conta,
          tipoConta: p.recebedor.tipoConta,
        },
      }),
    );
  },
  async consultarCobranca(txid) {
    const c = await api.consultarCobranca(txid);
    return c ? cobrancaLida(c) : null;
  },
  async cancelarCobranca(txid) {
    await api.cancelarCobranca(txid);
  },
  async retentar(txid, data) {
    return cobrancaLida(await api.retentar(txid, data));
  },
});
