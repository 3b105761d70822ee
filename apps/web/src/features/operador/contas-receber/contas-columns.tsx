import type { ContaListada } from '@cobranca/contracts';
import { CONTA_ORIGEM_LABELS } from '@cobranca/contracts';
import { formatarReais, formatarValorEmReais, reaisParaCentavos } from '@cobranca/dominio';
import FilterListIcon from '@mui/icons-material/FilterList';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { ContaStatusChip } from '../../../components/conta-status-chip.tsx';
import { DiasAtraso } from '../../../components/dias-atraso.tsx';
import type { Column } from '../../../components/paged-table.tsx';
import { formatarData } from '../../../lib/format.ts';
import { clientePath } from '../../../lib/routes.ts';

const nowrap = { whiteSpace: 'nowrap' } as const;

const Cliente = ({
  conta,
  onFiltrar,
}: {
  conta: ContaListada;
  onFiltrar?: (conta: ContaListada) => void;
}) => (
  <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
    <Link component={RouterLink} to={clientePath(conta.cliente.id)} underline="hover">
      {conta.cliente.nome}
    </Link>
    {onFiltrar && (
      <Tooltip title="Ver só as contas deste cliente">
        <IconButton
          size="small"
          aria-label={`Ver só as contas de ${conta.cliente.nome}`}
          onClick={() => onFiltrar(conta)}
        >
          <FilterListIcon fontSize="inherit" />
        </IconButton>
      </Tooltip>
    )}
  </Box>
);

const money = (value: number) => (
  <Box component="span" sx={nowrap}>
    {formatarValorEmReais(value)}
  </Box>
);

/** The receivables table; `onFiltrar` is left out once the list already shows one customer. */
export const contasColumns = (onFiltrar?: (conta: ContaListada) => void): Column<ContaListada>[] => [
  {
    key: 'cliente',
    header: 'Cliente',
    sortKey: 'cliente',
    render: (c) => <Cliente conta={c} onFiltrar={onFiltrar} />,
  },
  // Instalment and origin under the description: two fewer columns, so the table fits at 1440 px.
  {
    key: 'descricao',
    header: 'Descrição',
    render: (c) => (
      <Box sx={{ minWidth: 0 }}>
        <Typography variant="body2" noWrap title={c.descricao} sx={{ maxWidth: 180 }}>
          {c.descricao}
        </Typography>
        <Typography variant="caption" color="text.secondary">
          {[c.numero_parcela && `Parcela ${c.numero_parcela}`, CONTA_ORIGEM_LABELS[c.origem]]
            .filter(Boolean)
            .join(' · ')}
        </Typography>
      </Box>
    ),
    hideOnMobile: true,
  },
  {
    key: 'vencimento',
    header: 'Vencimento',
    sortKey: 'vencimento',
    render: (c) => (
      <Box component="span" sx={nowrap}>
        {formatarData(c.vencimento)}
      </Box>
    ),
  },
  {
    key: 'valor',
    header: 'Valor',
    align: 'right',
    sortKey: 'valor',
    render: (c) => money(c.valor),
    hideOnMobile: true,
  },
  {
    key: 'saldo',
    header: 'Saldo',
    align: 'right',
    sortKey: 'saldo',
    render: (c) => money(c.saldo),
    hideOnMobile: true,
  },
  {
    key: 'encargos',
    header: 'Multa + juros',
    align: 'right',
    render: (c) => (
      <Box
        component="span"
        sx={nowrap}
        title={`Multa ${formatarValorEmReais(c.multa)} · juros ${formatarValorEmReais(c.juros)}`}
      >
        {formatarReais(reaisParaCentavos(c.multa) + reaisParaCentavos(c.juros))}
      </Box>
    ),
    hideOnMobile: true,
  },
  { key: 'atualizado', header: 'Atualizado', align: 'right', render: (c) => money(c.valor_atualizado) },
  {
    key: 'status',
    header: 'Status',
    render: (c) => <ContaStatusChip status={c.status} diasAtraso={c.dias_atraso} />,
  },
  {
    key: 'atraso',
    header: 'Atraso (dias)',
    align: 'right',
    render: (c) => <DiasAtraso dias={c.dias_atraso} />,
  },
];
