import { useState } from 'react';
import { ExportarButton } from '../../../components/exportar-button.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { PagedTable, pagedQueryProps } from '../../../components/paged-table.tsx';
import { usePageParam } from '../../../lib/use-page-param.ts';
import { useUrlFilters } from '../../../lib/use-url-filters.ts';
import { type LogsFiltro, useLogs } from '../api/logs.ts';
import { logsColumns } from './logs-columns.tsx';
import { LOGS_FILTER_KEYS, LogsFilters, type LogsFilterValues } from './logs-filters.tsx';

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

// URL values are typed by hand too: anything malformed is left out rather than sent.
const toQuery = (page: number, f: LogsFilterValues): LogsFiltro => {
  const usuarioId = Number(f.usuario_id);
  return {
    page,
    acao: f.acao || undefined,
    usuario_id: Number.isInteger(usuarioId) && usuarioId > 0 ? usuarioId : undefined,
    de: ISO_DATE.test(f.de) ? f.de : undefined,
    ate: ISO_DATE.test(f.ate) ? f.ate : undefined,
  };
};

/** /admin/logs: the audit trail, newest first, filtered by action, user and period. */
export const AdminLogsPage = () => {
  const [page, setPage] = usePageParam();
  const [filters, setFilters] = useUrlFilters(LOGS_FILTER_KEYS);
  const [expanded, setExpanded] = useState<ReadonlySet<number>>(new Set());
  const filtro = toQuery(page, filters);
  const query = useLogs(filtro);
  const filtered = Boolean(filtro.acao || filtro.usuario_id || filtro.de || filtro.ate);

  const toggle = (id: number) =>
    setExpanded((current) => {
      const next = new Set(current);
      if (!next.delete(id)) next.add(id);
      return next;
    });

  return (
    <>
      <PageHeader
        title="Logs do Sistema"
        subtitle="Entradas, alterações e importações, das mais recentes para as mais antigas."
        actions={<ExportarButton path="/admin/logs/exportar" query={filtro} />}
      />
      <LogsFilters value={filters} onChange={setFilters} />
      <PagedTable
        label="Registros de auditoria"
        columns={logsColumns(expanded, toggle)}
        {...pagedQueryProps(query)}
        onPageChange={setPage}
        rowKey={(log) => log.id}
        emptyMessage={filtered ? 'Nenhum registro encontrado com esses filtros.' : 'Nenhum registro ainda.'}
      />
    </>
  );
};
