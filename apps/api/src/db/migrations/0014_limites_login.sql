-- Sign-in limits shared by every API node on one PostgreSQL (docs/decisions/003-sessions-and-rate-limits.md):
-- one fixed-window counter per key ('pi:' attempts per address, 'ei:' failures per (e-mail, address),
-- 'ip:' per address, 'em:' per e-mail) and the known-address marks ('ok:'). PGlite keeps them in memory.
CREATE TABLE limites_login (
  chave text PRIMARY KEY,
  inicio timestamptz NOT NULL,
  contagem integer NOT NULL,
  expira timestamptz NOT NULL
);
--> statement-breakpoint
-- Expired rows are deleted a few at a time as counts are written.
CREATE INDEX limites_login_expira_idx ON limites_login (expira);
