import type { PixProvedor } from '@cobranca/contracts';
import type { PercentuaisEncargos } from '@cobranca/dominio';
import type { ProvedorRecorrencias } from './provedor-recorrencias.ts';

// One driver type, two implementations (docs/produto.md §21): the embedded simulator and any PSP that
// implements the Banco Central API Pix v2. Charges, removal and reading back received PIX go through it.

export type TipoCobrancaPix = 'cob' | 'cobv';

export type PedidoCobranca = {
  txid: string;
  tipo: TipoCobrancaPix;
  /** cob: today's updated amount; cobv: the principal, to which the PSP adds multa and juros. */
  valorCentavos: number;
  /** cob: seconds until it expires (before the amount changes). */
  expiracaoSegundos: number | null;
  /** cobv: due date and days it stays payable after it. */
  vencimento: string | null;
  validadeAposVencimentoDias: number;
  percentuais: PercentuaisEncargos;
  /** CPF or CNPJ digits; null when the customer has neither (then only `cob`). */
  devedor: { documento: string; nome: string } | null;
  /** Shown to the payer by the bank app (≤ 140 characters). */
  solicitacao: string;
  /** For the simulator's BR Code; a PSP puts its own. */
  recebedor: { nome: string; cidade: string };
};

export type CobrancaCriada = { pixCopiaECola: string; location: string | null };

/** A charge the PSP holds, as far as telling whether it is the one we would ask for now. */
export type CobrancaNoProvedor = CobrancaCriada & {
  tipo: TipoCobrancaPix;
  ativa: boolean;
  valorCentavos: number;
  vencimento: string | null;
  documentoDevedor: string | null;
};

/** A PIX the provider says it received: its amount wins over anything a notification claimed. */
export type PixConfirmado = {
  endToEndId: string;
  txid: string | null;
  valorCentavos: number;
  horario: Date;
  pagador: { nome: string | null; documento: string | null } | null;
};

export interface ProvedorPix {
  readonly provedor: PixProvedor;
  criarCobranca(pedido: PedidoCobranca): Promise<CobrancaCriada>;
  removerCobranca(tipo: TipoCobrancaPix, txid: string): Promise<void>;
  /** null: the PSP holds no charge of this type under this txid. */
  consultarCobranca(tipo: TipoCobrancaPix, txid: string): Promise<CobrancaNoProvedor | null>;
  /** null: the PSP does not know this endToEndId (a forged or mistaken notification). */
  consultarPix(endToEndId: string): Promise<PixConfirmado | null>;
  /** Every PIX received between two instants, all pages. */
  listarPix(inicio: Date, fim: Date): Promise<PixConfirmado[]>;
  /** Gets a token and registers our webhook (API Pix `PUT /webhook/{chave}`). */
  registrarWebhook(webhookUrl: string): Promise<void>;
  /** PIX Automático (docs/pix-automatico.md): recurrences and recurring charges. */
  readonly recorrencias: ProvedorRecorrencias;
}
