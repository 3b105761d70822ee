import { CHAMADA_RESULTADOS, type ClienteDetalhe, chamadaBody } from '@cobranca/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import { useId } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import { FormDialog } from '../../../components/form-dialog.tsx';
import { formDialogCallbacks } from '../../../components/report-form-error.ts';
import { fieldProps } from '../../../lib/field-props.ts';
import { useRegistrarChamada } from '../api/cliente.ts';
import { RESULTADO_LABELS } from './labels.ts';

const FIELDS = ['resultado', 'observacao'] as const;
// The radio starts empty (''), which the contract's enum then refuses with its own message.
const schema = z.object({
  resultado: z.union([z.literal(''), z.enum(CHAMADA_RESULTADOS)]).pipe(chamadaBody.shape.resultado),
  observacao: chamadaBody.shape.observacao,
});

/** Registers a phone call; unanswered ones count as a contact attempt (docs/produto.md §6). */
export const ChamadaDialog = ({ cliente, onClose }: { cliente: ClienteDetalhe; onClose: () => void }) => {
  const mutation = useRegistrarChamada(cliente.id);
  const labelId = useId();
  const form = useForm({ resolver: zodResolver(schema), defaultValues: { resultado: '', observacao: '' } });
  const {
    control,
    formState: { errors },
  } = form;

  const onSubmit = form.handleSubmit(({ resultado, observacao }) =>
    mutation.mutate(
      { resultado, ...(observacao ? { observacao } : {}) },
      formDialogCallbacks({
        success: 'Ligação registrada.',
        onClose,
        setError: form.setError,
        fields: FIELDS,
        fallback: 'Não foi possível registrar a ligação.',
      }),
    ),
  );

  return (
    <FormDialog
      title="Registrar ligação"
      submitLabel={mutation.isPending ? 'Registrando…' : 'Registrar'}
      pending={mutation.isPending}
      onSubmit={onSubmit}
      onClose={onClose}
    >
      <FormControl error={Boolean(errors.resultado)} margin="dense" fullWidth>
        <FormLabel id={labelId}>Resultado</FormLabel>
        <Controller
          control={control}
          name="resultado"
          render={({ field }) => (
            <RadioGroup {...field} aria-labelledby={labelId}>
              {CHAMADA_RESULTADOS.map((r) => (
                <FormControlLabel key={r} value={r} control={<Radio />} label={RESULTADO_LABELS[r]} />
              ))}
            </RadioGroup>
          )}
        />
        {errors.resultado && <FormHelperText>{errors.resultado.message}</FormHelperText>}
      </FormControl>
      <TextField {...fieldProps(form, 'observacao')} label="Observação" multiline minRows={2} />
    </FormDialog>
  );
};
