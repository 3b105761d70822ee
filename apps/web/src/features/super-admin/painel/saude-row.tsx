import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/** One term and its value in a health list (a `dl` laid out as a two-column grid). */
export const Row = ({ term, children }: { term: string; children: ReactNode }) => (
  <Box sx={{ display: 'contents' }}>
    <Typography component="dt" variant="body2" color="text.secondary">
      {term}
    </Typography>
    <Box component="dd" sx={{ m: 0, minWidth: 0, typography: 'body2' }}>
      {children}
    </Box>
  </Box>
);

export const detailsSx = {
  display: 'grid',
  gridTemplateColumns: 'auto minmax(0, 1fr)',
  columnGap: 2,
  rowGap: 1.25,
  m: 0,
} as const;
