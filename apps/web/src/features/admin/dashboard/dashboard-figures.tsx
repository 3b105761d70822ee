import type { AdminDashboard } from '@cobranca/contracts';
import { formatarPercentual, formatarValorEmReais } from '@cobranca/dominio';
import AccountBalanceWalletIcon from '@mui/icons-material/AccountBalanceWallet';
import CallReceivedIcon from '@mui/icons-material/CallReceived';
import PaidIcon from '@mui/icons-material/Paid';
import PercentIcon from '@mui/icons-material/Percent';
import QuestionAnswerIcon from '@mui/icons-material/QuestionAnswer';
import SendIcon from '@mui/icons-material/Send';
import { type Figure, FiguresSection } from '../../../components/figures-section.tsx';
import { useAdminDashboard } from '../api/dashboard.ts';
import { formatarInteiro } from './format-dashboard.ts';

type AdminFigure = Figure<keyof AdminDashboard> & {
  format: (value: number) => string;
  /** Lines under the value that break it down. */
  details?: (data: AdminDashboard) => string[];
};

const FIGURES: AdminFigure[] = [
  {
    key: 'valores_em_aberto',
    label: 'Valores em aberto',
    caption: 'Principal das contas a receber em aberto, sem multa e juros',
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
    // PIX the provider confirmed are recorded by the system (docs/produto.md §21); the rest by hand.
    details: (d) => [
      `Recebido por PIX automático: ${formatarValorEmReais(d.valores_cobrados_pix_automatico)}`,
      `Registrado manualmente: ${formatarValorEmReais(d.valores_cobrados_manual)}`,
    ],
  },
  {
    key: 'percentual_cobrancas_mes',
    label: 'Cobranças do mês',
    // docs/decisions/006: renegotiated receivables are left out; their agreement's instalments count.
    caption: 'Pago ÷ valor das contas que vencem neste mês; renegociadas e canceladas ficam fora',
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

/** The six headline figures (docs/produto.md §15); the collected one split by how it was recorded. */
export const DashboardFigures = () => {
  const query = useAdminDashboard();
  return (
    <FiguresSection
      query={query}
      figures={FIGURES}
      state={(figure) => ({
        value: query.data ? figure.format(query.data[figure.key]) : undefined,
        details: query.data && figure.details?.(query.data),
      })}
    />
  );
};
