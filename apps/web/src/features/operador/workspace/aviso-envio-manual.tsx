import type { CanalOperador, JanelaEnvio, MensagemView } from '@cobranca/contracts';
import Alert from '@mui/material/Alert';
import { quando } from '../../../lib/situacao-envio.ts';

const VINTE_QUATRO_HORAS_MS = 24 * 3_600_000;

/** Whether the WhatsApp customer service window (24 h since the customer last wrote) is closed. */
export const conversaFechada = (mensagens: MensagemView[], agora = new Date()): boolean => {
  const ultima = mensagens.findLast((m) => m.direcao === 'entrada');
  return !ultima || agora.getTime() - Date.parse(ultima.created_at) >= VINTE_QUATRO_HORAS_MS;
};

type Props = {
  janela: JanelaEnvio | undefined;
  canal: CanalOperador | undefined;
  mensagens: MensagemView[] | undefined;
};

/**
 * What an operator should know before writing (docs/produto.md §12): outside the company's sending
 * hours their message still goes at once; on the Cloud API, 24 h after the customer's last message
 * WhatsApp accepts only an approved template, so free text will be refused.
 */
export const AvisoEnvioManual = ({ janela, canal, mensagens }: Props) => {
  const foraDaJanela = janela && !janela.aberta && janela.abre_em;
  const fechada = canal?.provedor === 'whatsapp_cloud' && mensagens && conversaFechada(mensagens);
  if (!foraDaJanela && !fechada) return null;
  return (
    <Alert severity="warning" sx={{ mx: 2, mt: 1, py: 0 }} aria-live="polite">
      {foraDaJanela && (
        <>
          Fora do horário de envio da empresa (volta {quando(new Date(janela.abre_em ?? ''), new Date())}):
          sua mensagem sai na hora, confira se é adequado escrever agora.{' '}
        </>
      )}
      {fechada && (
        <>
          O cliente não escreve há mais de 24 horas: pela regra do WhatsApp, só um modelo aprovado pode ser
          enviado, e texto livre será recusado.
        </>
      )}
    </Alert>
  );
};
