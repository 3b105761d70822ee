import ReportProblemIcon from '@mui/icons-material/ReportProblem';
import Box from '@mui/material/Box';
import { srOnly } from '../lib/sr-only.ts';
import type { Column } from './paged-table.tsx';

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

/** The customer lists' "Chamadas" column: sortable, and off the phone cards to keep them short. */
export const colunaChamadas = <T extends { numero_chamadas: number }>(): Column<T> => ({
  key: 'chamadas',
  header: 'Chamadas',
  align: 'right',
  sortKey: 'numero_chamadas',
  render: (c) => <ChamadasMark numero={c.numero_chamadas} />,
  hideOnMobile: true,
});
