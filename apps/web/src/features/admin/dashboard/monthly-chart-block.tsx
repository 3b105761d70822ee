import type { GraficoMensalItem } from '@cobranca/contracts';
import { formatarValorEmReais } from '@cobranca/dominio';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { lazy, Suspense } from 'react';
import { QueryErrorAlert } from '../../../components/load-error-alert.tsx';
import { srOnly } from '../../../lib/sr-only.ts';
import { useGraficoMensal } from '../api/dashboard.ts';
import { DashboardBlock } from './dashboard-block.tsx';
import { formatarInteiro, formatarMesExtenso } from './format-dashboard.ts';

// The charts library only loads when the dashboard has data to draw.
const MonthlyCharts = lazy(async () => ({ default: (await import('./monthly-charts.tsx')).MonthlyCharts }));

const CHART_LABEL =
  'Gráfico mensal dos últimos 12 meses: mensagens enviadas e recebidas, valor cobrado e vencido';

/**
 * The same numbers as the charts, for screen readers. The wrapper does the hiding: a table never gets
 * narrower than its content, so hiding the table itself would widen a phone's page. A fixed layout
 * lets the table itself be 1 px too, or its box would still reach past a phone's edge (issue 31).
 */
const ChartDataTable = ({ data }: { data: GraficoMensalItem[] }) => (
  <Box sx={srOnly}>
    <Box component="table" sx={{ width: '1px', tableLayout: 'fixed' }}>
      <caption>Dados do gráfico mensal</caption>
      <thead>
        <tr>
          <th scope="col">Mês</th>
          <th scope="col">Enviadas</th>
          <th scope="col">Recebidas</th>
          <th scope="col">Valor cobrado</th>
          <th scope="col">Valor vencido</th>
        </tr>
      </thead>
      <tbody>
        {data.map((item) => (
          <tr key={item.mes}>
            <th scope="row">{formatarMesExtenso(item.mes)}</th>
            <td>{formatarInteiro(item.enviadas)}</td>
            <td>{formatarInteiro(item.recebidas)}</td>
            <td>{formatarValorEmReais(item.valor_cobrado)}</td>
            <td>{formatarValorEmReais(item.valor_vencido)}</td>
          </tr>
        ))}
      </tbody>
    </Box>
  </Box>
);

const ChartSkeleton = () => <Skeleton variant="rounded" height={300} aria-label="Carregando gráfico" />;

export const MonthlyChartBlock = () => {
  const query = useGraficoMensal();
  const body = () => {
    if (query.isPending) return <ChartSkeleton />;
    if (query.isError && !query.data)
      return <QueryErrorAlert query={query} fallback="Não foi possível carregar o gráfico mensal." />;
    if (query.data.length === 0)
      return (
        <Typography color="text.secondary" sx={{ py: 4, textAlign: 'center' }}>
          Ainda não há movimento nos últimos 12 meses.
        </Typography>
      );
    return (
      <Box role="figure" aria-label={CHART_LABEL}>
        <Suspense fallback={<ChartSkeleton />}>
          <MonthlyCharts data={query.data} />
        </Suspense>
        <ChartDataTable data={query.data} />
      </Box>
    );
  };
  return <DashboardBlock title="Evolução mensal">{body()}</DashboardBlock>;
};
