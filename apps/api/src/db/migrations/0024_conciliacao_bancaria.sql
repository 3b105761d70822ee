CREATE TABLE "arquivos_bancarios" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "arquivos_bancarios_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"formato" text NOT NULL,
	"banco" text NOT NULL,
	"conta" text,
	"nome" text NOT NULL,
	"digest" text NOT NULL,
	"tamanho_bytes" integer NOT NULL,
	"usuario_id" integer,
	"lancamentos" integer NOT NULL,
	"liquidados" integer NOT NULL,
	"ja_liquidados" integer NOT NULL,
	"em_revisao" integer NOT NULL,
	"ignorados" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "arquivos_bancarios_formato_ck" CHECK (formato IN ('cnab240', 'cnab400', 'ofx'))
);
--> statement-breakpoint
CREATE TABLE "lancamentos_bancarios" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "lancamentos_bancarios_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"arquivo_id" integer NOT NULL,
	"linha" integer NOT NULL,
	"chave" text NOT NULL,
	"repete_id" integer,
	"tipo" text NOT NULL,
	"codigo" text NOT NULL,
	"descricao" text NOT NULL,
	"nosso_numero" text,
	"valor_centavos" bigint NOT NULL,
	"valor_titulo_centavos" bigint,
	"juros_multa_centavos" bigint DEFAULT 0 NOT NULL,
	"desconto_centavos" bigint DEFAULT 0 NOT NULL,
	"data" date NOT NULL,
	"data_credito" date,
	"vencimento" date,
	"historico" text,
	"fitid" text,
	"documento_pagador" text,
	"situacao" text NOT NULL,
	"regra" text,
	"motivo" text NOT NULL,
	"restante_centavos" bigint DEFAULT 0 NOT NULL,
	"cliente_id" integer,
	"conta_id" integer,
	"pix_recebido_id" integer,
	"decidido_por" integer,
	"decidido_em" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lancamentos_bancarios_tipo_ck" CHECK (tipo IN ('liquidacao', 'baixa', 'entrada_confirmada', 'entrada_rejeitada', 'credito', 'debito', 'outro')),
	CONSTRAINT "lancamentos_bancarios_situacao_ck" CHECK (situacao IN ('liquidado', 'ja_liquidado', 'em_revisao', 'ignorado', 'repetido', 'atribuido', 'descartado')),
	CONSTRAINT "lancamentos_bancarios_regra_ck" CHECK (regra IS NULL OR regra IN ('nosso_numero', 'txid', 'end_to_end', 'documento_valor', 'pix_confirmado', 'manual')),
	CONSTRAINT "lancamentos_bancarios_valores_ck" CHECK ("lancamentos_bancarios"."valor_centavos" >= 0 AND "lancamentos_bancarios"."restante_centavos" BETWEEN 0 AND "lancamentos_bancarios"."valor_centavos")
);
--> statement-breakpoint
ALTER TABLE "contas_receber" ADD COLUMN "banco" text;--> statement-breakpoint
ALTER TABLE "contas_receber" ADD COLUMN "nosso_numero" text;--> statement-breakpoint
ALTER TABLE "contas_receber" ADD COLUMN "linha_digitavel" text;--> statement-breakpoint
ALTER TABLE "contas_receber" ADD COLUMN "codigo_barras" text;--> statement-breakpoint
ALTER TABLE "pagamentos" ADD COLUMN "lancamento_bancario_id" integer;--> statement-breakpoint
ALTER TABLE "arquivos_bancarios" ADD CONSTRAINT "arquivos_bancarios_usuario_id_usuarios_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuarios"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lancamentos_bancarios" ADD CONSTRAINT "lancamentos_bancarios_arquivo_id_arquivos_bancarios_id_fk" FOREIGN KEY ("arquivo_id") REFERENCES "public"."arquivos_bancarios"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lancamentos_bancarios" ADD CONSTRAINT "lancamentos_bancarios_repete_id_lancamentos_bancarios_id_fk" FOREIGN KEY ("repete_id") REFERENCES "public"."lancamentos_bancarios"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lancamentos_bancarios" ADD CONSTRAINT "lancamentos_bancarios_cliente_id_clientes_id_fk" FOREIGN KEY ("cliente_id") REFERENCES "public"."clientes"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lancamentos_bancarios" ADD CONSTRAINT "lancamentos_bancarios_conta_id_contas_receber_id_fk" FOREIGN KEY ("conta_id") REFERENCES "public"."contas_receber"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lancamentos_bancarios" ADD CONSTRAINT "lancamentos_bancarios_pix_recebido_id_pix_recebidos_id_fk" FOREIGN KEY ("pix_recebido_id") REFERENCES "public"."pix_recebidos"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lancamentos_bancarios" ADD CONSTRAINT "lancamentos_bancarios_decidido_por_usuarios_id_fk" FOREIGN KEY ("decidido_por") REFERENCES "public"."usuarios"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "arquivos_bancarios_digest_uq" ON "arquivos_bancarios" USING btree ("digest");--> statement-breakpoint
CREATE INDEX "arquivos_bancarios_criado_idx" ON "arquivos_bancarios" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "lancamentos_bancarios_chave_uq" ON "lancamentos_bancarios" USING btree ("chave") WHERE "lancamentos_bancarios"."situacao" <> 'repetido';--> statement-breakpoint
CREATE INDEX "lancamentos_bancarios_arquivo_idx" ON "lancamentos_bancarios" USING btree ("arquivo_id","linha");--> statement-breakpoint
CREATE INDEX "lancamentos_bancarios_revisao_idx" ON "lancamentos_bancarios" USING btree ("data","id") WHERE "lancamentos_bancarios"."situacao" = 'em_revisao';--> statement-breakpoint
ALTER TABLE "pagamentos" ADD CONSTRAINT "pagamentos_lancamento_bancario_id_lancamentos_bancarios_id_fk" FOREIGN KEY ("lancamento_bancario_id") REFERENCES "public"."lancamentos_bancarios"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "contas_receber_boleto_uq" ON "contas_receber" USING btree ("banco","nosso_numero") WHERE "contas_receber"."nosso_numero" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "pagamentos_lancamento_idx" ON "pagamentos" USING btree ("lancamento_bancario_id") WHERE "pagamentos"."lancamento_bancario_id" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "contas_receber" ADD CONSTRAINT "contas_receber_boleto_ck" CHECK (("contas_receber"."nosso_numero" IS NULL OR "contas_receber"."banco" IS NOT NULL) AND "contas_receber"."banco" ~ '^[0-9]{3}$');