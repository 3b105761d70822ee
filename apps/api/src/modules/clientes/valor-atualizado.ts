import type { SistemaSettings } from '@cobranca/contracts';
import {
  type ContaParaEncargos,
  calcularEncargos,
  type Encargos,
  hojeNoFuso,
  type PercentuaisEncargos,
} from '@cobranca/dominio';
import type { DbOrTx } from '../../db/client.ts';
import { contasReceber } from '../../db/schema/index.ts';
import { buscarSistemaSettings } from '../configuracoes/configuracoes.repository.ts';

// Updated amounts (docs/produto.md §7) of stored receivables. Here rather than in contas-receber for the
// same reason as dias-atraso: the customer lists need them too.

/** The day amounts are updated to and the configured percentages. */
export type Atualizacao = { hoje: string; percentuais: PercentuaisEncargos };

export const percentuaisDe = ({ encargos }: SistemaSettings): PercentuaisEncargos => ({
  multaPercentual: encargos.multa_percentual,
  jurosMensalPercentual: encargos.juros_mensal_percentual,
});

export const atualizacaoDe = (settings: SistemaSettings, agora: Date): Atualizacao => ({
  hoje: hojeNoFuso(agora, settings.fuso_horario),
  percentuais: percentuaisDe(settings),
});

export const buscarAtualizacao = async (db: DbOrTx, agora = new Date()): Promise<Atualizacao> =>
  atualizacaoDe(await buscarSistemaSettings(db), agora);

export type ContaComEncargos = Pick<
  typeof contasReceber.$inferSelect,
  | 'valorCentavos'
  | 'valorPagoCentavos'
  | 'vencimento'
  | 'multaPendenteCentavos'
  | 'jurosPendentesCentavos'
  | 'encargosAte'
>;

/** The receivable's columns its updated amount needs (`ContaComEncargos`), for a select. */
export const colunasDeEncargos = {
  valorCentavos: contasReceber.valorCentavos,
  valorPagoCentavos: contasReceber.valorPagoCentavos,
  vencimento: contasReceber.vencimento,
  multaPendenteCentavos: contasReceber.multaPendenteCentavos,
  jurosPendentesCentavos: contasReceber.jurosPendentesCentavos,
  encargosAte: contasReceber.encargosAte,
};

/** The same columns as a raw statement gives them, snake_case. */
export type LinhaDeEncargos = {
  vencimento: string;
  valor_centavos: number;
  valor_pago_centavos: number;
  multa_pendente_centavos: number;
  juros_pendentes_centavos: number;
  encargos_ate: string | null;
};

/** A raw row's receivable, its amounts as numbers (the driver may give a bigint as text). */
export const contaDaLinha = (l: LinhaDeEncargos): ContaComEncargos => ({
  valorCentavos: Number(l.valor_centavos),
  valorPagoCentavos: Number(l.valor_pago_centavos),
  vencimento: l.vencimento,
  multaPendenteCentavos: Number(l.multa_pendente_centavos),
  jurosPendentesCentavos: Number(l.juros_pendentes_centavos),
  encargosAte: l.encargos_ate,
});

export const contaParaEncargos = (conta: ContaComEncargos): ContaParaEncargos => ({
  principalCentavos: conta.valorCentavos - conta.valorPagoCentavos,
  vencimento: conta.vencimento,
  pendentes: conta.encargosAte
    ? {
        multaCentavos: conta.multaPendenteCentavos,
        jurosCentavos: conta.jurosPendentesCentavos,
        ate: conta.encargosAte,
      }
    : null,
});

/** What an open receivable owes on the day of `atualizacao`. */
export const encargosDaConta = (conta: ContaComEncargos, atualizacao: Atualizacao): Encargos =>
  calcularEncargos(contaParaEncargos(conta), atualizacao.hoje, atualizacao.percentuais);
