import type { CanalDriver } from '../canal.ts';
import { criarSimulador } from '../simulador.ts';
import type { SmsConfigurado } from './sms-settings.repository.ts';
import { enviarSmsZenvia } from './zenvia.ts';

// The SMS channel (docs/produto.md §12): Zenvia, or the simulator; null when Zenvia is chosen without its
// token or sender (the channel is not configured and routing skips it).

export const criarCanalSms = (cfg: SmsConfigurado): CanalDriver | null => {
  if (cfg.provedor === 'simulador') return criarSimulador('sms');
  const zenvia = cfg.zenvia;
  if (!zenvia) return null;
  return {
    canal: 'sms',
    provedor: 'zenvia',
    enviar: (envio) =>
      enviarSmsZenvia(zenvia, {
        mensagemId: envio.mensagemId,
        para: envio.telefone ?? '',
        texto: envio.conteudo,
      }),
  };
};
