import type { SistemaSettings } from '@cobranca/contracts';
import { hojeNoFuso, instanteNoFuso } from '@cobranca/dominio';
import { eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { reguaExecucoes } from '../../db/schema/index.ts';
import type { Relogio } from '../../lib/relogio.ts';
import type { Canais } from '../canais/canal.ts';
import { buscarKillSwitchAtivo, buscarSistemaSettings } from '../configuracoes/configuracoes.repository.ts';
import { marcarImportacoesInterrompidas } from '../importacoes/importacao.service.ts';
import type { ProvedorConfigurado } from '../pix/configuracao/provedor-ativo.ts';
import { horarioDoDia } from './calendario.ts';
import { enviarPendentes } from './enviador.ts';
import { carregarTemplates, planejarRegua } from './planejador.ts';
import { quebrarPromessasVencidas } from './promessas-vencidas.ts';

// One pass of the collection engine (docs/produto.md §11): broken promises back to collection, planning
// (one planner at a time), then sending whatever is due. In a running system the two halves run apart:
// planning as the scheduled job `regua.planejar` (once per period across every process), sending in
// each process's paced outbox loop (decision 031). Each pass is recorded in regua_execucoes with its
// counts, for the super admin's health panel and the logs.

export type DepsMotor = {
  db: Db;
  /** APP_KEY, for the portal links of the messages sent (decision 029). */
  appKey: Buffer;
  /** Each channel's driver as configured now (null: not configured). */
  canaisDe: () => Promise<Canais>;
  /** The PIX provider for the messages' charges (default: the embedded simulator). */
  pixDe?: () => Promise<ProvedorConfigurado>;
  relogio: Relogio;
  /** Names the process in the run history (host:pid, "cli", "embutido"). */
  worker: string;
  aleatorio?: () => number;
  log?: {
    info(obj: object, msg: string): void;
    warn(obj: object, msg: string): void;
    error(obj: object, msg: string): void;
  };
};

type ContagensPlanejamento = {
  planejadas: number;
  puladas: number;
  adiadas: number;
  promessas_quebradas: number;
  importacoes_interrompidas: number;
};
type ContagensEnvio = { enviadas: number; falhas: number; reagendadas: number; canceladas: number };

/** The counts of the halves that ran: a sending pass says nothing of planning, and the other way round. */
export type ContagensPassada = Partial<ContagensPlanejamento & ContagensEnvio>;

const HISTORICO_DIAS = 14;

/** The settings and whether automatic sending is allowed (the super admin's kill switch and the admin's switch). */
export const estadoDaAutomacao = async (db: Db) => {
  const [settings, killSwitch] = await Promise.all([buscarSistemaSettings(db), buscarKillSwitchAtivo(db)]);
  return { settings, automacaoLigada: killSwitch && settings.automacao_ativa };
};

/** Planning happens on sending days until that day's window closes (what is planned goes out today). */
const podePlanejar = (agora: Date, settings: SistemaSettings): boolean => {
  const hoje = hojeNoFuso(agora, settings.fuso_horario);
  const horario = horarioDoDia(hoje, settings.janela_envio);
  return horario !== null && agora < instanteNoFuso(hoje, horario.fim, settings.fuso_horario);
};

/** Which halves of the pass run (the CLI and the tests run both). */
export type EtapasPassada = { planejar: boolean; enviar: boolean };

const planejar = async (deps: DepsMotor, agora: Date): Promise<ContagensPlanejamento> => {
  const { db } = deps;
  // Settings first: "today" is a date in their time zone.
  const { settings, automacaoLigada } = await estadoDaAutomacao(db);
  const hoje = hojeNoFuso(agora, settings.fuso_horario);
  const promessas_quebradas = await quebrarPromessasVencidas(db, hoje);
  const importacoes_interrompidas = await marcarImportacoesInterrompidas(db, agora);
  const plano =
    automacaoLigada && podePlanejar(agora, settings)
      ? await planejarRegua(db, {
          settings,
          hoje,
          canais: await deps.canaisDe(),
          templates: await carregarTemplates(db),
        })
      : null;
  return {
    planejadas: plano?.planejadas ?? 0,
    puladas: plano?.puladas ?? 0,
    adiadas: plano?.adiadas ?? 0,
    promessas_quebradas,
    importacoes_interrompidas,
  };
};

export const executarPassada = async (
  deps: DepsMotor,
  sinal?: AbortSignal,
  etapas: EtapasPassada = { planejar: true, enviar: true },
): Promise<ContagensPassada> => {
  const { db, relogio } = deps;
  const [execucao] = await db
    .insert(reguaExecucoes)
    .values({ worker: deps.worker, iniciadaEm: relogio.agora() })
    .returning({ id: reguaExecucoes.id });
  if (!execucao) throw new Error('insert de execução da régua não devolveu a linha');
  try {
    const agora = relogio.agora();
    const contagens: Record<string, number> = {
      ...(etapas.planejar ? await planejar(deps, agora) : {}),
      ...(etapas.enviar ? await enviarPendentes(deps, () => estadoDaAutomacao(db), sinal) : {}),
    };
    await db
      .update(reguaExecucoes)
      .set({ concluidaEm: relogio.agora(), contagens })
      .where(eq(reguaExecucoes.id, execucao.id));
    await db
      .delete(reguaExecucoes)
      .where(
        lt(
          reguaExecucoes.iniciadaEm,
          sql`${agora.toISOString()}::timestamptz - ${`${HISTORICO_DIAS} days`}::interval`,
        ),
      );
    return contagens;
  } catch (error) {
    const erro = error instanceof Error ? error.message : String(error);
    await db
      .update(reguaExecucoes)
      .set({ concluidaEm: relogio.agora(), erro })
      .where(eq(reguaExecucoes.id, execucao.id))
      .catch(() => {});
    throw error;
  }
};

/** Whether a pass did anything worth a log line. */
export const algoAconteceu = (c: ContagensPassada) => Object.values(c).some((v) => (v ?? 0) > 0);

export type Motor = { parar(): Promise<void> };

/**
 * Sends what is due every `intervaloMs` until stopped (planning is the `regua.planejar` job); a failed
 * pass is logged and the next one tries again. `imediato: false` waits one interval first (inside the
 * server: on PGlite a pass shares the event loop, and the first requests after start-up should not
 * queue behind it).
 */
export const iniciarMotor = (deps: DepsMotor, intervaloMs: number, { imediato = true } = {}): Motor => {
  const controle = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  let atual: Promise<void> = Promise.resolve();
  const rodar = () => {
    atual = executarPassada(deps, controle.signal, { planejar: false, enviar: true })
      .then((contagens) => {
        if (algoAconteceu(contagens)) deps.log?.info({ regua: contagens }, 'régua: passada concluída');
      })
      .catch((err: unknown) => deps.log?.error({ err }, 'régua: passada falhou'))
      .finally(() => {
        if (!controle.signal.aborted) timer = setTimeout(rodar, intervaloMs);
      });
  };
  if (imediato) rodar();
  else timer = setTimeout(rodar, intervaloMs);
  return {
    parar: async () => {
      controle.abort();
      clearTimeout(timer);
      await atual;
    },
  };
};
