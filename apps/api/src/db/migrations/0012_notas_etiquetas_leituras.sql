CREATE TABLE "leituras_cliente" (
	"usuario_id" integer NOT NULL,
	"cliente_id" integer NOT NULL,
	"lida_ate" timestamp with time zone NOT NULL,
	CONSTRAINT "leituras_cliente_usuario_id_cliente_id_pk" PRIMARY KEY("usuario_id","cliente_id")
);
--> statement-breakpoint
CREATE TABLE "notas_cliente" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "notas_cliente_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"cliente_id" integer NOT NULL,
	"autor_id" integer,
	"texto" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notas_cliente_texto_ck" CHECK (char_length("notas_cliente"."texto") BETWEEN 1 AND 2000)
);
--> statement-breakpoint
DROP INDEX "clientes_operador_status_nome_idx";--> statement-breakpoint
DROP INDEX "clientes_operador_ativos_nome_idx";--> statement-breakpoint
DROP INDEX "clientes_status_nome_idx";--> statement-breakpoint
DROP INDEX "clientes_nome_idx";--> statement-breakpoint
ALTER TABLE "clientes" ADD COLUMN "etiquetas" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "leituras_cliente" ADD CONSTRAINT "leituras_cliente_usuario_id_usuarios_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuarios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leituras_cliente" ADD CONSTRAINT "leituras_cliente_cliente_id_clientes_id_fk" FOREIGN KEY ("cliente_id") REFERENCES "public"."clientes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notas_cliente" ADD CONSTRAINT "notas_cliente_cliente_id_clientes_id_fk" FOREIGN KEY ("cliente_id") REFERENCES "public"."clientes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notas_cliente" ADD CONSTRAINT "notas_cliente_autor_id_usuarios_id_fk" FOREIGN KEY ("autor_id") REFERENCES "public"."usuarios"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notas_cliente_cliente_idx" ON "notas_cliente" USING btree ("cliente_id","created_at","id");--> statement-breakpoint
CREATE INDEX "clientes_operador_status_nome_idx" ON "clientes" USING btree ("operador_id","status","nome" COLLATE "und-x-icu","id");--> statement-breakpoint
CREATE INDEX "clientes_operador_ativos_nome_idx" ON "clientes" USING btree ("operador_id","nome" COLLATE "und-x-icu","id") WHERE "clientes"."status" IN ('ativo', 'pausado');--> statement-breakpoint
CREATE INDEX "clientes_status_nome_idx" ON "clientes" USING btree ("status","nome" COLLATE "und-x-icu","id");--> statement-breakpoint
CREATE INDEX "clientes_nome_idx" ON "clientes" USING btree ("nome" COLLATE "und-x-icu","id");--> statement-breakpoint
-- Live events (migration 0011, decision 018) for notes and read markers too.
CREATE FUNCTION eventos_remocao() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE ids integer[];
BEGIN
  EXECUTE format('SELECT array_agg(DISTINCT %I) FROM antigos WHERE %I IS NOT NULL', TG_ARGV[0], TG_ARGV[0]) INTO ids;
  PERFORM publicar_eventos_de_ids(ids);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER notas_cliente_eventos_ins AFTER INSERT ON notas_cliente REFERENCING NEW TABLE AS novos
  FOR EACH STATEMENT EXECUTE FUNCTION eventos_insercao('cliente_id');
--> statement-breakpoint
CREATE TRIGGER notas_cliente_eventos_del AFTER DELETE ON notas_cliente REFERENCING OLD TABLE AS antigos
  FOR EACH STATEMENT EXECUTE FUNCTION eventos_remocao('cliente_id');
--> statement-breakpoint
CREATE TRIGGER leituras_cliente_eventos_ins AFTER INSERT ON leituras_cliente REFERENCING NEW TABLE AS novos
  FOR EACH STATEMENT EXECUTE FUNCTION eventos_insercao('cliente_id');
--> statement-breakpoint
-- leituras_cliente has no id column: its key is (usuario_id, cliente_id).
CREATE FUNCTION eventos_leituras_atualizacao() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM publicar_eventos_de_ids((SELECT array_agg(DISTINCT n.cliente_id) FROM novos n));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER leituras_cliente_eventos_upd AFTER UPDATE ON leituras_cliente REFERENCING OLD TABLE AS antigos NEW TABLE AS novos
  FOR EACH STATEMENT EXECUTE FUNCTION eventos_leituras_atualizacao();
