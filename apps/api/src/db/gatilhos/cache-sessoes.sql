-- Session cache (docs/decisions/024-cache-de-sessoes.md): each API process keeps the sessions it looked
-- up for a few seconds; every write that can end or change one tells all processes, at commit, which
-- tokens and users to forget. Statement-level triggers, as for live events: one notification per statement.
-- The live definitions, applied after the migrations on every start (docs/decisions/030-gatilhos.md).

CREATE OR REPLACE FUNCTION publicar_sessoes(tokens integer[], usuarios integer[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF tokens IS NULL AND usuarios IS NULL THEN RETURN; END IF;
  -- A NOTIFY payload holds at most 8000 bytes: a bulk write says "forget everything" instead.
  IF coalesce(cardinality(tokens), 0) + coalesce(cardinality(usuarios), 0) > 500 THEN
    PERFORM pg_notify('cobranca_sessoes', '{"todos":true}');
  ELSE
    PERFORM pg_notify('cobranca_sessoes', json_build_object(
      'tokens', coalesce(tokens, '{}'::integer[]), 'usuarios', coalesce(usuarios, '{}'::integer[]))::text);
  END IF;
END $$;

-- Revoked, re-dated or moved tokens; not `last_used_at`, which every session writes once a minute.
CREATE OR REPLACE FUNCTION sessoes_tokens_atualizacao() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM publicar_sessoes((
    SELECT array_agg(n.id) FROM novos n JOIN antigos o ON o.id = n.id
    WHERE n.revoked_at IS DISTINCT FROM o.revoked_at OR n.expires_at IS DISTINCT FROM o.expires_at
      OR n.usuario_id IS DISTINCT FROM o.usuario_id OR n.token_hash IS DISTINCT FROM o.token_hash), NULL);
  RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION sessoes_tokens_remocao() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM publicar_sessoes((SELECT array_agg(id) FROM antigos), NULL);
  RETURN NULL;
END $$;

-- What a session carries of its user (name, e-mail, role, status); not the login time or the password
-- (a new password revokes the tokens, which notifies on its own).
CREATE OR REPLACE FUNCTION sessoes_usuarios_atualizacao() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM publicar_sessoes(NULL, (
    SELECT array_agg(n.id) FROM novos n JOIN antigos o ON o.id = n.id
    WHERE n.status IS DISTINCT FROM o.status OR n.role IS DISTINCT FROM o.role
      OR n.name IS DISTINCT FROM o.name OR n.email IS DISTINCT FROM o.email));
  RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION sessoes_usuarios_remocao() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM publicar_sessoes(NULL, (SELECT array_agg(id) FROM antigos));
  RETURN NULL;
END $$;

-- TRUNCATE (a bench's reset, a CASCADE from usuarios) has no transition table: forget everything.
CREATE OR REPLACE FUNCTION sessoes_esvaziadas() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('cobranca_sessoes', '{"todos":true}');
  RETURN NULL;
END $$;

CREATE OR REPLACE TRIGGER api_tokens_sessoes_upd AFTER UPDATE ON api_tokens REFERENCING OLD TABLE AS antigos NEW TABLE AS novos
  FOR EACH STATEMENT EXECUTE FUNCTION sessoes_tokens_atualizacao();

CREATE OR REPLACE TRIGGER api_tokens_sessoes_del AFTER DELETE ON api_tokens REFERENCING OLD TABLE AS antigos
  FOR EACH STATEMENT EXECUTE FUNCTION sessoes_tokens_remocao();

CREATE OR REPLACE TRIGGER usuarios_sessoes_upd AFTER UPDATE ON usuarios REFERENCING OLD TABLE AS antigos NEW TABLE AS novos
  FOR EACH STATEMENT EXECUTE FUNCTION sessoes_usuarios_atualizacao();

CREATE OR REPLACE TRIGGER usuarios_sessoes_del AFTER DELETE ON usuarios REFERENCING OLD TABLE AS antigos
  FOR EACH STATEMENT EXECUTE FUNCTION sessoes_usuarios_remocao();

CREATE OR REPLACE TRIGGER api_tokens_sessoes_trunc AFTER TRUNCATE ON api_tokens
  FOR EACH STATEMENT EXECUTE FUNCTION sessoes_esvaziadas();

CREATE OR REPLACE TRIGGER usuarios_sessoes_trunc AFTER TRUNCATE ON usuarios
  FOR EACH STATEMENT EXECUTE FUNCTION sessoes_esvaziadas();
