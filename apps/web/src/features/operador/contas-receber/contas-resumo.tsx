import { formatarValorEmReais } from '@cobranca/dominio';
import AccountBalanceWalletIcon from '@mui/icons-material/AccountBalanceWallet';
import EventBusyIcon from '@mui/icons-material/EventBusy';
import GroupIcon from '@mui/icons-material/Group';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import Box from '@mui/material/Box';
import { FigureCard } from '../../../components/figure-card.tsx';
import { LoadErrorAlert } from '../../../components/load-error-alert.tsx';
import { ROUTES } from '../../../lib/routes.ts';
import { useContasResumo } from '../api/contas-receber.ts';

const inteiro = new Intl.NumberFormat('pt-BR');

/** The four summary figures of /contas-receber/resumo. */
export const ContasResumo = () => {
  const query = useContasResumo();
  const data = query.data;
  if (query.isError && !data) {
    return (
      <LoadErrorAlert
        error={query.error}
        fallback="Não foi possível carregar o resumo."
        onRetry={() => void query.refetch()}
        sx={{ mb: 3 }}
      />
    );
  }
  return (
    <Box
      component="section"
      aria-label="Resumo das contas"
      aria-busy={query.isPending}
      sx={{
        display: 'grid',
        gap: 2,
        mb: 3,
        gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(4, 1fr)' },
      }}
    >
      <FigureCard
        label="Contas em aberto"
        icon={ReceiptLongIcon}
        color="primary.main"
        value={data && inteiro.format(data.total_contas)}
      />
      <FigureCard
        label="Valor total em aberto"
        icon={AccountBalanceWalletIcon}
        color="warning.main"
        value={data && formatarValorEmReais(data.valor_total)}
      />
      <FigureCard
        label="Contas vencidas"
        icon={EventBusyIcon}
        color="error.main"
        value={data && inteiro.format(data.contas_vencidas)}
        to={`${ROUTES.OperadorContasReceber}?vencidas=1`}
        tone={data && data.contas_vencidas > 0 ? 'error' : undefined}
      />
      <FigureCard
        label="Clientes vinculados"
        icon={GroupIcon}
        color="info.main"
        value={data && inteiro.format(data.clientes_vinculados)}
        to={ROUTES.OperadorClientes}
      />
    </Box>
  );
};
