import { type SQL, sql } from 'drizzle-orm';

// Which instalments the automatic debit collects (docs/pix-automatico.md §2): those of an agreement
// whose recurrence is in force, due from its first debit on, unless the debit already gave one up to an
// ordinary PIX. No other charge and no collection message reaches them: the customer pays each once.

/** SQL: the `contas_receber` row the query names `conta` is an instalment in automatic debit now. */
export const emDebitoAutomatico = (conta: string): SQL => {
  const c = sql.identifier(conta);
  return sql`(
  EXISTS (SELECT 1 FROM recorrencias_pix r
    WHERE r.negociacao_id = ${c}.negociacao_id AND r.status IN ('pendente', 'criada', 'aprovada')
      AND ${c}.vencimento >= r.data_inicial)
  AND NOT EXISTS (SELECT 1 FROM cobrancas_recorrentes crr
    WHERE crr.conta_id = ${c}.id AND crr.pix_avulso_id IS NOT NULL))`;
};

/**
 * SQL: journey 3's composite code for the agreement's first cob whose txid is `txid`, while its
 * recurrence waits for the customer's approval (docs/pix-automatico.md §2): paying it also authorises
 * the automatic debit. Null otherwise (no recurrence, or no longer awaiting approval).
 */
export const codigoDaJornada3 = (txid: SQL): SQL<string | null> => sql`(
  SELECT r.pix_copia_e_cola FROM recorrencias_pix r
  WHERE r.txid_jornada = ${txid} AND r.status IN ('pendente', 'criada') AND r.pix_copia_e_cola IS NOT NULL)`;
