import { ETIQUETA_TAMANHO_MAXIMO, type FiltroResposta } from '@cobranca/contracts';
import LocalOfferOutlinedIcon from '@mui/icons-material/LocalOfferOutlined';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { type ReactNode, useEffect, useState } from 'react';
import { SearchField } from './search-field.tsx';

// The filters of the customer lists (operator lists and the admin's Clientes), kept in the URL with
// useUrlFilters: days overdue and open amount as ranges, when the customer last replied, and one tag.

export const CLIENTES_FILTRO_KEYS = [
  'atraso_min',
  'atraso_max',
  'valor_min',
  'valor_max',
  'resposta',
  'etiqueta',
] as const;
export type ClientesFiltroKey = (typeof CLIENTES_FILTRO_KEYS)[number];
export type ClientesFiltroValores = Record<ClientesFiltroKey, string>;

export const RESPOSTA_LABELS: Record<FiltroResposta, string> = {
  '24h': 'Respondeu nas últimas 24 h',
  '7d': 'Respondeu nos últimos 7 dias',
  sem: 'Sem resposta',
};

const DIAS = /^\d{1,5}$/;

/**
 * An amount as typed → "1234.5" for the URL and the API, '' when empty, null when it is no amount.
 * pt-BR: dots group thousands and the comma is the decimal separator ("1.234,56"); a dot followed by
 * one or two digits and no comma is read as a decimal point ("10.5").
 */
export const reaisDoCampo = (texto: string): string | null => {
  const t = texto.trim();
  if (t === '') return '';
  const normal = t.includes(',')
    ? t.replace(/\./g, '').replace(',', '.')
    : /^\d+\.\d{1,2}$/.test(t)
      ? t
      : t.replace(/\./g, '');
  return /^\d{1,10}(\.\d{1,2})?$/.test(normal) ? String(Number(normal)) : null;
};

/** The URL's "1234.5" as the field shows it: "1234,5". */
const reaisParaCampo = (valor: string) => valor.replace('.', ',');

type Faixa = { min: string; max: string };

type RangeProps = {
  label: string;
  value: Faixa;
  /** Text typed → URL value ('' when empty), or null when it is not valid. */
  parse: (texto: string) => string | null;
  format: (valor: string) => string;
  invalidMessage: string;
  adornment?: { start?: string; end?: string };
  onChange: (faixa: Faixa) => void;
};

/** "de … até …": applied on leaving a field or Enter, so typing "120" is one request, not three. */
const RangeFilter = ({ label, value, parse, format, invalidMessage, adornment, onChange }: RangeProps) => {
  const [texto, setTexto] = useState({ min: format(value.min), max: format(value.max) });
  // The URL changed from elsewhere (back button, "Limpar filtros"): show it.
  useEffect(
    () => setTexto({ min: format(value.min), max: format(value.max) }),
    [value.min, value.max, format],
  );
  const min = parse(texto.min);
  const max = parse(texto.max);
  const invertida = min !== null && max !== null && min !== '' && max !== '' && Number(min) > Number(max);
  const aplicar = () => {
    if (min === null || max === null || invertida) return;
    if (min !== value.min || max !== value.max) onChange({ min, max });
  };
  const campo = (lado: keyof Faixa, rotulo: string) => {
    const erro = (lado === 'min' ? min : max) === null ? invalidMessage : null;
    return (
      <TextField
        size="small"
        label={`${label}: ${rotulo}`}
        value={texto[lado]}
        onChange={(event) => setTexto((atual) => ({ ...atual, [lado]: event.target.value }))}
        onBlur={aplicar}
        onKeyDown={(event) => event.key === 'Enter' && aplicar()}
        error={Boolean(erro) || (lado === 'max' && invertida)}
        helperText={erro ?? (lado === 'max' && invertida ? 'Deve ser maior ou igual ao mínimo.' : undefined)}
        sx={{ flex: '1 1 120px', minWidth: 0, maxWidth: { sm: 170 } }}
        slotProps={{
          htmlInput: { inputMode: 'decimal', maxLength: 14 },
          input: {
            startAdornment: adornment?.start && (
              <InputAdornment position="start">{adornment.start}</InputAdornment>
            ),
            endAdornment: adornment?.end && <InputAdornment position="end">{adornment.end}</InputAdornment>,
          },
        }}
      />
    );
  };
  return (
    <Box
      role="group"
      aria-label={label}
      sx={{ display: 'flex', gap: 1, flex: { xs: '1 1 100%', sm: '0 1 auto' }, minWidth: 0 }}
    >
      {campo('min', 'de')}
      {campo('max', 'até')}
    </Box>
  );
};

