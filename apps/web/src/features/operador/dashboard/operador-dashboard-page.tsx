import type { OperadorDashboard } from '@cobranca/contracts';
import ForumIcon from '@mui/icons-material/Forum';
import GroupIcon from '@mui/icons-material/Group';
import ReportProblemIcon from '@mui/icons-material/ReportProblem';
import SendIcon from '@mui/icons-material/Send';
import TaskAltIcon from '@mui/icons-material/TaskAlt';
import type { FigureTone } from '../../../components/figure-card.tsx';
import { type Figure, FiguresSection } from '../../../components/figures-section.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { ROUTES } from '../../../lib/routes.ts';
import { useOperadorDashboard } from '../api/dashboard.ts';

type OperadorFigure = Figure<keyof OperadorDashboard> & {
  to?: string;
  /** Highlighted when the figure is above zero: it asks for the operator's action. */
  alert?: FigureTone;
};

const FIGURES: OperadorFigure[] = [
  {
    key: 'clientes_vinculados',
    label: 'Clientes vinculados',
    caption: 'Clientes sob sua responsabilidade',
    icon: GroupIcon,
    color: 'primary.main',
    to: ROUTES.OperadorClientes,
  },
  {
    key: 'cobrancas_enviadas',
    label: 'Cobranças enviadas no mês',
    caption: 'Mensagens de cobrança deste mês',
    icon: SendIcon,
    color: 'info.main',
  },
  {
    key: 'cobrancas_concluidas',
    label: 'Cobranças concluídas',
    caption: 'Clientes sem contas em aberto',
    icon: TaskAltIcon,
    color: 'success.main',
    to: ROUTES.OperadorConcluidos,
  },
  {
    key: 'mensagens_aguardando',
    label: 'Mensagens aguardando',
    caption: 'Clientes que responderam e esperam atendimento',
    icon: ForumIcon,
    color: 'warning.main',
    to: ROUTES.OperadorAguardandoAtendimento,
    alert: 'warning',
  },
  {
    key: 'clientes_com_falhas',
    label: 'Clientes com falhas',
    caption: 'Três ou mais tentativas sem resposta',
    icon: ReportProblemIcon,
    color: 'error.main',
    to: `${ROUTES.OperadorClientes}?com_falhas=1`,
    alert: 'error',
  },
];

const inteiro = new Intl.NumberFormat('pt-BR');

/** /operador/dashboard: the operator's five headline figures, each opening the list behind it. */
export const OperadorDashboardPage = () => {
  const query = useOperadorDashboard();
  return (
    <>
      <PageHeader title="Dashboard" subtitle="Seu dia de cobrança em números." />
      <FiguresSection
        query={query}
        figures={FIGURES}
        state={(figure) => {
          const value = query.data?.[figure.key];
          return {
            value: value === undefined ? undefined : inteiro.format(value),
            to: figure.to,
            tone: value !== undefined && value > 0 ? figure.alert : undefined,
          };
        }}
      />
    </>
  );
};
