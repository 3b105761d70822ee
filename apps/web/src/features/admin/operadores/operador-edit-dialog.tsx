import { emailField, personNameField } from '@cobranca/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import TextField from '@mui/material/TextField';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { FormDialog } from '../../../components/form-dialog.tsx';
import { formDialogCallbacks } from '../../../components/report-form-error.ts';
import { fieldProps } from '../../../lib/field-props.ts';
import { useUpdateOperador } from '../api/operadores.ts';
import type { OperadorDialogProps } from './operador-row-actions.tsx';

// The name/e-mail part of `usuarioUpdateBody`, both required here since the form always shows both.
const editSchema = z.object({ name: personNameField, email: emailField });
const FIELDS = ['name', 'email'] as const;

/** Edits an operator's name and e-mail (PUT /api/admin/operadores/{id}). */
export const OperadorEditDialog = ({ operador, onClose }: OperadorDialogProps) => {
  const mutation = useUpdateOperador();
  const form = useForm({
    resolver: zodResolver(editSchema),
    defaultValues: { name: operador.name, email: operador.email },
  });

  const onSubmit = form.handleSubmit((body) =>
    mutation.mutate(
      { id: operador.id, body },
      formDialogCallbacks({
        success: `Operador ${body.name} atualizado.`,
        onClose,
        setError: form.setError,
        fields: FIELDS,
        fallback: 'Não foi possível salvar o operador.',
      }),
    ),
  );

  return (
    <FormDialog
      title={`Editar ${operador.name}`}
      submitLabel={mutation.isPending ? 'Salvando…' : 'Salvar'}
      pending={mutation.isPending}
      onSubmit={onSubmit}
      onClose={onClose}
    >
      <TextField {...fieldProps(form, 'name')} label="Nome" autoComplete="off" autoFocus />
      <TextField {...fieldProps(form, 'email')} label="E-mail" type="email" autoComplete="off" />
    </FormDialog>
  );
};
