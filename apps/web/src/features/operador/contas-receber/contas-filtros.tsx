import { CONTA_STATUS_LABELS, CONTA_STATUSES } from '@cobranca/contracts';
import FilterAltOffIcon from '@mui/icons-material/FilterAltOff';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import { useState } from 'react';
import { DateFilter } from '../../../components/date-filter.tsx';
import { SearchField } from '../../../components/search-field.tsx';
import { StatusFilter } from '../../../components/status-filter.tsx';

export const CONTAS_FILTER_KEYS = [
  'status',
  'vencidas',
  'vencimento_de',
  'vencimento_ate',
  'busca',
  'cliente_id',
] as const;
export type ContasFilterValues = Record<(typeof CONTAS_FILTER_KEYS)[number], string>;

type ContasFiltrosProps = {
  value: ContasFilterValues;
  onChange: (patch: Partial<ContasFilterValues>) => void;
};

/** Status, "só vencidas", due-date period and search; every value lives in the URL. */
export const ContasFiltros = ({ value, onChange }: ContasFiltrosProps) => {
  const hasFilter = Boolean(
    value.status || value.vencidas || value.vencimento_de || value.vencimento_ate || value.busca,
  );
  // The search box keeps its own text: once "Limpar filtros" has emptied the URL, it starts afresh.
  const [resetKey, setResetKey] = useState(0);
  const [clearing, setClearing] = useState(false);
  if (clearing && !value.busca) {
    setClearing(false);
    setResetKey((k) => k + 1);
  }
  const clear = () => {
    setClearing(true);
    onChange({ status: '', vencidas: '', vencimento_de: '', vencimento_ate: '', busca: '' });
  };
  return (
    <Box
      role="search"
      aria-label="Filtros das contas"
      sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-start', gap: 2, mb: 2 }}
    >
      <SearchField
        key={resetKey}
        label="Buscar conta"
        placeholder="Cliente, documento ou descrição"
        initialValue={value.busca}
        onSearch={(busca) => onChange({ busca })}
      />
      <StatusFilter
        statuses={CONTA_STATUSES}
        labels={CONTA_STATUS_LABELS}
        value={value.status}
        onChange={(status) => onChange({ status })}
        sx={{ minWidth: 160, flex: { xs: '1 1 140px', sm: '0 0 auto' } }}
      />
      <DateFilter
        label="Vencimento de"
        value={value.vencimento_de}
        maxDate={value.vencimento_ate || undefined}
        onChange={(vencimento_de) => onChange({ vencimento_de })}
      />
      <DateFilter
        label="Vencimento até"
        value={value.vencimento_ate}
        minDate={value.vencimento_de || undefined}
        onChange={(vencimento_ate) => onChange({ vencimento_ate })}
      />
      <FormControlLabel
        label="Só vencidas"
        control={
          <Switch
            checked={value.vencidas === '1'}
            onChange={(event) => onChange({ vencidas: event.target.checked ? '1' : '' })}
          />
        }
      />
      {hasFilter && (
        <Button startIcon={<FilterAltOffIcon />} onClick={clear} sx={{ mt: 0.25 }}>
          Limpar filtros
        </Button>
      )}
    </Box>
  );
};
