import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { LoadErrorAlert } from '../../../components/load-error-alert.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { temCodigo } from '../../../lib/api-client.ts';
import { ROUTES } from '../../../lib/routes.ts';
import { useCliente } from '../api/cliente.ts';
import { useMarcarLidaAoAbrir } from '../api/leituras.ts';
import { ClienteActions } from './cliente-actions.tsx';
import { ClienteHeader } from './cliente-header.tsx';
import { CobrancasPixCard } from './cobrancas-pix-card.tsx';
import { ComprovantesCard } from './comprovantes-card.tsx';
import { ContasTable } from './contas-table.tsx';
import { ContatoCard } from './contato-card.tsx';
import { DebitoAutomaticoCard } from './debito-automatico-card.tsx';
import { HistoricoCard } from './historico-card.tsx';
import { LinhaDoTempo } from './linha-do-tempo.tsx';
import { MensagensThread } from './mensagens-thread.tsx';

export const parseClienteId = (raw: string | undefined): number | null => {
  const id = Number(raw);
  return Number.isInteger(id) && id > 0 ? id : null;
};

const NaoEncontrado = () => (
  <Box>
    <PageHeader title="Cliente não encontrado" />
    <Typography color="text.secondary" sx={{ mb: 2 }}>
      O cliente não existe ou não está vinculado a você.
    </Typography>
    <Button component={Link} to={ROUTES.OperadorClientes} variant="contained">
      Voltar para os clientes
    </Button>
  </Box>
);

const Carregando = () => (
  <Box aria-busy="true">
    <PageHeader title="Cliente" subtitle="Carregando…" />
    <Skeleton variant="text" width="40%" height={32} />
    <Skeleton variant="rounded" height={72} sx={{ my: 2 }} />
    <Skeleton variant="rounded" height={240} />
  </Box>
);

/** The data column's cards as items of the outer grid: the header, then the conversation, then the rest. */
const CONVERSA_LOGO_ABAIXO = {
  '& > [data-coluna="dados"] > *': { order: 2 },
  '& > [data-coluna="dados"] > [aria-label="Resumo do cliente"]': { order: 0 },
  '& > :not([data-coluna="dados"])': { order: 1 },
};

/**
 * The customer workspace (/operador/clientes/:id): data and actions on the left, the conversation on the
 * right; below lg, one column with the conversation under the header.
 */
export const ClienteWorkspacePage = () => <ClienteWorkspace id={parseClienteId(useParams().id)} />;

/**
 * One customer's workspace, on its own page or inside the inbox (`naFila`: always one column, the
 * conversation right under the header, docs/produto.md §5). Opening it marks the customer's replies read.
 */
export const ClienteWorkspace = ({ id, naFila = false }: { id: number | null; naFila?: boolean }) => {
  const query = useCliente(id ?? 0, id !== null);
  const [selecionadas, setSelecionadas] = useState<Set<number>>(new Set());
  useMarcarLidaAoAbrir(id, query.data ? (query.data.ultima_mensagem?.created_at ?? null) : undefined);

  if (id === null || temCodigo(query.error, 'CLIENTE_NAO_ENCONTRADO')) return <NaoEncontrado />;
  if (query.isError && !query.data)
    return (
      <Box>
        <PageHeader title="Cliente" />
        <LoadErrorAlert
          error={query.error}
          fallback="Não foi possível carregar o cliente."
          onRetry={() => void query.refetch()}
        />
      </Box>
    );
  if (!query.data) return <Carregando />;

  const cliente = query.data;
  // A receivable paid or negotiated meanwhile drops out of the selection.
  const contasSelecionadas = cliente.contas.filter((c) => c.status === 'aberta' && selecionadas.has(c.id));

  return (
    <Box
      sx={(theme) => ({
        display: 'grid',
        gap: 3,
        gridTemplateColumns: naFila
          ? 'minmax(0, 1fr)'
          : { xs: 'minmax(0, 1fr)', lg: 'minmax(0, 1fr) minmax(360px, 440px)' },
        alignItems: 'start',
        // One column (the inbox, or a narrow screen): the conversation right under the header, as a phone
        // opening the customer from its queue shows it (docs/produto.md §5).
        ...(naFila ? CONVERSA_LOGO_ABAIXO : { [theme.breakpoints.down('lg')]: CONVERSA_LOGO_ABAIXO }),
      })}
    >
      {/* minmax(0, 1fr): a wide table scrolls inside its card instead of widening the column. */}
      <Box
        data-coluna="dados"
        // In one column its cards become items of the grid above, to be ordered there.
        sx={{
          display: naFila ? 'contents' : { xs: 'contents', lg: 'grid' },
          gap: 3,
          minWidth: 0,
          gridTemplateColumns: 'minmax(0, 1fr)',
        }}
      >
        <ClienteHeader
          cliente={cliente}
          actions={
            <ClienteActions
              cliente={cliente}
              selecionadas={contasSelecionadas}
              onNegociado={() => setSelecionadas(new Set())}
            />
          }
        />
        <ContatoCard cliente={cliente} />
        <ContasTable contas={cliente.contas} selecionadas={selecionadas} onChange={setSelecionadas} />
        <CobrancasPixCard cliente={cliente} selecionadas={contasSelecionadas} />
        <DebitoAutomaticoCard cliente={cliente} />
        <HistoricoCard cliente={cliente} />
        <ComprovantesCard cliente={cliente} />
        <LinhaDoTempo cliente={cliente} />
      </Box>
      <MensagensThread cliente={cliente} />
    </Box>
  );
};
