import type { GraficoMensalItem } from '@cobranca/contracts';
import { formatarValorEmReais } from '@cobranca/dominio';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { BarChart } from '@mui/x-charts/BarChart';
import { LineChart } from '@mui/x-charts/LineChart';
import { ptBRLocaleText } from '@mui/x-charts/locales';
import { formatarInteiro, formatarMes } from './format-dashboard.ts';

const HEIGHT = 280;
const compactMoney = new Intl.NumberFormat('pt-BR', {
  style: 'currency',
  currency: 'BRL',
  notation: 'compact',
  maximumFractionDigits: 1,
});
const money = (value: number | null) => (value === null ? '—' : formatarValorEmReais(value));
const count = (value: number | null) => (value === null ? '—' : formatarInteiro(value));

/**
 * The two monthly charts, in their own chunk (MUI X Charts is heavy). The pictures are hidden from
 * screen readers: the block beside them carries the same numbers as a table.
 */
export const MonthlyCharts = ({ data }: { data: GraficoMensalItem[] }) => {
  const dataset = data.map((item) => ({ ...item, rotulo: formatarMes(item.mes) }));
  const xAxis = { dataKey: 'rotulo', tickLabelStyle: { fontSize: 12 } };
  return (
    <Box
      aria-hidden
      sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', lg: 'repeat(2, minmax(0, 1fr))' } }}
    >
      <Box sx={{ minWidth: 0 }}>
        <Typography variant="subtitle2" color="text.secondary">
          Mensagens por mês
        </Typography>
        <BarChart
          dataset={dataset}
          height={HEIGHT}
          localeText={ptBRLocaleText}
          // Hidden from assistive technology (see above), so out of the Tab order too.
          disableKeyboardNavigation
          xAxis={[{ ...xAxis, scaleType: 'band' }]}
          yAxis={[{ valueFormatter: (v: number) => formatarInteiro(v), width: 48 }]}
          series={[
            { dataKey: 'enviadas', label: 'Enviadas', valueFormatter: count, color: '#1976D2' },
            { dataKey: 'recebidas', label: 'Recebidas', valueFormatter: count, color: '#82B1FF' },
          ]}
        />
      </Box>
      <Box sx={{ minWidth: 0 }}>
        <Typography variant="subtitle2" color="text.secondary">
          Valores por mês
        </Typography>
        <LineChart
          dataset={dataset}
          height={HEIGHT}
          localeText={ptBRLocaleText}
          // Hidden from assistive technology (see above), so out of the Tab order too.
          disableKeyboardNavigation
          xAxis={[{ ...xAxis, scaleType: 'point' }]}
          yAxis={[{ valueFormatter: (v: number) => compactMoney.format(v), width: 72 }]}
          series={[
            { dataKey: 'valor_cobrado', label: 'Valor cobrado', valueFormatter: money, color: '#4CAF50' },
            { dataKey: 'valor_vencido', label: 'Valor vencido', valueFormatter: money, color: '#FF5252' },
          ]}
        />
      </Box>
    </Box>
  );
};
