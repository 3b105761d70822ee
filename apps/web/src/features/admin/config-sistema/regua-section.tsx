import { TEMPLATE_TIPOS } from '@cobranca/contracts';
import { contagem } from '@cobranca/dominio';
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { Controller, useFieldArray, useFormContext, useWatch } from 'react-hook-form';
import { TIPO_LABELS } from '../mensagens/template-labels.ts';
import { FormSection } from './form-section.tsx';
import type { SistemaForm } from './sistema-form.ts';

const MAX_ETAPAS = 20;
const MAX_DIAS = 180;

/** "3 dias antes do vencimento", "No dia do vencimento", "1 dia após o vencimento". */
export const descreverDias = (dias: number): string => {
  if (!Number.isInteger(dias)) return '';
  if (dias === 0) return 'No dia do vencimento';
  const n = Math.abs(dias);
  return `${contagem(n, 'dia', 'dias')} ${dias < 0 ? 'antes do' : 'após o'} vencimento`;
};

/** The collection schedule: one row per step, kept sorted by day (docs/produto.md §11). */
export const ReguaSection = () => {
  const {
    register,
    control,
    getValues,
    formState: { errors },
  } = useFormContext<SistemaForm>();
  const { fields, append, remove, move } = useFieldArray({ control, name: 'regua' });
  const regua = useWatch({ control, name: 'regua' });
  const arrayError = errors.regua?.root?.message ?? errors.regua?.message;

  // Once the days are typed in, the row moves to its place, so the list always reads in sending order.
  const placeRow = (index: number) => {
    const etapas = getValues('regua');
    const dias = etapas[index]?.dias;
    if (dias === undefined || !Number.isFinite(dias)) return;
    const others = etapas.filter((_, i) => i !== index);
    const target = others.filter((etapa) => etapa.dias <= dias).length;
    if (target !== index) move(index, target);
  };

  const addRow = () => {
    const ultimo = Math.max(
      0,
      ...getValues('regua')
        .map((etapa) => etapa.dias)
        .filter(Number.isFinite),
    );
    append({ dias: Math.min(ultimo + 1, MAX_DIAS), tipo: 'atraso' });
  };

  return (
    <FormSection
      title="Régua de cobrança"
      description="Quando cada mensagem automática sai, em dias contados a partir do vencimento de cada conta."
    >
      {arrayError && (
        <Alert severity="error" sx={{ mt: 1 }}>
          {arrayError}
        </Alert>
      )}
      {/* Divs, not ol/li: each step is a labelled group, and a list may only hold list items. */}
      <Box sx={{ p: 0, m: 0, mt: 2, display: 'grid', gap: 2 }}>
        {fields.map((field, index) => {
          const diasError = errors.regua?.[index]?.dias?.message;
          const registered = register(`regua.${index}.dias`, { valueAsNumber: true });
          return (
            <Box
              key={field.id}
              role="group"
              aria-label={`Etapa ${index + 1}`}
              sx={{
                display: 'grid',
                gap: 1.5,
                alignItems: 'start',
                gridTemplateColumns: { xs: '1fr 1fr auto', sm: '140px minmax(0, 220px) 1fr auto' },
              }}
            >
              <TextField
                {...registered}
                onBlur={async (event) => {
                  await registered.onBlur(event);
                  placeRow(index);
                }}
                label="Dias"
                type="number"
                size="small"
                error={Boolean(diasError)}
                helperText={diasError ?? 'negativo = antes do vencimento'}
                slotProps={{ htmlInput: { step: 1, min: -60, max: MAX_DIAS } }}
              />
              <Controller
                name={`regua.${index}.tipo`}
                control={control}
                render={({ field: tipo, fieldState }) => (
                  <TextField
                    select
                    label="Mensagem"
                    size="small"
                    name={tipo.name}
                    value={tipo.value}
                    onChange={tipo.onChange}
                    onBlur={tipo.onBlur}
                    inputRef={tipo.ref}
                    error={Boolean(fieldState.error)}
                    helperText={fieldState.error?.message}
                  >
                    {TEMPLATE_TIPOS.map((value) => (
                      <MenuItem key={value} value={value}>
                        {TIPO_LABELS[value]}
                      </MenuItem>
                    ))}
                  </TextField>
                )}
              />
              <Typography
                variant="body2"
                color="text.secondary"
                sx={{ display: { xs: 'none', sm: 'block' }, pt: 1 }}
              >
                {descreverDias(regua?.[index]?.dias ?? Number.NaN)}
              </Typography>
              <IconButton
                aria-label={`Remover etapa ${index + 1}`}
                onClick={() => remove(index)}
                disabled={fields.length <= 1}
                sx={{ mt: 0.25 }}
              >
                <DeleteOutlinedIcon />
              </IconButton>
            </Box>
          );
        })}
      </Box>
      <Button startIcon={<AddIcon />} onClick={addRow} disabled={fields.length >= MAX_ETAPAS} sx={{ mt: 2 }}>
        Adicionar etapa
      </Button>
    </FormSection>
  );
};
