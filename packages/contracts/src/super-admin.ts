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

/** System health for the super admin (PRODUCT §7). */
export const saudeResponse = z.object({
  versao: z.string(),
  banco: z.enum(DATABASE_KINDS),
  fila_pendente: z.number().int(),
  ultima_execucao_regua: reguaExecucaoResumo.nullable(),
  canal: whatsappStatus,
  automacao_ativa: z.boolean(),
});
export type Saude = z.infer<typeof saudeResponse>;
