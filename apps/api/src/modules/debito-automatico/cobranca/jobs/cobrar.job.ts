import { hojeNoFuso } from '@cobranca/dominio';
import { and, eq, lte, sql } from 'drizzle-orm';
import { z } from 'zod';
import { cobrancasPix, cobrancasRecorrentes } from '../../../../db/schema/index.ts';
import { enfileirar } from '../../../../fila/enfileirar.ts';
import { definirTarefa } from '../../../../fila/tarefa.ts';
import { buscarSistemaSettings } from '../../../configuracoes/configuracoes.repository.ts';
import { cobrarParcelasRecorrentes } from '../cobrar-parcelas-recorrentes.ts';
import { lerCobrancaRecorrente } from './ler-cobranca.job.ts';

// The automatic debit's schedule (docs/pix-automatico.md §3), every hour in every process: the recurring
// charges whose D-10…D-2 window is open are created, and the PSP's charges already due are read back, so
// an attempt whose callback was lost is still applied. A run that finds nothing writes nothing.

export const PERIODO_DEBITO_SEGUNDOS = 3600;

export const cobrarDebitos = definirTarefa({
  nome: 'debito.cobrar',
  descricao: 'Criar as cobranças recorrentes do PIX Automático (D-10 a D-2) e reler as vencidas',
  payload: z.object({}),
  chave: () => 'debito.cobrar',
  politica: { tentativas: 3, esperaSegundos: 60, limiteSegundos: 600 },
  executar: async (_p, { db, appKey, log }) => {
    const resultado = await cobrarParcelasRecorrentes(db, appKey);
    if (resultado.criadas + resultado.falhas > 0)
      log.info({ resultado }, 'débito automático: cobranças recorrentes');
    const { fuso_horario } = await buscarSistemaSettings(db);
    const vencidas = await db
      .select({ txid: cobrancasPix.txid })
      .from(cobrancasRecorrentes)
      .innerJoin(cobrancasPix, eq(cobrancasPix.id, cobrancasRecorrentes.cobrancaId))
      .where(
        and(
          eq(cobrancasPix.status, 'ativa'),
          eq(cobrancasPix.provedor, 'api_pix'),
          lte(cobrancasPix.vencimento, sql`${hojeNoFuso(new Date(), fuso_horario)}::date`),
        ),
      );
    for (const { txid } of vencidas) await enfileirar(db, lerCobrancaRecorrente, { txid });
  },
});
