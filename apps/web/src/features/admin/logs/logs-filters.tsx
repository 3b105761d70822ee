import FilterAltOffIcon from '@mui/icons-material/FilterAltOff';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { DateFilter } from '../../../components/date-filter.tsx';
import { useDashboardOperadores } from '../api/dashboard.ts';
import { useLogAcoes } from '../api/logs.ts';

export const LOGS_FILTER_KEYS = ['acao', 'usuario_id', 'de', 'ate'] as const;
export type LogsFilterValues = Record<(typeof LOGS_FILTER_KEYS)[number], string>;

const selectSx = { flex: '1 1 200px', maxWidth: { sm: 260 } };

/** Action, user and period filters; options that fail to load leave their select disabled, not the page. */
export const LogsFilters = ({
  value,
  onChange,
}: {
  value: LogsFilterValues;
  onChange: (patch: Partial<LogsFilterValues>) => void;
}) => {
  const acoes = useLogAcoes();
  const operadores = useDashboardOperadores();
  const hasFilter = LOGS_FILTER_KEYS.some((key) => value[key]);

  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, mb: 2, alignItems: 'flex-start' }}>
      <TextField
        select
        size="small"
        label="Ação"
        value={acoes.data?.includes(value.acao) ? value.acao : ''}
        onChange={(event) => onChange({ acao: event.target.value })}
        disabled={!acoes.data}
        helperText={acoes.isError ? 'Não foi possível carregar as ações.' : undefined}
        sx={selectSx}
      >
        <MenuItem value="">Todas</MenuItem>
        {acoes.data?.map((acao) => (
          <MenuItem key={acao} value={acao}>
            {acao}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        size="small"
        label="Usuário"
        value={operadores.data?.some((o) => String(o.id) === value.usuario_id) ? value.usuario_id : ''}
        onChange={(event) => onChange({ usuario_id: event.target.value })}
        disabled={!operadores.data}
        helperText={operadores.isError ? 'Não foi possível carregar os operadores.' : undefined}
        sx={selectSx}
      >
        <MenuItem value="">Todos</MenuItem>
        {operadores.data?.map((o) => (
          <MenuItem key={o.id} value={String(o.id)}>
            {o.name}
          </MenuItem>
        ))}
      </TextField>
      <DateFilter
        label="De"
        value={value.de}
        maxDate={value.ate}
        onChange={(de) => onChange({ de })}
        disableFuture
      />
      <DateFilter
        label="Até"
        value={value.ate}
        minDate={value.de}
        onChange={(ate) => onChange({ ate })}
        disableFuture
      />
      {hasFilter && (
        <Button
          startIcon={<FilterAltOffIcon />}
          onClick={() => onChange({ acao: '', usuario_id: '', de: '', ate: '' })}
          sx={{ mt: 0.25 }}
        >
          Limpar filtros
        </Button>
      )}
    </Box>
  );
};
