import { formatarDataBr } from '@cobranca/dominio';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { linhasDe } from '../../db/linhas.ts';

// A promise to pay whose date passed unpaid (docs/produto.md §10): the customer goes back to collection, and
// the operator learns of it from the audit trail and the customer's history.

/** Marks pending promises dated before `hoje` as broken and ends the snooze; returns how many. */
export const quebrarPromessasVencidas = (db: Db, hoje: string): Promise<number> =>
  db.transaction(async (tx) => {
    const quebradas = linhasDe<{ id: number; cliente_id: number; operador_id: number | null; data: string }>(
      await tx.execute(sql`
        UPDATE promessas SET status = 'quebrada', resolvida_em = now()
        WHERE status = 'pendente' AND data < ${hoje}::date
        RETURNING id, cliente_id, operador_id, data::text AS data`),
    );
    if (quebradas.length === 0) return 0;
    const json = JSON.stringify(quebradas.map((q) => ({ ...q, data_br: formatarDataBr(q.data) })));
    await tx.execute(sql`
      UPDATE clientes c SET soneca_ate = NULL
      FROM jsonb_to_recordset(${json}::jsonb) AS p(cliente_id integer)
      WHERE c.id = p.cliente_id AND c.soneca_ate < ${hoje}::date`);
    await tx.execute(sql`
      INSERT INTO audit_logs (usuario_id, acao, descricao, entidade, entidade_id, detalhes)
      SELECT NULL, 'promessa.quebrada',
        'Promessa de pagamento para ' || p.data_br || ' não cumprida: cliente de volta à cobrança',
        'promessa', p.id::text,
        jsonb_build_object('cliente_id', p.cliente_id, 'operador_id', p.operador_id, 'data', p.data)
      FROM jsonb_to_recordset(${json}::jsonb)
        AS p(id integer, cliente_id integer, operador_id integer, data text, data_br text)`);
    return quebradas.length;
  });
