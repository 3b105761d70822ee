import Box from '@mui/material/Box';
import { ExportarButton } from '../../../components/exportar-button.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { DashboardFigures } from './dashboard-figures.tsx';
import { DashboardOperadores } from './dashboard-operadores.tsx';
import { MonthlyChartBlock } from './monthly-chart-block.tsx';
import { RecentLogs } from './recent-logs.tsx';
import { VisaoGestor } from './visao-gestor.tsx';

/** /admin/dashboard: figures, monthly chart, operators, recent activity and the team lead's view, each loading on its own. */
export const AdminDashboardPage = () => (
  <>
    <PageHeader
      title="Dashboard"
      subtitle="Visão geral da cobrança neste mês."
      actions={<ExportarButton path="/admin/dashboard/exportar" />}
    />
    <Box sx={{ display: 'grid', gap: 3 }}>
      <DashboardFigures />
      <MonthlyChartBlock />
      <Box
        sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', lg: 'repeat(2, minmax(0, 1fr))' } }}
      >
        <DashboardOperadores />
        <RecentLogs />
      </Box>
      <VisaoGestor />
    </Box>
  </>
);
