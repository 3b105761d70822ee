import type { ImportacaoResumo } from '@cobranca/contracts';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useTheme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useId } from 'react';
import { LoadErrorAlert } from '../../../components/load-error-alert.tsx';
import { formatarDataHora } from '../../../lib/format.ts';
import { useImportacao } from '../api/importacoes.ts';
import { IMPORTACAO_TIPO_LABELS, ImportacaoStatusChip } from './importacao-labels.tsx';
import { RelatorioImportacao } from './relatorio-importacao.tsx';

const Conteudo = ({ id }: { id: number }) => {
  const query = useImportacao(id);
  if (query.data) return <RelatorioImportacao relatorio={query.data} />;
  if (query.isError)
    return (
      <LoadErrorAlert
        error={query.error}
        fallback="Não foi possível carregar a importação."
        onRetry={() => void query.refetch()}
      />
    );
  return (
    <Box sx={{ display: 'grid', placeItems: 'center', py: 4 }}>
      <CircularProgress aria-label="Carregando a importação" />
    </Box>
  );
};

/** One past import: the summary row's facts at once, the full report (problems) when it arrives. */
export const ImportacaoDetalheDialog = ({
  resumo,
  onClose,
}: {
  resumo: ImportacaoResumo;
  onClose: () => void;
}) => {
  const titleId = useId();
  const fullScreen = useMediaQuery(useTheme().breakpoints.down('sm'));
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} maxWidth="md" fullWidth fullScreen={fullScreen}>
      <DialogTitle id={titleId} sx={{ overflowWrap: 'anywhere' }}>
        Importação de {resumo.arquivo_nome}
      </DialogTitle>
      <DialogContent>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, mb: 2 }}>
          <Typography variant="body2" color="text.secondary">
            {IMPORTACAO_TIPO_LABELS[resumo.tipo]} · {formatarDataHora(resumo.created_at)}
            {resumo.usuario ? ` · ${resumo.usuario.nome}` : ''}
          </Typography>
          <ImportacaoStatusChip status={resumo.status} />
        </Box>
        <Conteudo id={resumo.id} />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Fechar</Button>
      </DialogActions>
    </Dialog>
  );
};
