import { inArray } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { pixRecebidos } from '../../db/schema/index.ts';
import { enfileirar } from '../../fila/enfileirar.ts';
import { buscarConfiguracao, salvarConfiguracao } from '../configuracoes/configuracoes.repository.ts';
import { cobrarParcelasDeAcordo } from '../pix/parcelas-acordo.ts';
import { provedorPixAtivo } from '../pix/provedor-ativo.ts';
import { liquidarPix, pixParaLiquidar } from './jobs/liquidar-pix.job.ts';

// What keeps PIX in step with the PSP (docs/produto.md §21): the reconciliation (a scheduled job,
// jobs/conciliar.job.ts) lists what the PSP received since the last checkpoint and settles any confirmed
// PIX of ours that is missing; the engine's loop charges agreement instalments still without a charge.

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

export type ResultadoManutencao = { parcelas_cobradas: number };

/** Agreement instalments still without their charge (the terms' post-commit step failed at the PSP). */
export const executarManutencaoPix = async (
  db: Db,
  appKey: Buffer,
  agora: Date,
): Promise<ResultadoManutencao> => ({
  parcelas_cobradas: (await cobrarParcelasDeAcordo(db, appKey, { agora })).criadas,
});

type Log = { info(obj: object, msg: string): void; error(obj: object, msg: string): void };

/** The loop beside the engine's, every `intervaloMs`. */
export const iniciarManutencaoPix = (
  db: Db,
  appKey: Buffer,
  intervaloMs: number,
  log?: Log,
): { parar: () => Promise<void> } => {
  let parado = false;
  let timer: NodeJS.Timeout | undefined;
  let atual: Promise<void> = Promise.resolve();
  const rodar = () => {
    atual = executarManutencaoPix(db, appKey, new Date())
      .then((r) => {
        if (r.parcelas_cobradas > 0) log?.info({ pix: r }, 'PIX: manutenção');
      })
      .catch((err: unknown) => log?.error({ err }, 'PIX: manutenção falhou'))
      .finally(() => {
        if (!parado) timer = setTimeout(rodar, intervaloMs);
      });
  };
  rodar();
  return {
    parar: async () => {
      parado = true;
      clearTimeout(timer);
      await atual;
    },
  };
};
