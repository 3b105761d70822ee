import type { CanalDriver, EnvioCanal, ResultadoEnvio } from './canal.ts';

// The embedded channel (docs/produto.md §12): nothing leaves the machine; every message to a valid number is
// delivered at once, so the whole loop runs offline. An invalid number fails like the real channel would.

const E164 = /^\+[1-9][0-9]{7,14}$/;

export const SIMULADOR_NUMERO_INVALIDO = 'numero_invalido';

/** `agora` is injectable so tests can pin the timestamps. */
export const criarSimulador = (agora: () => Date = () => new Date()): CanalDriver => ({
  canal: 'simulador',
  enviar: async (envio: EnvioCanal): Promise<ResultadoEnvio> => {
    if (!E164.test(envio.telefone))
      return {
        ok: false,
        erroCodigo: SIMULADOR_NUMERO_INVALIDO,
        erroMensagem: `Número de telefone inválido: ${envio.telefone}`,
        transitorio: false,
      };
    const instante = agora();
    return {
      ok: true,
      // Our own id makes the channel id unique per message without any state in the simulator.
      canalMensagemId: `sim-${envio.mensagemId}`,
      status: 'entregue',
      enviadaEm: instante,
      entregueEm: instante,
    };
  },
});
