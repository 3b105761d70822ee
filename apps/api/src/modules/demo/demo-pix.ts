import { createHash } from 'node:crypto';
import { instanteNoFuso } from '@cobranca/dominio';
import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { cobrancaPixContas, cobrancasPix, pagamentos, pixRecebidos } from '../../db/schema/index.ts';
import { simuladorPix } from '../pix/psp/simulador-pix.ts';

// The demo's PIX payments were made through the simulator's charges (docs/produto.md §21): each has its
// charge, paid, and the confirmed PIX that recorded it, so the dashboards show automatic PIX collection.

export type PagamentoPixDemo = {
  pagamentoId: number;
  clienteId: number;
  contaId: number;
  valorCentavos: number;
  data: string;
  pagador: { nome: string; documento: string };
};

// Deterministic, like the rest of the demo: the same plan gives the same txids and endToEndIds.
const derivado = (semente: string, tamanho: number) =>
  createHash('sha256').update(semente).digest('hex').slice(0, tamanho).toUpperCase();

export const vincularPixDemo = async (
  tx: Tx,
  pagos: PagamentoPixDemo[],
  recebedor: { nome: string; cidade: string },
): Promise<number> => {
  for (const p of pagos) {
    const txid = `DM${derivado(`txid:${p.pagamentoId}`, 30)}`;
    const horario = instanteNoFuso(p.data, 10 * 60);
    const { pixCopiaECola, location } = await simuladorPix.criarCobranca({
      txid,
      tipo: 'cob',
      valorCentavos: p.valorCentavos,
      expiracaoSegundos: 86_400,
      vencimento: null,
      validadeAposVencimentoDias: 0,
      percentuais: { multaPercentual: 0, jurosMensalPercentual: 0 },
      devedor: p.pagador,
      solicitacao: 'Demonstração',
      recebedor,
    });
    const [cobranca] = await tx
      .insert(cobrancasPix)
      .values({
        txid,
        clienteId: p.clienteId,
        provedor: 'simulador',
        tipo: 'cob',
        origem: 'regua',
        status: 'paga',
        valorCentavos: p.valorCentavos,
        validaAte: new Date(horario.getTime() + 86_400_000),
        pixCopiaECola,
        location,
        createdAt: new Date(horario.getTime() - 3_600_000),
        pagaEm: horario,
      })
      .returning({ id: cobrancasPix.id });
    if (!cobranca) throw new Error('cobrança PIX da demonstração não inserida');
    await tx.insert(cobrancaPixContas).values({ cobrancaId: cobranca.id, contaId: p.contaId });
    const [recebido] = await tx
      .insert(pixRecebidos)
      .values({
        endToEndId: `E00000000${p.data.replaceAll('-', '')}1000${derivado(`e2e:${p.pagamentoId}`, 11)}`,
        txid,
        cobrancaId: cobranca.id,
        clienteId: p.clienteId,
        valorCentavos: p.valorCentavos,
        horario,
        pagadorNome: p.pagador.nome,
        pagadorDocumento: p.pagador.documento,
        situacao: 'conciliado',
        origem: 'simulador',
      })
      .returning({ id: pixRecebidos.id });
    if (!recebido) throw new Error('PIX da demonstração não inserido');
    await tx
      .update(pagamentos)
      .set({ pixRecebidoId: recebido.id, observacao: 'PIX confirmado automaticamente' })
      .where(eq(pagamentos.id, p.pagamentoId));
  }
  return pagos.length;
};
