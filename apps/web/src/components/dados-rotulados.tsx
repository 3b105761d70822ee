import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

export type DadoRotulado = { chave: string; rotulo: string; valor: ReactNode };

/**
 * Facts as a description list (`dl`): each label beside its value, long values wrapping anywhere, so
 * a phone card or a dialog never scrolls sideways.
 */
export const DadosRotulados = ({
  dados,
  centralizar = false,
}: {
  dados: readonly DadoRotulado[];
  /** Centre each label on its value (values taller than a line of text, a chip say). */
  centralizar?: boolean;
}) => (
  <Box
    component="dl"
    sx={{
      m: 0,
      display: 'grid',
      gridTemplateColumns: 'auto minmax(0, 1fr)',
      columnGap: 2,
      rowGap: 0.5,
      alignItems: centralizar ? 'center' : undefined,
    }}
  >
    {dados.map(({ chave, rotulo, valor }) => (
      <Box key={chave} sx={{ display: 'contents' }}>
        <Typography component="dt" variant="body2" color="text.secondary">
          {rotulo}
        </Typography>
        <Box component="dd" sx={{ m: 0, minWidth: 0, overflowWrap: 'anywhere', typography: 'body2' }}>
          {valor}
        </Box>
      </Box>
    ))}
  </Box>
);
