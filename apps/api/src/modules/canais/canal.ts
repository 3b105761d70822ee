import type { Canal, ProvedorMensagem } from '@cobranca/contracts';

// The one driver type every messaging channel implements (docs/produto.md §12): the services
// store the message first, then hand it to the driver, then record what the driver answered.

/** An approved WhatsApp template: the only thing the Cloud API accepts outside the 24-hour window. */
export type TemplateCanal = { nome: string; idioma: string; parametros: string[] };

/** What a message says on one channel, and where it goes there. */
export type TextoDeCanal = {
  canal: Canal;
  telefone: string | null;
  email: string | null;
  /** An e-mail's subject (null on the other channels). */
  assunto: string | null;
  conteudo: string;
  template: TemplateCanal | null;
};

/** A channel to fall back to after a permanent failure (stored with the message, in order). */
export type AlternativaDeCanal = TextoDeCanal;

/** An e-mail as the sender prepared it (HTML and text parts, inline images, headers). */
export type EmailDoEnvio = {
  assunto: string;
  html: string;
  texto: string;
  anexos: { cid: string; nomeArquivo: string; tipo: 'image/png'; conteudo: Buffer }[];
  messageId: string;
  emRespostaA: string | null;
  referencias: string[];
  descadastro: { url: string; mailto: string } | null;
};

/** One outbound message for the channel; `mensagemId` is our row id (idempotency key for the driver). */
export type EnvioCanal = {
  mensagemId: number;
  telefone: string | null;
  conteudo: string;
  /** The template to use when the customer has not written in the last 24 hours (null: none configured). */
  template?: TemplateCanal | null;
  /** When the customer last wrote to us (opens the Cloud API's 24-hour window); null: never. */
  ultimaEntradaEm?: Date | null;
  /** The e-mail channel's address and prepared message. */
  email?: { para: string; mensagem: EmailDoEnvio } | null;
};

export type ResultadoEnvio =
  | {
      ok: true;
      canalMensagemId: string;
      /** `entregue` when the channel confirms delivery at once (the simulator does). */
      status: 'enviada' | 'entregue';
      enviadaEm: Date;
      entregueEm: Date | null;
    }
  | {
      ok: false;
      erroCodigo: string;
      erroMensagem: string;
      /** true: worth retrying later (rate limit, outage, timeout); false: will fail again (bad number, token). */
      transitorio: boolean;
    };

/**
 * Channels that report every accepted message later in a status webhook carrying our reference: a send
 * whose answer was lost can still be learned about, so it is worth waiting before sending it again.
 */
export const PROVEDORES_COM_CONFIRMACAO: readonly ProvedorMensagem[] = ['whatsapp_cloud'];

export type CanalDriver = {
  readonly canal: Canal;
  readonly provedor: ProvedorMensagem;
  enviar(envio: EnvioCanal): Promise<ResultadoEnvio>;
};

/** The Cloud API's customer-service window: free text only within 24 h of the customer's last message. */
export const JANELA_ATENDIMENTO_MS = 24 * 3_600_000;

export const conversaAberta = (ultimaEntradaEm: Date | null | undefined, agora: Date): boolean =>
  ultimaEntradaEm != null && agora.getTime() - ultimaEntradaEm.getTime() < JANELA_ATENDIMENTO_MS;

/** Sends through `canal`; a driver that throws (a bug, an unexpected response) is a transient failure. */
export const enviarPeloCanal = async (canal: CanalDriver, envio: EnvioCanal): Promise<ResultadoEnvio> => {
  try {
    return await canal.enviar(envio);
  } catch (error) {
    return {
      ok: false,
      erroCodigo: 'erro_canal',
      erroMensagem: error instanceof Error ? error.message : 'Falha no canal de mensagens.',
      transitorio: true,
    };
  }
};
