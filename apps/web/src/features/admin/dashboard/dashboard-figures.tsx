import type { AdminDashboard } from '@cobranca/contracts';
import type { SvgIconComponent } from '@mui/icons-material';
import AccountBalanceWalletIcon from '@mui/icons-material/AccountBalanceWallet';
import CallReceivedIcon from '@mui/icons-material/CallReceived';
import PaidIcon from '@mui/icons-material/Paid';
import PercentIcon from '@mui/icons-material/Percent';
import QuestionAnswerIcon from '@mui/icons-material/QuestionAnswer';
import SendIcon from '@mui/icons-material/Send';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { formatMoney } from '../../../lib/format.ts';
import { useAdminDashboard } from '../api/dashboard.ts';
import { BlockError } from './dashboard-block.tsx';
import { formatInteger, formatPercent } from './format-dashboard.ts';

type Figure = {
  key: keyof AdminDashboard;
  label: string;
  caption: string;
  icon: SvgIconComponent;
  color: string;
  format: (value: number) => string;
};

const FIGURES: Figure[] = [
  {
    key: 'valores_em_aberto',
    label: 'Valores em aberto',
    caption: 'Soma das contas a receber em aberto',
    icon: AccountBalanceWalletIcon,
    color: 'warning.main',
    format: formatMoney,
  },
  {
    key: 'valores_cobrados',
    label: 'Valores cobrados',
    caption: 'Pagamentos recebidos neste mês',
    icon: PaidIcon,
    color: 'success.main',
    format: formatMoney,
  },
  {
    key: 'percentual_cobrancas_mes',
    label: 'Cobranças do mês',
    caption: 'Pago ÷ vencido neste mês',
    icon: PercentIcon,
    color: 'primary.main',
    format: formatPercent,
  },
  {
    key: 'mensagens_enviadas',
    label: 'Mensagens enviadas',
    caption: 'Neste mês',
    icon: SendIcon,
    color: 'info.main',
    format: formatInteger,
  },
  {
    key: 'mensagens_recebidas',
    label: 'Mensagens recebidas',
    caption: 'Respostas dos clientes neste mês',
    icon: CallReceivedIcon,
    color: 'secondary.main',
    format: formatInteger,
  },
  {
    key: 'taxa_resposta',
    label: 'Taxa de resposta',
    caption: 'Clientes que responderam ÷ contatados',
    icon: QuestionAnswerIcon,
    color: 'primary.main',
    format: formatPercent,
  },
];

const FigureCard = ({ figure, value }: { figure: Figure; value: number | undefined }) => {
  const Icon = figure.icon;
  return (
    <Paper
      variant="outlined"
      component="article"
      sx={{ p: 2, display: 'flex', gap: 2, alignItems: 'center' }}
    >
      <Box
        sx={{
          display: 'grid',
          placeItems: 'center',
          width: 48,
          height: 48,
          borderRadius: '50%',
          flexShrink: 0,
          color: figure.color,
          bgcolor: 'action.hover',
        }}
      >
        <Icon aria-hidden />
      </Box>
      <Box sx={{ minWidth: 0 }}>
        <Typography component="h3" variant="body2" color="text.secondary">
          {figure.label}
        </Typography>
        <Typography variant="h5" component="p" sx={{ fontWeight: 600 }}>
          {value === undefined ? <Skeleton width={120} aria-label="Carregando" /> : figure.format(value)}
        </Typography>
        <Typography variant="caption" color="text.secondary">
          {figure.caption}
        </Typography>
      </Box>
    </Paper>
  );
};

/** The six headline figures (PRODUCT §7). */
export const DashboardFigures = () => {
  const query = useAdminDashboard();
  return (
    <Box component="section" aria-label="Indicadores" aria-busy={query.isPending}>
      {query.isError && !query.data ? (
        <BlockError
          error={query.error}
          fallback="Não foi possível carregar os indicadores."
          onRetry={() => void query.refetch()}
        />
      ) : (
        <Box
          sx={{
            display: 'grid',
            gap: 2,
            gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(3, 1fr)' },
          }}
        >
          {FIGURES.map((figure) => (
            <FigureCard key={figure.key} figure={figure} value={query.data?.[figure.key]} />
          ))}
        </Box>
      )}
    </Box>
  );
};
