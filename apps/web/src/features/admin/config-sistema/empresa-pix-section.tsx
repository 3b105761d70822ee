import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import { Controller, useFormContext } from 'react-hook-form';
import { FormSection, fieldGrid } from '../../../components/form-section.tsx';
import { MaskedTextField } from '../../../components/masked-text-field/masked-text-field.tsx';
import type { SistemaForm } from './sistema-form.ts';

/** The creditor's identification (CDC art. 42-A) and the PIX data of the "copia e cola" codes. */
export const EmpresaPixSection = () => {
  const {
    register,
    control,
    formState: { errors },
  } = useFormContext<SistemaForm>();
  return (
    <FormSection
      title="Empresa e PIX"
      description="Identificam o credor nas mensagens e geram o código PIX copia e cola enviado aos clientes."
    >
      <Box sx={fieldGrid}>
        <TextField
          {...register('empresa.nome')}
          label="Nome da empresa"
          error={Boolean(errors.empresa?.nome)}
          helperText={errors.empresa?.nome?.message ?? 'Aparece nas mensagens como {{empresa}}.'}
          fullWidth
        />
        <Controller
          name="empresa.documento"
          control={control}
          render={({ field, fieldState }) => (
            <MaskedTextField
              mask="cpfCnpj"
              label="CNPJ/CPF da empresa"
              name={field.name}
              value={field.value}
              inputRef={field.ref}
              onBlur={field.onBlur}
              onValueChange={({ masked }) => field.onChange(masked)}
              error={Boolean(fieldState.error)}
              helperText={fieldState.error?.message ?? 'Aparece nas mensagens como {{empresa_documento}}.'}
              fullWidth
            />
          )}
        />
        <TextField
          {...register('empresa.contato')}
          label="Contato para clientes"
          error={Boolean(errors.empresa?.contato)}
          helperText={
            errors.empresa?.contato?.message ??
            'Telefone, e-mail ou horário de atendimento; aparece no portal do cliente.'
          }
          fullWidth
          sx={{ gridColumn: '1 / -1' }}
          slotProps={{ htmlInput: { maxLength: 160 } }}
        />
        <TextField
          {...register('pix.chave')}
          label="Chave PIX"
          error={Boolean(errors.pix?.chave)}
          helperText={errors.pix?.chave?.message ?? 'CNPJ, e-mail, telefone (+55…) ou chave aleatória.'}
          fullWidth
          slotProps={{ htmlInput: { autoComplete: 'off', spellCheck: false } }}
        />
        <TextField
          {...register('pix.nome_recebedor')}
          label="Nome do recebedor"
          error={Boolean(errors.pix?.nome_recebedor)}
          helperText={errors.pix?.nome_recebedor?.message ?? 'Até 25 caracteres, como no banco.'}
          fullWidth
          slotProps={{ htmlInput: { maxLength: 25 } }}
        />
        <TextField
          {...register('pix.cidade')}
          label="Cidade do recebedor"
          error={Boolean(errors.pix?.cidade)}
          helperText={errors.pix?.cidade?.message ?? 'Até 15 caracteres.'}
          fullWidth
          slotProps={{ htmlInput: { maxLength: 15 } }}
        />
      </Box>
    </FormSection>
  );
};
