import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useState } from 'react';
import { apiFetch, authHeaders, errorMessage, type QueryValue } from '../lib/api-client.ts';
import { salvarArquivo } from '../lib/download.ts';
import { BusyButton } from './busy-button.tsx';
import { useSnackbarStore } from './snackbar/snackbar-store.ts';

type Formato = 'csv' | 'xlsx';
const FORMATOS: { formato: Formato; rotulo: string }[] = [
  { formato: 'csv', rotulo: 'CSV (Excel)' },
  { formato: 'xlsx', rotulo: 'XLSX' },
];

/** The name the API gave the file (`attachment; filename="clientes-ativos-2025-06-01.csv"`). */
export const nomeDoAnexo = (disposicao: string | null, padrao: string): string =>
  /filename="([^"]+)"/.exec(disposicao ?? '')?.[1] ?? padrao;

/**
 * "Exportar" (docs/produto.md §5 and §15): the list's file with the filters and order on screen, every
 * row. The bearer token cannot ride a plain link, so the file comes through fetch as a Blob: the browser
 * holds the whole file (a few MB for 100 000 rows), acceptable for these lists (docs/decisions/020).
 */
export const ExportarButton = ({
  path,
  query = {},
}: {
  /** The export route under /api, e.g. `/operador/clientes/ativos/exportar`. */
  path: string;
  /** The list's current filters, search and order, as its own request sends them. */
  query?: Record<string, QueryValue>;
}) => {
  const [ancora, setAncora] = useState<HTMLElement | null>(null);
  const [exportando, setExportando] = useState(false);

  const exportar = async (formato: Formato) => {
    setAncora(null);
    setExportando(true);
    try {
      const { page: _pagina, ...filtros } = query;
      const response = await apiFetch(path, { headers: authHeaders('*/*') }, { ...filtros, formato });
      const nome = nomeDoAnexo(response.headers.get('Content-Disposition'), `exportacao.${formato}`);
      salvarArquivo(await response.blob(), nome);
    } catch (error) {
      useSnackbarStore.getState().show({
        message: errorMessage(error, 'Não foi possível exportar. Tente novamente.'),
        color: 'error',
      });
    } finally {
      setExportando(false);
    }
  };

  return (
    <>
      <BusyButton
        busy={exportando}
        variant="outlined"
        startIcon={<FileDownloadOutlined />}
        aria-haspopup="menu"
        aria-expanded={ancora ? 'true' : undefined}
        onClick={(event) => setAncora(event.currentTarget)}
      >
        {exportando ? 'Exportando…' : 'Exportar'}
      </BusyButton>
      <Menu anchorEl={ancora} open={Boolean(ancora)} onClose={() => setAncora(null)}>
        {FORMATOS.map(({ formato, rotulo }) => (
          <MenuItem key={formato} onClick={() => void exportar(formato)}>
            {rotulo}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
};
