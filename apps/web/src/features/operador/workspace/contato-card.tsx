import type { ClienteDetalhe } from '@cobranca/contracts';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { formatarDataHora } from '../../../lib/format.ts';
import { CanaisContato } from './canais-contato.tsx';
import { BASE_LEGAL_LABELS, ORIGEM_CONTATO_LABELS } from './labels.ts';
import { PortalLink } from './portal-link.tsx';

/**
 * How the customer is reached (each channel's state, the preferred one, their portal link), and on which
 * legal basis (LGPD) the contact is made.
 */
export const ContatoCard = ({ cliente }: { cliente: ClienteDetalhe }) => {
  const itens: [string, string][] = [
    ['E-mail', cliente.email ?? 'Não informado'],
    ['Base legal (LGPD)', BASE_LEGAL_LABELS[cliente.base_legal]],
    ['Origem do contato', ORIGEM_CONTATO_LABELS[cliente.origem_contato]],
  ];
  if (cliente.aguardando_desde) itens.push(['Aguardando desde', formatarDataHora(cliente.aguardando_desde)]);
  return (
    <Paper variant="outlined" component="section" aria-labelledby="contato-titulo" sx={{ p: 2 }}>
      <Typography id="contato-titulo" component="h3" variant="subtitle1" sx={{ fontWeight: 600, mb: 1 }}>
        Contato
      </Typography>
      <Box
        component="dl"
        sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'max-content 1fr' }, gap: 1, m: 0 }}
      >
        {itens.map(([rotulo, valor]) => (
          <Box key={rotulo} sx={{ display: 'contents' }}>
            <Typography component="dt" variant="body2" color="text.secondary">
              {rotulo}
            </Typography>
            <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
              {valor}
            </Typography>
          </Box>
        ))}
      </Box>
      <CanaisContato cliente={cliente} />
      <PortalLink cliente={cliente} />
    </Paper>
  );
};
