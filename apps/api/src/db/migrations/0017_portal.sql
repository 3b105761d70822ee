-- The customer's portal (docs/produto.md §22, docs/decisions/029-portal.md): personal links and the sessions
-- their document check opens, both kept only as SHA-256 digests; the opt-out's channel; portal messages.
CREATE TABLE "portal_links" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "portal_links_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"cliente_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"mensagem_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expira_em" timestamp with time zone NOT NULL,
	"revogado_em" timestamp with time zone,
	"tentativas_erradas" integer DEFAULT 0 NOT NULL,
	"bloqueado_ate" timestamp with time zone,
	CONSTRAINT "portal_links_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "portal_sessoes" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"link_id" integer NOT NULL,
	"cliente_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expira_em" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "mensagens" DROP CONSTRAINT "mensagens_canal_ck";--> statement-breakpoint
ALTER TABLE "clientes" ADD COLUMN "opt_out_canal" text;--> statement-breakpoint
ALTER TABLE "portal_links" ADD CONSTRAINT "portal_links_cliente_id_clientes_id_fk" FOREIGN KEY ("cliente_id") REFERENCES "public"."clientes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portal_links" ADD CONSTRAINT "portal_links_mensagem_id_mensagens_id_fk" FOREIGN KEY ("mensagem_id") REFERENCES "public"."mensagens"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portal_sessoes" ADD CONSTRAINT "portal_sessoes_link_id_portal_links_id_fk" FOREIGN KEY ("link_id") REFERENCES "public"."portal_links"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portal_sessoes" ADD CONSTRAINT "portal_sessoes_cliente_id_clientes_id_fk" FOREIGN KEY ("cliente_id") REFERENCES "public"."clientes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "portal_links_cliente_idx" ON "portal_links" USING btree ("cliente_id","expira_em");--> statement-breakpoint
CREATE INDEX "portal_sessoes_expira_idx" ON "portal_sessoes" USING btree ("expira_em");--> statement-breakpoint
CREATE INDEX "portal_sessoes_link_idx" ON "portal_sessoes" USING btree ("link_id");--> statement-breakpoint
ALTER TABLE "mensagens" ADD CONSTRAINT "mensagens_canal_ck" CHECK (canal IN ('simulador', 'whatsapp_cloud', 'portal'));