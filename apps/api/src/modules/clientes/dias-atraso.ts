import { diasDeAtraso } from '@cobranca/dominio';
import type { contasReceber } from '../../db/schema/index.ts';

type ContaRow = typeof contasReceber.$inferSelect;

// Here rather than in contas-receber: the customer lists need it too, and contas-receber builds on clientes.
/** `diasDeAtraso` of an open receivable on `hoje` (America/Sao_Paulo date), 0 when it is not open. */
export const diasAtraso = (conta: Pick<ContaRow, 'status' | 'vencimento'>, hoje: string): number =>
  conta.status === 'aberta' ? diasDeAtraso(conta.vencimento, hoje) : 0;
