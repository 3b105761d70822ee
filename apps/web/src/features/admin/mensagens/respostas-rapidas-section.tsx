import type { RespostaRapidaView } from '@cobranca/contracts';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { ConfirmarExclusao } from '../../../components/confirmar-exclusao.tsx';
import { QueryErrorAlert } from '../../../components/load-error-alert.tsx';
import { useExcluirRespostaRapida, useRespostasRapidasAdmin } from '../api/respostas-rapidas.ts';
import { RespostaRapidaDialog } from './resposta-rapida-dialog.tsx';

type Edicao = { resposta?: RespostaRapidaView } | null;

const Lista = ({
  respostas,
  onEditar,
  onExcluir,
}: {
  respostas: RespostaRapidaView[];
  onEditar: (r: RespostaRapidaView) => void;
  onExcluir: (r: RespostaRapidaView) => void;
}) => (
  <List aria-label="Respostas rápidas cadastradas" disablePadding>
    {respostas.map((r) => (
      <ListItem
        key={r.id}
        divider
        secondaryAction={
          <>
            <IconButton aria-label={`Editar /${r.atalho}`} onClick={() => onEditar(r)}>
              <EditIcon />
            </IconButton>
            <IconButton aria-label={`Excluir /${r.atalho}`} edge="end" onClick={() => onExcluir(r)}>
              <DeleteIcon />
            </IconButton>
          </>
        }
        sx={{ pr: 12 }}
      >
        <ListItemText
          primary={`/${r.atalho}`}
          secondary={r.texto}
          slotProps={{
            primary: { sx: { fontFamily: 'monospace', fontWeight: 600 } },
            secondary: { sx: { whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' } },
          }}
        />
      </ListItem>
    ))}
  </List>
);

/** "Respostas rápidas" in Config. Mensagens: what operators insert with "/" in the composer (docs/produto.md §13). */
export const RespostasRapidasSection = () => {
  const tituloId = useId();
  const query = useRespostasRapidasAdmin();
  const excluir = useExcluirRespostaRapida();
  const [edicao, setEdicao] = useState<Edicao>(null);
  const [aExcluir, setAExcluir] = useState<RespostaRapidaView | null>(null);

  const conteudo = () => {
    if (query.isPending)
      return (
        <Box aria-busy="true" aria-label="Carregando respostas rápidas">
          <Skeleton variant="rounded" height={48} sx={{ mb: 1 }} />
          <Skeleton variant="rounded" height={48} />
        </Box>
      );
    if (query.isError)
      return <QueryErrorAlert query={query} fallback="Não foi possível carregar as respostas rápidas." />;
    if (query.data.length === 0)
      return (
        <Typography color="text.secondary">
          Nenhuma resposta rápida cadastrada. Crie a primeira para os operadores usarem com "/".
        </Typography>
      );
    return (
      <Lista
        respostas={query.data}
        onEditar={(resposta) => setEdicao({ resposta })}
        onExcluir={setAExcluir}
      />
    );
  };

  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby={tituloId}
      sx={{ mt: 3, p: { xs: 2, md: 3 } }}
    >
      <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 2, mb: 2, flexWrap: 'wrap' }}>
        <Box sx={{ flex: 1, minWidth: 240 }}>
          <Typography id={tituloId} variant="h6" component="h3">
            Respostas rápidas
          </Typography>
          <Typography variant="body2" color="text.secondary">
            Textos curtos que os operadores inserem na conversa digitando "/" e o atalho. Os marcadores são
            preenchidos com os dados do cliente.
          </Typography>
        </Box>
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEdicao({})}>
          Nova resposta
        </Button>
      </Box>
      {conteudo()}
      {edicao && <RespostaRapidaDialog resposta={edicao.resposta} onClose={() => setEdicao(null)} />}
      <ConfirmarExclusao
        alvo={aExcluir}
        titulo="Excluir resposta rápida?"
        mensagem={`Os operadores deixam de ver /${aExcluir?.atalho ?? ''}. Mensagens já enviadas não mudam.`}
        excluir={excluir}
        sucesso={(r) => `Resposta rápida /${r.atalho} excluída.`}
        falha="Não foi possível excluir a resposta rápida."
        onClose={() => setAExcluir(null)}
      />
    </Paper>
  );
};
