import type { ClienteLista } from '@cobranca/contracts';
import { formatarDocumento, formatarValorEmReais } from '@cobranca/dominio';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { CanalIcone } from '../../../components/canal-icone.tsx';
import { colunaChamadas } from '../../../components/chamadas-mark.tsx';
import { ClienteStatusChip } from '../../../components/cliente-status-chip.tsx';
import { DiasAtraso } from '../../../components/dias-atraso.tsx';
import type { Column } from '../../../components/paged-table.tsx';
import { TempoRelativo } from '../../../components/tempo-relativo.tsx';
import { formatarDataHora } from '../../../lib/format.ts';
import { formatarTelefone } from '../../../lib/format-cliente.ts';
import { situacaoDaMensagem } from '../../../lib/situacao-envio.ts';
import { useUrlFilters } from '../../../lib/use-url-filters.ts';
import { useJanelaEnvio } from '../api/janela-envio.ts';
import { NaoLidasMarca } from '../inbox/nao-lidas-marca.tsx';

// Columns chosen so no operator list is wider than its box at 1440 px: free text (messages, replies)
// is clamped with the whole text in `title`, numbers never wrap, names and documents wrap.

const Instante = ({ iso, prefix }: { iso: string; prefix?: string }) => (
  <Typography
    component="time"
    variant="caption"
    color="text.secondary"
    dateTime={iso}
    title={formatarDataHora(iso)}
  >
    {prefix}
    <TempoRelativo iso={iso} />
  </Typography>
);

const Vazio = () => (
  <Box component="span" sx={{ color: 'text.secondary' }}>
    —
  </Box>
);

const Numero = ({ children }: { children: string }) => (
  <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
    {children}
  </Box>
);

/** The last message's channel, before its state: an icon, so the phone card is no wider. */
const Canal = ({ canal }: { canal: NonNullable<ClienteLista['ultima_mensagem']>['canal'] }) => (
  <CanalIcone canal={canal} sx={{ color: 'text.secondary', mr: 0.5, verticalAlign: 'text-bottom' }} />
);

/** Text clamped to `linhas` lines inside a bounded width, the whole text in the tooltip. */
const Trecho = ({ texto, linhas, largura }: { texto: string; linhas: number; largura: number }) => (
  <Typography
    variant="body2"
    title={texto}
    sx={{
      maxWidth: largura,
      overflow: 'hidden',
      display: '-webkit-box',
      WebkitLineClamp: linhas,
      WebkitBoxOrient: 'vertical',
      overflowWrap: 'anywhere',
    }}
  >
    {texto}
  </Typography>
);

/** The newest message, its channel and true state ("Entregue · há 5 min", "Agendada · sai às 08:00…"). */
const UltimaMensagem = ({ mensagem }: { mensagem: ClienteLista['ultima_mensagem'] }) => {
  const janela = useJanelaEnvio();
  if (!mensagem) return <Vazio />;
  const situacao = situacaoDaMensagem(mensagem, janela.data);
  return (
    <Box sx={{ minWidth: 0 }}>
      <Trecho texto={mensagem.conteudo} linhas={1} largura={240} />
      <Canal canal={mensagem.canal} />
      {situacao.tipo === 'espera' ? (
        <Typography variant="caption" color="text.secondary">
          {situacao.rotulo}
        </Typography>
      ) : (
        <Instante iso={mensagem.created_at} prefix={`${situacao.rotulo} · `} />
      )}
    </Box>
  );
};

/** Phones: the newest message's state alone, short ("Agendada · sai às 08:00", "Entregue · há 5 min"). */
const EstadoUltimaMensagem = ({ mensagem }: { mensagem: ClienteLista['ultima_mensagem'] }) => {
  const janela = useJanelaEnvio();
  if (!mensagem) return <Vazio />;
  const situacao = situacaoDaMensagem(mensagem, janela.data);
  return (
    <span>
      <Canal canal={mensagem.canal} />
      {situacao.tipo === 'espera' ? (
        <Typography variant="caption" color="text.secondary">
          {situacao.curto}
        </Typography>
      ) : (
        <Instante iso={mensagem.created_at} prefix={`${situacao.curto} · `} />
      )}
    </span>
  );
};

/** Aguardando: the reply the customer is waiting on, prominent (two lines) with how long ago. */
const UltimaResposta = ({ cliente }: { cliente: ClienteLista }) => {
  const resposta = cliente.ultima_resposta;
  if (!resposta) return <Vazio />;
  return (
    <Box sx={{ minWidth: 0 }}>
      <Trecho texto={resposta.conteudo} linhas={2} largura={360} />
      <Instante iso={resposta.created_at} prefix="Respondeu " />
    </Box>
  );
};

// A row stays short: the first tags, then "+n" with all of them in the title (decision 022).
const ETIQUETAS_NA_LISTA = 3;
const FILTRO_ETIQUETA = ['etiqueta'] as const;

