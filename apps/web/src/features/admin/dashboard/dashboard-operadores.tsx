import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { Link as RouterLink } from 'react-router';
import { LoadErrorAlert } from '../../../components/load-error-alert.tsx';
import { ROUTES } from '../../../lib/routes.ts';
import { useDashboardOperadores } from '../api/dashboard.ts';
import { OperadorStatusChip } from '../operadores/operador-status-chip.tsx';
import { DashboardBlock } from './dashboard-block.tsx';
import { formatarInteiro } from './format-dashboard.ts';

// The block sits in half the page on desktop: the e-mail only fits on very wide screens.
const mobileHidden = { display: { xs: 'none', xl: 'table-cell' } } as const;

const Rows = () => {
  const query = useDashboardOperadores();
  if (query.isPending)
    return Array.from({ length: 3 }, (_, i) => (
      // biome-ignore lint/suspicious/noArrayIndexKey: placeholder rows have no identity
      <TableRow key={i}>
        <TableCell colSpan={4}>
          <Skeleton />
        </TableCell>
      </TableRow>
    ));
  if (query.isError && !query.data)
    return (
      <TableRow>
        <TableCell colSpan={4}>
          <LoadErrorAlert
            error={query.error}
            fallback="Não foi possível carregar os operadores."
            onRetry={() => void query.refetch()}
          />
        </TableCell>
      </TableRow>
    );
  if (query.data.length === 0)
    return (
      <TableRow>
        <TableCell colSpan={4} align="center" sx={{ py: 4, color: 'text.secondary' }}>
          Nenhum operador cadastrado ainda.
        </TableCell>
      </TableRow>
    );
  return query.data.map((o) => (
    <TableRow key={o.id}>
      <TableCell>{o.name}</TableCell>
      <TableCell sx={mobileHidden}>{o.email}</TableCell>
      <TableCell>
        <OperadorStatusChip status={o.status} />
      </TableCell>
      <TableCell align="right">{formatarInteiro(o.contatos_mes)}</TableCell>
    </TableRow>
  ));
};

/** Operators with their contacts this month (GET /api/admin/dashboard/operadores). */
export const DashboardOperadores = () => (
  <DashboardBlock
    title="Operadores"
    action={
      <Button component={RouterLink} to={ROUTES.AdminOperadores} size="small">
        Gerenciar operadores
      </Button>
    }
  >
    <TableContainer>
      <Table size="small" aria-label="Operadores e contatos no mês">
        <TableHead>
          <TableRow>
            <TableCell sx={{ fontWeight: 600 }}>Nome</TableCell>
            <TableCell sx={{ fontWeight: 600, ...mobileHidden }}>E-mail</TableCell>
            <TableCell sx={{ fontWeight: 600 }}>Status</TableCell>
            <TableCell sx={{ fontWeight: 600 }} align="right">
              Contatos no mês
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          <Rows />
        </TableBody>
      </Table>
    </TableContainer>
  </DashboardBlock>
);
