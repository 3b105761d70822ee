import type { ItemRevisaoConciliacao } from '@cobranca/contracts';
import { contagem, formatarDataBr, formatarValorEmReais } from '@cobranca/dominio';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { descricaoDoLancamento } from '../../../components/conciliacao/rotulos.tsx';
import { ExportarButton } from '../../../components/exportar-button.tsx';
import { FormSection } from '../../../components/form-section.tsx';
import { type Column, PagedTable, pagedQueryProps } from '../../../components/paged-table.tsx';
import { useRevisaoConciliacao } from '../api/conciliacao.ts';
import { AtribuirLancamentoDialog } from './atribuir-lancamento-dialog.tsx';
import { DescartarLancamentoDialog } from './descartar-lancamento-dialog.tsx';

type Acao = { tipo: 'atribuir' | 'descartar'; item: ItemRevisaoConciliacao };

const melhorCandidato = (i: ItemRevisaoConciliacao) => {
  const [c] = i.candidatos;
  if (!c)
    return (
      <Box component="span" sx={{ color: 'text.secondary', fontStyle: 'italic' }}>
        Nenhum candidato
      </Box>
    );
  return (
    <>
      {c.cliente.nome}
      <Typography variant="caption" component="div" color="text.secondary">
        {c.descricao} · {formatarValorEmReais(c.valor_atualizado)}
        {c.diferenca === 0 ? ' · valor exato' : ` · diferença ${formatarValorEmReais(c.diferenca)}`}
      </Typography>
    </>
  );
};

const colunas = (agir: (acao: Acao) => void): Column<ItemRevisaoConciliacao>[] => [
  {
    key: 'data',
    header: 'Data',
    render: (i) => (
      <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
        {formatarDataBr(i.data)}
      </Box>
    ),
  },
  {
    key: 'lancamento',
    header: 'Lançamento',
    render: (i) => (
      <Box sx={{ overflowWrap: 'anywhere' }}>
        {descricaoDoLancamento(i)}
        <Typography variant="caption" component="div" color="text.secondary">
          {i.motivo}
        </Typography>
      </Box>
    ),
  },
  {
    key: 'restante',
    header: 'A atribuir',
    align: 'right',
    render: (i) => (
      <Box component="span" sx={{ whiteSpace: 'nowrap', fontWeight: 600 }}>
        {formatarValorEmReais(i.restante)}
        {i.restante !== i.valor && (
          <Typography variant="caption" component="div" color="text.secondary">
            de {formatarValorEmReais(i.valor)}
          </Typography>
        )}
      </Box>
    ),
  },
  { key: 'candidato', header: 'Melhor candidato', render: melhorCandidato, hideOnMobile: true },
  {
    key: 'acoes',
    header: 'Ações',
    align: 'right',
    render: (i) => (
      <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end', flexWrap: 'wrap' }}>
        <Button size="small" variant="outlined" onClick={() => agir({ tipo: 'atribuir', item: i })}>
          Atribuir
        </Button>
        <Button size="small" color="inherit" onClick={() => agir({ tipo: 'descartar', item: i })}>
          Não é cobrança
        </Button>
      </Box>
    ),
  },
];

/** The entries no rule settled with certainty, oldest first, for an admin to assign or discard. */
export const RevisaoSection = () => {
  const [page, setPage] = useState(1);
  const query = useRevisaoConciliacao(page);
  const [acao, setAcao] = useState<Acao | null>(null);
  const total = query.data?.total;
  return (
    <FormSection
      title="Fila de revisão"
      description="Lançamentos sem correspondência certa: atribua cada um à conta ou ao cliente que pagou (ou só uma parte, para dividir), ou marque que não é cobrança."
    >
      {total !== undefined && total > 0 && (
        <Box
          sx={{
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'space-between',
            gap: 1,
            mb: 1,
            flexWrap: 'wrap',
          }}
        >
          <Typography variant="body2">
            {contagem(total, 'lançamento aguardando', 'lançamentos aguardando')} revisão.
          </Typography>
          <ExportarButton path="/admin/conciliacao/revisao/exportar" />
        </Box>
      )}
      <PagedTable
        label="Fila de revisão da conciliação"
        columns={colunas(setAcao)}
        {...pagedQueryProps(query)}
        onPageChange={setPage}
        rowKey={(i) => i.id}
        emptyMessage="Nada para revisar: tudo o que veio do banco foi conciliado."
      />
      {acao?.tipo === 'atribuir' && (
        <AtribuirLancamentoDialog item={acao.item} onClose={() => setAcao(null)} />
      )}
      {acao?.tipo === 'descartar' && (
        <DescartarLancamentoDialog item={acao.item} onClose={() => setAcao(null)} />
      )}
    </FormSection>
  );
};
