import { openPostgres } from '../apps/api/src/db/client.ts';
import {
  type Divergencia,
  divergenciasDosAgregados,
} from '../apps/api/src/modules/agregados/agregados.service.ts';
import { buscarSistemaSettings } from '../apps/api/src/modules/configuracoes/configuracoes.repository.ts';

// After the load: do the dashboards' read models equal the base tables (docs/decisions/025-agregados.md)?
// The same comparison as `npm run cli -- agregados:recalcular`, without repairing anything.

export type ChecagemAgregados = { divergencias: number; exemplos: Divergencia[] };

const EXEMPLOS = 10;

export const checarAgregados = async (databaseUrl: string): Promise<ChecagemAgregados> => {
  const database = await openPostgres(databaseUrl, 1);
  try {
    // One snapshot for every figure: an engine pass still running on a worker must not land between
    // a read model's read and the direct aggregation it is compared with.
    const divergencias = await database.db.transaction(
      async (tx) => {
        const { fuso_horario: fuso } = await buscarSistemaSettings(tx);
        return divergenciasDosAgregados(tx, new Date(), fuso);
      },
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    );
    return { divergencias: divergencias.length, exemplos: divergencias.slice(0, EXEMPLOS) };
  } finally {
    await database.close();
  }
};
