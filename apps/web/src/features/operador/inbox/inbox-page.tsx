import type { ClienteLista } from '@cobranca/contracts';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import KeyboardArrowDownIcon from '@mui/icons-material/KeyboardArrowDown';
import KeyboardArrowUpIcon from '@mui/icons-material/KeyboardArrowUp';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import { useTheme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { Link, type NavigateFunction, useLocation, useNavigate, useParams } from 'react-router';
import { notify } from '../../../components/snackbar/snackbar-store.ts';
import type { ClientesListaConfig } from '../clientes/clientes-lista.tsx';
import { useClientesListaDaUrl } from '../clientes/clientes-lista.tsx';
import { ClienteWorkspace, parseClienteId } from '../workspace/cliente-workspace-page.tsx';
import { type AcaoAtalho, acaoDaTecla } from './atalhos.ts';
import { AtalhosDialog } from './atalhos-dialog.tsx';
import { caminhoDaLista, caminhoNaFila, type FilaInbox } from './caminhos.ts';
import { FilaCompacta } from './fila-compacta.tsx';

// The inbox of docs/produto.md §5 (decision 023): from lg (1200 px) the queue sits beside the open
// conversation; below it the conversation takes the screen, with a way back to the queue and to the
// previous/next customer. The URL names the customer (/operador/aguardando-atendimento/42?…), so
// back/forward and links work, and the list's own ?filters travel along.

type InboxConfig = {
  fila: FilaInbox;
  titulo: string;
  vazio: string;
  /** The same endpoint and default order as the list page (operador-clientes-pages.tsx). */
  lista: Pick<ClientesListaConfig, 'endpoint' | 'ordemPadrao'>;
};

const AGUARDANDO: InboxConfig = {
  fila: 'aguardando-atendimento',
  titulo: 'Aguardando Atendimento',
  vazio: 'Nenhum cliente aguardando atendimento.',
  lista: { endpoint: 'aguardando-atendimento', ordemPadrao: { key: 'aguardando_desde', direction: 'asc' } },
};

const EM_ATENDIMENTO: InboxConfig = {
  fila: 'em-atendimento',
  titulo: 'Em Atendimento',
  vazio: 'Nenhum cliente em atendimento.',
  lista: { endpoint: 'em-atendimento', ordemPadrao: { key: 'ultima_mensagem', direction: 'desc' } },
};

const ALTURA_UTIL = 'calc(100vh - 64px - 48px)';

type EstadoDaFila = {
  clientes: ClienteLista[];
  /** Where the open customer is in the queue's page; -1 when it is not on it. */
  posicao: number;
  /** The queue is on screen beside the conversation. */
  largo: boolean;
  caminhoDe: (clienteId: number) => string;
  navigate: NavigateFunction;
  abrirAjuda: () => void;
};

/**
 * The inbox's keyboard shortcuts (atalhos.ts): move through the queue, open, take over, search, help.
 * Gives the refs of the elements they act on: the queue's list, its search box and the workspace.
 */
const useAtalhosDaFila = (estado: EstadoDaFila) => {
  const listaRef = useRef<HTMLUListElement>(null);
  const buscaRef = useRef<HTMLDivElement>(null);
  const workspaceRef = useRef<HTMLDivElement>(null);
  // The handler reads the render's values through a ref: one listener for the page's lifetime.
  const atual = useRef(estado);
  atual.current = estado;

  useEffect(() => {
    const focado = (): number => {
      const el = document.activeElement?.closest('[data-cliente-id]');
      return el && listaRef.current?.contains(el) ? Number(el.getAttribute('data-cliente-id')) : Number.NaN;
    };
    const executar = (acao: AcaoAtalho) => {
      const {
        clientes: fila,
        posicao: aberta,
        largo: comFila,
        caminhoDe: caminho,
        navigate: ir,
        abrirAjuda,
      } = atual.current;
      switch (acao) {
        case 'proximo':
        case 'anterior': {
          const idFocado = focado();
          const de = Number.isNaN(idFocado) ? aberta : fila.findIndex((c) => c.id === idFocado);
          const alvo = fila[Math.min(Math.max(de + (acao === 'proximo' ? 1 : -1), 0), fila.length - 1)];
          if (!alvo) return;
          // With the queue on screen the cursor moves through it; without, the next conversation opens.
          if (comFila)
            listaRef.current?.querySelector<HTMLElement>(`[data-cliente-id="${alvo.id}"]`)?.focus();
          else ir(caminho(alvo.id));
          return;
        }
        case 'abrir': {
          const idFocado = focado();
          if (!Number.isNaN(idFocado)) ir(caminho(idFocado));
          return;
        }
        case 'assumir': {
          // The workspace's own button: the same confirmation, errors and refresh as a click.
          const botao = [
            ...(workspaceRef.current?.querySelectorAll<HTMLButtonElement>(
              '[role="group"][aria-label="Ações do cliente"] button',
            ) ?? []),
          ].find((b) => b.textContent === 'Assumir');
          if (botao && !botao.disabled) botao.click();
          else notify.info('Só um cliente aguardando atendimento, aberto na tela, pode ser assumido.');
          return;
        }
        case 'buscar':
          buscaRef.current?.querySelector('input')?.focus();
          return;
        case 'ajuda':
          abrirAjuda();
      }
    };
    const onKeyDown = (e: KeyboardEvent) => {
      if (e.defaultPrevented) return;
      const alvo = e.target;
      const naFila =
        alvo === document.body || (alvo instanceof Node && Boolean(listaRef.current?.contains(alvo)));
      const acao = acaoDaTecla(e, naFila);
      if (!acao) return;
      e.preventDefault();
      executar(acao);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);
  return { listaRef, buscaRef, workspaceRef };
};

/** The way to a neighbour of the open customer in the queue; off at either end. */
const IrParaVizinho = ({
  rotulo,
  caminho,
  icone,
}: {
  rotulo: string;
  caminho: string | undefined;
  icone: ReactNode;
}) => {
  const navigate = useNavigate();
  return (
    <IconButton aria-label={rotulo} disabled={!caminho} onClick={() => caminho && navigate(caminho)}>
      {icone}
    </IconButton>
  );
};

/** Below lg: the conversation first, with the way back and the neighbours of the queue. */
const NavegacaoEstreita = ({
  voltar,
  posicao,
  total,
  anterior,
  proximo,
}: {
  voltar: string;
  posicao: number;
  total: number;
  /** The neighbours' paths, when there are any. */
  anterior: string | undefined;
  proximo: string | undefined;
}) => (
  <Box
    component="nav"
    aria-label="Navegação da fila"
    sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 2, flexWrap: 'wrap' }}
  >
    <Button component={Link} to={voltar} startIcon={<ArrowBackIcon />}>
      Voltar para a fila
    </Button>
    <Box sx={{ flexGrow: 1 }} />
    {posicao >= 0 && (
      <Typography variant="body2" color="text.secondary">
        {posicao + 1} de {total}
      </Typography>
    )}
    <IrParaVizinho rotulo="Cliente anterior" caminho={anterior} icone={<KeyboardArrowUpIcon />} />
    <IrParaVizinho rotulo="Próximo cliente" caminho={proximo} icone={<KeyboardArrowDownIcon />} />
  </Box>
);

const InboxPage = ({ config }: { config: InboxConfig }) => {
  const id = parseClienteId(useParams().id);
  const { search } = useLocation();
  const navigate = useNavigate();
  const theme = useTheme();
  const largo = useMediaQuery(theme.breakpoints.up('lg'), { noSsr: true });
  const { query, busca, setFilters, page, setPage } = useClientesListaDaUrl(config.lista);
  const [ajuda, setAjuda] = useState(false);

  const clientes = query.data?.data ?? [];
  const caminhoDe = (clienteId: number) => caminhoNaFila(config.fila)(clienteId, search);
  const posicao = clientes.findIndex((c) => c.id === id);
  const vizinho = (passo: 1 | -1) => clientes[posicao + passo];

  const { listaRef, buscaRef, workspaceRef } = useAtalhosDaFila({
    clientes,
    posicao,
    largo,
    caminhoDe,
    navigate,
    abrirAjuda: () => setAjuda(true),
  });

  const fila = (
    <FilaCompacta
      titulo={config.titulo}
      vazio={config.vazio}
      clientes={clientes}
      carregando={query.isLoading}
      erro={query.error}
      onTentarDeNovo={() => void query.refetch()}
      abertoId={id}
      caminhoDe={caminhoDe}
      busca={busca}
      onBuscar={(texto) => setFilters({ busca: texto })}
      pagina={{
        atual: page,
        ultima: query.data?.last_page ?? 1,
        total: query.data?.total ?? clientes.length,
      }}
      onPagina={setPage}
      onAjuda={() => setAjuda(true)}
      listaRef={listaRef}
      buscaRef={buscaRef}
    />
  );

  const anterior = vizinho(-1);
  const proximo = vizinho(1);
  const barraEstreita = (
    <NavegacaoEstreita
      voltar={caminhoDaLista(config.fila, search)}
      posicao={posicao}
      total={clientes.length}
      anterior={anterior && caminhoDe(anterior.id)}
      proximo={proximo && caminhoDe(proximo.id)}
    />
  );

  return (
    <>
      {largo ? (
        <Box
          data-testid="inbox"
          data-layout="lado-a-lado"
          sx={{ display: 'grid', gridTemplateColumns: '340px minmax(0, 1fr)', gap: 3, alignItems: 'start' }}
        >
          <Box sx={{ position: 'sticky', top: 88, height: ALTURA_UTIL, display: 'flex', minWidth: 0 }}>
            {fila}
          </Box>
          <Box ref={workspaceRef} sx={{ minWidth: 0 }}>
            <ClienteWorkspace key={id ?? 'nenhum'} id={id} naFila />
          </Box>
        </Box>
      ) : (
        <Box data-testid="inbox" data-layout="conversa">
          {barraEstreita}
          <Box ref={workspaceRef} sx={{ minWidth: 0 }}>
            <ClienteWorkspace key={id ?? 'nenhum'} id={id} naFila />
          </Box>
        </Box>
      )}
      <AtalhosDialog open={ajuda} onClose={() => setAjuda(false)} />
    </>
  );
};

export const OperadorAguardandoInboxPage = () => <InboxPage config={AGUARDANDO} />;
export const OperadorEmAtendimentoInboxPage = () => <InboxPage config={EM_ATENDIMENTO} />;
