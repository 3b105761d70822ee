import type { SistemaSettings } from '@cobranca/contracts';
import { ordenarEtapas } from '../regua/etapas.ts';
import type { Sorteio } from './prng.ts';

export type Empresa = { nome: string; documento: string };
export type EtapaRegua = SistemaSettings['regua'][number];

/** What every demo planner shares: the PRNG, "now", the creditor and running document numbers. */
export type Contexto = {
  s: Sorteio;
  agora: Date;
  /** Today in America/Sao_Paulo, 'YYYY-MM-DD'. */
  hoje: string;
  empresa: Empresa;
  /** The configured régua steps, so the demo history matches what the engine would have sent. */
  regua: readonly EtapaRegua[];
  contador: { nota: number; pedido: number; historico: number; promessas: number };
};

export const criarContexto = (
  s: Sorteio,
  agora: Date,
  hoje: string,
  configuracao: { empresa: Empresa; regua: readonly EtapaRegua[] },
): Contexto => ({
  s,
  agora,
  hoje,
  empresa: configuracao.empresa,
  // One message per step and receivable, the steps as the engine orders them (one listed twice counts once).
  regua: ordenarEtapas(configuracao.regua),
  contador: { nota: 12_000, pedido: 4_800, historico: 0, promessas: 0 },
});

/** The earlier of two instants: demo events never lie in the future. */
export const ate = (instante: Date, limite: Date): Date => (instante < limite ? instante : limite);
