import type { PixConfirmado } from './provedor-pix.ts';

// PIX Automático through the payment provider (docs/pix-automatico.md): the same two implementations
// as the charges, the embedded simulator and any PSP with the API Pix recurrences.

export type StatusRecorrenciaPsp = 'CRIADA' | 'APROVADA' | 'REJEITADA' | 'EXPIRADA' | 'CANCELADA';
export type StatusCobrancaRecorrentePsp =
  | 'CRIADA'
  | 'ATIVA'
  | 'CONCLUIDA'
  | 'EXPIRADA'
  | 'REJEITADA'
  | 'CANCELADA';
export type StatusTentativaPsp = 'SOLICITADA' | 'AGENDADA' | 'PAGA' | 'CANCELADA' | 'REJEITADA' | 'EXPIRADA';

export type PedidoRecorrencia = {
  /** Ours, ≤ 35 characters: the agreement. */
  contrato: string;
  objeto: string;
  devedor: { documento: string; nome: string };
  dataInicial: string;
  dataFinal: string;
  valorCentavos: number;
  politica: 'NAO_PERMITE' | 'PERMITE_3R_7D';
  locId: number;
  /** Journey 3: the immediate charge paid with the approval. */
  txidJornada: string | null;
};

export type RecorrenciaLida = {
  idRec: string;
  status: StatusRecorrenciaPsp;
  /** How it ended, when it did: whether the payer's side ended it, and the PSP's reason. */
  encerramento: { pelaPagadora: boolean; motivo: string } | null;
};

export type ContaRecebedor = {
  agencia: string | null;
  conta: string;
  tipoConta: 'CORRENTE' | 'POUPANCA' | 'PAGAMENTO';
};

export type PedidoCobrancaRecorrente = {
  txid: string;
  idRec: string;
  vencimento: string;
  valorCentavos: number;
  descricao: string;
  /** Required by the API Pix; the simulator has no account. */
  recebedor: ContaRecebedor | null;
};

export type TentativaLida = {
  data: string;
  tipo: string;
  status: StatusTentativaPsp;
  endToEndId: string | null;
};

export type CobrancaRecorrenteLida = {
  txid: string;
  status: StatusCobrancaRecorrentePsp;
  tentativas: TentativaLida[];
  /** The PIX that paid it (the PSP's word, read back): settled like any PIX. */
  pix: PixConfirmado[];
};

export interface ProvedorRecorrencias {
  criarLocation(): Promise<{ id: number; location: string }>;
  /** The recurrence created with this location, if one was: a retried creation adopts it. */
  recorrenciaDaLocation(id: number): Promise<string | null>;
  criarRecorrencia(pedido: PedidoRecorrencia): Promise<RecorrenciaLida>;
  /** null: the provider keeps nothing to read back (the simulator) or does not know it. */
  consultarRecorrencia(idRec: string): Promise<RecorrenciaLida | null>;
  /** The journey-3 composite code: pays the immediate charge and approves the recurrence. */
  codigoDaJornada3(
    rec: { idRec: string; location: string },
    cob: { txid: string; pixCopiaECola: string },
  ): Promise<string | null>;
  cancelarRecorrencia(idRec: string): Promise<void>;
  criarCobranca(pedido: PedidoCobrancaRecorrente): Promise<CobrancaRecorrenteLida>;
  consultarCobranca(txid: string): Promise<CobrancaRecorrenteLida | null>;
  cancelarCobranca(txid: string): Promise<void>;
  /** A retry on `data`; null when the provider keeps nothing to answer with (the simulator). */
  retentar(txid: string, data: string): Promise<CobrancaRecorrenteLida | null>;
}
