import { FUSO_PADRAO } from '@cobranca/dominio';
import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { linhasDe } from '../../db/linhas.ts';
import { usuarios } from '../../db/schema/index.ts';
import { ContasDoOperador } from '../contas-receber/contas-receber.repository.ts';
import {
  graficoMensal,
  operadoresDoMes,
  resumoAdminDashboard,
} from '../dashboards/admin-dashboard.repository.ts';
import {
  graficoMensalDireto,
  operadoresDoMesDireto,
  resumoAdminDashboardDireto,
} from '../dashboards/admin-dashboard-direto.ts';

// The read models' exactness (docs/decisions/025-agregados.md): every figure read from them against the
// same figure computed from the base tables. Used by the repair command and the exactness test.

export type Divergencia = { figura: string; agregado: unknown; direto: unknown };

const comparar = (figura: string, agregado: unknown, direto: unknown): Divergencia[] =>
  JSON.stringify(agregado) === JSON.stringify(direto) ? [] : [{ figura, agregado, direto }];

/** Every figure that differs at `agora`: the dashboard, its chart and operators, each operator's summary. */
export const divergenciasDosAgregados = async (
  db: DbOrTx,
  agora: Date,
  fuso: string = FUSO_PADRAO,
): Promise<Divergencia[]> => {
  const divergencias = [
    ...comparar(
      'dashboard',
      await resumoAdminDashboard(db, agora, fuso),
      await resumoAdminDashboardDireto(db, agora, fuso),
    ),
    ...comparar(
      'gráfico mensal',
      await graficoMensal(db, agora, fuso),
      await graficoMensalDireto(db, agora, fuso),
    ),
    ...comparar(
      'operadores',
      await operadoresDoMes(db, agora, fuso),
      await operadoresDoMesDireto(db, agora, fuso),
    ),
  ];
  const operadores = await db.select({ id: usuarios.id }).from(usuarios).where(eq(usuarios.role, 'operador'));
  for (const { id } of operadores) {
    const contas = new ContasDoOperador(db, { operadorId: id });
    divergencias.push(
      ...comparar(
        `resumo das contas do operador #${id}`,
        await contas.resumir(agora, fuso),
        await contas.resumirDireto(agora, fuso),
      ),
    );
  }
  // Every owner, the unassigned (0) and any non-operator too, down to the due date.
  const [abertas] = linhasDe<{ diferentes: unknown }>(
    await db.execute(sql`
      SELECT count(*) AS diferentes
      FROM (
        SELECT operador_id, vencimento, sum(contas) AS contas, sum(centavos) AS centavos
        FROM agregados_abertas GROUP BY 1, 2
      ) a
      FULL JOIN (
        SELECT coalesce(c.operador_id, 0) AS operador_id, cr.vencimento, count(*) AS contas,
          sum(cr.valor_centavos - cr.valor_pago_centavos) AS centavos
        FROM contas_receber cr JOIN clientes c ON c.id = cr.cliente_id
        WHERE cr.status = 'aberta' GROUP BY 1, 2
      ) d USING (operador_id, vencimento)
      WHERE coalesce(a.contas, 0) <> coalesce(d.contas, 0) OR coalesce(a.centavos, 0) <> coalesce(d.centavos, 0)`),
  );
  divergencias.push(...comparar('contas abertas por operador e vencimento', Number(abertas?.diferentes), 0));
  const [listas] = linhasDe<{ diferentes: unknown }>(
    await db.execute(sql`
      SELECT count(*) AS diferentes
      FROM (SELECT operador_id, status, sum(clientes) AS clientes FROM agregados_clientes_lista GROUP BY 1, 2) a
      FULL JOIN (
        SELECT coalesce(operador_id, 0) AS operador_id, status, count(*) AS clientes FROM clientes GROUP BY 1, 2
      ) d USING (operador_id, status)
      WHERE coalesce(a.clientes, 0) <> coalesce(d.clientes, 0)`),
  );
  divergencias.push(...comparar('clientes por operador e situação', Number(listas?.diferentes), 0));
  divergencias.push(...comparar('contadores por dia', await contadoresDiferentes(db), []));
  return divergencias;
};

