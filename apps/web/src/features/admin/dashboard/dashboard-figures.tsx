import type { AdminDashboard } from '@cobranca/contracts';
import { formatarValorEmReais } from '@cobranca/dominio';
import type { SvgIconComponent } from '@mui/icons-material';
import AccountBalanceWalletIcon from '@mui/icons-material/AccountBalanceWallet';
import CallReceivedIcon from '@mui/icons-material/CallReceived';
import PaidIcon from '@mui/icons-material/Paid';
import PercentIcon from '@mui/icons-material/Percent';
import QuestionAnswerIcon from '@mui/icons-material/QuestionAnswer';
import SendIcon from '@mui/icons-material/Send';
import Box from '@mui/material/Box';
import { FigureCard } from '../../../components/figure-card.tsx';
import { LoadErrorAlert } from '../../../components/load-error-alert.tsx';
import { useAdminDashboard } from '../api/dashboard.ts';
import { formatarInteiro, formatarPercentual } from './format-dashboard.ts';

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
    format: formatarValorEmReais,
  },
  {
    key: 'valores_cobrados',
    label: 'Valores cobrados',
    caption: 'Pagamentos recebidos neste mês',
    icon: PaidIcon,
    color: 'success.main',
    format: formatarValorEmReais,
  },
  {
    key: 'percentual_cobrancas_mes',
    label: 'Cobranças do mês',
    caption: 'Pago ÷ vencido neste mês',
    icon: PercentIcon,
    color: 'primary.main',
    format: formatarPercentual,
  },
  {
    key: 'mensagens_enviadas',
    label: 'Mensagens enviadas',
    caption: 'Neste mês',
    icon: SendIcon,
    color: 'info.main',
    format: formatarInteiro,
  },
  {
    key: 'mensagens_recebidas',
    label: 'Mensagens recebidas',
    caption: 'Respostas dos clientes neste mês',
    icon: CallReceivedIcon,
    color: 'secondary.main',
    format: formatarInteiro,
  },
  {
    key: 'taxa_resposta',
    label: 'Taxa de resposta',
    caption: 'Clientes que responderam ÷ contatados',
    icon: QuestionAnswerIcon,
    color: 'primary.main',
    format: formatarPercentual,
  },
];

/** The six headline figures (docs/produto.md §15). */
export const DashboardFigures = () => {
  const query = useAdminDashboard();
  return (
    <Box component="section" aria-label="Indicadores" aria-busy={query.isPending}>
      {query.isError && !query.data ? (
        <LoadErrorAlert
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
            <FigureCard
              key={figure.key}
              label={figure.label}
              caption={figure.caption}
              icon={figure.icon}
              color={figure.color}
              value={query.data ? figure.format(query.data[figure.key]) : undefined}
            />
          ))}
        </Box>
      )}
    </Box>
  );
};
