-- Planning visits only the open receivables whose next régua step may be due
-- (docs/decisions/026-regua-proxima.md): what changes a receivable's next-visit date outside a pass sends
-- it back to '-infinity': a new due date, a withdrawn step (a cancelled message), a new régua or sending
-- window. The column lives in migration 0016; these are the live definitions of its triggers, applied
-- after the migrations on every start (docs/decisions/030-gatilhos.md).

CREATE OR REPLACE FUNCTION contas_regua_vencimento() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.regua_proxima_em := '-infinity';
  RETURN NEW;
END $$;

CREATE OR REPLACE TRIGGER contas_receber_regua_vencimento BEFORE UPDATE OF vencimento ON contas_receber
  FOR EACH ROW WHEN (NEW.vencimento IS DISTINCT FROM OLD.vencimento) EXECUTE FUNCTION contas_regua_vencimento();

CREATE OR REPLACE FUNCTION regua_envios_retirados() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE contas_receber SET regua_proxima_em = '-infinity'
  WHERE id IN (SELECT conta_id FROM antigas) AND regua_proxima_em <> '-infinity';
  RETURN NULL;
END $$;

CREATE OR REPLACE TRIGGER regua_envios_retirados AFTER DELETE ON regua_envios REFERENCING OLD TABLE AS antigas
  FOR EACH STATEMENT EXECUTE FUNCTION regua_envios_retirados();

CREATE OR REPLACE FUNCTION configuracoes_regua_replanejar() RETURNS trigger LANGUAGE plpgsql AS $$
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

CREATE OR REPLACE TRIGGER configuracoes_regua_ins AFTER INSERT ON configuracoes REFERENCING NEW TABLE AS novas
  FOR EACH STATEMENT EXECUTE FUNCTION configuracoes_regua_replanejar();

CREATE OR REPLACE TRIGGER configuracoes_regua_upd AFTER UPDATE ON configuracoes
  REFERENCING OLD TABLE AS antigas NEW TABLE AS novas FOR EACH STATEMENT EXECUTE FUNCTION configuracoes_regua_replanejar();
