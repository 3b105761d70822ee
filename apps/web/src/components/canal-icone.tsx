import { CANAL_ROTULOS, type CanalMensagem } from '@cobranca/contracts';
import type { SvgIconComponent } from '@mui/icons-material';
import EmailIcon from '@mui/icons-material/Email';
import LanguageIcon from '@mui/icons-material/Language';
import SmsIcon from '@mui/icons-material/Sms';
import WhatsAppIcon from '@mui/icons-material/WhatsApp';
import type { SxProps, Theme } from '@mui/material/styles';

export const CANAL_ICONES: Record<CanalMensagem, SvgIconComponent> = {
  whatsapp: WhatsAppIcon,
  email: EmailIcon,
  sms: SmsIcon,
  portal: LanguageIcon,
};

/**
 * The channel a message went or came through, as an icon named for screen readers ("Via E-mail"):
 * the thread's bubbles, the lists' last message and the timeline say it the same way.
 */
export const CanalIcone = ({ canal, sx }: { canal: CanalMensagem; sx?: SxProps<Theme> }) => {
  const Icone = CANAL_ICONES[canal];
  const rotulo = `Via ${CANAL_ROTULOS[canal]}`;
  return (
    <Icone
      sx={[{ fontSize: 16, verticalAlign: 'middle' }, ...(Array.isArray(sx) ? sx : [sx])]}
      titleAccess={rotulo}
      aria-label={rotulo}
      role="img"
    />
  );
};
