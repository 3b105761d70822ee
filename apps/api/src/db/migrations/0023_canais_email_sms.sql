CREATE TABLE "emails_devolvidos" (
	"email" text PRIMARY KEY NOT NULL,
	"devolvido_em" timestamp with time zone NOT NULL,
	"status" text NOT NULL,
	"diagnostico" text,
	"mensagem_id" bigint
);
--> statement-breakpoint
CREATE TABLE "emails_simulados" (
	"mensagem_id" bigint PRIMARY KEY NOT NULL,
	"bruto" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "opt_outs_canal" (
	"cliente_id" integer NOT NULL,
	"canal" text NOT NULL,
	"em" timestamp with time zone NOT NULL,
	"origem" text NOT NULL,
	"prova" jsonb NOT NULL,
	CONSTRAINT "opt_outs_canal_cliente_id_canal_pk" PRIMARY KEY("cliente_id","canal"),
	CONSTRAINT "opt_outs_canal_canal_ck" CHECK (canal IN ('whatsapp', 'email', 'sms'))
);
--> statement-breakpoint
ALTER TABLE "mensagens" DROP CONSTRAINT "mensagens_canal_ck";--> statement-breakpoint
DROP INDEX "mensagens_canal_mensagem_id_uq";--> statement-breakpoint
ALTER TABLE "mensagens" ALTER COLUMN "telefone" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "clientes" ADD COLUMN "canal_preferido" text;--> statement-breakpoint
ALTER TABLE "mensagem_templates" ADD COLUMN "email_assunto" text;--> statement-breakpoint
ALTER TABLE "mensagem_templates" ADD COLUMN "email_texto" text;--> statement-breakpoint
ALTER TABLE "mensagem_templates" ADD COLUMN "sms_texto" text;--> statement-breakpoint
ALTER TABLE "mensagens" ADD COLUMN "email" text;--> statement-breakpoint
ALTER TABLE "mensagens" ADD COLUMN "assunto" text;--> statement-breakpoint
ALTER TABLE "mensagens" ADD COLUMN "provedor" text;--> statement-breakpoint
-- Until now `canal` named the service (simulador, whatsapp_cloud, portal); it now names the channel.
UPDATE "mensagens" SET "provedor" = "canal", "canal" = CASE "canal" WHEN 'portal' THEN 'portal' ELSE 'whatsapp' END;--> statement-breakpoint
ALTER TABLE "mensagens" ALTER COLUMN "provedor" SET NOT NULL;--> statement-breakpoint
-- Pacing is now kept per channel (whatsapp, email, sms), no longer per service.
DELETE FROM "canal_vazao";--> statement-breakpoint
ALTER TABLE "mensagens" ADD COLUMN "alternativas" jsonb;--> statement-breakpoint
ALTER TABLE "mensagens" ADD COLUMN "substitui_mensagem_id" bigint;--> statement-breakpoint
ALTER TABLE "emails_devolvidos" ADD CONSTRAINT "emails_devolvidos_mensagem_id_mensagens_id_fk" FOREIGN KEY ("mensagem_id") REFERENCES "public"."mensagens"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "emails_simulados" ADD CONSTRAINT "emails_simulados_mensagem_id_mensagens_id_fk" FOREIGN KEY ("mensagem_id") REFERENCES "public"."mensagens"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "opt_outs_canal" ADD CONSTRAINT "opt_outs_canal_cliente_id_clientes_id_fk" FOREIGN KEY ("cliente_id") REFERENCES "public"."clientes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "mensagens_provedor_mensagem_id_uq" ON "mensagens" USING btree ("provedor","canal_mensagem_id");--> statement-breakpoint
ALTER TABLE "clientes" ADD CONSTRAINT "clientes_canal_preferido_ck" CHECK (canal_preferido IN ('whatsapp', 'email', 'sms'));--> statement-breakpoint
ALTER TABLE "mensagens" ADD CONSTRAINT "mensagens_provedor_ck" CHECK (provedor IN ('simulador', 'whatsapp_cloud', 'smtp', 'zenvia', 'portal'));--> statement-breakpoint
ALTER TABLE "mensagens" ADD CONSTRAINT "mensagens_email_ck" CHECK ("mensagens"."canal" <> 'email' OR "mensagens"."email" IS NOT NULL);--> statement-breakpoint
ALTER TABLE "mensagens" ADD CONSTRAINT "mensagens_telefone_ck" CHECK ("mensagens"."canal" NOT IN ('whatsapp', 'sms') OR "mensagens"."telefone" IS NOT NULL);--> statement-breakpoint
ALTER TABLE "mensagens" ADD CONSTRAINT "mensagens_canal_ck" CHECK (canal IN ('whatsapp', 'email', 'sms', 'portal'));