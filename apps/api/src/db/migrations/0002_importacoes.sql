ALTER TABLE "contas_receber" DROP CONSTRAINT "contas_receber_origem_ck";--> statement-breakpoint
ALTER TABLE "contas_receber" DROP CONSTRAINT "contas_receber_chave_nfe_ck";--> statement-breakpoint
ALTER TABLE "importacoes" ADD COLUMN "erros_omitidos" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "contas_receber_csv_uq" ON "contas_receber" USING btree ("cliente_id","vencimento","valor_centavos","descricao") WHERE "contas_receber"."origem" = 'importacao_csv';--> statement-breakpoint
ALTER TABLE "contas_receber" ADD CONSTRAINT "contas_receber_origem_ck" CHECK (origem IN ('nfe', 'importacao_csv', 'manual', 'acordo'));--> statement-breakpoint
ALTER TABLE "contas_receber" ADD CONSTRAINT "contas_receber_chave_nfe_ck" CHECK ("contas_receber"."chave_nfe" ~ '^[0-9]{6}[0-9A-Z]{12}[0-9]{26}$');