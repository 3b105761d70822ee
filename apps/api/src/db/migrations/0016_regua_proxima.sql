-- Planning visits only the open receivables whose next régua step may be due (docs/decisions/026-regua-proxima.md):
-- each pass stores, for the receivables it saw, the date of the next step not yet recorded ('infinity'
-- when none is left); a new receivable starts at '-infinity' (visit it). What changes that date outside
-- a pass sends the receivable back to '-infinity': a new due date, a withdrawn step (a cancelled
-- message), a new régua or sending window.
ALTER TABLE contas_receber ADD COLUMN regua_proxima_em date NOT NULL DEFAULT '-infinity';
--> statement-breakpoint
CREATE INDEX contas_receber_regua_proxima_idx ON contas_receber (regua_proxima_em) WHERE status = 'aberta';
--> statement-breakpoint
CREATE FUNCTION contas_regua_vencimento() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.regua_proxima_em := '-infinity';
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER contas_receber_regua_vencimento BEFORE UPDATE OF vencimento ON contas_receber
  FOR EACH ROW WHEN (NEW.vencimento IS DISTINCT FROM OLD.vencimento) EXECUTE FUNCTION contas_regua_vencimento();
--> statement-breakpoint
CREATE FUNCTION regua_envios_retirados() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE contas_receber SET regua_proxima_em = '-infinity'
  WHERE id IN (SELECT conta_id FROM antigas) AND regua_proxima_em <> '-infinity';
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER regua_envios_retirados AFTER DELETE ON regua_envios REFERENCING OLD TABLE AS antigas
  FOR EACH STATEMENT EXECUTE FUNCTION regua_envios_retirados();
--> statement-breakpoint
CREATE FUNCTION configuracoes_regua_replanejar() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  antes jsonb := '{}';
  depois jsonb;
BEGIN
  SELECT jsonb_build_array(valor->'regua', valor->'janela_envio') INTO depois FROM novas WHERE chave = 'sistema';
  IF NOT FOUND THEN RETURN NULL; END IF;
  IF TG_OP = 'UPDATE' THEN
    SELECT jsonb_build_array(valor->'regua', valor->'janela_envio') INTO antes FROM antigas WHERE chave = 'sistema';
  END IF;
  IF depois IS DISTINCT FROM antes THEN
    UPDATE contas_receber SET regua_proxima_em = '-infinity'
    WHERE status = 'aberta' AND regua_proxima_em <> '-infinity';
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER configuracoes_regua_ins AFTER INSERT ON configuracoes REFERENCING NEW TABLE AS novas
  FOR EACH STATEMENT EXECUTE FUNCTION configuracoes_regua_replanejar();
--> statement-breakpoint
CREATE TRIGGER configuracoes_regua_upd AFTER UPDATE ON configuracoes
  REFERENCING OLD TABLE AS antigas NEW TABLE AS novas FOR EACH STATEMENT EXECUTE FUNCTION configuracoes_regua_replanejar();
--> statement-breakpoint
-- The planner's date is no news for a screen: a pass must not tell every node that everything changed.
DROP TRIGGER contas_receber_eventos_upd ON contas_receber;
--> statement-breakpoint
CREATE TRIGGER contas_receber_eventos_upd AFTER UPDATE ON contas_receber REFERENCING OLD TABLE AS antigos NEW TABLE AS novos
  FOR EACH STATEMENT EXECUTE FUNCTION eventos_atualizacao('cliente_id',
    '(to_jsonb(n.*) - ''regua_proxima_em'') IS DISTINCT FROM (to_jsonb(o.*) - ''regua_proxima_em'')');
