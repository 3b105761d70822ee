import { CLIENTE_STATUSES, type ClienteAdmin } from '@cobranca/contracts';
import Box from '@mui/material/Box';
import { useState } from 'react';
import { CLIENTE_STATUS_LABELS } from '../../../components/cliente-status-chip.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { PagedTable, pagedQueryProps } from '../../../components/paged-table.tsx';
import { SearchField } from '../../../components/search-field.tsx';
import { StatusFilter } from '../../../components/status-filter.tsx';
import { usePageParam } from '../../../lib/use-page-param.ts';
import { useUrlFilters } from '../../../lib/use-url-filters.ts';
import { useClientes } from '../api/clientes.ts';
import { clientesColumns } from './clientes-columns.tsx';
import { ReatribuirDialog } from './reatribuir-dialog.tsx';

const FILTER_KEYS = ['busca', 'status'] as const;

/** /admin/clientes: every customer, paged, searchable, filtered by status, reassignable. */
export const AdminClientesPage = () => {
  const [page, setPage] = usePageParam();
  const [filters, setFilters] = useUrlFilters(FILTER_KEYS);
  const busca = filters.busca;
  const status = CLIENTE_STATUSES.find((s) => s === filters.status);
  const [reatribuir, setReatribuir] = useState<ClienteAdmin | null>(null);
  const query = useClientes({ page, busca: busca || undefined, status });

  return (
    <>
      <PageHeader title="Gestão de Clientes" subtitle="Todos os clientes, de todos os operadores." />
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, mb: 2 }}>
        <SearchField
          label="Buscar cliente"
          placeholder="Nome, documento ou telefone"
          initialValue={busca}
          onSearch={(text) => setFilters({ busca: text })}
        />
        <StatusFilter
          statuses={CLIENTE_STATUSES}
          labels={CLIENTE_STATUS_LABELS}
          value={status}
          onChange={(value) => setFilters({ status: value })}
          sx={{ minWidth: 220 }}
        />
      </Box>
      <PagedTable
        label="Clientes"
        columns={clientesColumns(setReatribuir)}
        {...pagedQueryProps(query)}
        onPageChange={setPage}
        rowKey={(c) => c.id}
        emptyMessage={
          busca || status
            ? 'Nenhum cliente encontrado com esses filtros.'
            : 'Nenhum cliente cadastrado ainda.'
        }
      />
      {reatribuir && <ReatribuirDialog cliente={reatribuir} onClose={() => setReatribuir(null)} />}
    </>
  );
};
