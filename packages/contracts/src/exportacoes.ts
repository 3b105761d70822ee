import { z } from 'zod';
import { clientesAdminQuery, logsQuery } from './admin.ts';
import { clientesListaQuery, contasListarQuery } from './operador.ts';

// Exports of the lists, the logs and the dashboard (docs/produto.md §5 and §15,
// docs/decisions/020-exportacao.md): each takes its list's own query plus `formato`.

export const FORMATOS_EXPORTACAO = ['csv', 'xlsx'] as const;
export type FormatoExportacao = (typeof FORMATOS_EXPORTACAO)[number];

export const formatoExportacao = z.enum(FORMATOS_EXPORTACAO, {
  error: `Formato desconhecido. Use: ${FORMATOS_EXPORTACAO.join(', ')}.`,
});

/** The media type of each format, as the API answers it. */
export const TIPO_ARQUIVO: Record<FormatoExportacao, string> = {
  csv: 'text/csv',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

// The list's query with its checks kept (safeExtend); `page` is accepted and ignored: an export has every row.
export const exportarClientesListaQuery = clientesListaQuery.safeExtend({ formato: formatoExportacao });
export const exportarClientesAdminQuery = clientesAdminQuery.safeExtend({ formato: formatoExportacao });
export const exportarContasQuery = contasListarQuery.safeExtend({ formato: formatoExportacao });
export const exportarLogsQuery = logsQuery.safeExtend({ formato: formatoExportacao });
export const exportarDashboardQuery = z.object({ formato: formatoExportacao });

/** The `acao` of the audit entry every export leaves. */
export const ACAO_EXPORTACAO = 'exportacao.gerada';