const identidade = (valor: string) => valor;
const diasDoCampo = (texto: string) =>
  texto.trim() === '' ? '' : DIAS.test(texto.trim()) ? texto.trim() : null;

/**
 * The tag filter: a field while none is chosen (Enter or leaving it applies), then a removable chip.
 * The operator lists also set it from a row's tag chip (decision 022).
 */
const EtiquetaFilter = ({ value, onChange }: { value: string; onChange: (etiqueta: string) => void }) => {
  const [texto, setTexto] = useState('');
  const remover = () => {
    setTexto('');
    onChange('');
  };
  if (value)
    // The whole chip removes the filter (click, Enter, Delete): one target, named for what it does.
    return (
      <Chip
        icon={<LocalOfferOutlinedIcon aria-hidden />}
        label={`Etiqueta: ${value}`}
        aria-label={`Remover o filtro Etiqueta: ${value}`}
        onClick={remover}
        onDelete={remover}
        sx={{ alignSelf: 'center', maxWidth: '100%' }}
      />
    );
  const aplicar = () => {
    const etiqueta = texto.trim();
    if (etiqueta) onChange(etiqueta);
  };
  return (
    <TextField
      size="small"
      label="Etiqueta"
      value={texto}
      onChange={(event) => setTexto(event.target.value)}
      onBlur={aplicar}
      onKeyDown={(event) => event.key === 'Enter' && aplicar()}
      sx={{ flex: { xs: '1 1 100%', sm: '0 1 170px' }, minWidth: 0 }}
      slotProps={{ htmlInput: { maxLength: ETIQUETA_TAMANHO_MAXIMO } }}
    />
  );
};

type ClientesFiltrosProps = {
  value: ClientesFiltroValores;
  onChange: (patch: Partial<ClientesFiltroValores>) => void;
};

/** Days overdue, open amount, last reply and tag; each change goes to the URL (and drops the page). */
export const ClientesFiltros = ({ value, onChange }: ClientesFiltrosProps) => (
  <>
    <RangeFilter
      label="Atraso"
      value={{ min: value.atraso_min, max: value.atraso_max }}
      parse={diasDoCampo}
      format={identidade}
      invalidMessage="Use um número inteiro de dias."
      adornment={{ end: 'dias' }}
      onChange={({ min, max }) => onChange({ atraso_min: min, atraso_max: max })}
    />
    <RangeFilter
      label="Em aberto"
      value={{ min: value.valor_min, max: value.valor_max }}
      parse={reaisDoCampo}
      format={reaisParaCampo}
      invalidMessage="Use um valor em reais, como 1.234,56."
      adornment={{ start: 'R$' }}
      onChange={({ min, max }) => onChange({ valor_min: min, valor_max: max })}
    />
    <TextField
      select
      size="small"
      label="Última resposta"
      value={value.resposta in RESPOSTA_LABELS ? value.resposta : ''}
      onChange={(event) => onChange({ resposta: event.target.value })}
      sx={{ flex: { xs: '1 1 100%', sm: '0 1 250px' }, minWidth: 0 }}
    >
      <MenuItem value="">Qualquer</MenuItem>
      {(Object.keys(RESPOSTA_LABELS) as FiltroResposta[]).map((r) => (
        <MenuItem key={r} value={r}>
          {RESPOSTA_LABELS[r]}
        </MenuItem>
      ))}
    </TextField>
    <EtiquetaFilter value={value.etiqueta} onChange={(etiqueta) => onChange({ etiqueta })} />
  </>
);

/** The filters' values as API query parameters (empty ones left out). */
export const filtrosParaQuery = (value: Partial<ClientesFiltroValores>) =>
  Object.fromEntries(CLIENTES_FILTRO_KEYS.map((key) => [key, value[key] || undefined])) as Partial<
    Record<ClientesFiltroKey, string>
  >;

/**
 * A customer list's filter bar: the search by name, document or phone first, then the list's own
 * filters, wrapping on narrow screens.
 */
export const BarraDeFiltrosDeClientes = ({
  busca,
  onBuscar,
  children,
}: {
  busca: string;
  onBuscar: (busca: string) => void;
  children: ReactNode;
}) => (
  <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-start', gap: 2, mb: 2, minWidth: 0 }}>
    <SearchField
      label="Buscar cliente"
      placeholder="Nome, documento ou telefone"
      initialValue={busca}
      onSearch={onBuscar}
    />
    {children}
  </Box>
);
