-- Receivables over five years past due (docs/produto.md §7, decision 036). The open ones already past
-- that line turn prescrita on the first run of the daily job contas.prescrever, which every start runs.
ALTER TABLE "contas_receber" DROP CONSTRAINT "contas_receber_status_ck";--> statement-breakpoint
CREATE INDEX "contas_receber_prescritas_idx" ON "contas_receber" USING btree ("cliente_id","valor_centavos","valor_pago_centavos") WHERE "contas_receber"."status" = 'prescrita';--> statement-breakpoint
ALTER TABLE "contas_receber" ADD CONSTRAINT "contas_receber_status_ck" CHECK (status IN ('aberta', 'paga', 'negociada', 'cancelada', 'prescrita'));