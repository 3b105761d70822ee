import type { ImportacaoResumo } from '@cobranca/contracts';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { type Column, PagedTable, pagedQueryProps } from '../../../components/paged-table.tsx';
import { formatarDataHora } from '../../../lib/format.ts';
import { usePageParam } from '../../../lib/use-page-param.ts';
import { useImportacoes } from '../api/importacoes.ts';
import { ImportacaoDetalheDialog } from './importacao-detalhe-dialog.tsx';
import { IMPORTACAO_TIPO_LABELS, ImportacaoStatusChip } from './importacao-labels.tsx';

const inteiro = new Intl.NumberFormat('pt-BR');
const numero = (valor: number) => inteiro.format(valor);

const colunas: Column<ImportacaoResumo>[] = [
  {
    key: 'data',
    header: 'Data',
    render: (i) => (
      // On a phone the time goes under the date, leaving room for the file and status.
      <Box component="span" sx={{ whiteSpace: { xs: 'normal', sm: 'nowrap' } }}>
        {formatarDataHora(i.created_at)}
      </Box>
    ),
  },
  { key: 'tipo', header: 'Tipo', render: (i) => IMPORTACAO_TIPO_LABELS[i.tipo], hideOnMobile: true },
  {
    key: 'arquivo',
    header: 'Arquivo',
    render: (i) => (
      <Typography variant="body2" noWrap title={i.arquivo_nome} sx={{ maxWidth: { xs: 110, sm: 240 } }}>
        {i.arquivo_nome}
      </Typography>
    ),
  },
  { key: 'status', header: 'Status', render: (i) => <ImportacaoStatusChip status={i.status} /> },
  { key: 'criados', header: 'Criados', align: 'right', render: (i) => numero(i.criados), hideOnMobile: true },
  {
    key: 'atualizados',
    header: 'Atualizados',
    align: 'right',
    render: (i) => numero(i.atualizados),
    hideOnMobile: true,
  },
  {
    key: 'rejeitados',
    header: 'Rejeitados',
    align: 'right',
    render: (i) => (
      <Box component="span" sx={i.rejeitados > 0 ? { color: 'error.main', fontWeight: 600 } : undefined}>
        {numero(i.rejeitados)}
      </Box>
    ),
    hideOnMobile: true,
  },
  {
    key: 'contas',
    header: 'Contas',
    align: 'right',
    render: (i) => numero(i.contas_criadas),
    hideOnMobile: true,
  },
];

/** The operator's imports, newest first, 20 a page (`?page` in the URL); a row opens its report. */
export const HistoricoImportacoes = () => {
  const titleId = useId();
  const [page, setPage] = usePageParam();
  const query = useImportacoes(page);
  const [aberta, setAberta] = useState<ImportacaoResumo | null>(null);
  return (
    <Box component="section" aria-labelledby={titleId}>
      <Typography id={titleId} component="h3" variant="h6" sx={{ fontWeight: 600, mb: 1.5 }}>
        Histórico de importações
      </Typography>
      <PagedTable
        label="Histórico de importações"
        columns={colunas}
        {...pagedQueryProps(query)}
        onPageChange={setPage}
        rowKey={(i) => i.id}
        onRowClick={setAberta}
        emptyMessage="Nenhuma importação ainda."
      />
      {aberta && <ImportacaoDetalheDialog resumo={aberta} onClose={() => setAberta(null)} />}
    </Box>
  );
};
