import { inArray } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { pixRecebidos } from '../../db/schema/index.ts';
import { buscarConfiguracao, salvarConfiguracao } from '../configuracoes/configuracoes.repository.ts';
import { ErroApiPix } from '../pix/api-pix-erros.ts';
import { cobrancasARemoverNoPsp, marcarRemovidaNoPsp } from '../pix/cobrancas.repository.ts';
import { cobrarParcelasDeAcordo } from '../pix/parcelas-acordo.ts';
import { provedorPixAtivo } from '../pix/provedor-ativo.ts';
import { registrarPixConfirmado } from './liquidacao.service.ts';
import { processarNotificacoesPix } from './notificacoes-pix.service.ts';

// What keeps PIX in step with the PSP (docs/produto.md §21), run by the engine: notifications still to
// confirm, charges still to remove at the PSP, agreement instalments still without their charge, and the periodic reconciliation that lists what the PSP
// received since the last checkpoint and records any confirmed PIX of ours that is missing.

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
    if ((await registrarPixConfirmado(db, appKey, pix, 'conciliacao')).situacao !== 'repetido')
      recuperados += 1;
  await salvarConfiguracao(
    db,
    CHECKPOINT_KEY,
    { ate: agora.toISOString(), executada_em: new Date().toISOString(), recuperados },
    null,
  );
  return recuperados;
};

/** Removes at the PSP the charges whose debt went away; a PSP error leaves them for the next pass. */
export const removerCobrancasNoPsp = async (db: Db, appKey: Buffer): Promise<number> => {
  const pendentes = await cobrancasARemoverNoPsp(db);
  if (pendentes.length === 0) return 0;
  const { provedor } = await provedorPixAtivo(db, appKey);
  let removidas = 0;
  for (const c of pendentes) {
    try {
      await provedor.removerCobranca(c.tipo, c.txid);
    } catch (error) {
      if (!(error instanceof ErroApiPix)) throw error;
      // Already paid or removed at the PSP: nothing left to remove there.
      if (error.status !== 400 && error.status !== 404) continue;
    }
    await marcarRemovidaNoPsp(db, c.id);
    removidas += 1;
  }
  return removidas;
};

export type ResultadoManutencao = {
  confirmadas: number;
  adiadas: number;
  removidas: number;
  recuperados: number;
  parcelas_cobradas: number;
};

export const executarManutencaoPix = async (
  db: Db,
  appKey: Buffer,
  agora: Date,
  conciliar: boolean,
): Promise<ResultadoManutencao> => {
  const notificacoes = await processarNotificacoesPix(db, appKey, agora);
  return {
    confirmadas: notificacoes.confirmadas,
    adiadas: notificacoes.adiadas,
    removidas: await removerCobrancasNoPsp(db, appKey),
    recuperados: conciliar ? await conciliarPix(db, appKey, agora) : 0,
    parcelas_cobradas: (await cobrarParcelasDeAcordo(db, appKey, { agora })).criadas,
  };
};

type Log = { info(obj: object, msg: string): void; error(obj: object, msg: string): void };

/** The loop beside the engine's: every `intervaloMs`, reconciling every `conciliacaoMs`. */
export const iniciarManutencaoPix = (
  db: Db,
  appKey: Buffer,
  intervaloMs: number,
  conciliacaoMs: number,
  log?: Log,
): { parar: () => Promise<void> } => {
  let parado = false;
  let timer: NodeJS.Timeout | undefined;
  let atual: Promise<void> = Promise.resolve();
  let ultimaConciliacao = 0;
  const rodar = () => {
    const agora = new Date();
    const conciliar = agora.getTime() - ultimaConciliacao >= conciliacaoMs;
    atual = executarManutencaoPix(db, appKey, agora, conciliar)
      .then((r) => {
        if (conciliar) ultimaConciliacao = agora.getTime();
        if (r.confirmadas + r.adiadas + r.removidas + r.recuperados + r.parcelas_cobradas > 0)
          log?.info({ pix: r }, 'PIX: manutenção');
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
