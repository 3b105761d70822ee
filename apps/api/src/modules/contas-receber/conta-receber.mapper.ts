import type { ContaReceber } from '@cobranca/contracts';
import { centavosParaReais } from '@cobranca/dominio';
import type { contasReceber } from '../../db/schema/index.ts';
import { diasAtraso } from '../clientes/dias-atraso.ts';
import { type Atualizacao, encargosDaConta } from '../clientes/valor-atualizado.ts';

type ContaRow = typeof contasReceber.$inferSelect;

/** A receivable row on the wire: reais, balance, encargos and days overdue as of the update's day. */
export const toContaReceber = (conta: ContaRow, atualizacao: Atualizacao): ContaReceber => {
  // A prescribed one is still owed (a debtor may pay it spontaneously), though never collected.
  const aberta = conta.status === 'aberta' || conta.status === 'prescrita';
  const encargos = aberta ? encargosDaConta(conta, atualizacao) : null;
  return {
    id: conta.id,
    cliente_id: conta.clienteId,
    origem: conta.origem,
    chave_nfe: conta.chaveNfe,
    numero_parcela: conta.numeroParcela,
    descricao: conta.descricao,
    valor: centavosParaReais(conta.valorCentavos),
    valor_pago: centavosParaReais(conta.valorPagoCentavos),
    saldo: aberta ? centavosParaReais(conta.valorCentavos - conta.valorPagoCentavos) : 0,
    multa: centavosParaReais(encargos?.multaCentavos ?? 0),
    juros: centavosParaReais(encargos?.jurosCentavos ?? 0),
    valor_atualizado: centavosParaReais(encargos?.totalCentavos ?? 0),
    vencimento: conta.vencimento,
    status: conta.status,
    pago_em: conta.pagoEm,
    dias_atraso: diasAtraso(conta, atualizacao.hoje),
    negociacao_id: conta.negociacaoId,
    banco: conta.banco,
    nosso_numero: conta.nossoNumero,
    linha_digitavel: conta.linhaDigitavel,
    codigo_barras: conta.codigoBarras,
  };
};
