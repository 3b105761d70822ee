-- Customers by operator (0 = none) and status: the operator lists' totals without counting their rows
-- (issue 35; docs/decisions/046-totais-das-listas.md). Kept by the read models' triggers and fold
-- (db/gatilhos/agregados.sql), the unassigned rows spread over four slices like the others.
CREATE TABLE agregados_clientes_lista (
  operador_id integer NOT NULL,
  status text NOT NULL,
  fatia smallint NOT NULL,
  clientes bigint NOT NULL,
  PRIMARY KEY (operador_id, status, fatia)
);
--> statement-breakpoint
CREATE UNLOGGED TABLE agregados_clientes_lista_pendente (
  transacao bigint NOT NULL,
  operador_id integer NOT NULL,
  status text NOT NULL,
  clientes bigint NOT NULL
);
--> statement-breakpoint
CREATE INDEX agregados_clientes_lista_pendente_transacao ON agregados_clientes_lista_pendente (transacao);
--> statement-breakpoint
-- The counters of the customers already there; later writes move them through the triggers.
INSERT INTO agregados_clientes_lista (operador_id, status, fatia, clientes)
SELECT coalesce(operador_id, 0), status, 0, count(*) FROM clientes GROUP BY 1, 2;
