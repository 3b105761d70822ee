import type { Canal } from '@cobranca/contracts';
import type { CanalDriver, EnvioCanal, ResultadoEnvio } from './canal.ts';

// The embedded channels (docs/produto.md §12): nothing leaves the machine. WhatsApp and SMS to a valid
// number are delivered at once; an e-mail is only ever "sent" (e-mail cannot know delivery), so the whole
// loop runs offline and says only what the real channel could. An invalid address fails like the real one.

const E164 = /^\+[1-9][0-9]{7,14}$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const SIMULADOR_NUMERO_INVALIDO = 'numero_invalido';
export const SIMULADOR_EMAIL_INVALIDO = 'email_invalido';

const invalido = (codigo: string, mensagem: string): ResultadoEnvio => ({
  ok: false,
  erroCodigo: codigo,
  erroMensagem: mensagem,
  transitorio: false,
});

const falhaDoDestino = (canal: Canal, envio: EnvioCanal): ResultadoEnvio | null => {
  if (canal === 'email') {
    const para = envio.email ?? '';
    return EMAIL.test(para)
      ? null
      : invalido(SIMULADOR_EMAIL_INVALIDO, `Endereço de e-mail inválido: ${para}`);
  }
  const telefone = envio.telefone ?? '';
  return E164.test(telefone)
    ? null
    : invalido(SIMULADOR_NUMERO_INVALIDO, `Número de telefone inválido: ${telefone}`);
};

/** `agora` is injectable so tests can pin the timestamps. */
export const criarSimulador = (
  canal: Canal = 'whatsapp',
  agora: () => Date = () => new Date(),
): CanalDriver => ({
  canal,
  provedor: 'simulador',
  enviar: async (envio: EnvioCanal): Promise<ResultadoEnvio> => {
    const falha = falhaDoDestino(canal, envio);
    if (falha) return falha;
    const instante = agora();
    // E-mail never learns delivery; an SMS's comes in a later report (the outbox page can fail it).
    const entregue = canal === 'whatsapp';
    return {
      ok: true,
      // Our own id makes the channel id unique per message without any state in the simulator; an
      // e-mail's has the shape of a Message-ID.
      canalMensagemId:
        canal === 'email' ? `<sim-${envio.mensagemId}@simulador.invalid>` : `sim-${envio.mensagemId}`,
      status: entregue ? 'entregue' : 'enviada',
      enviadaEm: instante,
      entregueEm: entregue ? instante : null,
    };
  },
});
