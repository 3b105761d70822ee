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

/** One outbound message for the channel; `mensagemId` is our row id (idempotency key for the driver). */
export type EnvioCanal = {
  mensagemId: number;
  clienteId?: number | null;
  telefone: string | null;
  email?: string | null;
  /** An e-mail's subject. */
  assunto?: string | null;
  conteudo: string;
  /** The template to use when the customer has not written in the last 24 hours (null: none configured). */
  template?: TemplateCanal | null;
  /** When the customer last wrote to us (opens the Cloud API's 24-hour window); null: never. */
  ultimaEntradaEm?: Date | null;
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
export const PROVEDORES_COM_CONFIRMACAO: readonly ProvedorMensagem[] = ['whatsapp_cloud', 'zenvia'];

export type CanalDriver = {
  readonly canal: Canal;
  readonly provedor: ProvedorMensagem;
  /** The channel's own pace (e-mail: the relay's per-minute rate); absent: the system's channel rate. */
  readonly porSegundo?: number;
  enviar(envio: EnvioCanal): Promise<ResultadoEnvio>;
  /**
   * The work a send needs before it reaches the service (an e-mail's data and layout), done ahead of the
   * message's slot so that the slot paces the hand-off itself; answers the hand-off.
   */
  preparar?(envio: EnvioCanal): Promise<() => Promise<ResultadoEnvio>>;
};

/** Each channel's driver as configured now; null: the channel is not configured (docs/produto.md §12). */
export type Canais = Readonly<Record<Canal, CanalDriver | null>>;

/** Only WhatsApp (tests and tools that exercise one channel). */
export const soWhatsapp = (whatsapp: CanalDriver): Canais => ({ whatsapp, email: null, sms: null });

/** A channel a message was routed to and that is no longer configured: it fails for good (the next one goes). */
export const canalNaoConfigurado = (canal: Canal): CanalDriver => ({
  canal,
  provedor: 'simulador',
  enviar: async () => ({
    ok: false,
    erroCodigo: 'canal_nao_configurado',
    erroMensagem: `O canal ${canal} não está configurado: a mensagem segue pelo próximo canal, se houver.`,
    transitorio: false,
  }),
});

/** The channels with a driver. */
export const configurados = (canais: Canais): ReadonlySet<Canal> =>
  new Set((Object.keys(canais) as Canal[]).filter((c) => canais[c] !== null));

/** The Cloud API's customer-service window: free text only within 24 h of the customer's last message. */
export const JANELA_ATENDIMENTO_MS = 24 * 3_600_000;

export const conversaAberta = (ultimaEntradaEm: Date | null | undefined, agora: Date): boolean =>
  ultimaEntradaEm != null && agora.getTime() - ultimaEntradaEm.getTime() < JANELA_ATENDIMENTO_MS;

const erroDoCanal = (error: unknown): ResultadoEnvio => ({
  ok: false,
  erroCodigo: 'erro_canal',
  erroMensagem: error instanceof Error ? error.message : 'Falha no canal de mensagens.',
  transitorio: true,
});

/** Sends through `canal`; a driver that throws (a bug, an unexpected response) is a transient failure. */
export const enviarPeloCanal = async (canal: CanalDriver, envio: EnvioCanal): Promise<ResultadoEnvio> => {
  try {
    return await canal.enviar(envio);
  } catch (error) {
    return erroDoCanal(error);
  }
};

/** The driver's preparation of `envio` now, and the hand-off to call on its slot (never throwing). */
export const prepararNoCanal = async (
  canal: CanalDriver,
  envio: EnvioCanal,
): Promise<() => Promise<ResultadoEnvio>> => {
  if (!canal.preparar) return () => enviarPeloCanal(canal, envio);
  try {
    const entregar = await canal.preparar(envio);
    return () => entregar().catch(erroDoCanal);
  } catch (error) {
    return async () => erroDoCanal(error);
  }
};
