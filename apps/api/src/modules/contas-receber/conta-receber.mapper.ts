import type { ContaReceber } from '@cobranca/contracts';
import type { contasReceber } from '../../db/schema/index.ts';
import { diasEntre } from '../../lib/datas.ts';
import { centsToReais } from '../../lib/paging.ts';

type ContaRow = typeof contasReceber.$inferSelect;

/** Days an open receivable is overdue on `hoje` (America/Sao_Paulo date), 0 when not overdue or not open. */
export const diasAtraso = (conta: Pick<ContaRow, 'status' | 'vencimento'>, hoje: string): number =>
  conta.status === 'aberta' ? Math.max(0, diasEntre(conta.vencimento, hoje)) : 0;

/** A receivable row on the wire: reais, balance, and days overdue as of `hoje`. */
export const toContaReceber = (conta: ContaRow, hoje: string): ContaReceber => ({
  id: conta.id,
  cliente_id: conta.clienteId,
  origem: conta.origem,
  chave_nfe: conta.chaveNfe,
  numero_parcela: conta.numeroParcela,
  descricao: conta.descricao,
  valor: centsToReais(conta.valorCentavos),
  valor_pago: centsToReais(conta.valorPagoCentavos),
  saldo: conta.status === 'aberta' ? centsToReais(conta.valorCentavos - conta.valorPagoCentavos) : 0,
  vencimento: conta.vencimento,
  status: conta.status,
  pago_em: conta.pagoEm,
  dias_atraso: diasAtraso(conta, hoje),
  negociacao_id: conta.negociacaoId,
});
