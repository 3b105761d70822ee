import SyncIcon from '@mui/icons-material/Sync';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { type ReactNode, useId } from 'react';
import { BusyButton } from './busy-button.tsx';

/** Term/value rows of a connection's details. */
export const ConexaoDetalhes = ({ rows }: { rows: readonly (readonly [string, ReactNode])[] }) => (
  <Box
    component="dl"
    sx={{ display: 'grid', gridTemplateColumns: 'auto minmax(0, 1fr)', columnGap: 2, rowGap: 0.75, my: 2 }}
  >
    {rows.map(([term, value]) => (
      <Box key={term} sx={{ display: 'contents' }}>
        <Typography component="dt" variant="body2" color="text.secondary">
          {term}
        </Typography>
        <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
          {value}
        </Typography>
      </Box>
    ))}
  </Box>
);

/**
 * "Status da conexão" of an external provider (WhatsApp, PIX): its chip, the details the screen gives
 * as children, and "Verificar conexão", which asks the provider right now.
 */
export const ConexaoStatusCard = ({
  chip,
  children,
  verificando,
  onVerificar,
}: {
  chip?: ReactNode;
  children: ReactNode;
  verificando: boolean;
  onVerificar: () => void;
}) => {
  const titleId = useId();
  return (
    <Paper variant="outlined" component="section" aria-labelledby={titleId} sx={{ p: { xs: 2, md: 3 } }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Typography id={titleId} component="h3" variant="h6" sx={{ flexGrow: 1 }}>
          Status da conexão
        </Typography>
        {chip}
      </Box>
      {children}
      <BusyButton variant="outlined" onClick={onVerificar} busy={verificando} startIcon={<SyncIcon />}>
        {verificando ? 'Verificando…' : 'Verificar conexão'}
      </BusyButton>
    </Paper>
  );
};
