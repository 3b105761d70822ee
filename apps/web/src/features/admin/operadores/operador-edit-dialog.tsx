import { emailField, personNameField, type UsuarioConta } from '@cobranca/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import TextField from '@mui/material/TextField';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { FormDialog } from '../../../components/form-dialog.tsx';
import { reportFormError } from '../../../components/report-form-error.ts';
import { notify } from '../../../components/snackbar/snackbar-store.ts';
import { useUpdateOperador } from '../api/operadores.ts';

// The name/e-mail part of `usuarioUpdateBody`, both required here since the form always shows both.
const editSchema = z.object({ name: personNameField, email: emailField });
const FIELDS = ['name', 'email'] as const;

/** Edits an operator's name and e-mail (PUT /api/admin/operadores/{id}). */
export const OperadorEditDialog = ({
  operador,
  onClose,
}: {
  operador: UsuarioConta;
  onClose: () => void;
}) => {
  const mutation = useUpdateOperador();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(editSchema),
    defaultValues: { name: operador.name, email: operador.email },
  });

  const onSubmit = handleSubmit((body) =>
    mutation.mutate(
      { id: operador.id, body },
      {
        onSuccess: () => {
          notify.success(`Operador ${body.name} atualizado.`);
          onClose();
        },
        onError: (error) => {
          reportFormError(error, setError, FIELDS, 'Não foi possível salvar o operador.');
        },
      },
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
      <TextField
        {...register('name')}
        label="Nome"
        autoComplete="off"
        autoFocus
        fullWidth
        margin="dense"
        error={Boolean(errors.name)}
        helperText={errors.name?.message}
      />
      <TextField
        {...register('email')}
        label="E-mail"
        type="email"
        autoComplete="off"
        fullWidth
        margin="dense"
        error={Boolean(errors.email)}
        helperText={errors.email?.message}
      />
    </FormDialog>
  );
};
