import {
  CLIENTE_STATUS_LABELS,
  CLIENTE_STATUSES,
  CLIENTES_ORDENS,
  type ClienteAdmin,
} from '@cobranca/contracts';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import {
  BarraDeFiltrosDeClientes,
  CLIENTES_FILTRO_KEYS,
  ClientesFiltros,
  filtrosParaQuery,
} from '../../../components/clientes-filtros.tsx';
import { ExportarButton } from '../../../components/exportar-button.tsx';
import { useListaPaginadaDaUrl } from '../../../components/lista-paginada-da-url.ts';
import { PageHeader } from '../../../components/page-header.tsx';
import { PagedTable } from '../../../components/paged-table.tsx';
import { StatusFilter } from '../../../components/status-filter.tsx';
import { useUrlFilters } from '../../../lib/use-url-filters.ts';
import { useClientes } from '../api/clientes.ts';
import { useDashboardOperadores } from '../api/dashboard.ts';
import { ClienteDetalheDialog } from './cliente-detalhe-dialog.tsx';
import { clientesColumns } from './clientes-columns.tsx';
import { ReatribuirDialog } from './reatribuir-dialog.tsx';

const FILTER_KEYS = ['busca', 'status', 'operador_id', ...CLIENTES_FILTRO_KEYS] as const;

/** /admin/clientes: every customer, paged, searchable, sortable, filtered, reassignable, with its timeline. */
export const AdminClientesPage = () => {
  const lista = useListaPaginadaDaUrl(CLIENTES_ORDENS, { key: 'nome', direction: 'asc' });
  const [filters, setFilters] = useUrlFilters(FILTER_KEYS);
  const busca = filters.busca;
  const status = CLIENTE_STATUSES.find((s) => s === filters.status);
  const operadores = useDashboardOperadores();
  const [reatribuir, setReatribuir] = useState<ClienteAdmin | null>(null);
  const [detalhes, setDetalhes] = useState<ClienteAdmin | null>(null);
  const filtro = {
    page: lista.page,
    busca: busca || undefined,
    status,
    ...lista.chosen,
    operador_id: /^\d+$/.test(filters.operador_id) ? filters.operador_id : undefined,
    ...filtrosParaQuery(filters),
  };
  const query = useClientes(filtro);
  const { status: _status, ...queryExportar } = filtro;
  const filtered = FILTER_KEYS.some((key) => Boolean(filters[key]));

  return (
    <>
      <PageHeader
        title="Gestão de Clientes"
        subtitle="Todos os clientes, de todos os operadores."
        actions={
          <ExportarButton
            path={status ? `/admin/clientes/por-status/${status}/exportar` : '/admin/clientes/exportar'}
            query={queryExportar}
          />
        }
      />
      <BarraDeFiltrosDeClientes busca={busca} onBuscar={(text) => setFilters({ busca: text })}>
        <StatusFilter
          statuses={CLIENTE_STATUSES}
          labels={CLIENTE_STATUS_LABELS}
          value={status}
          onChange={(value) => setFilters({ status: value })}
          sx={{ flex: { xs: '1 1 100%', sm: '0 1 220px' }, minWidth: 0 }}
        />
        <TextField
          select
          size="small"
          label="Operador"
          value={
            operadores.data?.some((o) => String(o.id) === filters.operador_id) ? filters.operador_id : ''
          }
          onChange={(event) => setFilters({ operador_id: event.target.value })}
          sx={{ flex: { xs: '1 1 100%', sm: '0 1 220px' }, minWidth: 0 }}
        >
          <MenuItem value="">Todos</MenuItem>
          {(operadores.data ?? []).map((o) => (
            <MenuItem key={o.id} value={String(o.id)}>
              {o.name}
            </MenuItem>
          ))}
        </TextField>
        <ClientesFiltros value={filters} onChange={setFilters} />
      </BarraDeFiltrosDeClientes>
      <PagedTable
        label="Clientes"
        columns={clientesColumns(setReatribuir, setDetalhes)}
        {...lista.tabela(query)}
        emptyMessage={
          filtered ? 'Nenhum cliente encontrado com esses filtros.' : 'Nenhum cliente cadastrado ainda.'
        }
      />
      {reatribuir && <ReatribuirDialog cliente={reatribuir} onClose={() => setReatribuir(null)} />}
      {detalhes && <ClienteDetalheDialog cliente={detalhes} onClose={() => setDetalhes(null)} />}
    </>
  );
};
