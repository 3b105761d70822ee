-- Live events (docs/produto.md §5, "Ao vivo"): every write an operator watches tells the API nodes, at
-- commit, which customers changed and whose they are; each node pushes that to the operators concerned.
-- Statement-level triggers: one notification per statement, whatever the number of rows.
CREATE FUNCTION publicar_eventos_clientes(pares json) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF pares IS NULL THEN RETURN; END IF;
  -- A NOTIFY payload holds at most 8000 bytes: a bulk write (an import) says "everything" instead.
  IF json_array_length(pares) > 200 THEN
    PERFORM pg_notify('cobranca_eventos', '{"todos":true}');
  ELSE
    PERFORM pg_notify('cobranca_eventos', json_build_object('clientes', pares)::text);
  END IF;
END $$;
--> statement-breakpoint
CREATE FUNCTION publicar_eventos_de_ids(ids integer[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM publicar_eventos_clientes(
    (SELECT json_agg(json_build_array(c.id, c.operador_id)) FROM clientes c WHERE c.id = ANY (ids)));
END $$;
--> statement-breakpoint
-- TG_ARGV[0]: the column naming the customer. Transition tables are visible to EXECUTE.
CREATE FUNCTION eventos_insercao() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE ids integer[];
BEGIN
  EXECUTE format('SELECT array_agg(DISTINCT %I) FROM novos WHERE %I IS NOT NULL', TG_ARGV[0], TG_ARGV[0]) INTO ids;
  PERFORM publicar_eventos_de_ids(ids);
  RETURN NULL;
END $$;
--> statement-breakpoint
-- An update counts only if the row changed; TG_ARGV[1] narrows "changed" to the columns a screen shows.
CREATE FUNCTION eventos_atualizacao() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE ids integer[];
BEGIN
  EXECUTE format(
    'SELECT array_agg(DISTINCT n.%I) FROM novos n JOIN antigos o ON o.id = n.id WHERE n.%I IS NOT NULL AND (%s)',
    TG_ARGV[0], TG_ARGV[0], coalesce(TG_ARGV[1], '(n.*) IS DISTINCT FROM (o.*)')) INTO ids;
  PERFORM publicar_eventos_de_ids(ids);
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A customer handed to another operator leaves the first one's lists: both hear of it.
CREATE FUNCTION eventos_clientes_atualizacao() RETURNS trigger LANGUAGE plpgsql AS $$
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
--> statement-breakpoint
CREATE TRIGGER clientes_eventos_ins AFTER INSERT ON clientes REFERENCING NEW TABLE AS novos
  FOR EACH STATEMENT EXECUTE FUNCTION eventos_insercao('id');
--> statement-breakpoint
CREATE TRIGGER clientes_eventos_upd AFTER UPDATE ON clientes REFERENCING OLD TABLE AS antigos NEW TABLE AS novos
  FOR EACH STATEMENT EXECUTE FUNCTION eventos_clientes_atualizacao();
--> statement-breakpoint
CREATE TRIGGER mensagens_eventos_ins AFTER INSERT ON mensagens REFERENCING NEW TABLE AS novos
  FOR EACH STATEMENT EXECUTE FUNCTION eventos_insercao('cliente_id');
--> statement-breakpoint
-- Not the sender's leases (bloqueada_ate, envio_iniciado_em): only what the thread shows.
CREATE TRIGGER mensagens_eventos_upd AFTER UPDATE ON mensagens REFERENCING OLD TABLE AS antigos NEW TABLE AS novos
  FOR EACH STATEMENT EXECUTE FUNCTION eventos_atualizacao('cliente_id',
    'n.status IS DISTINCT FROM o.status OR n.conteudo IS DISTINCT FROM o.conteudo OR n.proxima_tentativa_em IS DISTINCT FROM o.proxima_tentativa_em OR n.cliente_id IS DISTINCT FROM o.cliente_id');
--> statement-breakpoint
CREATE TRIGGER contas_receber_eventos_ins AFTER INSERT ON contas_receber REFERENCING NEW TABLE AS novos
  FOR EACH STATEMENT EXECUTE FUNCTION eventos_insercao('cliente_id');
--> statement-breakpoint
CREATE TRIGGER contas_receber_eventos_upd AFTER UPDATE ON contas_receber REFERENCING OLD TABLE AS antigos NEW TABLE AS novos
  FOR EACH STATEMENT EXECUTE FUNCTION eventos_atualizacao('cliente_id');
--> statement-breakpoint
CREATE TRIGGER negociacoes_eventos_ins AFTER INSERT ON negociacoes REFERENCING NEW TABLE AS novos
  FOR EACH STATEMENT EXECUTE FUNCTION eventos_insercao('cliente_id');
--> statement-breakpoint
CREATE TRIGGER negociacoes_eventos_upd AFTER UPDATE ON negociacoes REFERENCING OLD TABLE AS antigos NEW TABLE AS novos
  FOR EACH STATEMENT EXECUTE FUNCTION eventos_atualizacao('cliente_id');
--> statement-breakpoint
CREATE TRIGGER pagamentos_eventos_ins AFTER INSERT ON pagamentos REFERENCING NEW TABLE AS novos
  FOR EACH STATEMENT EXECUTE FUNCTION eventos_insercao('cliente_id');
--> statement-breakpoint
CREATE TRIGGER promessas_eventos_ins AFTER INSERT ON promessas REFERENCING NEW TABLE AS novos
  FOR EACH STATEMENT EXECUTE FUNCTION eventos_insercao('cliente_id');
--> statement-breakpoint
CREATE TRIGGER promessas_eventos_upd AFTER UPDATE ON promessas REFERENCING OLD TABLE AS antigos NEW TABLE AS novos
  FOR EACH STATEMENT EXECUTE FUNCTION eventos_atualizacao('cliente_id');
--> statement-breakpoint
CREATE TRIGGER chamadas_eventos_ins AFTER INSERT ON chamadas REFERENCING NEW TABLE AS novos
  FOR EACH STATEMENT EXECUTE FUNCTION eventos_insercao('cliente_id');
--> statement-breakpoint
CREATE TRIGGER cobrancas_pix_eventos_ins AFTER INSERT ON cobrancas_pix REFERENCING NEW TABLE AS novos
  FOR EACH STATEMENT EXECUTE FUNCTION eventos_insercao('cliente_id');
--> statement-breakpoint
CREATE TRIGGER cobrancas_pix_eventos_upd AFTER UPDATE ON cobrancas_pix REFERENCING OLD TABLE AS antigos NEW TABLE AS novos
  FOR EACH STATEMENT EXECUTE FUNCTION eventos_atualizacao('cliente_id');
