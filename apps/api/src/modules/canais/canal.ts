import type { Canal } from '@cobranca/contracts';

// The one driver type every messaging channel implements (STYLE habit 7, PRODUCT §5): the services
// store the message first, then hand it to the driver, then record what the driver answered.

/** One outbound message for the channel; `mensagemId` is our row id (idempotency key for the driver). */
export type EnvioCanal = { telefone: string; conteudo: string; mensagemId: number };

export type ResultadoEnvio =
  | {
      ok: true;
      canalMensagemId: string;
      /** `entregue` when the channel confirms delivery at once (the simulator does). */
      status: 'enviada' | 'entregue';
      enviadaEm: Date;
      entregueEm: Date | null;
    }
  | { ok: false; erroCodigo: string; erroMensagem: string };

export type CanalDriver = {
  readonly canal: Canal;
  enviar(envio: EnvioCanal): Promise<ResultadoEnvio>;
};
