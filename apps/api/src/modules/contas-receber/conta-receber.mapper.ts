import type { ContaReceber } from '@cobranca/contracts';
import { centavosParaReais } from '@cobranca/dominio';
import type { contasReceber } from '../../db/schema/index.ts';
import { diasAtraso } from '../clientes/dias-atraso.ts';

type ContaRow = typeof contasReceber.$inferSelect;

/** A receivable row on the wire: reais, balance, and days overdue as of `hoje`. */
export const toContaReceber = (conta: ContaRow, hoje: string): ContaReceber => ({
  id: conta.id,
  cliente_id: conta.clienteId,
  origem: conta.origem,
  chave_nfe: conta.chaveNfe,
  numero_parcela: conta.numeroParcela,
  descricao: conta.descricao,
  valor: centavosParaReais(conta.valorCentavos),
  valor_pago: centavosParaReais(conta.valorPagoCentavos),
  saldo: conta.status === 'aberta' ? centavosParaReais(conta.valorCentavos - conta.valorPagoCentavos) : 0,
  vencimento: conta.vencimento,
  status: conta.status,
  pago_em: conta.pagoEm,
  dias_atraso: diasAtraso(conta, hoje),
  negociacao_id: conta.negociacaoId,
});
