import type { CreditoPixView } from '@cobranca/contracts';
import { contagem, formatarDocumento, formatarValorEmReais } from '@cobranca/dominio';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { FormSection } from '../../../components/form-section.tsx';
import { type Column, PagedTable, pagedQueryProps } from '../../../components/paged-table.tsx';
import { formatarDataHora } from '../../../lib/format.ts';
import { useCreditosPix } from '../api/creditos-pix.ts';
import { AtribuirCreditoDialog } from './atribuir-credito-dialog.tsx';

const reais = (valor: number) => (
  <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
    {formatarValorEmReais(valor)}
  </Box>
);

const semDado = (texto: string) => (
  <Box component="span" sx={{ color: 'text.secondary', fontStyle: 'italic' }}>
    {texto}
  </Box>
);

const pagadorDe = (c: CreditoPixView) => {
  if (!c.pagador) return semDado('Não informado');
  return (
    <>
      {c.pagador.nome ?? semDado('Sem nome')}
      {c.pagador.documento && (
        <Typography variant="caption" component="div" color="text.secondary">
          {formatarDocumento(c.pagador.documento)}
        </Typography>
      )}
    </>
  );
};

const txid = (c: CreditoPixView) =>
  c.txid ? (
    <Box component="span" sx={{ fontFamily: 'monospace', fontSize: 12, overflowWrap: 'anywhere' }}>
      {c.txid}
    </Box>
  ) : (
    semDado('Sem txid')
  );

const colunas = (onAtribuir: (credito: CreditoPixView) => void): Column<CreditoPixView>[] => [
  {
    key: 'horario',
    header: 'Recebido em',
    render: (c) => (
      <>
        <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
          {formatarDataHora(c.horario)}
        </Box>
        {/* On a phone the payer, the PIX amount, the txid and the customer sit under the date. */}
        <Box sx={{ display: { xs: 'block', md: 'none' }, mt: 0.5, typography: 'caption' }}>
          <Box>{pagadorDe(c)}</Box>
          <Box sx={{ color: 'text.secondary' }}>PIX de {formatarValorEmReais(c.valor)}</Box>
          {c.cliente && <Box sx={{ color: 'text.secondary' }}>Cliente: {c.cliente.nome}</Box>}
          <Box>{txid(c)}</Box>
        </Box>
      </>
    ),
  },
  { key: 'pagador', header: 'Pagador', render: pagadorDe, hideOnMobile: true },
  { key: 'valor', header: 'Valor do PIX', align: 'right', render: (c) => reais(c.valor), hideOnMobile: true },
  {
    key: 'credito',
    header: 'Crédito',
    align: 'right',
    render: (c) => (
      <Box component="span" sx={{ fontWeight: 600 }}>
        {reais(c.credito)}
      </Box>
    ),
  },
  { key: 'txid', header: 'Txid', render: txid, hideOnMobile: true },
  {
    key: 'cliente',
    header: 'Cliente',
    render: (c) => c.cliente?.nome ?? semDado('Desconhecido'),
    hideOnMobile: true,
  },
  {
    key: 'acoes',
    header: 'Ações',
    align: 'right',
    render: (c) => (
      <Button
        size="small"
        variant="outlined"
        onClick={() => onAtribuir(c)}
        aria-label={`Atribuir crédito de ${formatarValorEmReais(c.credito)}`}
      >
        Atribuir
      </Button>
    ),
  },
];

const resumo = (total: number) =>
  `${contagem(total, 'crédito aguardando', 'créditos aguardando')} atribuição.`;

/**
 * "Créditos PIX a atribuir" (docs/produto.md §21): PIX that found no open debt, or the rest of one
 * beyond its debt; an admin assigns each to the customer who paid, which settles that customer's debt.
 */
export const CreditosPixSection = () => {
  const [page, setPage] = useState(1);
  const query = useCreditosPix(page);
  const [atribuir, setAtribuir] = useState<CreditoPixView | null>(null);
  const total = query.data?.total;

  return (
    <FormSection
      title="Créditos PIX a atribuir"
      description="PIX recebidos sem dívida em aberto correspondente, ou o que sobrou de um pagamento. Atribua cada um ao cliente que pagou: o crédito quita as contas em aberto dele, das mais antigas para as mais novas."
    >
      {total !== undefined && total > 0 && (
        <Typography variant="body2" sx={{ mb: 1 }}>
          {resumo(total)}
        </Typography>
      )}
      <Box sx={{ mt: 2 }}>
        <PagedTable
          label="Créditos PIX a atribuir"
          columns={colunas(setAtribuir)}
          {...pagedQueryProps(query)}
          onPageChange={setPage}
          rowKey={(c) => c.id}
          emptyMessage="Nenhum crédito a atribuir."
        />
      </Box>
      {atribuir && <AtribuirCreditoDialog credito={atribuir} onClose={() => setAtribuir(null)} />}
    </FormSection>
  );
};
