import type { ClienteAdmin } from '@cobranca/contracts';
import { formatarDocumento, formatarValorEmReais } from '@cobranca/dominio';
import SwapHorizIcon from '@mui/icons-material/SwapHoriz';
import TimelineIcon from '@mui/icons-material/Timeline';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { colunaChamadas } from '../../../components/chamadas-mark.tsx';
import { ClienteStatusChip } from '../../../components/cliente-status-chip.tsx';
import type { Column } from '../../../components/paged-table.tsx';
import { formatarTelefone } from '../../../lib/format-cliente.ts';

export const clientesColumns = (
  onReatribuir: (cliente: ClienteAdmin) => void,
  onDetalhes: (cliente: ClienteAdmin) => void,
): Column<ClienteAdmin>[] => [
  {
    key: 'nome',
    header: 'Nome',
    sortKey: 'nome',
    render: (c) => (
      <>
        {c.nome}
        {/* Below md (tablet table, phone card) the document and status sit under the name instead of
            in their own columns. */}
        <Box sx={{ display: { xs: 'block', md: 'none' } }}>
          <Typography variant="caption" component="div" color="text.secondary">
            {formatarDocumento(c.documento)}
          </Typography>
          <ClienteStatusChip status={c.status} />
        </Box>
      </>
    ),
  },
  {
    key: 'documento',
    header: 'Documento',
    render: (c) => formatarDocumento(c.documento),
    hideOnMobile: true,
  },
  { key: 'telefone', header: 'Telefone', render: (c) => formatarTelefone(c.telefone), hideOnMobile: true },
  {
    key: 'status',
    header: 'Status',
    render: (c) => <ClienteStatusChip status={c.status} />,
    hideOnMobile: true,
  },
  colunaChamadas(),
  {
    key: 'total',
    header: 'Em aberto',
    align: 'right',
    sortKey: 'total_em_aberto',
    render: (c) => (
      <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
        {formatarValorEmReais(c.total_em_aberto)}
      </Box>
    ),
  },
  {
    key: 'operador',
    header: 'Operador',
    render: (c) =>
      c.operador?.name ?? (
        <Box component="span" sx={{ color: 'text.secondary', fontStyle: 'italic' }}>
          Sem operador
        </Box>
      ),
    hideOnMobile: true,
  },
  {
    key: 'acoes',
    header: 'Ações',
    align: 'right',
    render: (c) => (
      <Box sx={{ display: 'inline-flex', whiteSpace: 'nowrap' }}>
        <Tooltip title="Detalhes e linha do tempo">
          <IconButton aria-label={`Detalhes e linha do tempo de ${c.nome}`} onClick={() => onDetalhes(c)}>
            <TimelineIcon />
          </IconButton>
        </Tooltip>
        <Tooltip title="Reatribuir operador">
          <IconButton aria-label={`Reatribuir ${c.nome}`} onClick={() => onReatribuir(c)}>
            <SwapHorizIcon />
          </IconButton>
        </Tooltip>
      </Box>
    ),
  },
];
