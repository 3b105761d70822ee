import type { JanelaEnvio, LinhaDoTempoItem, LinhaDoTempoResponse, NotaItem } from '@cobranca/contracts';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlineOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { InfiniteData, UseInfiniteQueryResult, UseMutationResult } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { formatarDataHora } from '../../lib/format.ts';
import { BusyButton } from '../busy-button.tsx';
import { CanalIcone } from '../canal-icone.tsx';
import { ConfirmarExclusao } from '../confirmar-exclusao.tsx';
import { LoadErrorAlert } from '../load-error-alert.tsx';
import { TempoRelativo } from '../tempo-relativo.tsx';
import { descrever, ICONES } from './linha-do-tempo-itens.tsx';

// The customer timeline as a section (docs/produto.md §5): the operator's workspace and the admin's
// customer detail (§15) show the same one, each with its own reads, deletion route and rule.

/** Relative and absolute (São Paulo) time of an entry: "há 5 min · 20/11/2026 11:55". */
const Quando = ({ em }: { em: string }) => (
  <Typography component="time" dateTime={em} variant="caption" color="text.secondary">
    <TempoRelativo iso={em} /> · {formatarDataHora(em)}
  </Typography>
);

const IconeDoItem = ({ item }: { item: LinhaDoTempoItem }) => {
  // A message's icon is its channel, named for screen readers as in the thread.
  if (item.tipo === 'mensagem')
    return <CanalIcone canal={item.canal} sx={{ fontSize: 20, mt: 0.25, color: 'action.active' }} />;
  const Icone = ICONES[item.tipo];
  return (
    <Icone
      fontSize="small"
      color={item.tipo === 'nota' ? 'warning' : 'action'}
      sx={{ mt: 0.25 }}
      aria-hidden
    />
  );
};

const Item = ({
  item,
  janela,
  excluivel,
  onExcluir,
}: {
  item: LinhaDoTempoItem;
  janela: JanelaEnvio | undefined;
  excluivel: boolean;
  onExcluir: (item: LinhaDoTempoItem) => void;
}) => {
  const { titulo, detalhe } = descrever(item, janela);
  const nota = item.tipo === 'nota';
  return (
    <Box
      component="li"
      sx={{
        display: 'grid',
        gridTemplateColumns: 'auto minmax(0, 1fr) auto',
        gap: 1.5,
        py: 1.25,
        borderBottom: 1,
        borderColor: 'divider',
        ...(nota && { bgcolor: 'action.hover', mx: -1, px: 1, borderRadius: 1 }),
      }}
    >
      <IconeDoItem item={item} />
      <Box sx={{ minWidth: 0 }}>
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {titulo}
        </Typography>
        {nota && (
          <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {item.texto}
          </Typography>
        )}
        {detalhe && (
          <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            {detalhe}
          </Typography>
        )}
        <Box>
          <Quando em={item.em} />
          {item.autor && (
            <Typography variant="caption" color="text.secondary">
              {' · '}
              {item.autor.name}
            </Typography>
          )}
        </Box>
      </Box>
      {excluivel ? (
        <IconButton size="small" aria-label="Excluir nota" onClick={() => onExcluir(item)}>
          <DeleteOutlineIcon fontSize="small" />
        </IconButton>
      ) : (
        <span />
      )}
    </Box>
  );
};

const Carregando = () => (
  <Box aria-busy="true" aria-label="Carregando a linha do tempo" sx={{ display: 'grid', gap: 1 }}>
    {[0, 1, 2].map((i) => (
      <Skeleton key={i} variant="rounded" height={48} />
    ))}
  </Box>
);

export type LinhaDoTempoSecaoProps = {
  query: UseInfiniteQueryResult<InfiniteData<LinhaDoTempoResponse>>;
  /** Deletes a note by id, through the reader's own route. */
  excluir: UseMutationResult<unknown, Error, number>;
  /** Whether this reader may delete this note now ("Excluir nota" shows only then). */
  podeExcluir: (nota: NotaItem) => boolean;
  /** The confirmation's text: what happens to the note and where the deletion is recorded. */
  avisoExclusao: string;
  /** Above the entries: the operator's note composer, or why there is none. */
  topo?: ReactNode;
  /** The sending window, so a held message reads "Agendada · sai às …" as in the thread. */
  janela?: JanelaEnvio;
};

/**
 * Everything that happened to the customer, newest first: messages, calls, promises, agreements,
 * payments, status changes and internal notes, a page at a time, and the deletion of a note after
 * a confirmation.
 */
export const LinhaDoTempoSecao = ({
  query,
  excluir,
  podeExcluir,
  avisoExclusao,
  topo,
  janela,
}: LinhaDoTempoSecaoProps) => {
  const [aExcluir, setAExcluir] = useState<LinhaDoTempoItem | null>(null);
  const itens = query.data?.pages.flatMap((p) => p.itens) ?? [];

  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby="linha-do-tempo-titulo"
      sx={{ display: 'grid', gap: 2, p: 2 }}
    >
      <Typography id="linha-do-tempo-titulo" component="h3" variant="subtitle1" sx={{ fontWeight: 600 }}>
        Linha do tempo
      </Typography>
      {topo}
      {query.isPending ? (
        <Carregando />
      ) : query.isError && itens.length === 0 ? (
        <LoadErrorAlert
          error={query.error}
          fallback="Não foi possível carregar a linha do tempo."
          onRetry={() => void query.refetch()}
        />
      ) : itens.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          Nada registrado ainda: mensagens, ligações, acordos, pagamentos e notas aparecem aqui.
        </Typography>
      ) : (
        <Box component="ol" aria-label="Eventos do cliente" sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {itens.map((item) => (
            <Item
              key={item.chave}
              item={item}
              janela={janela}
              excluivel={item.tipo === 'nota' && podeExcluir(item)}
              onExcluir={setAExcluir}
            />
          ))}
        </Box>
      )}
      {query.isFetchNextPageError && (
        <Alert severity="error">Não foi possível carregar mais eventos. Tente de novo.</Alert>
      )}
      {query.hasNextPage && (
        <BusyButton
          variant="outlined"
          busy={query.isFetchingNextPage}
          onClick={() => void query.fetchNextPage()}
          sx={{ justifySelf: 'center' }}
        >
          Carregar mais
        </BusyButton>
      )}
      <ConfirmarExclusao
        alvo={aExcluir}
        titulo="Excluir nota?"
        mensagem={avisoExclusao}
        excluir={excluir}
        sucesso={() => 'Nota excluída.'}
        falha="Não foi possível excluir a nota."
        // Another try would fail the same way: the note is gone, or its 15 minutes are over.
        fecharNaFalha
        onClose={() => setAExcluir(null)}
      />
    </Paper>
  );
};
