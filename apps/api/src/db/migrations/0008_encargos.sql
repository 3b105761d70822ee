ALTER TABLE "negociacoes" DROP CONSTRAINT "negociacoes_valores_ck";--> statement-breakpoint
ALTER TABLE "contas_receber" ADD COLUMN "multa_pendente_centavos" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "contas_receber" ADD COLUMN "juros_pendentes_centavos" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "contas_receber" ADD COLUMN "encargos_ate" date;--> statement-breakpoint
ALTER TABLE "negociacoes" ADD COLUMN "encargos_centavos" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "negociacoes" ADD COLUMN "encargos_dispensados_centavos" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Payments before encargos existed paid principal only.
ALTER TABLE "pagamentos" ADD COLUMN "principal_centavos" bigint;--> statement-breakpoint
UPDATE "pagamentos" SET "principal_centavos" = "valor_centavos";--> statement-breakpoint
ALTER TABLE "pagamentos" ALTER COLUMN "principal_centavos" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "pagamentos" ADD COLUMN "multa_centavos" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "pagamentos" ADD COLUMN "juros_centavos" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "contas_receber" ADD CONSTRAINT "contas_receber_encargos_ck" CHECK ("contas_receber"."multa_pendente_centavos" >= 0 AND "contas_receber"."juros_pendentes_centavos" >= 0 AND ("contas_receber"."encargos_ate" IS NOT NULL OR ("contas_receber"."multa_pendente_centavos" = 0 AND "contas_receber"."juros_pendentes_centavos" = 0)));--> statement-breakpoint
ALTER TABLE "negociacoes" ADD CONSTRAINT "negociacoes_valores_ck" CHECK ("negociacoes"."desconto_centavos" >= 0 AND "negociacoes"."valor_total_centavos" >= 0 AND "negociacoes"."encargos_dispensados_centavos" BETWEEN 0 AND LEAST("negociacoes"."encargos_centavos", "negociacoes"."desconto_centavos"));--> statement-breakpoint
ALTER TABLE "pagamentos" ADD CONSTRAINT "pagamentos_partes_ck" CHECK ("pagamentos"."principal_centavos" >= 0 AND "pagamentos"."multa_centavos" >= 0 AND "pagamentos"."juros_centavos" >= 0 AND "pagamentos"."principal_centavos" + "pagamentos"."multa_centavos" + "pagamentos"."juros_centavos" = "pagamentos"."valor_centavos");