CREATE TABLE "clientes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "clientes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"nome" text NOT NULL,
	"documento" text NOT NULL,
	"documento_tipo" text NOT NULL,
	"telefone" text,
	"email" text,
	"endereco" jsonb,
	"termo_busca" text NOT NULL,
	"status" text DEFAULT 'ativo' NOT NULL,
	"operador_id" integer,
	"numero_chamadas" integer DEFAULT 0 NOT NULL,
	"pausa_motivo" text,
	"aguardando_desde" timestamp with time zone,
	"ultima_mensagem_em" timestamp with time zone,
	"ultima_mensagem_texto" text,
	"soneca_ate" date,
	"opt_out_em" timestamp with time zone,
	"opt_out_mensagem" text,
	"base_legal" text DEFAULT 'execucao_contrato' NOT NULL,
	"origem_contato" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "clientes_status_ck" CHECK (status IN ('ativo', 'aguardando_atendimento', 'em_atendimento', 'pausado', 'concluido')),
	CONSTRAINT "clientes_documento_tipo_ck" CHECK (documento_tipo IN ('cpf', 'cnpj', 'estrangeiro')),
	CONSTRAINT "clientes_base_legal_ck" CHECK (base_legal IN ('execucao_contrato', 'legitimo_interesse', 'consentimento', 'exercicio_direitos')),
	CONSTRAINT "clientes_origem_contato_ck" CHECK (origem_contato IN ('importacao_csv', 'nfe', 'manual', 'demo')),
	CONSTRAINT "clientes_numero_chamadas_ck" CHECK ("clientes"."numero_chamadas" >= 0),
	CONSTRAINT "clientes_telefone_e164_ck" CHECK ("clientes"."telefone" ~ '^\+[1-9][0-9]{7,14}$'),
	CONSTRAINT "clientes_pausado_motivo_ck" CHECK ("clientes"."status" <> 'pausado' OR "clientes"."pausa_motivo" IS NOT NULL),
	CONSTRAINT "clientes_aguardando_desde_ck" CHECK ("clientes"."status" <> 'aguardando_atendimento' OR "clientes"."aguardando_desde" IS NOT NULL)
);
--> statement-breakpoint
CREATE TABLE "chamadas" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "chamadas_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"cliente_id" integer NOT NULL,
	"operador_id" integer,
	"resultado" text NOT NULL,
	"observacao" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chamadas_resultado_ck" CHECK (resultado IN ('atendida', 'nao_atendida', 'caixa_postal', 'numero_invalido'))
);
--> statement-breakpoint
CREATE TABLE "contas_receber" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "contas_receber_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"cliente_id" integer NOT NULL,
	"origem" text NOT NULL,
	"chave_nfe" text,
	"numero_parcela" text,
	"negociacao_id" integer,
	"importacao_id" integer,
	"descricao" text NOT NULL,
	"valor_centavos" bigint NOT NULL,
	"vencimento" date NOT NULL,
	"status" text DEFAULT 'aberta' NOT NULL,
	"valor_pago_centavos" bigint DEFAULT 0 NOT NULL,
	"pago_em" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contas_receber_origem_ck" CHECK (origem IN ('nfe', 'manual', 'acordo')),
	CONSTRAINT "contas_receber_status_ck" CHECK (status IN ('aberta', 'paga', 'negociada', 'cancelada')),
	CONSTRAINT "contas_receber_chave_nfe_ck" CHECK ("contas_receber"."chave_nfe" ~ '^[0-9]{44}$'),
	CONSTRAINT "contas_receber_paga_ck" CHECK ("contas_receber"."status" <> 'paga' OR "contas_receber"."pago_em" IS NOT NULL),
	CONSTRAINT "contas_receber_valores_ck" CHECK ("contas_receber"."valor_centavos" > 0 AND "contas_receber"."valor_pago_centavos" >= 0 AND "contas_receber"."valor_pago_centavos" <= "contas_receber"."valor_centavos")
);
--> statement-breakpoint
CREATE TABLE "negociacao_contas" (
	"negociacao_id" integer NOT NULL,
	"conta_id" integer NOT NULL,
	"valor_centavos" bigint NOT NULL,
	CONSTRAINT "negociacao_contas_negociacao_id_conta_id_pk" PRIMARY KEY("negociacao_id","conta_id")
);
--> statement-breakpoint
CREATE TABLE "negociacoes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "negociacoes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"cliente_id" integer NOT NULL,
	"operador_id" integer,
	"status" text DEFAULT 'ativa' NOT NULL,
	"valor_original_centavos" bigint NOT NULL,
	"desconto_centavos" bigint DEFAULT 0 NOT NULL,
	"valor_total_centavos" bigint NOT NULL,
	"parcelas" integer NOT NULL,
	"primeiro_vencimento" date NOT NULL,
	"intervalo_dias" integer NOT NULL,
	"observacao" text,
	"encerrada_em" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "negociacoes_status_ck" CHECK (status IN ('ativa', 'cumprida', 'quebrada', 'cancelada')),
	CONSTRAINT "negociacoes_parcelas_ck" CHECK ("negociacoes"."parcelas" BETWEEN 1 AND 24),
	CONSTRAINT "negociacoes_valores_ck" CHECK ("negociacoes"."desconto_centavos" >= 0 AND "negociacoes"."valor_total_centavos" >= 0)
);
--> statement-breakpoint
CREATE TABLE "pagamentos" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "pagamentos_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"cliente_id" integer NOT NULL,
	"conta_id" integer NOT NULL,
	"operador_id" integer,
	"valor_centavos" bigint NOT NULL,
	"data" date NOT NULL,
	"forma" text NOT NULL,
	"observacao" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pagamentos_forma_ck" CHECK (forma IN ('pix', 'boleto', 'dinheiro', 'cartao', 'transferencia')),
	CONSTRAINT "pagamentos_valor_ck" CHECK ("pagamentos"."valor_centavos" > 0)
);
--> statement-breakpoint
CREATE TABLE "promessas" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "promessas_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"cliente_id" integer NOT NULL,
	"operador_id" integer,
	"data" date NOT NULL,
	"valor_centavos" bigint NOT NULL,
	"status" text DEFAULT 'pendente' NOT NULL,
	"resolvida_em" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "promessas_status_ck" CHECK (status IN ('pendente', 'cumprida', 'quebrada')),
	CONSTRAINT "promessas_valor_ck" CHECK ("promessas"."valor_centavos" > 0)
);
--> statement-breakpoint
CREATE TABLE "importacoes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "importacoes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tipo" text NOT NULL,
	"usuario_id" integer,
	"arquivo_nome" text NOT NULL,
	"status" text DEFAULT 'processando' NOT NULL,
	"criados" integer DEFAULT 0 NOT NULL,
	"atualizados" integer DEFAULT 0 NOT NULL,
	"ignorados" integer DEFAULT 0 NOT NULL,
	"rejeitados" integer DEFAULT 0 NOT NULL,
	"contas_criadas" integer DEFAULT 0 NOT NULL,
	"erros" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"concluida_em" timestamp with time zone,
	CONSTRAINT "importacoes_tipo_ck" CHECK (tipo IN ('csv', 'xml')),
	CONSTRAINT "importacoes_status_ck" CHECK (status IN ('processando', 'concluida', 'interrompida', 'falhou'))
);
--> statement-breakpoint
CREATE TABLE "mensagem_templates" (
	"tipo" text PRIMARY KEY NOT NULL,
	"texto" text NOT NULL,
	"whatsapp_template_nome" text,
	"whatsapp_idioma" text DEFAULT 'pt_BR' NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mensagem_templates_tipo_ck" CHECK (tipo IN ('lembrete', 'vencimento', 'atraso', 'negociacao', 'agradecimento'))
);
--> statement-breakpoint
CREATE TABLE "mensagens" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "mensagens_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"cliente_id" integer,
	"telefone" text NOT NULL,
	"direcao" text NOT NULL,
	"origem" text NOT NULL,
	"status" text NOT NULL,
	"conteudo" text NOT NULL,
	"autor_id" integer,
	"canal" text NOT NULL,
	"canal_mensagem_id" text,
	"template_tipo" text,
	"chave_idempotencia" text,
	"valor_centavos" bigint,
	"pix_txid" text,
	"tentativas" integer DEFAULT 0 NOT NULL,
	"proxima_tentativa_em" timestamp with time zone,
	"bloqueada_ate" timestamp with time zone,
	"erro_codigo" text,
	"erro_mensagem" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"enviada_em" timestamp with time zone,
	"entregue_em" timestamp with time zone,
	"lida_em" timestamp with time zone,
	"falhou_em" timestamp with time zone,
	CONSTRAINT "mensagens_direcao_ck" CHECK (direcao IN ('saida', 'entrada')),
	CONSTRAINT "mensagens_origem_ck" CHECK (origem IN ('regua', 'operador', 'sistema', 'cliente')),
	CONSTRAINT "mensagens_status_ck" CHECK (status IN ('pendente', 'enviada', 'entregue', 'lida', 'falhou', 'recebida', 'cancelada')),
	CONSTRAINT "mensagens_canal_ck" CHECK (canal IN ('simulador', 'whatsapp_cloud'))
);
--> statement-breakpoint
CREATE TABLE "regua_envios" (
	"conta_id" integer NOT NULL,
	"etapa_dias" integer NOT NULL,
	"mensagem_id" bigint,
	"status" text NOT NULL,
	"data_referencia" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "regua_envios_conta_id_etapa_dias_pk" PRIMARY KEY("conta_id","etapa_dias"),
	CONSTRAINT "regua_envios_status_ck" CHECK (status IN ('planejado', 'enviado', 'pulado', 'falhou'))
);
--> statement-breakpoint
CREATE TABLE "regua_execucoes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "regua_execucoes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"worker" text NOT NULL,
	"iniciada_em" timestamp with time zone DEFAULT now() NOT NULL,
	"concluida_em" timestamp with time zone,
	"contagens" jsonb,
	"erro" text
);
--> statement-breakpoint
CREATE TABLE "audit_logs" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "audit_logs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"usuario_id" integer,
	"acao" text NOT NULL,
	"descricao" text NOT NULL,
	"entidade" text,
	"entidade_id" text,
	"detalhes" jsonb,
	"ip" text
);
--> statement-breakpoint
CREATE TABLE "configuracoes" (
	"chave" text PRIMARY KEY NOT NULL,
	"valor" jsonb NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "api_tokens" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "api_tokens_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"usuario_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"ip" text,
	"user_agent" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"last_used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "usuarios" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "usuarios_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"email" text NOT NULL,
	"password_hash" text NOT NULL,
	"role" text NOT NULL,
	"status" text DEFAULT 'Ativo' NOT NULL,
	"last_login_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "usuarios_role_ck" CHECK (role IN ('super_admin', 'admin', 'operador')),
	CONSTRAINT "usuarios_status_ck" CHECK (status IN ('Ativo', 'Bloqueado'))
);
--> statement-breakpoint
ALTER TABLE "clientes" ADD CONSTRAINT "clientes_operador_id_usuarios_id_fk" FOREIGN KEY ("operador_id") REFERENCES "public"."usuarios"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chamadas" ADD CONSTRAINT "chamadas_cliente_id_clientes_id_fk" FOREIGN KEY ("cliente_id") REFERENCES "public"."clientes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chamadas" ADD CONSTRAINT "chamadas_operador_id_usuarios_id_fk" FOREIGN KEY ("operador_id") REFERENCES "public"."usuarios"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contas_receber" ADD CONSTRAINT "contas_receber_cliente_id_clientes_id_fk" FOREIGN KEY ("cliente_id") REFERENCES "public"."clientes"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contas_receber" ADD CONSTRAINT "contas_receber_negociacao_id_negociacoes_id_fk" FOREIGN KEY ("negociacao_id") REFERENCES "public"."negociacoes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contas_receber" ADD CONSTRAINT "contas_receber_importacao_id_importacoes_id_fk" FOREIGN KEY ("importacao_id") REFERENCES "public"."importacoes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "negociacao_contas" ADD CONSTRAINT "negociacao_contas_negociacao_id_negociacoes_id_fk" FOREIGN KEY ("negociacao_id") REFERENCES "public"."negociacoes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "negociacao_contas" ADD CONSTRAINT "negociacao_contas_conta_id_contas_receber_id_fk" FOREIGN KEY ("conta_id") REFERENCES "public"."contas_receber"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "negociacoes" ADD CONSTRAINT "negociacoes_cliente_id_clientes_id_fk" FOREIGN KEY ("cliente_id") REFERENCES "public"."clientes"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "negociacoes" ADD CONSTRAINT "negociacoes_operador_id_usuarios_id_fk" FOREIGN KEY ("operador_id") REFERENCES "public"."usuarios"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pagamentos" ADD CONSTRAINT "pagamentos_cliente_id_clientes_id_fk" FOREIGN KEY ("cliente_id") REFERENCES "public"."clientes"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pagamentos" ADD CONSTRAINT "pagamentos_conta_id_contas_receber_id_fk" FOREIGN KEY ("conta_id") REFERENCES "public"."contas_receber"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pagamentos" ADD CONSTRAINT "pagamentos_operador_id_usuarios_id_fk" FOREIGN KEY ("operador_id") REFERENCES "public"."usuarios"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promessas" ADD CONSTRAINT "promessas_cliente_id_clientes_id_fk" FOREIGN KEY ("cliente_id") REFERENCES "public"."clientes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promessas" ADD CONSTRAINT "promessas_operador_id_usuarios_id_fk" FOREIGN KEY ("operador_id") REFERENCES "public"."usuarios"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "importacoes" ADD CONSTRAINT "importacoes_usuario_id_usuarios_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuarios"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mensagem_templates" ADD CONSTRAINT "mensagem_templates_updated_by_usuarios_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."usuarios"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mensagens" ADD CONSTRAINT "mensagens_cliente_id_clientes_id_fk" FOREIGN KEY ("cliente_id") REFERENCES "public"."clientes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mensagens" ADD CONSTRAINT "mensagens_autor_id_usuarios_id_fk" FOREIGN KEY ("autor_id") REFERENCES "public"."usuarios"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "regua_envios" ADD CONSTRAINT "regua_envios_conta_id_contas_receber_id_fk" FOREIGN KEY ("conta_id") REFERENCES "public"."contas_receber"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "regua_envios" ADD CONSTRAINT "regua_envios_mensagem_id_mensagens_id_fk" FOREIGN KEY ("mensagem_id") REFERENCES "public"."mensagens"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_logs" ADD CONSTRAINT "audit_logs_usuario_id_usuarios_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuarios"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "configuracoes" ADD CONSTRAINT "configuracoes_updated_by_usuarios_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."usuarios"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_tokens" ADD CONSTRAINT "api_tokens_usuario_id_usuarios_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuarios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "clientes_documento_uq" ON "clientes" USING btree ("documento");--> statement-breakpoint
CREATE INDEX "clientes_operador_status_nome_idx" ON "clientes" USING btree ("operador_id","status","nome","id");--> statement-breakpoint
CREATE INDEX "clientes_status_nome_idx" ON "clientes" USING btree ("status","nome","id");--> statement-breakpoint
CREATE INDEX "clientes_nome_idx" ON "clientes" USING btree ("nome","id");--> statement-breakpoint
CREATE INDEX "clientes_aguardando_idx" ON "clientes" USING btree ("aguardando_desde","id") WHERE "clientes"."status" = 'aguardando_atendimento';--> statement-breakpoint
CREATE INDEX "clientes_telefone_idx" ON "clientes" USING btree ("telefone");--> statement-breakpoint
CREATE INDEX "clientes_termo_busca_trgm_idx" ON "clientes" USING gin ("termo_busca" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "chamadas_cliente_idx" ON "chamadas" USING btree ("cliente_id","created_at");--> statement-breakpoint
CREATE INDEX "chamadas_operador_idx" ON "chamadas" USING btree ("operador_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "contas_receber_nfe_parcela_uq" ON "contas_receber" USING btree ("chave_nfe","numero_parcela") WHERE "contas_receber"."chave_nfe" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "contas_receber_cliente_status_venc_idx" ON "contas_receber" USING btree ("cliente_id","status","vencimento");--> statement-breakpoint
CREATE INDEX "contas_receber_abertas_venc_idx" ON "contas_receber" USING btree ("vencimento","cliente_id") WHERE "contas_receber"."status" = 'aberta';--> statement-breakpoint
CREATE INDEX "contas_receber_pago_em_idx" ON "contas_receber" USING btree ("pago_em") WHERE "contas_receber"."pago_em" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "contas_receber_negociacao_idx" ON "contas_receber" USING btree ("negociacao_id") WHERE "contas_receber"."negociacao_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "negociacao_contas_conta_idx" ON "negociacao_contas" USING btree ("conta_id");--> statement-breakpoint
CREATE INDEX "negociacoes_cliente_idx" ON "negociacoes" USING btree ("cliente_id","created_at");--> statement-breakpoint
CREATE INDEX "negociacoes_status_idx" ON "negociacoes" USING btree ("status");--> statement-breakpoint
CREATE INDEX "pagamentos_cliente_idx" ON "pagamentos" USING btree ("cliente_id","data");--> statement-breakpoint
CREATE INDEX "pagamentos_data_idx" ON "pagamentos" USING btree ("data");--> statement-breakpoint
CREATE INDEX "pagamentos_conta_idx" ON "pagamentos" USING btree ("conta_id");--> statement-breakpoint
CREATE INDEX "promessas_cliente_idx" ON "promessas" USING btree ("cliente_id","created_at");--> statement-breakpoint
CREATE INDEX "promessas_pendentes_data_idx" ON "promessas" USING btree ("data") WHERE "promessas"."status" = 'pendente';--> statement-breakpoint
CREATE INDEX "importacoes_usuario_idx" ON "importacoes" USING btree ("usuario_id","created_at");--> statement-breakpoint
CREATE INDEX "importacoes_created_idx" ON "importacoes" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "mensagens_canal_mensagem_id_uq" ON "mensagens" USING btree ("canal","canal_mensagem_id");--> statement-breakpoint
CREATE UNIQUE INDEX "mensagens_chave_idempotencia_uq" ON "mensagens" USING btree ("chave_idempotencia");--> statement-breakpoint
CREATE INDEX "mensagens_cliente_idx" ON "mensagens" USING btree ("cliente_id","id");--> statement-breakpoint
CREATE INDEX "mensagens_outbox_idx" ON "mensagens" USING btree ("proxima_tentativa_em","id") WHERE "mensagens"."status" = 'pendente';--> statement-breakpoint
CREATE INDEX "mensagens_direcao_created_idx" ON "mensagens" USING btree ("direcao","created_at");--> statement-breakpoint
CREATE INDEX "mensagens_autor_created_idx" ON "mensagens" USING btree ("autor_id","created_at") WHERE "mensagens"."autor_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "mensagens_sem_cliente_idx" ON "mensagens" USING btree ("telefone") WHERE "mensagens"."cliente_id" IS NULL;--> statement-breakpoint
CREATE INDEX "regua_envios_mensagem_idx" ON "regua_envios" USING btree ("mensagem_id");--> statement-breakpoint
CREATE INDEX "regua_execucoes_iniciada_idx" ON "regua_execucoes" USING btree ("iniciada_em");--> statement-breakpoint
CREATE INDEX "audit_logs_created_idx" ON "audit_logs" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "audit_logs_usuario_created_idx" ON "audit_logs" USING btree ("usuario_id","created_at");--> statement-breakpoint
CREATE INDEX "audit_logs_acao_created_idx" ON "audit_logs" USING btree ("acao","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "api_tokens_hash_uq" ON "api_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "api_tokens_usuario_idx" ON "api_tokens" USING btree ("usuario_id") WHERE "api_tokens"."revoked_at" IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "usuarios_email_lower_uq" ON "usuarios" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "usuarios_role_status_idx" ON "usuarios" USING btree ("role","status");