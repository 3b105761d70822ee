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
  return divergencias;
};

/** Rebuilds every read model from the base tables, in one transaction (writers wait for its end). */
export const recalcularAgregados = async (db: DbOrTx): Promise<void> => {
  await db.execute(sql`SELECT recalcular_agregados()`);
};
