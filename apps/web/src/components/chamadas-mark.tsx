import ReportProblemIcon from '@mui/icons-material/ReportProblem';
import Box from '@mui/material/Box';
import { srOnly } from '../lib/sr-only.ts';

/** docs/produto.md §6: from this many call attempts a customer counts as having failed messages. */
export const FALHAS_A_PARTIR_DE = 3;

/** `numero_chamadas`, in red with a warning mark once the customer counts as "com falhas". */
export const ChamadasMark = ({ numero }: { numero: number }) =>
  numero >= FALHAS_A_PARTIR_DE ? (
    <Box
      component="span"
      sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, color: 'error.main', fontWeight: 600 }}
    >
      <ReportProblemIcon fontSize="small" aria-hidden />
      {numero}
      <Box component="span" sx={srOnly}>
        (com falhas)
      </Box>
    </Box>
  ) : (
    numero
  );
