import type { ClienteDetalhe, LinhaDoTempoItem } from '@cobranca/contracts';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlineOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { BusyButton } from '../../../components/busy-button.tsx';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { LoadErrorAlert } from '../../../components/load-error-alert.tsx';
import { notify } from '../../../components/snackbar/snackbar-store.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { formatarDataHora } from '../../../lib/format.ts';
import { formatarRelativo } from '../../../lib/format-relativo.ts';
import { useExcluirNota, useLinhaDoTempo } from '../api/linha-do-tempo.ts';
import { descrever, ICONES } from './linha-do-tempo-itens.tsx';
import { NotaComposer } from './nota-composer.tsx';

/** Relative and absolute (São Paulo) time of an entry: "há 5 minutos · 20/11/2026 11:55". */
const Quando = ({ em }: { em: string }) => (
  <Typography component="time" dateTime={em} variant="caption" color="text.secondary">
    {formatarRelativo(em)} · {formatarDataHora(em)}
  </Typography>
);

const Item = ({
  item,
  onExcluir,
}: {
  item: LinhaDoTempoItem;
  onExcluir: (item: LinhaDoTempoItem) => void;
}) => {
  const Icone = ICONES[item.tipo];
  const { titulo, detalhe } = descrever(item);
  const nota = item.tipo === 'nota';
  // The deadline passes while the screen is open: the server would answer 409, so the button goes.
  const excluivel = nota && item.excluivel_ate !== null && Date.parse(item.excluivel_ate) > Date.now();
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
      <Icone fontSize="small" color={nota ? 'warning' : 'action'} sx={{ mt: 0.25 }} aria-hidden />
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

/**
 * Everything that happened to the customer, newest first (docs/produto.md §5): messages, calls,
 * promises, agreements, payments, status changes and internal notes, 50 at a time.
 */
export const LinhaDoTempo = ({ cliente }: { cliente: ClienteDetalhe }) => {
  const query = useLinhaDoTempo(cliente.id);
  const excluir = useExcluirNota(cliente.id);
  const [aExcluir, setAExcluir] = useState<LinhaDoTempoItem | null>(null);
  const itens = query.data?.pages.flatMap((p) => p.itens) ?? [];

  const confirmarExclusao = () => {
    if (!aExcluir) return;
    excluir.mutate(aExcluir.id, {
      onSuccess: () => notify.success('Nota excluída.'),
      onError: (error) => notify.error(errorMessage(error, 'Não foi possível excluir a nota.')),
      onSettled: () => setAExcluir(null),
    });
  };

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
      {cliente.operador === null ? (
        <Alert severity="info">Assuma o cliente para escrever notas internas.</Alert>
      ) : (
        <NotaComposer clienteId={cliente.id} />
      )}
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
            <Item key={item.chave} item={item} onExcluir={setAExcluir} />
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
      <ConfirmDialog
        open={aExcluir !== null}
        title="Excluir nota?"
        message="A nota sai da linha do tempo. O texto fica registrado na auditoria."
        confirmLabel="Excluir"
        confirmColor="error"
        loading={excluir.isPending}
        onConfirm={confirmarExclusao}
        onClose={() => setAExcluir(null)}
      />
    </Paper>
  );
};
