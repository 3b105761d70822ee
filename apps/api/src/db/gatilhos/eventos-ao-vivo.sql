-- Live events (docs/produto.md §5, "Ao vivo"; docs/decisions/018-eventos-ao-vivo.md): every write an
-- operator watches tells the API nodes, at commit, which customers changed and whose they are; each node
-- pushes that to the operators concerned. Statement-level triggers: one notification per statement,
-- whatever the number of rows.
-- The live definitions, applied after the migrations on every start (docs/decisions/030-gatilhos.md).

CREATE OR REPLACE FUNCTION publicar_eventos_clientes(pares json) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF pares IS NULL THEN RETURN; END IF;
  -- A NOTIFY payload holds at most 8000 bytes: a bulk write (an import) says "everything" instead.
  IF json_array_length(pares) > 200 THEN
    PERFORM pg_notify('cobranca_eventos', '{"todos":true}');
  ELSE
    PERFORM pg_notify('cobranca_eventos', json_build_object('clientes', pares)::text);
  END IF;
END $$;

CREATE OR REPLACE FUNCTION publicar_eventos_de_ids(ids integer[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM publicar_eventos_clientes(
    (SELECT json_agg(json_build_array(c.id, c.operador_id)) FROM clientes c WHERE c.id = ANY (ids)));
END $$;

-- TG_ARGV[0]: the column naming the customer. Transition tables are visible to EXECUTE.
CREATE OR REPLACE FUNCTION eventos_insercao() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE ids integer[];
BEGIN
  EXECUTE format('SELECT array_agg(DISTINCT %I) FROM novos WHERE %I IS NOT NULL', TG_ARGV[0], TG_ARGV[0]) INTO ids;
  PERFORM publicar_eventos_de_ids(ids);
  RETURN NULL;
END $$;

-- An update counts only if the row changed; TG_ARGV[1] narrows "changed" to the columns a screen shows.
CREATE OR REPLACE FUNCTION eventos_atualizacao() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE ids integer[];
BEGIN
  EXECUTE format(
    'SELECT array_agg(DISTINCT n.%I) FROM novos n JOIN antigos o ON o.id = n.id WHERE n.%I IS NOT NULL AND (%s)',
    TG_ARGV[0], TG_ARGV[0], coalesce(TG_ARGV[1], '(n.*) IS DISTINCT FROM (o.*)')) INTO ids;
  PERFORM publicar_eventos_de_ids(ids);
  RETURN NULL;
END $$;

-- A customer handed to another operator leaves the first one's lists: both hear of it.
CREATE OR REPLACE FUNCTION eventos_clientes_atualizacao() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM publicar_eventos_clientes((
    SELECT json_agg(json_build_array(p.id, p.operador_id)) FROM (
      SELECT n.id, n.operador_id FROM novos n JOIN antigos o ON o.id = n.id WHERE (n.*) IS DISTINCT FROM (o.*)
      UNION
      SELECT o.id, o.operador_id FROM novos n JOIN antigos o ON o.id = n.id
      WHERE n.operador_id IS DISTINCT FROM o.operador_id AND o.operador_id IS NOT NULL
    ) p));
  RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION eventos_remocao() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE ids integer[];
BEGIN
  EXECUTE format('SELECT array_agg(DISTINCT %I) FROM antigos WHERE %I IS NOT NULL', TG_ARGV[0], TG_ARGV[0]) INTO ids;
  PERFORM publicar_eventos_de_ids(ids);
  RETURN NULL;
END $$;

-- leituras_cliente has no id column: its key is (usuario_id, cliente_id).
CREATE OR REPLACE FUNCTION eventos_leituras_atualizacao() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM publicar_eventos_de_ids((SELECT array_agg(DISTINCT n.cliente_id) FROM novos n));
  RETURN NULL;
END $$;

CREATE OR REPLACE TRIGGER clientes_eventos_ins AFTER INSERT ON clientes REFERENCING NEW TABLE AS novos
  FOR EACH STATEMENT EXECUTE FUNCTION eventos_insercao('id');

CREATE OR REPLACE TRIGGER clientes_eventos_upd AFTER UPDATE ON clientes REFERENCING OLD TABLE AS antigos NEW TABLE AS novos
  FOR EACH STATEMENT EXECUTE FUNCTION eventos_clientes_atualizacao();

CREATE OR REPLACE TRIGGER mensagens_eventos_ins AFTER INSERT ON mensagens REFERENCING NEW TABLE AS novos
  FOR EACH STATEMENT EXECUTE FUNCTION eventos_insercao('cliente_id');

-- Not the sender's leases (bloqueada_ate, envio_iniciado_em): only what the thread shows.
CREATE OR REPLACE TRIGGER mensagens_eventos_upd AFTER UPDATE ON mensagens REFERENCING OLD TABLE AS antigos NEW TABLE AS novos
  FOR EACH STATEMENT EXECUTE FUNCTION eventos_atualizacao('cliente_id',
    'n.status IS DISTINCT FROM o.status OR n.conteudo IS DISTINCT FROM o.conteudo OR n.proxima_tentativa_em IS DISTINCT FROM o.proxima_tentativa_em OR n.cliente_id IS DISTINCT FROM o.cliente_id');

CREATE OR REPLACE TRIGGER contas_receber_eventos_ins AFTER INSERT ON contas_receber REFERENCING NEW TABLE AS novos
  FOR EACH STATEMENT EXECUTE FUNCTION eventos_insercao('cliente_id');

-- The planner's date is no news for a screen: a pass must not tell every node that everything changed.
CREATE OR REPLACE TRIGGER contas_receber_eventos_upd AFTER UPDATE ON contas_receber REFERENCING OLD TABLE AS antigos NEW TABLE AS novos
  FOR EACH STATEMENT EXECUTE FUNCTION eventos_atualizacao('cliente_id',
    '(to_jsonb(n.*) - ''regua_proxima_em'') IS DISTINCT FROM (to_jsonb(o.*) - ''regua_proxima_em'')');

CREATE OR REPLACE TRIGGER negociacoes_eventos_ins AFTER INSERT ON negociacoes REFERENCING NEW TABLE AS novos
  FOR EACH STATEMENT EXECUTE FUNCTION eventos_insercao('cliente_id');

CREATE OR REPLACE TRIGGER negociacoes_eventos_upd AFTER UPDATE ON negociacoes REFERENCING OLD TABLE AS antigos NEW TABLE AS novos
  FOR EACH STATEMENT EXECUTE FUNCTION eventos_atualizacao('cliente_id');

CREATE OR REPLACE TRIGGER pagamentos_eventos_ins AFTER INSERT ON pagamentos REFERENCING NEW TABLE AS novos
  FOR EACH STATEMENT EXECUTE FUNCTION eventos_insercao('cliente_id');

CREATE OR REPLACE TRIGGER promessas_eventos_ins AFTER INSERT ON promessas REFERENCING NEW TABLE AS novos
  FOR EACH STATEMENT EXECUTE FUNCTION eventos_insercao('cliente_id');

CREATE OR REPLACE TRIGGER promessas_eventos_upd AFTER UPDATE ON promessas REFERENCING OLD TABLE AS antigos NEW TABLE AS novos
  FOR EACH STATEMENT EXECUTE FUNCTION eventos_atualizacao('cliente_id');

CREATE OR REPLACE TRIGGER chamadas_eventos_ins AFTER INSERT ON chamadas REFERENCING NEW TABLE AS novos
  FOR EACH STATEMENT EXECUTE FUNCTION eventos_insercao('cliente_id');

CREATE OR REPLACE TRIGGER cobrancas_pix_eventos_ins AFTER INSERT ON cobrancas_pix REFERENCING NEW TABLE AS novos
  FOR EACH STATEMENT EXECUTE FUNCTION eventos_insercao('cliente_id');

CREATE OR REPLACE TRIGGER cobrancas_pix_eventos_upd AFTER UPDATE ON cobrancas_pix REFERENCING OLD TABLE AS antigos NEW TABLE AS novos
  FOR EACH STATEMENT EXECUTE FUNCTION eventos_atualizacao('cliente_id');

CREATE OR REPLACE TRIGGER notas_cliente_eventos_ins AFTER INSERT ON notas_cliente REFERENCING NEW TABLE AS novos
  FOR EACH STATEMENT EXECUTE FUNCTION eventos_insercao('cliente_id');

CREATE OR REPLACE TRIGGER notas_cliente_eventos_del AFTER DELETE ON notas_cliente REFERENCING OLD TABLE AS antigos
  FOR EACH STATEMENT EXECUTE FUNCTION eventos_remocao('cliente_id');

CREATE OR REPLACE TRIGGER leituras_cliente_eventos_ins AFTER INSERT ON leituras_cliente REFERENCING NEW TABLE AS novos
  FOR EACH STATEMENT EXECUTE FUNCTION eventos_insercao('cliente_id');

CREATE OR REPLACE TRIGGER leituras_cliente_eventos_upd AFTER UPDATE ON leituras_cliente REFERENCING OLD TABLE AS antigos NEW TABLE AS novos
  FOR EACH STATEMENT EXECUTE FUNCTION eventos_leituras_atualizacao();

-- PIX Automático (docs/pix-automatico.md §5): each step of an agreement's automatic debit is on the
-- customer's timeline, so its insert tells the customer's screens.
CREATE OR REPLACE TRIGGER debito_eventos_eventos_ins AFTER INSERT ON debito_eventos REFERENCING NEW TABLE AS novos
  FOR EACH STATEMENT EXECUTE FUNCTION eventos_insercao('cliente_id');

CREATE OR REPLACE TRIGGER recorrencias_pix_eventos_upd AFTER UPDATE ON recorrencias_pix REFERENCING OLD TABLE AS antigos NEW TABLE AS novos
  FOR EACH STATEMENT EXECUTE FUNCTION eventos_atualizacao('cliente_id');
