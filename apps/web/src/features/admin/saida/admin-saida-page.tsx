import type { SaidaSimulada } from '@cobranca/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { BusyButton } from '../../../components/busy-button.tsx';
import { LoadErrorAlert } from '../../../components/load-error-alert.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { type CanalSimulado, useSaidaSimulada } from '../api/simulador-saida.ts';
import { SaidaDetalheDialog } from './saida-detalhe-dialog.tsx';
import { SaidaItem } from './saida-item.tsx';

const VAZIO: Record<CanalSimulado, string> = {
  email: 'Nenhum e-mail na caixa de saída ainda.',
  sms: 'Nenhum SMS na caixa de saída ainda.',
};

const Lista = ({ canal, onAbrir }: { canal: CanalSimulado; onAbrir: (item: SaidaSimulada) => void }) => {
  const query = useSaidaSimulada(canal);
  if (query.isPending) return <Skeleton variant="rounded" height={240} aria-label="Carregando mensagens" />;
  if (query.isError)
    return (
      <LoadErrorAlert
        error={query.error}
        fallback="Não foi possível carregar a caixa de saída."
        onRetry={() => void query.refetch()}
      />
    );
  const itens = query.data.pages.flatMap((pagina) => pagina.itens);
  if (itens.length === 0) return <Alert severity="info">{VAZIO[canal]}</Alert>;
  return (
    <>
      <Box
        component="ul"
        aria-label={canal === 'email' ? 'E-mails enviados' : 'SMS enviados'}
        sx={{ p: 0, m: 0 }}
      >
        {itens.map((item) => (
          <SaidaItem key={item.id} item={item} onAbrir={() => onAbrir(item)} />
        ))}
      </Box>
      {query.isFetchNextPageError && (
        <Alert severity="error" sx={{ mt: 2 }}>
          Não foi possível carregar mais mensagens. Tente de novo.
        </Alert>
      )}
      {query.hasNextPage && (
        <Box sx={{ display: 'flex', justifyContent: 'center', mt: 2 }}>
          <BusyButton
            variant="outlined"
            busy={query.isFetchingNextPage}
            onClick={() => void query.fetchNextPage()}
          >
            Carregar mais
          </BusyButton>
        </Box>
      )}
    </>
  );
};

/** /admin/simulador/saida: every e-mail and SMS the simulator "sent", and what the customer side may do. */
export const AdminSaidaSimuladorPage = () => {
  const [params, setParams] = useSearchParams();
  const canal: CanalSimulado = params.get('canal') === 'sms' ? 'sms' : 'email';
  const [aberto, setAberto] = useState<SaidaSimulada | null>(null);
  return (
    <>
      <PageHeader
        title="Caixa de saída do simulador"
        subtitle="O que teria sido enviado por e-mail e SMS, do mais novo ao mais antigo."
      />
      <Paper variant="outlined">
        <Tabs
          value={canal}
          onChange={(_event, value: CanalSimulado) => setParams({ canal: value }, { replace: true })}
          aria-label="Canal"
          sx={{ borderBottom: 1, borderColor: 'divider' }}
        >
          <Tab value="email" label="E-mail" id="saida-tab-email" aria-controls="saida-painel" />
          <Tab value="sms" label="SMS" id="saida-tab-sms" aria-controls="saida-painel" />
        </Tabs>
        <Box
          role="tabpanel"
          id="saida-painel"
          aria-labelledby={`saida-tab-${canal}`}
          sx={{ p: { xs: 1, md: 2 } }}
        >
          <Lista key={canal} canal={canal} onAbrir={setAberto} />
        </Box>
      </Paper>
      <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 1 }}>
        Só existe no modo simulador: com um provedor de verdade, as mensagens saem para os clientes.
      </Typography>
      <SaidaDetalheDialog item={aberto} onClose={() => setAberto(null)} />
    </>
  );
};
