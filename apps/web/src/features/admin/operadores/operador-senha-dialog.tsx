import { novaSenhaBody } from '@cobranca/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import TextField from '@mui/material/TextField';
import { useForm } from 'react-hook-form';
import { SENHA_DICA } from '../../../components/conta-create-dialog.tsx';
import { FormDialog } from '../../../components/form-dialog.tsx';
import { formDialogCallbacks } from '../../../components/report-form-error.ts';
import { fieldProps } from '../../../lib/field-props.ts';
import { useUpdateOperador } from '../api/operadores.ts';
import type { OperadorDialogProps } from './operador-row-actions.tsx';

const FIELDS = ['password', 'password_confirmation'] as const;

/** Sets a new password for an operator: password and confirmation go together (docs/produto.md §15). */
export const OperadorSenhaDialog = ({ operador, onClose }: OperadorDialogProps) => {
  const mutation = useUpdateOperador();
  const form = useForm({
    resolver: zodResolver(novaSenhaBody),
    defaultValues: { password: '', password_confirmation: '' },
  });

  const onSubmit = form.handleSubmit((body) =>
    mutation.mutate(
      { id: operador.id, body },
      formDialogCallbacks({
        success: `Senha de ${operador.name} alterada.`,
        onClose,
        setError: form.setError,
        fields: FIELDS,
        fallback: 'Não foi possível alterar a senha.',
      }),
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
        {...fieldProps(form, 'password', SENHA_DICA)}
        label="Nova senha"
        type="password"
        autoComplete="new-password"
        autoFocus
      />
      <TextField
        {...fieldProps(form, 'password_confirmation')}
        label="Confirmação da senha"
        type="password"
        autoComplete="new-password"
      />
    </FormDialog>
  );
};
