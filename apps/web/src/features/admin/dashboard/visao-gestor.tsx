import { hojeNoFuso } from '@cobranca/dominio';
import Box from '@mui/material/Box';
import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { DateFilter } from '../../../components/date-filter.tsx';
import type { PeriodoGestor } from '../api/visao-gestor.ts';
import {
  AcordosDebitoBlock,
  CarteiraAtrasoBlock,
  RecuperacaoOperadoresBlock,
  RecuperacaoReguaBlock,
} from './blocos-gestor.tsx';
import {
  descreverPeriodo,
  erroDoPeriodo,
  PRESETS,
  type Preset,
  periodoDoPreset,
  ROTULO_PRESET,
} from './periodo-gestor.ts';

/**
 * The team lead's view (docs/produto.md §15): the portfolio by days overdue (as of today) and the
 * recovery of a period — this month by default, in São Paulo days — per operator and per régua step,
 * and the period's agreements kept or broken, with and without automatic debit.
 */
export const VisaoGestor = () => {
  const hoje = hojeNoFuso(new Date());
  const [preset, setPreset] = useState<Preset>('este_mes');
  const [personalizado, setPersonalizado] = useState<PeriodoGestor>(() => periodoDoPreset('este_mes', hoje));
  const rotuloPreset = useId();
  const erro = preset === 'personalizado' ? erroDoPeriodo(personalizado) : null;
  const periodo: PeriodoGestor | null =
    preset === 'personalizado' ? (erro ? null : personalizado) : periodoDoPreset(preset, hoje);

  return (
    <Box
      component="section"
      aria-labelledby={`${rotuloPreset}-titulo`}
      sx={{ display: 'grid', gap: 3, minWidth: 0 }}
    >
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center' }}>
        <Box sx={{ flexGrow: 1, minWidth: 0 }}>
          <Typography id={`${rotuloPreset}-titulo`} component="h2" variant="h5" sx={{ fontWeight: 600 }}>
            Visão do gestor
          </Typography>
          <Typography variant="body2" color="text.secondary" aria-live="polite">
            {periodo ? `Período: ${descreverPeriodo(periodo)}` : 'Escolha um período válido.'}
          </Typography>
        </Box>
        <FormControl size="small" sx={{ minWidth: 180, flex: { xs: '1 1 100%', sm: '0 0 auto' } }}>
          <InputLabel id={rotuloPreset}>Período</InputLabel>
          <Select
            labelId={rotuloPreset}
            label="Período"
            value={preset}
            onChange={(e) => {
              const proximo = e.target.value as Preset;
              // A custom range starts from what was on screen.
              if (proximo === 'personalizado' && periodo) setPersonalizado(periodo);
              setPreset(proximo);
            }}
          >
            {PRESETS.map((p) => (
              <MenuItem key={p} value={p}>
                {ROTULO_PRESET[p]}
              </MenuItem>
            ))}
          </Select>
        </FormControl>
        {preset === 'personalizado' && (
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, flex: { xs: '1 1 100%', md: '0 1 auto' } }}>
            <DateFilter
              label="De"
              value={personalizado.de}
              onChange={(de) => setPersonalizado((p) => ({ ...p, de }))}
            />
            <DateFilter
              label="Até"
              value={personalizado.ate}
              onChange={(ate) => setPersonalizado((p) => ({ ...p, ate }))}
            />
          </Box>
        )}
      </Box>
      {erro && (
        <Typography role="alert" color="error" variant="body2">
          {erro}
        </Typography>
      )}
      <CarteiraAtrasoBlock />
      <Box
        sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', xl: 'repeat(2, minmax(0, 1fr))' } }}
      >
        <RecuperacaoOperadoresBlock periodo={periodo} />
        <RecuperacaoReguaBlock periodo={periodo} />
      </Box>
      <AcordosDebitoBlock periodo={periodo} />
    </Box>
  );
};
