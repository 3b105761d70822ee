CREATE TABLE "cobrancas_recorrentes" (
	"cobranca_id" integer PRIMARY KEY NOT NULL,
	"recorrencia_id" integer NOT NULL,
	"conta_id" integer NOT NULL,
	"status" text DEFAULT 'pendente' NOT NULL,
	"tentativas" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"pix_avulso_id" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cobrancas_recorrentes_status_ck" CHECK (status IN ('pendente', 'criada', 'ativa', 'concluida', 'expirada', 'rejeitada', 'cancelada'))
);
--> statement-breakpoint
CREATE TABLE "debito_eventos" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "debito_eventos_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"recorrencia_id" integer NOT NULL,
	"cliente_id" integer NOT NULL,
	"evento" text NOT NULL,
	"conta_id" integer,
	"detalhe" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "debito_eventos_evento_ck" CHECK (evento IN ('aguardando_aprovacao', 'aprovado', 'recusado', 'expirado', 'cancelado_pelo_cliente', 'cancelado', 'cobranca_criada', 'tentativa_paga', 'tentativa_recusada', 'retentativa', 'pix_avulso'))
);
--> statement-breakpoint
CREATE TABLE "recorrencias_pix" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "recorrencias_pix_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"negociacao_id" integer NOT NULL,
	"cliente_id" integer NOT NULL,
	"provedor" text NOT NULL,
	"status" text DEFAULT 'pendente' NOT NULL,
	"id_rec" text,
	"loc_id" integer,
	"location" text,
	"jornada" text DEFAULT 'JORNADA_3' NOT NULL,
	"txid_jornada" text,
	"pix_copia_e_cola" text,
	"valor_centavos" bigint NOT NULL,
	"politica" text DEFAULT 'PERMITE_3R_7D' NOT NULL,
	"data_inicial" date NOT NULL,
	"data_final" date NOT NULL,
	"cancelada_por" text,
	"motivo" text,
	"aprovada_em" timestamp with time zone,
	"encerrada_em" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "recorrencias_pix_status_ck" CHECK (status IN ('pendente', 'criada', 'aprovada', 'rejeitada', 'expirada', 'cancelada')),
	CONSTRAINT "recorrencias_pix_provedor_ck" CHECK (provedor IN ('simulador', 'api_pix')),
	CONSTRAINT "recorrencias_pix_politica_ck" CHECK (politica IN ('NAO_PERMITE', 'PERMITE_3R_7D')),
	CONSTRAINT "recorrencias_pix_cancelada_por_ck" CHECK (cancelada_por IS NULL OR cancelada_por IN ('cliente', 'operador', 'sistema')),
	CONSTRAINT "recorrencias_pix_valor_ck" CHECK ("recorrencias_pix"."valor_centavos" > 0),
	CONSTRAINT "recorrencias_pix_id_rec_ck" CHECK ("recorrencias_pix"."id_rec" IS NULL OR "recorrencias_pix"."id_rec" ~ '^[A-Za-z0-9]{29}$')
);
--> statement-breakpoint
ALTER TABLE "cobrancas_pix" DROP CONSTRAINT "cobrancas_pix_tipo_ck";--> statement-breakpoint
ALTER TABLE "cobrancas_pix" DROP CONSTRAINT "cobrancas_pix_origem_ck";--> statement-breakpoint
ALTER TABLE "cobrancas_pix" ALTER COLUMN "pix_copia_e_cola" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "negociacoes" ADD COLUMN "mensal" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "cobrancas_recorrentes" ADD CONSTRAINT "cobrancas_recorrentes_cobranca_id_cobrancas_pix_id_fk" FOREIGN KEY ("cobranca_id") REFERENCES "public"."cobrancas_pix"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cobrancas_recorrentes" ADD CONSTRAINT "cobrancas_recorrentes_recorrencia_id_recorrencias_pix_id_fk" FOREIGN KEY ("recorrencia_id") REFERENCES "public"."recorrencias_pix"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cobrancas_recorrentes" ADD CONSTRAINT "cobrancas_recorrentes_conta_id_contas_receber_id_fk" FOREIGN KEY ("conta_id") REFERENCES "public"."contas_receber"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cobrancas_recorrentes" ADD CONSTRAINT "cobrancas_recorrentes_pix_avulso_id_cobrancas_pix_id_fk" FOREIGN KEY ("pix_avulso_id") REFERENCES "public"."cobrancas_pix"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "debito_eventos" ADD CONSTRAINT "debito_eventos_recorrencia_id_recorrencias_pix_id_fk" FOREIGN KEY ("recorrencia_id") REFERENCES "public"."recorrencias_pix"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "debito_eventos" ADD CONSTRAINT "debito_eventos_cliente_id_clientes_id_fk" FOREIGN KEY ("cliente_id") REFERENCES "public"."clientes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "debito_eventos" ADD CONSTRAINT "debito_eventos_conta_id_contas_receber_id_fk" FOREIGN KEY ("conta_id") REFERENCES "public"."contas_receber"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recorrencias_pix" ADD CONSTRAINT "recorrencias_pix_negociacao_id_negociacoes_id_fk" FOREIGN KEY ("negociacao_id") REFERENCES "public"."negociacoes"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recorrencias_pix" ADD CONSTRAINT "recorrencias_pix_cliente_id_clientes_id_fk" FOREIGN KEY ("cliente_id") REFERENCES "public"."clientes"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "cobrancas_recorrentes_conta_uq" ON "cobrancas_recorrentes" USING btree ("conta_id");--> statement-breakpoint
CREATE INDEX "cobrancas_recorrentes_recorrencia_idx" ON "cobrancas_recorrentes" USING btree ("recorrencia_id");--> statement-breakpoint
CREATE INDEX "debito_eventos_cliente_idx" ON "debito_eventos" USING btree ("cliente_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "recorrencias_pix_id_rec_uq" ON "recorrencias_pix" USING btree ("id_rec");--> statement-breakpoint
CREATE UNIQUE INDEX "recorrencias_pix_vigente_uq" ON "recorrencias_pix" USING btree ("negociacao_id") WHERE "recorrencias_pix"."status" IN ('pendente', 'criada', 'aprovada');--> statement-breakpoint
CREATE INDEX "recorrencias_pix_cliente_idx" ON "recorrencias_pix" USING btree ("cliente_id");--> statement-breakpoint
ALTER TABLE "cobrancas_pix" ADD CONSTRAINT "cobrancas_pix_copia_e_cola_ck" CHECK (("cobrancas_pix"."tipo" = 'cobr') = ("cobrancas_pix"."pix_copia_e_cola" IS NULL) AND ("cobrancas_pix"."tipo" <> 'cobr' OR "cobrancas_pix"."vencimento" IS NOT NULL));--> statement-breakpoint
ALTER TABLE "cobrancas_pix" ADD CONSTRAINT "cobrancas_pix_tipo_ck" CHECK (tipo IN ('cob', 'cobv', 'cobr'));--> statement-breakpoint
ALTER TABLE "cobrancas_pix" ADD CONSTRAINT "cobrancas_pix_origem_ck" CHECK (origem IN ('operador', 'regua', 'acordo', 'portal', 'debito_automatico'));