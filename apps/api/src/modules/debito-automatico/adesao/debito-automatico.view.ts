import type {
  CobrancaRecorrenteStatus,
  ContaReceber,
  DebitoAutomaticoStatus,
  DebitoAutomaticoView,
} from '@cobranca/contracts';
import { getTableColumns, type SQL, sql } from 'drizzle-orm';
import { lerLinha, linhaJson } from '../../../db/linhas-json.ts';
import {
  cobrancasPix,
  cobrancasRecorrentes,
  negociacoes,
  recorrenciasPix,
  type TentativaArmazenada,
} from '../../../db/schema/index.ts';
import type { RecorrenciaRow } from './recorrencias.repository.ts';

// An agreement's automatic debit as its view shows it (docs/pix-automatico.md §5): the latest
// recurrence and each recurring instalment's charge and attempts, read inside the workspace's one
// statement.

const colRecorrencia = getTableColumns(recorrenciasPix);

/** [recurrence row, [[conta_id, txid, status, tentativas], …]] of the agreement's latest recurrence, or null. */
export const debitoDaNegociacao: SQL = sql`(
  SELECT json_build_array(${linhaJson(colRecorrencia)}, (
    SELECT coalesce(json_agg(json_build_array(${cobrancasRecorrentes.contaId}, ${cobrancasPix.txid}, ${cobrancasRecorrentes.status}, ${cobrancasRecorrentes.tentativas})), '[]')
    FROM ${cobrancasRecorrentes} JOIN ${cobrancasPix} ON ${cobrancasPix.id} = ${cobrancasRecorrentes.cobrancaId}
    WHERE ${cobrancasRecorrentes.recorrenciaId} = ${recorrenciasPix.id}))
  FROM ${recorrenciasPix} WHERE ${recorrenciasPix.negociacaoId} = ${negociacoes.id}
  ORDER BY ${recorrenciasPix.id} DESC LIMIT 1)`;

export type DebitoLido =
  | [unknown[], [number, string, CobrancaRecorrenteStatus, TentativaArmazenada[]][]]
  | null;

export const statusDoDebito = (
  r: Pick<RecorrenciaRow, 'status' | 'canceladaPor'>,
): DebitoAutomaticoStatus => {
  switch (r.status) {
    case 'pendente':
    case 'criada':
      return 'aguardando_aprovacao';
    case 'aprovada':
      return 'ativo';
    case 'rejeitada':
      return 'recusado';
    case 'expirada':
      return 'expirado';
    case 'cancelada':
      return r.canceladaPor === 'cliente' ? 'cancelado_pelo_cliente' : 'cancelado';
  }
};

/** The view, given the agreement's instalments in due-date order (numbered from 1). */
export const toDebitoAutomaticoView = (
  lido: DebitoLido,
  parcelas: ContaReceber[],
): DebitoAutomaticoView | null => {
  if (!lido) return null;
  const [linha, cobrancas] = lido;
  const r = lerLinha(colRecorrencia, linha);
  const porConta = new Map(
    cobrancas.map(([contaId, txid, status, tentativas]) => [contaId, { txid, status, tentativas }]),
  );
  return {
    status: statusDoDebito(r),
    id_rec: r.idRec,
    jornada: r.jornada,
    pix_copia_e_cola: r.status === 'pendente' || r.status === 'criada' ? r.pixCopiaECola : null,
    parcelas: parcelas.flatMap((p, i) => {
      if (p.vencimento < r.dataInicial) return [];
      const c = porConta.get(p.id);
      return [
        {
          numero: i + 1,
          conta_id: p.id,
          vencimento: p.vencimento,
          txid: c?.txid ?? null,
          status: c?.status ?? 'pendente',
          tentativas: (c?.tentativas ?? []).map((t) => ({
            data: t.data,
            tipo: t.tipo,
            status: t.status,
          })),
        },
      ];
    }),
  };
};
