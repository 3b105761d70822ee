DROP INDEX "contas_receber_abertas_cliente_idx";--> statement-breakpoint
DROP INDEX "pagamentos_cliente_idx";--> statement-breakpoint
CREATE INDEX "contas_receber_abertas_cliente_idx" ON "contas_receber" USING btree ("cliente_id","vencimento","valor_centavos","valor_pago_centavos","multa_pendente_centavos","juros_pendentes_centavos","encargos_ate") WHERE "contas_receber"."status" = 'aberta';--> statement-breakpoint
CREATE INDEX "pagamentos_cliente_idx" ON "pagamentos" USING btree ("cliente_id","data","valor_centavos","created_at");