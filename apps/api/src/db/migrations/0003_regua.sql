CREATE TABLE "canal_vazao" (
	"canal" text PRIMARY KEY NOT NULL,
	"proximo_slot" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "mensagens" ADD COLUMN "template_canal" jsonb;--> statement-breakpoint
CREATE INDEX "mensagens_regua_pendente_idx" ON "mensagens" USING btree ("cliente_id") WHERE "mensagens"."status" = 'pendente' AND "mensagens"."origem" = 'regua';