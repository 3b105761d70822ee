import type { LogEntry } from '@cobranca/contracts';
import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import type { Column } from '../../../components/paged-table.tsx';
import { formatarDataHora } from '../../../lib/format.ts';
import { LogDetails } from './log-details.tsx';

const detailsId = (log: LogEntry) => `log-detalhes-${log.id}`;

/** The log table's columns; a row's details open inside its description cell (the table has no sub-rows). */
export const logsColumns = (
  expanded: ReadonlySet<number>,
  toggle: (id: number) => void,
): Column<LogEntry>[] => [
  {
    key: 'expandir',
    header: 'Detalhes',
    render: (log) => {
      const open = expanded.has(log.id);
      return (
        <IconButton
          size="small"
          aria-label={`${open ? 'Ocultar' : 'Mostrar'} detalhes do registro de ${formatarDataHora(log.created_at)}`}
          aria-expanded={open}
          aria-controls={open ? detailsId(log) : undefined}
          onClick={() => toggle(log.id)}
        >
          {open ? <ExpandLessIcon /> : <ExpandMoreIcon />}
        </IconButton>
      );
    },
  },
  {
    key: 'created_at',
    header: 'Data/hora',
    render: (log) => formatarDataHora(log.created_at),
  },
  {
    key: 'usuario',
    header: 'Usuário',
    render: (log) => log.usuario?.name ?? 'Sistema',
    hideOnMobile: true,
  },
  {
    key: 'acao',
    header: 'Ação',
    render: (log) => <Chip size="small" variant="outlined" label={log.acao} />,
    hideOnMobile: true,
  },
  {
    key: 'descricao',
    header: 'Descrição',
    render: (log) => (
      <>
        {log.descricao}
        {expanded.has(log.id) && <LogDetails log={log} id={detailsId(log)} />}
      </>
    ),
  },
  { key: 'ip', header: 'IP', render: (log) => log.ip ?? '—', hideOnMobile: true },
];
