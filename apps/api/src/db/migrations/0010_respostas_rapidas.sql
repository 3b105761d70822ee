CREATE TABLE "respostas_rapidas" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "respostas_rapidas_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"atalho" text NOT NULL,
	"texto" text NOT NULL,
	"created_by" integer,
	"updated_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "respostas_rapidas_atalho_ck" CHECK ("respostas_rapidas"."atalho" ~ '^[a-z0-9]+(-[a-z0-9]+)*$' AND char_length("respostas_rapidas"."atalho") <= 40),
	CONSTRAINT "respostas_rapidas_texto_ck" CHECK (char_length("respostas_rapidas"."texto") BETWEEN 1 AND 4096)
);
--> statement-breakpoint
ALTER TABLE "respostas_rapidas" ADD CONSTRAINT "respostas_rapidas_created_by_usuarios_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."usuarios"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "respostas_rapidas" ADD CONSTRAINT "respostas_rapidas_updated_by_usuarios_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."usuarios"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "respostas_rapidas_atalho_uq" ON "respostas_rapidas" USING btree ("atalho");--> statement-breakpoint
-- The five replies the composer had hard-coded until now, so operators of an existing install lose nothing;
-- the admin edits or deletes them in "Config. Mensagens" (docs/decisions/019-respostas-rapidas.md).
INSERT INTO "respostas_rapidas" ("atalho", "texto") VALUES
	('saudacao', 'Olá, {{nome}}! Podemos ajudar com a negociação da sua fatura?'),
	('pix', 'Olá, {{nome}}! Identificamos um valor em aberto de {{total}}. Quer que eu envie o código PIX para pagamento?'),
	('parcelamento', '{{nome}}, temos condições especiais de parcelamento. Posso apresentar uma proposta?'),
	('retorno', 'Obrigado pelo retorno, {{nome}}! Vou verificar e já respondo.'),
	('pagamento-confirmado', 'Pagamento confirmado. Muito obrigado, {{nome}}!');
