import Box from '@mui/material/Box';

/** Beyond this many days overdue the figure turns red. */
export const ATRASO_CRITICO_DIAS = 30;

/** Days overdue: '—' when none, red beyond 30 days. */
export const DiasAtraso = ({ dias }: { dias: number }) =>
  dias <= 0 ? (
    <Box component="span" title="Sem atraso">
      —
    </Box>
  ) : (
    <Box
      component="span"
      sx={dias > ATRASO_CRITICO_DIAS ? { color: 'error.main', fontWeight: 600 } : undefined}
    >
      {dias}
    </Box>
  );
