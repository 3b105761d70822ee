import { inArray } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../../db/client.ts';
import { pixRecebidos } from '../../../db/schema/index.ts';
import { enfileirar } from '../../../fila/enfileirar.ts';
import { buscarConfiguracao, salvarConfiguracao } from '../../configuracoes/configuracoes.repository.ts';
import { provedorPixAtivo } from '../configuracao/provedor-ativo.ts';
import { liquidarPix, pixParaLiquidar } from './jobs/liquidar-pix.job.ts';

// The reconciliation with the PSP (docs/produto.md §21), run by a scheduled job (jobs/conciliar.job.ts):
// lists what the PSP received since the last checkpoint and settles any confirmed PIX of ours that is
// missing, through the same settlement job as a notification.

const CHECKPOINT_KEY = 'pix_conciliacao';
const checkpoint = z.object({
  ate: z.iso.datetime(),
  executada_em: z.iso.datetime(),
  recuperados: z.number().int(),
});
export type CheckpointConciliacao = z.infer<typeof checkpoint>;

// A PIX settled a moment before the last checkpoint may be listed late by the PSP.
const SOBREPOSICAO_MS = 10 * 60_000;
// The first reconciliation looks back one day.
const PRIMEIRA_JANELA_MS = 24 * 3_600_000;

export const buscarCheckpointConciliacao = async (db: Db): Promise<CheckpointConciliacao | null> => {
  const lido = checkpoint.safeParse(await buscarConfiguracao(db, CHECKPOINT_KEY));
  return lido.success ? lido.data : null;
};

/** Lists the PSP's received PIX since the checkpoint and records those with a txid that are missing. */
export const conciliarPix = async (db: Db, appKey: Buffer, agora = new Date()): Promise<number> => {
  const { provedor } = await provedorPixAtivo(db, appKey);
  if (provedor.provedor === 'simulador') return 0;
  const anterior = await buscarCheckpointConciliacao(db);
  const inicio = new Date(
    anterior ? new Date(anterior.ate).getTime() - SOBREPOSICAO_MS : agora.getTime() - PRIMEIRA_JANELA_MS,
  );
  const recebidos = (await provedor.listarPix(inicio, agora)).filter((p) => p.txid);
  const conhecidos = new Set(
    recebidos.length === 0
      ? []
      : (
          await db
            .select({ e2e: pixRecebidos.endToEndId })
            .from(pixRecebidos)
            .where(
              inArray(
                pixRecebidos.endToEndId,
                recebidos.map((p) => p.endToEndId),
              ),
            )
        ).map((r) => r.e2e),
  );
  let recuperados = 0;
  for (const pix of recebidos.filter((p) => !conhecidos.has(p.endToEndId)))
    if (await enfileirar(db, liquidarPix, pixParaLiquidar(pix, 'conciliacao'))) recuperados += 1;
  await salvarConfiguracao(
    db,
    CHECKPOINT_KEY,
    { ate: agora.toISOString(), executada_em: new Date().toISOString(), recuperados },
    null,
  );
  return recuperados;
};
