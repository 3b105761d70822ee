CREATE TABLE "idempotency_keys" (
	"usuario_id" integer NOT NULL,
	"key" text NOT NULL,
	"fingerprint" text NOT NULL,
	"state" text NOT NULL,
	"claim_token" text NOT NULL,
	"locked_until" timestamp with time zone NOT NULL,
	"response_status" integer,
	"response_body" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "idempotency_keys_usuario_id_key_pk" PRIMARY KEY("usuario_id","key"),
	CONSTRAINT "idempotency_keys_state_ck" CHECK (state IN ('processing', 'written', 'completed'))
);
--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_usuario_id_usuarios_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuarios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Double submits may have left two pending promises for one customer and date: the newest stays, the
-- older ones are removed (each with an audit entry) so that the unique index below can be built.
WITH "duplicadas" AS (
	DELETE FROM "promessas" p
	WHERE p."status" = 'pendente' AND EXISTS (
		SELECT 1 FROM "promessas" q
		WHERE q."cliente_id" = p."cliente_id" AND q."data" = p."data" AND q."status" = 'pendente' AND q."id" > p."id")
	RETURNING p."id", p."cliente_id", p."operador_id", p."data", p."valor_centavos"
)
INSERT INTO "audit_logs" ("usuario_id", "acao", "descricao", "entidade", "entidade_id", "detalhes")
SELECT NULL, 'promessa.duplicada_removida',
	'Promessa pendente repetida (mesmo cliente e data) removida na atualização; ficou a mais recente',
	'promessa', d."id"::text,
	jsonb_build_object('cliente_id', d."cliente_id", 'operador_id', d."operador_id", 'data', d."data",
		'valor_centavos', d."valor_centavos")
FROM "duplicadas" d;--> statement-breakpoint
CREATE UNIQUE INDEX "promessas_pendente_cliente_data_uq" ON "promessas" USING btree ("cliente_id","data") WHERE "promessas"."status" = 'pendente';