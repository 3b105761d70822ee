import type { ClienteLista } from '@cobranca/contracts';
import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import { useNavigate } from 'react-router';
import { PageHeader } from '../../../components/page-header.tsx';
import { type Column, PagedTable, pagedQueryProps } from '../../../components/paged-table.tsx';
import { SearchField } from '../../../components/search-field.tsx';
import { clientePath } from '../../../lib/routes.ts';
import { usePageParam } from '../../../lib/use-page-param.ts';
import { useUrlFilters } from '../../../lib/use-url-filters.ts';
import { type ClientesLista as ListaEndpoint, useClientesLista } from '../api/clientes.ts';
import { clientesListaColumns } from './clientes-lista-columns.tsx';

/** What makes one operator list different from the others. */
export type ClientesListaConfig = {
  endpoint: ListaEndpoint;
  title: string;
  subtitle: string;
  emptyMessage: string;
  /** Shown after the status column. */
  extraColumns?: Column<ClienteLista>[];
  /** Ativos: the "Só com falhas" switch (`?com_falhas=1`). */
  comFalhasToggle?: boolean;
};

const FILTER_KEYS = ['busca', 'com_falhas'] as const;

/** One operator customer list: paged (20), searchable, rows open the customer workspace. */
export const ClientesListaPage = ({ config }: { config: ClientesListaConfig }) => {
  const navigate = useNavigate();
  const [page, setPage] = usePageParam();
  const [filters, setFilters] = useUrlFilters(FILTER_KEYS);
  const busca = filters.busca;
  const comFalhas = Boolean(config.comFalhasToggle) && filters.com_falhas === '1';
  const query = useClientesLista(config.endpoint, { page, busca: busca || undefined, comFalhas });
  const filtered = Boolean(busca) || comFalhas;

  return (
    <>
      <PageHeader title={config.title} subtitle={config.subtitle} />
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2, mb: 2 }}>
        <SearchField
          label="Buscar cliente"
          placeholder="Nome ou documento"
          initialValue={busca}
          onSearch={(text) => setFilters({ busca: text })}
        />
        {config.comFalhasToggle && (
          <FormControlLabel
            label="Só com falhas"
            control={
              <Switch
                checked={comFalhas}
                onChange={(event) => setFilters({ com_falhas: event.target.checked ? '1' : '' })}
              />
            }
          />
        )}
      </Box>
      <PagedTable
        label={config.title}
        columns={clientesListaColumns(config.extraColumns)}
        {...pagedQueryProps(query)}
        onPageChange={setPage}
        rowKey={(c) => c.id}
        onRowClick={(c) => navigate(clientePath(c.id))}
        emptyMessage={filtered ? 'Nenhum cliente encontrado com esses filtros.' : config.emptyMessage}
      />
    </>
  );
};
