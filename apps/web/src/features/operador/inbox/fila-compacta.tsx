import type { ClienteLista } from '@cobranca/contracts';
import { contagem } from '@cobranca/dominio';
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import KeyboardIcon from '@mui/icons-material/Keyboard';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { Ref } from 'react';
import { Link } from 'react-router';
import { ATRASO_CRITICO_DIAS } from '../../../components/dias-atraso.tsx';
import { LoadErrorAlert } from '../../../components/load-error-alert.tsx';
import { SearchField } from '../../../components/search-field.tsx';
import { TempoRelativo } from '../../../components/tempo-relativo.tsx';
import { formatarDataHora } from '../../../lib/format.ts';
import { NaoLidasMarca } from './nao-lidas-marca.tsx';

/** The excerpt a queue row shows: the customer's last reply, else the last message of the conversation. */
const trechoDe = (c: ClienteLista): { texto: string; iso: string } | null => {
  if (c.ultima_resposta) return { texto: c.ultima_resposta.conteudo, iso: c.ultima_resposta.created_at };
  if (c.ultima_mensagem) return { texto: c.ultima_mensagem.conteudo, iso: c.ultima_mensagem.created_at };
  return null;
};

const FilaItem = ({
  cliente,
  aberto,
  caminho,
}: {
  cliente: ClienteLista;
  aberto: boolean;
  caminho: string;
}) => {
  const trecho = trechoDe(cliente);
  const naoLida = cliente.nao_lidas > 0;
  return (
    <ListItem disablePadding divider>
      <ListItemButton
        component={Link}
        to={caminho}
        selected={aberto}
        aria-current={aberto ? 'page' : undefined}
        data-cliente-id={cliente.id}
        sx={{ display: 'block', py: 1.25 }}
      >
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, minWidth: 0 }}>
          <Typography
            noWrap
            title={cliente.nome}
            sx={{ fontWeight: naoLida ? 700 : 500, flex: '1 1 auto', minWidth: 0 }}
          >
            {cliente.nome}
          </Typography>
          {trecho && (
            <Typography
              component="time"
              variant="caption"
              color="text.secondary"
              dateTime={trecho.iso}
              title={formatarDataHora(trecho.iso)}
              sx={{ flexShrink: 0 }}
            >
              <TempoRelativo iso={trecho.iso} />
            </Typography>
          )}
        </Box>
        <Typography
          variant="body2"
          color={naoLida ? 'text.primary' : 'text.secondary'}
          noWrap
          title={trecho?.texto}
        >
          {trecho?.texto ?? 'Sem mensagens'}
        </Typography>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mt: 0.5, minHeight: 20 }}>
          <Typography
            variant="caption"
            sx={
              cliente.dias_atraso > ATRASO_CRITICO_DIAS
                ? { color: 'error.main', fontWeight: 600 }
                : { color: 'text.secondary' }
            }
          >
            {cliente.dias_atraso > 0
              ? `${contagem(cliente.dias_atraso, 'dia', 'dias')} em atraso`
              : 'Sem atraso'}
          </Typography>
          {cliente.operador === null && <Chip size="small" color="warning" label="Sem operador" />}
          <Box sx={{ flexGrow: 1 }} />
          <NaoLidasMarca n={cliente.nao_lidas} />
        </Box>
      </ListItemButton>
    </ListItem>
  );
};

type FilaCompactaProps = {
  titulo: string;
  vazio: string;
  clientes: ClienteLista[];
  carregando: boolean;
  erro: unknown;
  onTentarDeNovo: () => void;
  abertoId: number | null;
  caminhoDe: (id: number) => string;
  busca: string;
  onBuscar: (busca: string) => void;
  pagina: { atual: number; ultima: number; total: number };
  onPagina: (pagina: number) => void;
  onAjuda: () => void;
  listaRef: Ref<HTMLUListElement>;
  buscaRef: Ref<HTMLDivElement>;
};

/** The inbox's queue (docs/produto.md §5): who, what they said, how long ago, how late, what is unread. */
export const FilaCompacta = (props: FilaCompactaProps) => {
  const { titulo, clientes, carregando, erro, pagina } = props;
  const conteudo = () => {
    if (carregando && clientes.length === 0)
      return (
        <Box aria-busy="true" aria-label="Carregando a fila" sx={{ p: 2 }}>
          {Array.from({ length: 5 }, (_, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
            <Skeleton key={i} variant="rounded" height={64} sx={{ mb: 1 }} />
          ))}
        </Box>
      );
    if (erro && clientes.length === 0)
      return (
        <LoadErrorAlert
          error={erro}
          fallback="Não foi possível carregar a fila."
          onRetry={props.onTentarDeNovo}
          sx={{ m: 2 }}
        />
      );
    if (clientes.length === 0)
      return (
        <Typography color="text.secondary" sx={{ p: 2 }}>
          {props.busca ? 'Nenhum cliente encontrado com essa busca.' : props.vazio}
        </Typography>
      );
    return (
      <List ref={props.listaRef} aria-label={titulo} disablePadding>
        {clientes.map((c) => (
          <FilaItem key={c.id} cliente={c} aberto={c.id === props.abertoId} caminho={props.caminhoDe(c.id)} />
        ))}
      </List>
    );
  };
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-label={`Fila: ${titulo}`}
      sx={{ display: 'flex', flexDirection: 'column', minHeight: 0, overflow: 'hidden' }}
    >
      <Box sx={{ p: 2, pb: 1, display: 'grid', gap: 1.5 }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
          {/* Not a heading: the open customer's name is the page's h2; the section is named instead. */}
          <Typography component="p" variant="h6" sx={{ fontWeight: 600, flexGrow: 1 }}>
            {titulo}
          </Typography>
          <IconButton
            size="small"
            onClick={props.onAjuda}
            aria-label="Atalhos de teclado"
            title="Atalhos (?)"
          >
            <KeyboardIcon fontSize="small" />
          </IconButton>
        </Box>
        <Box ref={props.buscaRef} sx={{ display: 'flex' }}>
          <SearchField
            label="Buscar na fila"
            placeholder="Nome, documento ou telefone"
            initialValue={props.busca}
            onSearch={props.onBuscar}
          />
        </Box>
      </Box>
      <Box sx={{ flex: '1 1 auto', overflowY: 'auto', minHeight: 0 }}>{conteudo()}</Box>
      {pagina.ultima > 1 && (
        <Box
          component="nav"
          aria-label="Páginas da fila"
          sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', px: 1, py: 0.5 }}
        >
          <IconButton
            aria-label="Página anterior"
            disabled={pagina.atual <= 1}
            onClick={() => props.onPagina(pagina.atual - 1)}
          >
            <ChevronLeftIcon />
          </IconButton>
          <Typography variant="caption" color="text.secondary">
            Página {pagina.atual} de {pagina.ultima} · {contagem(pagina.total, 'cliente', 'clientes')}
          </Typography>
          <IconButton
            aria-label="Próxima página"
            disabled={pagina.atual >= pagina.ultima}
            onClick={() => props.onPagina(pagina.atual + 1)}
          >
            <ChevronRightIcon />
          </IconButton>
        </Box>
      )}
    </Paper>
  );
};