/** Clicking a tag filters the list by it (`?etiqueta=`), instead of opening the row it sits in. */
const EtiquetasChips = ({ etiquetas }: { etiquetas: string[] }) => {
  const [, setFilters] = useUrlFilters(FILTRO_ETIQUETA);
  if (etiquetas.length === 0) return null;
  const resto = etiquetas.length - ETIQUETAS_NA_LISTA;
  return (
    <Box
      component="ul"
      aria-label="Etiquetas"
      title={etiquetas.join(', ')}
      sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, m: 0, mt: 0.5, p: 0, listStyle: 'none' }}
    >
      {etiquetas.slice(0, ETIQUETAS_NA_LISTA).map((e) => (
        <li key={e}>
          <Chip
            size="small"
            variant="outlined"
            label={e}
            aria-label={`${e}: filtrar por esta etiqueta`}
            onClick={(event) => {
              event.stopPropagation();
              setFilters({ etiqueta: e });
            }}
            // Enter would also reach the row's own handler, which opens the customer.
            onKeyDown={(event) => (event.key === 'Enter' || event.key === ' ') && event.stopPropagation()}
            sx={{ height: 20, fontSize: 12 }}
          />
        </li>
      ))}
      {resto > 0 && (
        <li>
          <Chip size="small" label={`+${resto}`} sx={{ height: 20, fontSize: 12 }} />
        </li>
      )}
    </Box>
  );
};

const Nome = ({ cliente }: { cliente: ClienteLista }) => (
  <Box sx={{ minWidth: 0 }}>
    <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', columnGap: 1 }}>
      <Box component="span" sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>
        {cliente.nome}
      </Box>
      {/* Only the queue of unassigned customers has rows without an operator. */}
      {cliente.operador === null && <Chip size="small" color="warning" label="Sem operador" />}
      <NaoLidasMarca n={cliente.nao_lidas} />
    </Box>
    <Typography variant="caption" color="text.secondary" component="div" sx={{ whiteSpace: 'nowrap' }}>
      {formatarDocumento(cliente.documento)}
    </Typography>
    <EtiquetasChips etiquetas={cliente.etiquetas} />
  </Box>
);

const coluna = {
  nome: {
    key: 'nome',
    header: 'Cliente',
    sortKey: 'nome',
    render: (c) => <Nome cliente={c} />,
  },
  telefone: {
    key: 'telefone',
    header: 'Telefone',
    render: (c) => (c.telefone ? <Numero>{formatarTelefone(c.telefone)}</Numero> : <Vazio />),
    hideOnMobile: true,
  },
  status: { key: 'status', header: 'Status', render: (c) => <ClienteStatusChip status={c.status} /> },
  chamadas: colunaChamadas<ClienteLista>(),
  total: {
    key: 'total',
    header: 'Em aberto',
    align: 'right',
    sortKey: 'total_em_aberto',
    render: (c) => <Numero>{formatarValorEmReais(c.total_em_aberto)}</Numero>,
  },
  atraso: {
    key: 'atraso',
    header: 'Atraso (dias)',
    align: 'right',
    sortKey: 'dias_atraso',
    render: (c) => <DiasAtraso dias={c.dias_atraso} />,
  },
  ultimaMensagem: {
    key: 'ultima_mensagem',
    header: 'Última mensagem',
    sortKey: 'ultima_mensagem',
    render: (c) => <UltimaMensagem mensagem={c.ultima_mensagem} />,
    hideOnMobile: true,
  },
  // The card has no room for the text, but the state is what an operator scans the list for.
  estadoUltimaMensagem: {
    key: 'estado_ultima_mensagem',
    header: 'Última mensagem',
    render: (c) => <EstadoUltimaMensagem mensagem={c.ultima_mensagem} />,
    onlyOnPhone: true,
  },
  // The queue's order is how long the reply has waited, so the column sorts by aguardando_desde.
  ultimaResposta: {
    key: 'ultima_resposta',
    header: 'Última resposta',
    sortKey: 'aguardando_desde',
    render: (c) => <UltimaResposta cliente={c} />,
  },
  recuperado: {
    key: 'recuperado',
    header: 'Recuperado',
    align: 'right',
    sortKey: 'recuperado',
    render: (c) => <Numero>{formatarValorEmReais(c.recuperado)}</Numero>,
  },
  concluidoEm: {
    key: 'concluido_em',
    header: 'Concluído em',
    sortKey: 'concluido_em',
    // null: concluded by an import without debt, no payment to date it.
    render: (c) =>
      c.concluido_em ? (
        <Typography component="time" variant="body2" dateTime={c.concluido_em} sx={{ whiteSpace: 'nowrap' }}>
          {formatarDataHora(c.concluido_em)}
        </Typography>
      ) : (
        <Vazio />
      ),
  },
} satisfies Record<string, Column<ClienteLista>>;

/** Ativos and Em atendimento: who, how much, how late, and the newest message. */
export const colunasEmCobranca: Column<ClienteLista>[] = [
  coluna.nome,
  coluna.telefone,
  coluna.status,
  coluna.chamadas,
  coluna.total,
  coluna.atraso,
  coluna.ultimaMensagem,
  coluna.estadoUltimaMensagem,
];

/** Aguardando: the customer's reply second, where the eye lands; every row is "aguardando", so no status. */
export const colunasAguardando: Column<ClienteLista>[] = [
  coluna.nome,
  coluna.ultimaResposta,
  coluna.telefone,
  coluna.chamadas,
  coluna.total,
  coluna.atraso,
];

/** Concluídos: nothing is open any more, so what was recovered and when it ended. */
export const colunasConcluidos: Column<ClienteLista>[] = [
  coluna.nome,
  coluna.telefone,
  coluna.recuperado,
  coluna.concluidoEm,
  coluna.ultimaMensagem,
  coluna.estadoUltimaMensagem,
];
