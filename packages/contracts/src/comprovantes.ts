import { z } from 'zod';
import { idParam, paged } from './common.ts';
import { FORMAS_PAGAMENTO } from './domain.ts';

// A payment's comprovante (docs/produto.md §9, docs/decisions/037-recibos.md): one per payment operation
// (a manual payment, or one PIX settled), for the operator of the customer, the admin and the portal.

export const comprovanteResumo = z.object({
  /** The operation's first payment row. */
  id: z.number().int(),
  valor: z.number(),
  forma: z.enum(FORMAS_PAGAMENTO),
  /** The payment's business date. */
  data: z.iso.date(),
  /** When the PIX was paid, or when the payment was recorded. */
  horario: z.iso.datetime(),
});
export type ComprovanteResumo = z.infer<typeof comprovanteResumo>;

export const comprovantesResponse = paged(comprovanteResumo);
export type ComprovantesResponse = z.infer<typeof comprovantesResponse>;

export const comprovanteItem = z.object({
  conta_id: z.number().int(),
  descricao: z.string(),
  vencimento: z.iso.date(),
  valor: z.number(),
  principal: z.number(),
  multa: z.number(),
  juros: z.number(),
});

export const comprovanteView = comprovanteResumo.extend({
  /** How the method reads (`PIX`, `Dinheiro`): the portal's page loads no label table. */
  forma_rotulo: z.string(),
  /** `28/11/2026 às 14:03`, in the system's time zone. */
  horario_local: z.string(),
  /** Who paid: the PIX's payer when the PSP says, else the customer; the document formatted. */
  pagador: z.object({ nome: z.string(), documento: z.string().nullable() }),
  credor: z.object({ nome: z.string(), documento: z.string() }),
  end_to_end_id: z.string().nullable(),
  /** What the operator recorded with a manual payment. */
  observacao: z.string().nullable(),
  itens: z.array(comprovanteItem),
});
export type ComprovanteView = z.infer<typeof comprovanteView>;

/** `/clientes/:id/comprovantes/:pagamentoId`: both ids as `idParam` checks them (422 past int4). */
export const comprovanteParams = idParam.extend({ pagamentoId: idParam.shape.id });
