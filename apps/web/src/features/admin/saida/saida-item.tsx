import type { SaidaSimulada } from '@cobranca/contracts';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import ListItemButton from '@mui/material/ListItemButton';
import Typography from '@mui/material/Typography';
import { formatarDataHora } from '../../../lib/format.ts';
import { statusDaSaida } from './saida-labels.ts';

/** One line of the outbox: recipient, subject (or the SMS text), customer, time and status. */
export const SaidaItem = ({ item, onAbrir }: { item: SaidaSimulada; onAbrir: () => void }) => {
  const status = statusDaSaida(item);
  const titulo = item.canal === 'email' ? (item.assunto ?? '(sem assunto)') : item.texto;
  return (
    <Box component="li" sx={{ listStyle: 'none', borderBottom: 1, borderColor: 'divider' }}>
      <ListItemButton onClick={onAbrir} sx={{ display: 'block', py: 1.5 }}>
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'baseline', flexWrap: 'wrap' }}>
          <Typography
            variant="body2"
            sx={{ fontWeight: 600, flexGrow: 1, minWidth: 0, overflowWrap: 'anywhere' }}
          >
            {item.para}
          </Typography>
          <Chip size="small" label={status.rotulo} color={status.cor} />
        </Box>
        <Typography
          variant="body2"
          sx={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
        >
          {titulo}
        </Typography>
        <Typography variant="caption" color="text.secondary" component="p">
          {item.cliente?.nome ?? 'Sem cliente'} ·{' '}
          {item.enviada_em ? (
            <time dateTime={item.enviada_em}>{formatarDataHora(item.enviada_em)}</time>
          ) : (
            'não enviado'
          )}
        </Typography>
      </ListItemButton>
    </Box>
  );
};
