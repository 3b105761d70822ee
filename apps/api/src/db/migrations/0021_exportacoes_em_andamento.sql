CREATE TABLE "exportacoes_em_andamento" (
	"usuario_id" integer PRIMARY KEY NOT NULL,
	"vez" text NOT NULL,
	"expira_em" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "exportacoes_em_andamento" ADD CONSTRAINT "exportacoes_em_andamento_usuario_id_usuarios_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuarios"("id") ON DELETE cascade ON UPDATE no action;