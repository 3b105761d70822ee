import type { ArquivoBancarioView } from '@cobranca/contracts';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useId, useState } from 'react';
import { ResultadoArquivo } from '../../../components/conciliacao/resultado-arquivo.tsx';
import { FORMATOS, nomeDoBanco, resumoDasContagens } from '../../../components/conciliacao/rotulos.tsx';
import { FormSection } from '../../../components/form-section.tsx';
import { LoadErrorAlert } from '../../../components/load-error-alert.tsx';
import { type Column, PagedTable, pagedQueryProps } from '../../../components/paged-table.tsx';
import { formatarDataHora } from '../../../lib/format.ts';
import { useArquivoBancario, useArquivosBancarios } from '../api/conciliacao.ts';

const colunas: Column<ArquivoBancarioView>[] = [
  {
    key: 'importado_em',
    header: 'Importado em',
    render: (a) => (
      <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
        {formatarDataHora(a.importado_em)}
      </Box>
    ),
  },
  { key: 'nome', header: 'Arquivo', render: (a) => <Box sx={{ overflowWrap: 'anywhere' }}>{a.nome}</Box> },
  { key: 'formato', header: 'Formato', render: (a) => FORMATOS[a.formato], hideOnMobile: true },
  { key: 'banco', header: 'Banco', render: (a) => nomeDoBanco(a.banco), hideOnMobile: true },
  { key: 'resultado', header: 'Resultado', render: (a) => resumoDasContagens(a) },
  { key: 'por', header: 'Por', render: (a) => a.importado_por?.nome ?? '—', hideOnMobile: true },
];

const DetalheDoArquivo = ({ arquivo, onClose }: { arquivo: ArquivoBancarioView; onClose: () => void }) => {
  const titleId = useId();
  const query = useArquivoBancario(arquivo.id);
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} maxWidth="lg" fullWidth>
      <DialogTitle id={titleId}>Arquivo {arquivo.nome}</DialogTitle>
      <DialogContent>
        {query.isPending && (
          <Box role="status" sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
            <CircularProgress size={16} aria-hidden /> Carregando os lançamentos…
          </Box>
        )}
        {query.isError && (
          <LoadErrorAlert
            error={query.error}
            fallback="Não foi possível carregar o arquivo."
            onRetry={() => void query.refetch()}
          />
        )}
        {query.data && <ResultadoArquivo resultado={query.data} />}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Fechar</Button>
      </DialogActions>
    </Dialog>
  );
};

/** The bank files imported, newest first; a row opens its entries. */
export const ArquivosSection = () => {
  const [page, setPage] = useState(1);
  const query = useArquivosBancarios(page);
  const [aberto, setAberto] = useState<ArquivoBancarioView | null>(null);
  return (
    <FormSection
      title="Arquivos importados"
      description="Clique em um arquivo para ver o que aconteceu com cada lançamento."
    >
      <PagedTable
        label="Arquivos bancários importados"
        columns={colunas}
        {...pagedQueryProps(query)}
        onPageChange={setPage}
        rowKey={(a) => a.id}
        onRowClick={setAberto}
        emptyMessage="Nenhum arquivo importado ainda."
      />
      {aberto && <DetalheDoArquivo arquivo={aberto} onClose={() => setAberto(null)} />}
    </FormSection>
  );
};
