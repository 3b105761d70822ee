import { CONTA_STATUSES, CONTAS_ORDENS, type ContaListada } from '@cobranca/contracts';
import CancelIcon from '@mui/icons-material/Cancel';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import { ExportarButton } from '../../../components/exportar-button.tsx';
import { useListaPaginadaDaUrl } from '../../../components/lista-paginada-da-url.ts';
import { PageHeader } from '../../../components/page-header.tsx';
import { PagedTable } from '../../../components/paged-table.tsx';
import { useUrlFilters } from '../../../lib/use-url-filters.ts';
import { type ContasFiltro, useContas, useContasCliente } from '../api/contas-receber.ts';
import { contasColumns } from './contas-columns.tsx';
import { CONTAS_FILTER_KEYS, type ContasFilterValues, ContasFiltros } from './contas-filtros.tsx';
import { ContasResumo } from './contas-resumo.tsx';

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The URL's filters as the API wants them: unknown or malformed values are dropped, empty ones omitted. */
const toFiltro = (page: number, f: ContasFilterValues): ContasFiltro => {
  const clienteId = Number(f.cliente_id);
  return {
    page,
    status: CONTA_STATUSES.find((s) => s === f.status),
    vencidas: f.vencidas === '1' || undefined,
    vencimento_de: ISO_DATE.test(f.vencimento_de) ? f.vencimento_de : undefined,
    vencimento_ate: ISO_DATE.test(f.vencimento_ate) ? f.vencimento_ate : undefined,
    busca: f.busca || undefined,
    cliente_id: Number.isInteger(clienteId) && clienteId > 0 ? clienteId : undefined,
  };
};

/** "Cliente: Nome" for the per-customer view; the name comes from the rows, else from the customer call. */
const ClienteChip = ({
  clienteId,
  rows,
  onRemove,
}: {
  clienteId: number;
  rows: ContaListada[] | undefined;
  onRemove: () => void;
}) => {
  const fromRows = rows?.find((c) => c.cliente.id === clienteId)?.cliente.nome;
  const cliente = useContasCliente(rows && !fromRows ? clienteId : undefined);
  const nome = fromRows ?? cliente.data?.cliente.nome ?? `nº ${clienteId}`;
  return (
    <Chip
      color="primary"
      label={`Cliente: ${nome}`}
      onDelete={onRemove}
      deleteIcon={<CancelIcon titleAccess="Ver contas de todos os clientes" />}
      sx={{ mb: 2, maxWidth: '100%' }}
    />
  );
};

/** /operador/contas-receber: summary, filters (kept in the URL) and the paged receivables (15 a page). */
export const OperadorContasReceberPage = () => {
  const lista = useListaPaginadaDaUrl(CONTAS_ORDENS, { key: 'vencimento', direction: 'asc' });
  const [filters, setFilters] = useUrlFilters(CONTAS_FILTER_KEYS);
  const filtro = toFiltro(lista.page, filters);
  const query = useContas({ ...filtro, ...lista.chosen });
  const { page: _page, cliente_id, ...outros } = filtro;
  const filtered = Object.values(outros).some((v) => v !== undefined);

  return (
    <>
      <PageHeader
        title="Contas a Receber"
        subtitle="As contas dos seus clientes, das mais antigas às mais novas."
        actions={
          <ExportarButton path="/operador/contas-receber/exportar" query={{ ...filtro, ...lista.chosen }} />
        }
      />
      <ContasResumo />
      <ContasFiltros value={filters} onChange={setFilters} />
      {cliente_id !== undefined && (
        <Box>
          <ClienteChip
            clienteId={cliente_id}
            rows={query.data?.data}
            onRemove={() => setFilters({ cliente_id: '' })}
          />
        </Box>
      )}
      <PagedTable
        label="Contas a receber"
        columns={contasColumns(
          cliente_id === undefined ? (c) => setFilters({ cliente_id: String(c.cliente.id) }) : undefined,
        )}
        {...lista.tabela(query)}
        emptyMessage={
          filtered || cliente_id !== undefined
            ? 'Nenhuma conta encontrada com esses filtros.'
            : 'Nenhuma conta a receber ainda. Importe um XML de NF-e para começar.'
        }
      />
    </>
  );
};
