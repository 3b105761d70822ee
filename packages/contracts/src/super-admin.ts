import { z } from 'zod';
import { DATABASE_KINDS } from './health.ts';
import { whatsappStatus } from './mensagens.ts';
import { PIX_CONEXAO_STATUSES, PIX_PROVEDORES } from './pix.ts';

export const automacaoBody = z.strictObject({ ativa: z.boolean({ error: 'Informe ativa: true ou false.' }) });
export const automacaoResponse = z.object({ ativa: z.boolean() });

export const reguaExecucaoResumo = z.object({
  iniciada_em: z.iso.datetime(),
  concluida_em: z.iso.datetime().nullable(),
  worker: z.string(),
  contagens: z.record(z.string(), z.number()).nullable(),
  erro: z.string().nullable(),
});

/**
 * The engine's activity over the last 24 hours: runs started, runs that ended with an error, and each
 * count (planejadas, enviadas…) summed over them — most single passes have nothing to do.
 */
export const reguaResumo24h = z.object({
  execucoes: z.number().int(),
  com_erro: z.number().int(),
  contagens: z.record(z.string(), z.number()),
});
export type ReguaResumo24h = z.infer<typeof reguaResumo24h>;

/**
 * PIX in the health panel (docs/produto.md §16, §21): the provider and its last known connection, the
 * last reconciliation with the PSP, notifications still to confirm, unmatched credits an admin has to
 * assign, and charges still to remove at the PSP.
 */
export const saudePix = z.object({
  provedor: z.enum(PIX_PROVEDORES),
  status: z.enum(PIX_CONEXAO_STATUSES),
  mensagem: z.string().nullable(),
  verificado_em: z.iso.datetime().nullable(),
  /** null until the first reconciliation (the simulator never reconciles). */
  ultima_conciliacao: z
    .object({ executada_em: z.iso.datetime(), ate: z.iso.datetime(), recuperados: z.number().int() })
    .nullable(),
  notificacoes_pendentes: z.object({
    quantidade: z.number().int(),
    mais_antiga_em: z.iso.datetime().nullable(),
    /** Age of the oldest, in whole seconds at the time of the answer. */
    mais_antiga_ha_segundos: z.number().int().nullable(),
  }),
  creditos_sem_correspondencia: z.object({ quantidade: z.number().int(), total: z.number() }),
  remocoes_pendentes: z.number().int(),
  /**
   * Outgoing messages put back in the outbox because the PSP could not create their charge yet
   * (still `pendente`), and when the oldest of them is tried again.
   */
  mensagens_aguardando_cobranca: z.object({
    quantidade: z.number().int(),
    mais_antiga_proxima_tentativa_em: z.iso.datetime().nullable(),
  }),
});
export type SaudePix = z.infer<typeof saudePix>;

/** System health for the super admin (docs/produto.md §16). */
export const saudeResponse = z.object({
  versao: z.string(),
  banco: z.enum(DATABASE_KINDS),
  fila_pendente: z.number().int(),
  ultima_execucao_regua: reguaExecucaoResumo.nullable(),
  regua_24h: reguaResumo24h,
  canal: whatsappStatus,
  automacao_ativa: z.boolean(),
  pix: saudePix,
});
export type Saude = z.infer<typeof saudeResponse>;

/** One job type of the durable queue (docs/efeitos-colaterais.md §5). */
export const tarefaTipo = z.object({
  nome: z.string(),
  /** What the job does, in pt-BR, for the panel. */
  descricao: z.string(),
  aguardando: z.number().int(),
  em_execucao: z.number().int(),
  /** Jobs whose last try failed, or that succeeded after failing, in the last 24 h. */
  falhas_24h: z.number().int(),
  mortas: z.number().int(),
  /** Age of the oldest waiting job, in whole seconds at the time of the answer. */
  mais_antiga_aguardando_ha_segundos: z.number().int().nullable(),
});

export const tarefaMorta = z.object({
  /** pg-boss's uuid. */
  id: z.string(),
  nome: z.string(),
  chave: z.string().nullable(),
  tentativas: z.number().int(),
  erro: z.string().nullable(),
  criada_em: z.iso.datetime(),
  morreu_em: z.iso.datetime().nullable(),
});
export type TarefaMorta = z.infer<typeof tarefaMorta>;

export const tarefasResponse = z.object({
  tipos: z.array(tarefaTipo),
  /** The 50 most recent dead jobs. */
  mortas: z.array(tarefaMorta),
});
export type TarefasResponse = z.infer<typeof tarefasResponse>;

export const tarefaIdParam = z.object({ id: z.uuid({ error: 'Identificador de tarefa inválido.' }) });
