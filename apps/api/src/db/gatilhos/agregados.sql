-- Read models for the dashboards and the receivables summary (docs/decisions/025-agregados.md): counters
-- kept by statement-level triggers in the same transaction as every write to their source tables, so no
-- code path can forget them and a bulk write (an import's batch, a COPY) costs one upsert per statement.
-- Each source has one function that turns a set of signed rows (+1 new, -1 old) into SQL applying their
-- contribution; the triggers feed it the transition tables and the rebuild feeds it the whole table.
-- The contributions wait in the *_pendente tables and are folded into the counters at commit, in one
-- key order for every transaction, so concurrent writers cannot deadlock on them (decision 034).
-- The tables live in migrations 0015, 0020 and 0029; these are the live definitions of the functions and
-- triggers, applied after the migrations on every start (docs/decisions/030-gatilhos.md).

CREATE OR REPLACE FUNCTION agregados_fuso() RETURNS text LANGUAGE sql STABLE AS $$
  SELECT coalesce((SELECT valor->>'fuso_horario' FROM configuracoes WHERE chave = 'sistema'), 'America/Sao_Paulo')
$$;

CREATE OR REPLACE FUNCTION agregados_fatia(operador integer) RETURNS smallint LANGUAGE sql VOLATILE AS $$
  SELECT CASE WHEN operador = 0 THEN (pg_backend_pid() % 4)::smallint ELSE 0::smallint END
$$;

-- Appends (metrica, dia, operador_id, valor) deltas for the commit's fold.
CREATE OR REPLACE FUNCTION agregados_somar_dia(linhas text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT format($q$
    INSERT INTO agregados_dia_pendente (transacao, metrica, dia, operador_id, valor)
    SELECT txid_current(), metrica, dia, operador_id, sum(valor)
    FROM (%s) l(metrica, dia, operador_id, valor)
    WHERE dia IS NOT NULL
    GROUP BY metrica, dia, operador_id HAVING sum(valor) <> 0
  $q$, linhas)
$$;

-- Receivables: due-date figures (every status but cancelada; "devido" also without negociada, as the
-- dashboard's "% cobrado no mês" counts), and the open ones by the customer's current operator (a
-- customer with receivables cannot be deleted: the foreign key restricts it).
CREATE OR REPLACE FUNCTION agregados_sql_contas(fonte text) RETURNS text[] LANGUAGE sql IMMUTABLE AS $$
  SELECT ARRAY[
    agregados_somar_dia(format($q$
      SELECT m.metrica, d.vencimento, 0, d.sinal * m.valor
      FROM (%s) d CROSS JOIN LATERAL (VALUES
        ('vencido', CASE WHEN d.status <> 'cancelada' THEN d.valor_centavos ELSE 0 END),
        ('devido', CASE WHEN d.status NOT IN ('cancelada', 'negociada') THEN d.valor_centavos ELSE 0 END),
        ('devido_pago', CASE WHEN d.status NOT IN ('cancelada', 'negociada') THEN d.valor_pago_centavos ELSE 0 END),
        ('aberto_contas', CASE WHEN d.status = 'aberta' THEN 1 ELSE 0 END),
        ('aberto_centavos', CASE WHEN d.status = 'aberta' THEN d.valor_centavos - d.valor_pago_centavos ELSE 0 END)
      ) m(metrica, valor)
    $q$, fonte)),
    format($q$
      INSERT INTO agregados_abertas_pendente (transacao, operador_id, vencimento, contas, centavos)
      SELECT txid_current(), operador_id, vencimento, sum(contas), sum(centavos)
      FROM (
        SELECT coalesce(c.operador_id, 0) AS operador_id, d.vencimento, d.sinal AS contas,
          d.sinal * (d.valor_centavos - d.valor_pago_centavos) AS centavos
        FROM (%s) d JOIN clientes c ON c.id = d.cliente_id
        WHERE d.status = 'aberta'
      ) l
      GROUP BY operador_id, vencimento HAVING sum(contas) <> 0 OR sum(centavos) <> 0
    $q$, fonte)
  ]
$$;

-- Payments by their date: all, those from a confirmed PIX.
CREATE OR REPLACE FUNCTION agregados_sql_pagamentos(fonte text) RETURNS text[] LANGUAGE sql IMMUTABLE AS $$
  SELECT ARRAY[agregados_somar_dia(format($q$
    SELECT m.metrica, d.data, 0, d.sinal * m.valor
    FROM (%s) d CROSS JOIN LATERAL (VALUES
      ('cobrado', d.valor_centavos),
      ('cobrado_pix', CASE WHEN d.pix_recebido_id IS NOT NULL THEN d.valor_centavos ELSE 0 END)
    ) m(metrica, valor)
  $q$, fonte))]
$$;

-- Calls by local day, per operator.
CREATE OR REPLACE FUNCTION agregados_sql_chamadas(fonte text) RETURNS text[] LANGUAGE sql IMMUTABLE AS $$
  SELECT ARRAY[agregados_somar_dia(format($q$
    SELECT 'chamadas', (d.created_at AT TIME ZONE agregados_fuso())::date, coalesce(d.operador_id, 0), d.sinal
    FROM (%s) d WHERE d.operador_id IS NOT NULL
  $q$, fonte))]
$$;

-- Messages: sent ones (enviada, entregue, lida) by the local day they left, also per author; inbound by
-- the local day they arrived; and the per-customer monthly counts behind the distinct-customer figures
-- (turned into clientes_saida / clientes_entrada by the fold, which sees each count before and after).
CREATE OR REPLACE FUNCTION agregados_sql_mensagens(fonte text) RETURNS text[] LANGUAGE sql IMMUTABLE AS $$
  SELECT ARRAY[
    agregados_somar_dia(format($q$
      SELECT m.metrica, m.dia, m.operador_id, d.sinal
      FROM (SELECT *,
          CASE WHEN direcao = 'saida' AND status IN ('enviada', 'entregue', 'lida')
            THEN (enviada_em AT TIME ZONE agregados_fuso())::date END AS dia_saida,
          CASE WHEN direcao = 'entrada' THEN (created_at AT TIME ZONE agregados_fuso())::date END AS dia_entrada
        FROM (%s) f) d
      CROSS JOIN LATERAL (VALUES
        ('enviadas', d.dia_saida, 0),
        ('enviadas_autor', CASE WHEN d.autor_id IS NOT NULL THEN d.dia_saida END, coalesce(d.autor_id, 0)),
        ('recebidas', d.dia_entrada, 0)
      ) m(metrica, dia, operador_id)
    $q$, fonte)),
    format($q$
      INSERT INTO agregados_clientes_mes_pendente (transacao, mes, cliente_id, saidas, entradas)
      SELECT txid_current(), date_trunc('month', dia)::date, cliente_id, sum(saidas), sum(entradas)
      FROM (
        SELECT cliente_id,
          CASE WHEN direcao = 'saida' THEN (enviada_em AT TIME ZONE agregados_fuso())::date
            ELSE (created_at AT TIME ZONE agregados_fuso())::date END AS dia,
          CASE WHEN direcao = 'saida' THEN sinal ELSE 0 END AS saidas,
          CASE WHEN direcao = 'entrada' THEN sinal ELSE 0 END AS entradas
        FROM (%s) f
        WHERE cliente_id IS NOT NULL
          AND (direcao = 'entrada' OR status IN ('enviada', 'entregue', 'lida'))
      ) l
      WHERE dia IS NOT NULL
      GROUP BY 2, 3 HAVING sum(saidas) <> 0 OR sum(entradas) <> 0
    $q$, fonte)
  ]
$$;

-- Customers by operator (0 = none) and status: the operator lists' totals (docs/decisions/046).
CREATE OR REPLACE FUNCTION agregados_sql_clientes(fonte text) RETURNS text[] LANGUAGE sql IMMUTABLE AS $$
  SELECT ARRAY[format($q$
    INSERT INTO agregados_clientes_lista_pendente (transacao, operador_id, status, clientes)
    SELECT txid_current(), coalesce(d.operador_id, 0), d.status, sum(d.sinal)
    FROM (%s) d
    GROUP BY 2, 3 HAVING sum(d.sinal) <> 0
  $q$, fonte)]
$$;

-- One row per transaction with deltas; inserting it queues the fold at commit (once: later statements
-- find it there).
CREATE OR REPLACE FUNCTION agregados_marcar() RETURNS void LANGUAGE sql VOLATILE AS $$
  INSERT INTO agregados_transacoes (transacao) VALUES (txid_current()) ON CONFLICT DO NOTHING
$$;

-- Folds the current transaction's deltas into the counters. Every transaction takes the four tables in
-- the order the rebuild's TRUNCATE does, and each table's rows in key order, one statement per table: two
-- folds wait for each other at most, never in a circle, and nothing else is locked after a fold.
CREATE OR REPLACE FUNCTION agregados_dobrar() RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  transacao_atual bigint := txid_current();
BEGIN
  DELETE FROM agregados_transacoes WHERE transacao = transacao_atual;
  LOCK TABLE agregados_dia, agregados_abertas, agregados_clientes_mes, agregados_clientes_lista IN ROW EXCLUSIVE MODE;
  -- Distinct customers first: before = after - delta, a customer counts once a month from its first
  -- message to its last, and that count is one more delta of agregados_dia.
  WITH p AS (
    DELETE FROM agregados_clientes_mes_pendente WHERE transacao = transacao_atual RETURNING *
  ), d AS (
    SELECT mes, cliente_id, sum(saidas) AS saidas, sum(entradas) AS entradas
    FROM p GROUP BY mes, cliente_id HAVING sum(saidas) <> 0 OR sum(entradas) <> 0
  ), gravado AS (
    INSERT INTO agregados_clientes_mes AS a (mes, cliente_id, saidas, entradas)
    SELECT mes, cliente_id, saidas, entradas FROM d ORDER BY mes, cliente_id
    ON CONFLICT (mes, cliente_id)
      DO UPDATE SET saidas = a.saidas + excluded.saidas, entradas = a.entradas + excluded.entradas
    RETURNING a.mes, a.cliente_id, a.saidas, a.entradas
  ), passagens AS (
    SELECT g.mes,
      sum(sign(greatest(g.saidas, 0)) - sign(greatest(g.saidas - d.saidas, 0))) AS clientes_saida,
      sum(sign(greatest(g.entradas, 0)) - sign(greatest(g.entradas - d.entradas, 0))) AS clientes_entrada
    FROM gravado g JOIN d USING (mes, cliente_id)
    GROUP BY g.mes
  )
  INSERT INTO agregados_dia_pendente (transacao, metrica, dia, operador_id, valor)
  SELECT transacao_atual, 'clientes_saida', mes, 0, clientes_saida FROM passagens WHERE clientes_saida <> 0
  UNION ALL
  SELECT transacao_atual, 'clientes_entrada', mes, 0, clientes_entrada FROM passagens WHERE clientes_entrada <> 0;

  WITH p AS (DELETE FROM agregados_dia_pendente WHERE transacao = transacao_atual RETURNING *)
  INSERT INTO agregados_dia AS a (metrica, dia, operador_id, fatia, valor)
  SELECT metrica, dia, operador_id, agregados_fatia(operador_id), sum(valor)
  FROM p
  GROUP BY metrica, dia, operador_id HAVING sum(valor) <> 0
  ORDER BY metrica, dia, operador_id
  ON CONFLICT (metrica, dia, operador_id, fatia) DO UPDATE SET valor = a.valor + excluded.valor;

  WITH p AS (DELETE FROM agregados_abertas_pendente WHERE transacao = transacao_atual RETURNING *)
  INSERT INTO agregados_abertas AS a (operador_id, vencimento, fatia, contas, centavos)
  SELECT operador_id, vencimento, agregados_fatia(operador_id), sum(contas), sum(centavos)
  FROM p
  GROUP BY operador_id, vencimento HAVING sum(contas) <> 0 OR sum(centavos) <> 0
  ORDER BY operador_id, vencimento
  ON CONFLICT (operador_id, vencimento, fatia)
    DO UPDATE SET contas = a.contas + excluded.contas, centavos = a.centavos + excluded.centavos;
  WITH p AS (DELETE FROM agregados_clientes_lista_pendente WHERE transacao = transacao_atual RETURNING *)
  INSERT INTO agregados_clientes_lista AS a (operador_id, status, fatia, clientes)
  SELECT operador_id, status, agregados_fatia(operador_id), sum(clientes)
  FROM p
  GROUP BY operador_id, status HAVING sum(clientes) <> 0
  ORDER BY operador_id, status
  ON CONFLICT (operador_id, status, fatia) DO UPDATE SET clientes = a.clientes + excluded.clientes;
END $$;

CREATE OR REPLACE FUNCTION agregados_dobrar_no_commit() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM agregados_dobrar();
  RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION agregados_gatilho() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  fonte text := CASE TG_OP
    WHEN 'INSERT' THEN 'SELECT 1 AS sinal, * FROM novas'
    WHEN 'DELETE' THEN 'SELECT -1 AS sinal, * FROM antigas'
    ELSE 'SELECT 1 AS sinal, * FROM novas UNION ALL SELECT -1 AS sinal, * FROM antigas' END;
  comando text;
  comandos text[] := CASE TG_TABLE_NAME
    WHEN 'contas_receber' THEN agregados_sql_contas(fonte)
    WHEN 'pagamentos' THEN agregados_sql_pagamentos(fonte)
    WHEN 'chamadas' THEN agregados_sql_chamadas(fonte)
    WHEN 'mensagens' THEN agregados_sql_mensagens(fonte)
    WHEN 'clientes' THEN agregados_sql_clientes(fonte) END;
  -- The columns the counters read: an UPDATE of none of them (the planner's marks, a send's lease)
  -- changes nothing and stops here.
  contadas text := CASE TG_TABLE_NAME
    WHEN 'contas_receber' THEN 'cliente_id, vencimento, status, valor_centavos, valor_pago_centavos'
    WHEN 'pagamentos' THEN 'data, valor_centavos, pix_recebido_id'
    WHEN 'chamadas' THEN 'created_at, operador_id'
    WHEN 'mensagens' THEN 'cliente_id, direcao, status, enviada_em, created_at, autor_id'
    WHEN 'clientes' THEN 'operador_id, status' END;
  mudou boolean;
BEGIN
  -- Local days come from the zone: hold it (shared) until commit, so a zone change waits for this fold
  -- and a later statement, after a change, reads the new zone (7310423: see configuracoes_agregados_fuso).
  IF TG_TABLE_NAME IN ('chamadas', 'mensagens') THEN PERFORM pg_advisory_xact_lock_shared(7310423); END IF;
  IF TG_OP = 'UPDATE' THEN
    EXECUTE format(
      -- count(*), not EXISTS: EXISTS plans a nested loop hoping to stop early, quadratic when nothing changed.
      'SELECT count(*) > 0 FROM novas n JOIN antigas o ON o.id = n.id WHERE (%s) IS DISTINCT FROM (%s)',
      regexp_replace(contadas, '(\w+)', 'n.\1', 'g'), regexp_replace(contadas, '(\w+)', 'o.\1', 'g'))
      INTO mudou;
    IF NOT mudou THEN RETURN NULL; END IF;
  END IF;
  -- EXECUTE here, not in a helper: transition tables are visible to this function's queries only.
  FOREACH comando IN ARRAY comandos LOOP
    EXECUTE comando;
  END LOOP;
  PERFORM agregados_marcar();
  RETURN NULL;
END $$;

-- A customer moved to another operator takes its open receivables along.
CREATE OR REPLACE FUNCTION clientes_agregados_atualizacao() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO agregados_abertas_pendente (transacao, operador_id, vencimento, contas, centavos)
  SELECT txid_current(), operador_id, vencimento, sum(contas), sum(centavos)
  FROM (
    SELECT v.operador_id, cr.vencimento, v.sinal AS contas,
      v.sinal * (cr.valor_centavos - cr.valor_pago_centavos) AS centavos
    FROM novas n JOIN antigas o ON o.id = n.id
    JOIN contas_receber cr ON cr.cliente_id = n.id AND cr.status = 'aberta'
    CROSS JOIN LATERAL (VALUES (coalesce(o.operador_id, 0), -1), (coalesce(n.operador_id, 0), 1)) v(operador_id, sinal)
    WHERE n.operador_id IS DISTINCT FROM o.operador_id
  ) l
  GROUP BY operador_id, vencimento HAVING sum(contas) <> 0 OR sum(centavos) <> 0;
  IF FOUND THEN PERFORM agregados_marcar(); END IF;
  RETURN NULL;
END $$;

-- Rebuilds every read model from the base tables (`npm run cli -- agregados:recalcular`, a zone change,
-- a bulk load with triggers off). The TRUNCATEs wait for the folds in flight, and later folds wait for
-- the end; this transaction's own deltas are in the base tables it reads, so they are dropped.
CREATE OR REPLACE FUNCTION recalcular_agregados() RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  comando text;
BEGIN
  TRUNCATE agregados_dia, agregados_abertas, agregados_clientes_mes, agregados_clientes_lista;
  DELETE FROM agregados_dia_pendente WHERE transacao = txid_current();
  DELETE FROM agregados_abertas_pendente WHERE transacao = txid_current();
  DELETE FROM agregados_clientes_mes_pendente WHERE transacao = txid_current();
  DELETE FROM agregados_clientes_lista_pendente WHERE transacao = txid_current();
  FOREACH comando IN ARRAY
    agregados_sql_contas('SELECT 1 AS sinal, * FROM contas_receber')
    || agregados_sql_pagamentos('SELECT 1 AS sinal, * FROM pagamentos')
    || agregados_sql_chamadas('SELECT 1 AS sinal, * FROM chamadas')
    || agregados_sql_mensagens('SELECT 1 AS sinal, * FROM mensagens')
    || agregados_sql_clientes('SELECT 1 AS sinal, * FROM clientes')
  LOOP
    EXECUTE comando;
  END LOOP;
  PERFORM agregados_dobrar();
END $$;

-- Local days move with the zone: a new fuso_horario rebuilds them in the same transaction.
CREATE OR REPLACE FUNCTION configuracoes_agregados_fuso() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  antes text := 'America/Sao_Paulo';
  depois text;
BEGIN
  SELECT coalesce(valor->>'fuso_horario', antes) INTO depois FROM novas WHERE chave = 'sistema';
  IF NOT FOUND THEN RETURN NULL; END IF;
  IF TG_OP = 'UPDATE' THEN
    SELECT coalesce(valor->>'fuso_horario', antes) INTO antes FROM antigas WHERE chave = 'sistema';
  END IF;
  IF depois IS DISTINCT FROM antes THEN
    -- Writers that computed local days with the old zone commit first; the rebuild then reads their rows.
    PERFORM pg_advisory_xact_lock(7310423);
    PERFORM recalcular_agregados();
  END IF;
  RETURN NULL;
END $$;

-- TRUNCATE has no transition table (a bench's reset): rebuild from what is left.
CREATE OR REPLACE FUNCTION agregados_esvaziados() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM recalcular_agregados();
  RETURN NULL;
END $$;

CREATE OR REPLACE TRIGGER contas_receber_agregados_ins AFTER INSERT ON contas_receber REFERENCING NEW TABLE AS novas
  FOR EACH STATEMENT EXECUTE FUNCTION agregados_gatilho();

CREATE OR REPLACE TRIGGER contas_receber_agregados_upd AFTER UPDATE ON contas_receber
  REFERENCING OLD TABLE AS antigas NEW TABLE AS novas FOR EACH STATEMENT EXECUTE FUNCTION agregados_gatilho();

CREATE OR REPLACE TRIGGER contas_receber_agregados_del AFTER DELETE ON contas_receber REFERENCING OLD TABLE AS antigas
  FOR EACH STATEMENT EXECUTE FUNCTION agregados_gatilho();

CREATE OR REPLACE TRIGGER pagamentos_agregados_ins AFTER INSERT ON pagamentos REFERENCING NEW TABLE AS novas
  FOR EACH STATEMENT EXECUTE FUNCTION agregados_gatilho();

CREATE OR REPLACE TRIGGER pagamentos_agregados_upd AFTER UPDATE ON pagamentos
  REFERENCING OLD TABLE AS antigas NEW TABLE AS novas FOR EACH STATEMENT EXECUTE FUNCTION agregados_gatilho();

CREATE OR REPLACE TRIGGER pagamentos_agregados_del AFTER DELETE ON pagamentos REFERENCING OLD TABLE AS antigas
  FOR EACH STATEMENT EXECUTE FUNCTION agregados_gatilho();

CREATE OR REPLACE TRIGGER chamadas_agregados_ins AFTER INSERT ON chamadas REFERENCING NEW TABLE AS novas
  FOR EACH STATEMENT EXECUTE FUNCTION agregados_gatilho();

CREATE OR REPLACE TRIGGER chamadas_agregados_upd AFTER UPDATE ON chamadas
  REFERENCING OLD TABLE AS antigas NEW TABLE AS novas FOR EACH STATEMENT EXECUTE FUNCTION agregados_gatilho();

CREATE OR REPLACE TRIGGER chamadas_agregados_del AFTER DELETE ON chamadas REFERENCING OLD TABLE AS antigas
  FOR EACH STATEMENT EXECUTE FUNCTION agregados_gatilho();

CREATE OR REPLACE TRIGGER mensagens_agregados_ins AFTER INSERT ON mensagens REFERENCING NEW TABLE AS novas
  FOR EACH STATEMENT EXECUTE FUNCTION agregados_gatilho();

CREATE OR REPLACE TRIGGER mensagens_agregados_upd AFTER UPDATE ON mensagens
  REFERENCING OLD TABLE AS antigas NEW TABLE AS novas FOR EACH STATEMENT EXECUTE FUNCTION agregados_gatilho();

CREATE OR REPLACE TRIGGER mensagens_agregados_del AFTER DELETE ON mensagens REFERENCING OLD TABLE AS antigas
  FOR EACH STATEMENT EXECUTE FUNCTION agregados_gatilho();

CREATE OR REPLACE TRIGGER clientes_agregados_upd AFTER UPDATE ON clientes
  REFERENCING OLD TABLE AS antigas NEW TABLE AS novas FOR EACH STATEMENT EXECUTE FUNCTION clientes_agregados_atualizacao();

CREATE OR REPLACE TRIGGER clientes_agregados_lista_ins AFTER INSERT ON clientes REFERENCING NEW TABLE AS novas
  FOR EACH STATEMENT EXECUTE FUNCTION agregados_gatilho();

CREATE OR REPLACE TRIGGER clientes_agregados_lista_upd AFTER UPDATE ON clientes
  REFERENCING OLD TABLE AS antigas NEW TABLE AS novas FOR EACH STATEMENT EXECUTE FUNCTION agregados_gatilho();

CREATE OR REPLACE TRIGGER clientes_agregados_lista_del AFTER DELETE ON clientes REFERENCING OLD TABLE AS antigas
  FOR EACH STATEMENT EXECUTE FUNCTION agregados_gatilho();

CREATE OR REPLACE TRIGGER configuracoes_agregados_ins AFTER INSERT ON configuracoes REFERENCING NEW TABLE AS novas
  FOR EACH STATEMENT EXECUTE FUNCTION configuracoes_agregados_fuso();

CREATE OR REPLACE TRIGGER configuracoes_agregados_upd AFTER UPDATE ON configuracoes
  REFERENCING OLD TABLE AS antigas NEW TABLE AS novas FOR EACH STATEMENT EXECUTE FUNCTION configuracoes_agregados_fuso();

CREATE OR REPLACE TRIGGER agregados_trunc AFTER TRUNCATE ON contas_receber FOR EACH STATEMENT EXECUTE FUNCTION agregados_esvaziados();

CREATE OR REPLACE TRIGGER agregados_trunc AFTER TRUNCATE ON pagamentos FOR EACH STATEMENT EXECUTE FUNCTION agregados_esvaziados();

CREATE OR REPLACE TRIGGER agregados_trunc AFTER TRUNCATE ON chamadas FOR EACH STATEMENT EXECUTE FUNCTION agregados_esvaziados();

CREATE OR REPLACE TRIGGER agregados_trunc AFTER TRUNCATE ON mensagens FOR EACH STATEMENT EXECUTE FUNCTION agregados_esvaziados();

CREATE OR REPLACE TRIGGER agregados_trunc AFTER TRUNCATE ON clientes FOR EACH STATEMENT EXECUTE FUNCTION agregados_esvaziados();

-- At commit (deferred), once per transaction that moved a counter.
CREATE OR REPLACE CONSTRAINT TRIGGER agregados_dobrar AFTER INSERT ON agregados_transacoes
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION agregados_dobrar_no_commit();
