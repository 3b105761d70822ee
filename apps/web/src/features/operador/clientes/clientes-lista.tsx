import {
  CLIENTES_ORDENS,
  type ClienteLista,
  type ClientesOrdem,
  FILTROS_RESPOSTA,
} from '@cobranca/contracts';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import { useLocation, useNavigate } from 'react-router';
import {
  BarraDeFiltrosDeClientes,
  CLIENTES_FILTRO_KEYS,
  ClientesFiltros,
} from '../../../components/clientes-filtros.tsx';
import { ExportarButton } from '../../../components/exportar-button.tsx';
import { useListaPaginadaDaUrl } from '../../../components/lista-paginada-da-url.ts';
import { PageHeader } from '../../../components/page-header.tsx';
import { type Column, PagedTable, type SortDirection } from '../../../components/paged-table.tsx';
import { clientePath } from '../../../lib/routes.ts';
import { useUrlFilters } from '../../../lib/use-url-filters.ts';
import { type ClientesLista as ListaEndpoint, queryDaLista, useClientesLista } from '../api/clientes.ts';

/** What makes one operator list different from the others. */
export type ClientesListaConfig = {
  endpoint: ListaEndpoint;
  title: string;
  subtitle: string;
  emptyMessage: string;
  columns: Column<ClienteLista>[];
  /** The order the API applies when none is asked for (docs/produto.md §5), shown on its header. */
  ordemPadrao: { key: ClientesOrdem; direction: SortDirection };
  /** Ativos: the "Só com falhas" switch (`?com_falhas=1`). */
  comFalhasToggle?: boolean;
  /** Where a row opens (given the list's own `?…`); none: the customer's workspace page. */
  caminhoDoCliente?: (id: number, search: string) => string;
};

const FILTER_KEYS = ['busca', 'com_falhas', ...CLIENTES_FILTRO_KEYS] as const;
const SEM_FILTROS = Object.fromEntries(FILTER_KEYS.map((k) => [k, ''])) as Record<
  (typeof FILTER_KEYS)[number],
  string
>;

/**
 * The list's page, order and filters from the URL, and its query: the list page and the inbox's queue
 * (docs/produto.md §5) read the same URL the same way, so both show the same rows.
 */
export const useClientesListaDaUrl = (
  config: Pick<ClientesListaConfig, 'endpoint' | 'ordemPadrao' | 'comFalhasToggle'>,
) => {
  const lista = useListaPaginadaDaUrl(CLIENTES_ORDENS, config.ordemPadrao);
  const [filters, setFilters] = useUrlFilters(FILTER_KEYS);
  const busca = filters.busca;
  const comFalhas = Boolean(config.comFalhasToggle) && filters.com_falhas === '1';
  const resposta = FILTROS_RESPOSTA.find((r) => r === filters.resposta);
  const filtro = {
    page: lista.page,
    busca: busca || undefined,
    comFalhas,
    ...lista.chosen,
    atrasoMin: filters.atraso_min || undefined,
    atrasoMax: filters.atraso_max || undefined,
    valorMin: filters.valor_min || undefined,
    valorMax: filters.valor_max || undefined,
    resposta,
    etiqueta: filters.etiqueta || undefined,
  };
  const query = useClientesLista(config.endpoint, filtro);
  const filtered = Boolean(busca) || comFalhas || CLIENTES_FILTRO_KEYS.some((key) => Boolean(filters[key]));
  return { ...lista, filters, setFilters, busca, comFalhas, query, filtered, filtro };
};

/** One operator customer list: paged (20), sortable, filterable, rows open the customer workspace. */
export const ClientesListaPage = ({ config }: { config: ClientesListaConfig }) => {
  const navigate = useNavigate();
  const { search } = useLocation();
  const { tabela, filters, setFilters, busca, comFalhas, query, filtered, filtro } =
    useClientesListaDaUrl(config);
  return (
    <>
      <PageHeader
        title={config.title}
        subtitle={config.subtitle}
        actions={
          <ExportarButton
            path={`/operador/clientes/${config.endpoint}/exportar`}
            query={queryDaLista(filtro)}
          />
        }
      />
      <BarraDeFiltrosDeClientes busca={busca} onBuscar={(text) => setFilters({ busca: text })}>
        <ClientesFiltros value={filters} onChange={setFilters} />
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
        {filtered && (
          <Button onClick={() => setFilters(SEM_FILTROS)} sx={{ alignSelf: 'center' }}>
            Limpar filtros
          </Button>
        )}
      </BarraDeFiltrosDeClientes>
      <PagedTable
        label={config.title}
        columns={config.columns}
        {...tabela(query)}
        onRowClick={(c) => navigate(config.caminhoDoCliente?.(c.id, search) ?? clientePath(c.id))}
        emptyMessage={filtered ? 'Nenhum cliente encontrado com esses filtros.' : config.emptyMessage}
      />
    </>
  );
};
