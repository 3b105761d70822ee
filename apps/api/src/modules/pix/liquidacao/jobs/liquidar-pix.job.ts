import { z } from 'zod';
import { PIX_RECEBIDO_ORIGENS, type PixRecebidoOrigem } from '../../../../db/schema/index.ts';
import { definirTarefa } from '../../../../fila/tarefa.ts';
import type { PixConfirmado } from '../../psp/provedor-pix.ts';
import { registrarPixConfirmado } from '../liquidacao.service.ts';

// Settles a PIX the PSP confirmed (docs/produto.md §21). Idempotent by endToEndId: the PIX's row is
// reserved first in the settlement's transaction, so a retry after a crash finds it and does nothing.

const pixConfirmado = z.object({
  end_to_end_id: z.string().min(1).max(64),
  txid: z.string().max(64).nullable(),
  valor_centavos: z.number().int().positive(),
  horario: z.iso.datetime({ offset: true }),
  pagador: z.object({ nome: z.string().nullable(), documento: z.string().nullable() }).nullable(),
  origem: z.enum(PIX_RECEBIDO_ORIGENS),
});

/** The job's payload for a PIX the provider confirmed. */
export const pixParaLiquidar = (
  pix: PixConfirmado,
  origem: PixRecebidoOrigem,
): z.input<typeof pixConfirmado> => ({
  end_to_end_id: pix.endToEndId,
  txid: pix.txid,
  valor_centavos: pix.valorCentavos,
  horario: pix.horario.toISOString(),
  pagador: pix.pagador,
  origem,
});

export const liquidarPix = definirTarefa({
  nome: 'pix.liquidar',
  descricao: 'Baixar um PIX confirmado',
  payload: pixConfirmado,
  chave: (p) => p.end_to_end_id,
  politica: { tentativas: 8, esperaSegundos: 5, limiteSegundos: 60 },
  concorrencia: 2,
  executar: async (p, { db, appKey }) => {
    await registrarPixConfirmado(
      db,
      appKey,
      {
        endToEndId: p.end_to_end_id,
        txid: p.txid,
        valorCentavos: p.valor_centavos,
        horario: new Date(p.horario),
        pagador: p.pagador,
      },
      p.origem,
    );
  },
});
