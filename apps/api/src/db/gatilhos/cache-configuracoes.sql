-- Settings cache (docs/decisions/045-cache-de-configuracoes.md): each API process keeps the system
-- settings it read; any write to `configuracoes`, by any process, tells all of them at commit to read
-- again. Writes are rare (an admin's save, a PSP check, a reconciliation checkpoint): no payload, no filter.
-- The live definitions, applied after the migrations on every start (docs/decisions/030-gatilhos.md).

CREATE OR REPLACE FUNCTION configuracoes_alteradas() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('cobranca_configuracoes', '');
  RETURN NULL;
END $$;

CREATE OR REPLACE TRIGGER configuracoes_cache AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON configuracoes
  FOR EACH STATEMENT EXECUTE FUNCTION configuracoes_alteradas();
