import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { linhasDe } from '../../db/linhas.ts';
import type { ResultadoEnvio } from '../canais/canal.ts';
import type { MensagemEnviada } from './saida.repository.ts';

export type EnvioAceito = { m: MensagemEnviada; r: Extract<ResultadoEnvio, { ok: true }> };

/**
 * `registrarEnvioAceito` for many answers in one statement: each message still `pendente` becomes sent
 * with its channel id, its régua step record `enviado`, and its customer one contact attempt more per
 * message (the newest message's instant and text). One statement, so the read models fold once for
 * the lot instead of once per message (docs/decisions/047-registro-de-envios-em-lote.md). A message a
 * status webhook already confirmed stays as it is. Answers the ids it recorded.
 */
export const registrarEnviosAceitos = async (db: DbOrTx, aceitos: EnvioAceito[]): Promise<Set<number>> => {
  if (aceitos.length === 0) return new Set();
  const valores = aceitos.map(({ m, r }) => ({
    id: m.id,
    status: r.status,
    canal_mensagem_id: r.canalMensagemId,
    enviada_em: r.enviadaEm.toISOString(),
    entregue_em: r.entregueEm?.toISOString() ?? null,
  }));
  const linhas = linhasDe<{ id: number | string }>(
    await db.execute(sql`
      WITH v AS (
        SELECT * FROM jsonb_to_recordset(${JSON.stringify(valores)}::jsonb)
          AS v(id bigint, status text, canal_mensagem_id text, enviada_em timestamptz, entregue_em timestamptz)
      ), aceitas AS (
        UPDATE mensagens m SET status = v.status, canal_mensagem_id = v.canal_mensagem_id,
          enviada_em = v.enviada_em, entregue_em = v.entregue_em, tentativas = m.tentativas + 1,
          proxima_tentativa_em = NULL, erro_codigo = NULL, erro_mensagem = NULL,
          bloqueada_ate = NULL, envio_iniciado_em = NULL
        FROM v
        WHERE m.id = v.id AND m.status = 'pendente'
        RETURNING m.id, m.origem, m.cliente_id, m.conteudo, v.enviada_em
      ), da_regua AS (
        SELECT * FROM aceitas WHERE origem = 'regua' AND cliente_id IS NOT NULL
      ), etapas AS (
        UPDATE regua_envios e SET status = 'enviado' FROM da_regua a WHERE e.mensagem_id = a.id
      ), chamadas AS (
        SELECT DISTINCT ON (cliente_id) cliente_id, count(*) OVER (PARTITION BY cliente_id) AS n,
          enviada_em, conteudo
        FROM da_regua
        ORDER BY cliente_id, enviada_em DESC, id DESC
      ), contatos AS (
        -- Every automatic message sent is a contact attempt (docs/produto.md §6).
        UPDATE clientes c SET numero_chamadas = c.numero_chamadas + ch.n, ultima_mensagem_em = ch.enviada_em,
          ultima_mensagem_texto = ch.conteudo, updated_at = now()
        FROM chamadas ch WHERE c.id = ch.cliente_id
      )
      SELECT id FROM aceitas`),
  );
  return new Set(linhas.map((l) => Number(l.id)));
};
