DROP INDEX "pix_notificacoes_pendentes_idx";--> statement-breakpoint
CREATE INDEX "pix_notificacoes_pendentes_idx" ON "pix_notificacoes" USING btree ("created_at") WHERE "pix_notificacoes"."status" = 'pendente';--> statement-breakpoint
ALTER TABLE "pix_notificacoes" DROP COLUMN "tentativas";--> statement-breakpoint
ALTER TABLE "pix_notificacoes" DROP COLUMN "proxima_tentativa_em";