-- The read models' deltas wait here until their transaction commits (docs/decisions/034-agregados-sem-impasse.md):
-- each statement's trigger appends its contribution without locking a counter, and one deferred trigger
-- folds the transaction's deltas into the counters at commit, in one key order for every writer, so
-- two transactions can no longer take the same counter rows in opposite orders (issue 31). Rows never
-- outlive their transaction: UNLOGGED (no WAL; a crash empties them, as it rolls their transaction back).
CREATE UNLOGGED TABLE agregados_dia_pendente (
  transacao bigint NOT NULL,
  metrica text NOT NULL,
  dia date NOT NULL,
  operador_id integer NOT NULL,
  valor bigint NOT NULL
);
--> statement-breakpoint
CREATE INDEX agregados_dia_pendente_transacao ON agregados_dia_pendente (transacao);
--> statement-breakpoint
CREATE UNLOGGED TABLE agregados_abertas_pendente (
  transacao bigint NOT NULL,
  operador_id integer NOT NULL,
  vencimento date NOT NULL,
  contas bigint NOT NULL,
  centavos bigint NOT NULL
);
--> statement-breakpoint
CREATE INDEX agregados_abertas_pendente_transacao ON agregados_abertas_pendente (transacao);
--> statement-breakpoint
CREATE UNLOGGED TABLE agregados_clientes_mes_pendente (
  transacao bigint NOT NULL,
  mes date NOT NULL,
  cliente_id integer NOT NULL,
  saidas integer NOT NULL,
  entradas integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX agregados_clientes_mes_pendente_transacao ON agregados_clientes_mes_pendente (transacao);
--> statement-breakpoint
-- One row per transaction with deltas: its insertion queues the deferred fold once.
CREATE UNLOGGED TABLE agregados_transacoes (
  transacao bigint PRIMARY KEY
);
