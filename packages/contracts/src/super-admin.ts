import { z } from 'zod';
import { DATABASE_KINDS } from './health.ts';
import { whatsappStatus } from './mensagens.ts';

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

/** System health for the super admin (docs/produto.md §16). */
export const saudeResponse = z.object({
  versao: z.string(),
  banco: z.enum(DATABASE_KINDS),
  fila_pendente: z.number().int(),
  ultima_execucao_regua: reguaExecucaoResumo.nullable(),
  regua_24h: reguaResumo24h,
  canal: whatsappStatus,
  automacao_ativa: z.boolean(),
});
export type Saude = z.infer<typeof saudeResponse>;
