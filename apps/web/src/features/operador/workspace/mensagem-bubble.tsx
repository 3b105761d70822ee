import type { JanelaEnvio, MensagemView } from '@cobranca/contracts';
import AccessTimeIcon from '@mui/icons-material/AccessTime';
import DoneIcon from '@mui/icons-material/Done';
import DoneAllIcon from '@mui/icons-material/DoneAll';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlineOutlined';
import Box from '@mui/material/Box';
import { alpha } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import { CanalIcone } from '../../../components/canal-icone.tsx';
import { formatarDataHora } from '../../../lib/format.ts';
import { situacaoDaMensagem } from '../../../lib/situacao-envio.ts';

const autorDe = (m: MensagemView): string | null => {
  if (m.direcao === 'entrada') return null;
  if (m.origem === 'regua') return 'Régua automática';
  if (m.origem === 'sistema') return 'Sistema';
  return m.autor?.name ?? 'Operador';
};

/**
 * The delivery state of one of our messages: WhatsApp's ticks once it left, and in words while it
 * has not (a queued or scheduled message is never shown as sent).
 */
const Entrega = ({ m, janela }: { m: MensagemView; janela: JanelaEnvio | undefined }) => {
  const icon = { fontSize: 16, verticalAlign: 'middle' } as const;
  const { rotulo, tipo } = situacaoDaMensagem(m, janela);
  switch (tipo) {
    case 'enviada':
      return <DoneIcon sx={icon} titleAccess={rotulo} aria-label={rotulo} role="img" />;
    case 'entregue':
      return <DoneAllIcon sx={icon} titleAccess={rotulo} aria-label={rotulo} role="img" />;
    case 'lida':
      return (
        <DoneAllIcon
          sx={{ ...icon, color: 'info.main' }}
          titleAccess={rotulo}
          aria-label={rotulo}
          role="img"
        />
      );
    case 'falhou':
      return (
        <Box
          component="span"
          sx={{ color: 'error.main', display: 'inline-flex', gap: 0.5, alignItems: 'center' }}
        >
          <ErrorOutlineIcon sx={icon} aria-hidden />
          <span>{rotulo}</span>
        </Box>
      );
    case 'espera':
    case 'fila':
      return (
        <Box component="span" sx={{ display: 'inline-flex', gap: 0.5, alignItems: 'center' }}>
          <AccessTimeIcon sx={icon} aria-hidden />
          <span>{rotulo}</span>
        </Box>
      );
    default:
      return <span>{rotulo}</span>;
  }
};

/** One message: the customer's on the left, ours on the right with who sent it; an e-mail shows its subject. */
export const MensagemBubble = ({ mensagem: m, janela }: { mensagem: MensagemView; janela?: JanelaEnvio }) => {
  const nossa = m.direcao === 'saida';
  const autor = autorDe(m);
  return (
    <Box
      component="li"
      aria-label={nossa ? `Mensagem de ${autor}` : 'Mensagem do cliente'}
      sx={{ display: 'flex', justifyContent: nossa ? 'flex-end' : 'flex-start', listStyle: 'none' }}
    >
      <Box
        sx={{
          maxWidth: '85%',
          px: 1.5,
          py: 1,
          borderRadius: 2,
          bgcolor: (theme) =>
            nossa ? alpha(theme.palette.primary.main, 0.08) : theme.palette.background.paper,
          border: 1,
          borderColor: m.status === 'falhou' ? 'error.main' : 'divider',
        }}
      >
        {autor && (
          <Typography variant="caption" sx={{ color: 'primary.dark', fontWeight: 600, display: 'block' }}>
            {autor}
          </Typography>
        )}
        {m.canal === 'email' && m.assunto && (
          <Typography variant="body2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
            Assunto: {m.assunto}
          </Typography>
        )}
        <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {m.conteudo}
        </Typography>
        <Typography
          variant="caption"
          color="text.secondary"
          sx={{ display: 'flex', justifyContent: 'flex-end', alignItems: 'center', gap: 0.5, mt: 0.5 }}
        >
          <CanalIcone canal={m.canal} />
          <time dateTime={m.created_at}>{formatarDataHora(m.created_at)}</time>
          {nossa && <Entrega m={m} janela={janela} />}
        </Typography>
      </Box>
    </Box>
  );
};
