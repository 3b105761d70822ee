CREATE TABLE "cobranca_pix_contas" (
	"cobranca_id" integer NOT NULL,
	"conta_id" integer NOT NULL,
	CONSTRAINT "cobranca_pix_contas_cobranca_id_conta_id_pk" PRIMARY KEY("cobranca_id","conta_id")
);
--> statement-breakpoint
CREATE TABLE "cobrancas_pix" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "cobrancas_pix_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"txid" text NOT NULL,
	"cliente_id" integer NOT NULL,
	"provedor" text NOT NULL,
	"tipo" text NOT NULL,
	"origem" text NOT NULL,
	"status" text DEFAULT 'ativa' NOT NULL,
	"valor_centavos" bigint NOT NULL,
	"vencimento" date,
	"valida_ate" timestamp with time zone NOT NULL,
	"pix_copia_e_cola" text NOT NULL,
	"location" text,
	"mensagem_id" integer,
	"criada_por" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paga_em" timestamp with time zone,
	"removida_em" timestamp with time zone,
	"remocao_pendente" boolean DEFAULT false NOT NULL,
	CONSTRAINT "cobrancas_pix_txid_ck" CHECK ("cobrancas_pix"."txid" ~ '^[A-Za-z0-9]{26,35}$'),
	CONSTRAINT "cobrancas_pix_provedor_ck" CHECK (provedor IN ('simulador', 'api_pix')),
	CONSTRAINT "cobrancas_pix_tipo_ck" CHECK (tipo IN ('cob', 'cobv')),
	CONSTRAINT "cobrancas_pix_origem_ck" CHECK (origem IN ('operador', 'regua', 'acordo', 'portal')),
	CONSTRAINT "cobrancas_pix_status_ck" CHECK (status IN ('ativa', 'paga', 'removida', 'expirada')),
	CONSTRAINT "cobrancas_pix_valor_ck" CHECK ("cobrancas_pix"."valor_centavos" > 0),
	CONSTRAINT "cobrancas_pix_cobv_ck" CHECK ("cobrancas_pix"."tipo" <> 'cobv' OR "cobrancas_pix"."vencimento" IS NOT NULL)
);
--> statement-breakpoint
CREATE TABLE "pix_notificacoes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "pix_notificacoes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"end_to_end_id" text NOT NULL,
	"txid" text,
	"status" text DEFAULT 'pendente' NOT NULL,
	"tentativas" integer DEFAULT 0 NOT NULL,
	"proxima_tentativa_em" timestamp with time zone DEFAULT now() NOT NULL,
	"erro" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"processada_em" timestamp with time zone,
	CONSTRAINT "pix_notificacoes_status_ck" CHECK (status IN ('pendente', 'processada'))
);
--> statement-breakpoint
CREATE TABLE "pix_recebidos" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "pix_recebidos_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"end_to_end_id" text NOT NULL,
	"txid" text,
	"cobranca_id" integer,
	"cliente_id" integer,
	"valor_centavos" bigint NOT NULL,
	"credito_centavos" bigint DEFAULT 0 NOT NULL,
	"horario" timestamp with time zone NOT NULL,
	"pagador_nome" text,
	"pagador_documento" text,
	"situacao" text NOT NULL,
	"origem" text NOT NULL,
	"atribuido_por" integer,
	"atribuido_em" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pix_recebidos_situacao_ck" CHECK (situacao IN ('conciliado', 'sem_correspondencia', 'atribuido')),
	CONSTRAINT "pix_recebidos_origem_ck" CHECK (origem IN ('webhook', 'conciliacao', 'simulador')),
	CONSTRAINT "pix_recebidos_valores_ck" CHECK ("pix_recebidos"."valor_centavos" > 0 AND "pix_recebidos"."credito_centavos" BETWEEN 0 AND "pix_recebidos"."valor_centavos")
);
--> statement-breakpoint
ALTER TABLE "pagamentos" ADD COLUMN "pix_recebido_id" integer;--> statement-breakpoint
ALTER TABLE "cobranca_pix_contas" ADD CONSTRAINT "cobranca_pix_contas_cobranca_id_cobrancas_pix_id_fk" FOREIGN KEY ("cobranca_id") REFERENCES "public"."cobrancas_pix"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cobranca_pix_contas" ADD CONSTRAINT "cobranca_pix_contas_conta_id_contas_receber_id_fk" FOREIGN KEY ("conta_id") REFERENCES "public"."contas_receber"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cobrancas_pix" ADD CONSTRAINT "cobrancas_pix_cliente_id_clientes_id_fk" FOREIGN KEY ("cliente_id") REFERENCES "public"."clientes"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cobrancas_pix" ADD CONSTRAINT "cobrancas_pix_mensagem_id_mensagens_id_fk" FOREIGN KEY ("mensagem_id") REFERENCES "public"."mensagens"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cobrancas_pix" ADD CONSTRAINT "cobrancas_pix_criada_por_usuarios_id_fk" FOREIGN KEY ("criada_por") REFERENCES "public"."usuarios"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pix_recebidos" ADD CONSTRAINT "pix_recebidos_cobranca_id_cobrancas_pix_id_fk" FOREIGN KEY ("cobranca_id") REFERENCES "public"."cobrancas_pix"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pix_recebidos" ADD CONSTRAINT "pix_recebidos_cliente_id_clientes_id_fk" FOREIGN KEY ("cliente_id") REFERENCES "public"."clientes"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pix_recebidos" ADD CONSTRAINT "pix_recebidos_atribuido_por_usuarios_id_fk" FOREIGN KEY ("atribuido_por") REFERENCES "public"."usuarios"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cobranca_pix_contas_conta_idx" ON "cobranca_pix_contas" USING btree ("conta_id");--> statement-breakpoint
CREATE UNIQUE INDEX "cobrancas_pix_txid_uq" ON "cobrancas_pix" USING btree ("txid");--> statement-breakpoint
CREATE INDEX "cobrancas_pix_cliente_idx" ON "cobrancas_pix" USING btree ("cliente_id","created_at");--> statement-breakpoint
CREATE INDEX "cobrancas_pix_ativas_idx" ON "cobrancas_pix" USING btree ("cliente_id") WHERE "cobrancas_pix"."status" = 'ativa';--> statement-breakpoint
CREATE INDEX "cobrancas_pix_remocao_idx" ON "cobrancas_pix" USING btree ("id") WHERE "cobrancas_pix"."remocao_pendente";--> statement-breakpoint
CREATE UNIQUE INDEX "pix_notificacoes_e2e_uq" ON "pix_notificacoes" USING btree ("end_to_end_id");--> statement-breakpoint
CREATE INDEX "pix_notificacoes_pendentes_idx" ON "pix_notificacoes" USING btree ("proxima_tentativa_em") WHERE "pix_notificacoes"."status" = 'pendente';--> statement-breakpoint
CREATE UNIQUE INDEX "pix_recebidos_e2e_uq" ON "pix_recebidos" USING btree ("end_to_end_id");--> statement-breakpoint
CREATE INDEX "pix_recebidos_cliente_idx" ON "pix_recebidos" USING btree ("cliente_id");--> statement-breakpoint
CREATE INDEX "pix_recebidos_credito_idx" ON "pix_recebidos" USING btree ("created_at") WHERE "pix_recebidos"."credito_centavos" > 0;--> statement-breakpoint
ALTER TABLE "pagamentos" ADD CONSTRAINT "pagamentos_pix_recebido_id_pix_recebidos_id_fk" FOREIGN KEY ("pix_recebido_id") REFERENCES "public"."pix_recebidos"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pagamentos_pix_idx" ON "pagamentos" USING btree ("pix_recebido_id") WHERE "pagamentos"."pix_recebido_id" IS NOT NULL;