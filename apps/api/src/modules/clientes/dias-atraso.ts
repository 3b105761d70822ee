import { diasEntre } from '@cobranca/dominio';
import type { contasReceber } from '../../db/schema/index.ts';

type ContaRow = typeof contasReceber.$inferSelect;

// Here rather than in contas-receber: the customer lists need it too, and contas-receber builds on clientes.
/** Days an open receivable is overdue on `hoje` (America/Sao_Paulo date), 0 when not overdue or not open. */
export const diasAtraso = (conta: Pick<ContaRow, 'status' | 'vencimento'>, hoje: string): number =>
  conta.status === 'aberta' ? Math.max(0, diasEntre(conta.vencimento, hoje)) : 0;
