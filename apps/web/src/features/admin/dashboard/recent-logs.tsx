import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { LoadErrorAlert } from '../../../components/load-error-alert.tsx';
import { formatarDataHora } from '../../../lib/format.ts';
import { ROUTES } from '../../../lib/routes.ts';
import { useRecentLogs } from '../api/logs.ts';
import { DashboardBlock } from './dashboard-block.tsx';

const Entries = () => {
  const query = useRecentLogs();
  if (query.isPending)
    return Array.from({ length: 4 }, (_, i) => (
      // biome-ignore lint/suspicious/noArrayIndexKey: placeholder rows have no identity
      <Skeleton key={i} height={48} />
    ));
  if (query.isError && !query.data)
    return (
      <LoadErrorAlert
        error={query.error}
        fallback="Não foi possível carregar os registros recentes."
        onRetry={() => void query.refetch()}
      />
    );
  if (query.data.length === 0)
    return (
      <Typography color="text.secondary" sx={{ py: 4, textAlign: 'center' }}>
        Nenhum registro ainda.
      </Typography>
    );
  return (
    <List dense disablePadding aria-label="Registros recentes">
      {query.data.map((log) => (
        <ListItem key={log.id} divider disableGutters>
          <ListItemText
            primary={log.descricao}
            secondary={
              <>
                <Box component="time" dateTime={log.created_at}>
                  {formatarDataHora(log.created_at)}
                </Box>
                {` · ${log.usuario?.name ?? 'Sistema'} · ${log.acao}`}
              </>
            }
          />
        </ListItem>
      ))}
    </List>
  );
};

/** The 10 newest audit entries (docs/produto.md §15), linking to the full log. */
export const RecentLogs = () => (
  <DashboardBlock
    title="Atividade recente"
    action={
      <Button component={RouterLink} to={ROUTES.AdminLogs} size="small">
        Ver todos os logs
      </Button>
    }
  >
    <Entries />
  </DashboardBlock>
);
