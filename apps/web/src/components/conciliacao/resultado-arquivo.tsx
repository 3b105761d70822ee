import type { LancamentoBancarioView, ResultadoArquivoBancario } from '@cobranca/contracts';
import { formatarDataBr, formatarValorEmReais } from '@cobranca/dominio';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { formatarDataHora } from '../../lib/format.ts';
import { type Column, PagedTable } from '../paged-table.tsx';
import {
  descricaoDoLancamento,
  FORMATOS,
  nomeDoBanco,
  resumoDasContagens,
  SituacaoChip,
} from './rotulos.tsx';

const POR_PAGINA = 20;

const colunas: Column<LancamentoBancarioView>[] = [
  { key: 'linha', header: 'Linha', render: (l) => l.linha, hideOnMobile: true },
  {
    key: 'data',
    header: 'Data',
    render: (l) => (
      <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
        {formatarDataBr(l.data)}
      </Box>
    ),
  },
  {
    key: 'lancamento',
    header: 'Lançamento',
    render: (l) => <Box sx={{ overflowWrap: 'anywhere' }}>{descricaoDoLancamento(l)}</Box>,
  },
  {
    key: 'valor',
    header: 'Valor',
    align: 'right',
    render: (l) => (
      <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
        {formatarValorEmReais(l.valor)}
      </Box>
    ),
  },
  { key: 'situacao', header: 'Situação', render: (l) => <SituacaoChip situacao={l.situacao} /> },
  {
    key: 'motivo',
    header: 'Motivo',
    render: (l) => (
      <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
        {l.motivo}
        {l.cliente && (
          <Typography component="span" variant="caption" color="text.secondary" sx={{ display: 'block' }}>
            Cliente: {l.cliente.nome}
          </Typography>
        )}
      </Typography>
    ),
  },
];

/** A bank file's outcome: its counts, then each entry with what became of it, 20 at a time. */
export const ResultadoArquivo = ({ resultado }: { resultado: ResultadoArquivoBancario }) => {
  const [pagina, setPagina] = useState(1);
  const { linhas } = resultado;
  const pagedLinhas = {
    data: linhas.slice((pagina - 1) * POR_PAGINA, pagina * POR_PAGINA),
    current_page: pagina,
    last_page: Math.max(1, Math.ceil(linhas.length / POR_PAGINA)),
    per_page: POR_PAGINA,
    total: linhas.length,
  };
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1.5, minWidth: 0 }}>
      {resultado.repetido && (
        <Alert severity="info">
          Este arquivo já tinha sido importado em {formatarDataHora(resultado.importado_em)}: nada foi gravado
          de novo. Abaixo, o resultado daquela importação.
        </Alert>
      )}
      <Typography variant="body2">
        <strong>{resultado.nome}</strong> · {FORMATOS[resultado.formato]} · {nomeDoBanco(resultado.banco)}
        {resultado.conta ? ` · conta ${resultado.conta}` : ''}
      </Typography>
      <Typography variant="body1" sx={{ fontWeight: 600 }}>
        {resumoDasContagens(resultado)}.
      </Typography>
      <PagedTable
        label={`Lançamentos do arquivo ${resultado.nome}`}
        columns={colunas}
        page={pagedLinhas}
        isLoading={false}
        onPageChange={setPagina}
        rowKey={(l) => l.id}
        emptyMessage="O arquivo não tem lançamentos."
      />
    </Box>
  );
};
