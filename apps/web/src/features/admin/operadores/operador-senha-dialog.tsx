import { novaSenhaBody, type UsuarioConta } from '@cobranca/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import TextField from '@mui/material/TextField';
import { useForm } from 'react-hook-form';
import { FormDialog } from '../../../components/form-dialog.tsx';
import { reportFormError } from '../../../components/report-form-error.ts';
import { notify } from '../../../components/snackbar/snackbar-store.ts';
import { useUpdateOperador } from '../api/operadores.ts';

const FIELDS = ['password', 'password_confirmation'] as const;

/** Sets a new password for an operator: password and confirmation go together (docs/produto.md §15). */
export const OperadorSenhaDialog = ({
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
    resolver: zodResolver(novaSenhaBody),
    defaultValues: { password: '', password_confirmation: '' },
  });

  const onSubmit = handleSubmit((body) =>
    mutation.mutate(
      { id: operador.id, body },
      {
        onSuccess: () => {
          notify.success(`Senha de ${operador.name} alterada.`);
          onClose();
        },
        onError: (error) => {
          reportFormError(error, setError, FIELDS, 'Não foi possível alterar a senha.');
        },
      },
    ),
  );

  return (
    <FormDialog
      title={`Alterar senha de ${operador.name}`}
      submitLabel={mutation.isPending ? 'Salvando…' : 'Alterar senha'}
      pending={mutation.isPending}
      onSubmit={onSubmit}
      onClose={onClose}
    >
      <TextField
        {...register('password')}
        label="Nova senha"
        type="password"
        autoComplete="new-password"
        autoFocus
        fullWidth
        margin="dense"
        error={Boolean(errors.password)}
        helperText={errors.password?.message ?? 'Pelo menos 8 caracteres, com letras e números.'}
      />
      <TextField
        {...register('password_confirmation')}
        label="Confirmação da senha"
        type="password"
        autoComplete="new-password"
        fullWidth
        margin="dense"
        error={Boolean(errors.password_confirmation)}
        helperText={errors.password_confirmation?.message}
      />
    </FormDialog>
  );
};
