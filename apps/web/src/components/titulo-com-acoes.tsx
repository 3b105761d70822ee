import Box from '@mui/material/Box';
import type { SxProps, Theme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/**
 * A card's heading (an h3, `id` for the card's aria-labelledby) with its actions at the other end;
 * on a narrow card the actions wrap below it.
 */
export const TituloComAcoes = ({
  id,
  titulo,
  variant,
  sx = [],
  children,
}: {
  id: string;
  titulo: string;
  variant: 'h6' | 'subtitle1';
  sx?: SxProps<Theme>;
  /** The actions. */
  children?: ReactNode;
}) => (
  <Box
    sx={[
      { display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: 1 },
      ...(Array.isArray(sx) ? sx : [sx]),
    ]}
  >
    <Typography id={id} component="h3" variant={variant} sx={{ fontWeight: 600 }}>
      {titulo}
    </Typography>
    {children}
  </Box>
);