// Each counter of agregados_dia recomputed from its base table, written apart from the triggers' SQL.
const CONTADORES_DIRETOS = sql`
  WITH f AS (SELECT agregados_fuso() AS fuso),
  enviadas AS (
    SELECT (enviada_em AT TIME ZONE f.fuso)::date AS dia, autor_id, cliente_id FROM mensagens, f
    WHERE direcao = 'saida' AND status IN ('enviada', 'entregue', 'lida') AND enviada_em IS NOT NULL
  ),
  recebidas AS (
    SELECT (created_at AT TIME ZONE f.fuso)::date AS dia, cliente_id FROM mensagens, f WHERE direcao = 'entrada'
  )
  SELECT 'vencido' AS metrica, vencimento AS dia, 0 AS operador_id, sum(valor_centavos) AS valor
    FROM contas_receber WHERE status <> 'cancelada' GROUP BY 2
  UNION ALL SELECT 'devido', vencimento, 0, sum(valor_centavos)
    FROM contas_receber WHERE status NOT IN ('cancelada', 'negociada') GROUP BY 2
  UNION ALL SELECT 'devido_pago', vencimento, 0, sum(valor_pago_centavos)
    FROM contas_receber WHERE status NOT IN ('cancelada', 'negociada') GROUP BY 2
  UNION ALL SELECT 'aberto_contas', vencimento, 0, count(*) FROM contas_receber WHERE status = 'aberta' GROUP BY 2
  UNION ALL SELECT 'aberto_centavos', vencimento, 0, sum(valor_centavos - valor_pago_centavos)
    FROM contas_receber WHERE status = 'aberta' GROUP BY 2
  UNION ALL SELECT 'cobrado', data, 0, sum(valor_centavos) FROM pagamentos GROUP BY 2
  UNION ALL SELECT 'cobrado_pix', data, 0, sum(valor_centavos) FROM pagamentos WHERE pix_recebido_id IS NOT NULL GROUP BY 2
  UNION ALL SELECT 'enviadas', dia, 0, count(*) FROM enviadas GROUP BY 2
  UNION ALL SELECT 'enviadas_autor', dia, autor_id, count(*) FROM enviadas WHERE autor_id IS NOT NULL GROUP BY 2, 3
  UNION ALL SELECT 'recebidas', dia, 0, count(*) FROM recebidas GROUP BY 2
  UNION ALL SELECT 'chamadas', (created_at AT TIME ZONE f.fuso)::date, operador_id, count(*)
    FROM chamadas, f WHERE operador_id IS NOT NULL GROUP BY 2, 3
  UNION ALL SELECT 'clientes_saida', date_trunc('month', dia)::date, 0, count(DISTINCT cliente_id)
    FROM enviadas WHERE cliente_id IS NOT NULL GROUP BY 2
  UNION ALL SELECT 'clientes_entrada', date_trunc('month', dia)::date, 0, count(DISTINCT cliente_id)
    FROM recebidas WHERE cliente_id IS NOT NULL GROUP BY 2`;

type Contador = { metrica: string; dia: string; operador_id: number; agregado: string; direto: string };

/** The (metrica, dia, operador) counters whose read model differs from the base tables; at most 20. */
const contadoresDiferentes = async (db: DbOrTx): Promise<Contador[]> =>
  linhasDe<Contador>(
    await db.execute(sql`
      SELECT metrica, to_char(dia, 'YYYY-MM-DD') AS dia, operador_id,
        coalesce(a.valor, 0)::text AS agregado, coalesce(d.valor, 0)::text AS direto
      FROM (SELECT metrica, dia, operador_id, sum(valor) AS valor FROM agregados_dia GROUP BY 1, 2, 3) a
      FULL JOIN (${CONTADORES_DIRETOS}) d USING (metrica, dia, operador_id)
      WHERE coalesce(a.valor, 0) <> coalesce(d.valor, 0)
      ORDER BY 1, 2, 3 LIMIT 20`),
  );

/** Rebuilds every read model from the base tables, in one transaction (writers wait for its end). */
export const recalcularAgregados = async (db: DbOrTx): Promise<void> => {
  await db.execute(sql`SELECT recalcular_agregados()`);
};
