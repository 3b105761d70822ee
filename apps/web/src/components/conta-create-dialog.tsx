import { type UsuarioConta, type UsuarioCreateBody, usuarioCreateBody } from '@cobranca/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import TextField from '@mui/material/TextField';
import type { UseMutationResult } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { errorMessage } from '../lib/api-client.ts';
import { fieldProps } from '../lib/field-props.ts';
import { setServerFieldErrors } from '../lib/form-errors.ts';
import { FormDialog } from './form-dialog.tsx';
import { notify } from './snackbar/snackbar-store.ts';

const FIELDS = ['name', 'email', 'password', 'password_confirmation'] as const;

/** Under a new password field: the rule the contract's schema checks. */
export const SENHA_DICA = 'Pelo menos 8 caracteres, com letras e números.';

type ContaCreateDialogProps = {
  /** "operador" or "administrador": used in the title, the button and the messages. */
  papel: string;
  mutation: UseMutationResult<UsuarioConta, unknown, UsuarioCreateBody>;
  onClose: () => void;
};

/**
 * Creates an account (operator or admin): name, e-mail, password + confirmation, checked by the same
 * schema as the API; a 422 lands beside its fields, any other failure at the top of the form.
 */
export const ContaCreateDialog = ({ papel, mutation, onClose }: ContaCreateDialogProps) => {
  const [geral, setGeral] = useState<string | null>(null);
  const form = useForm({
    resolver: zodResolver(usuarioCreateBody),
    defaultValues: { name: '', email: '', password: '', password_confirmation: '' },
  });

  const onSubmit = form.handleSubmit((values) => {
    setGeral(null);
    mutation.mutate(values, {
      onSuccess: (conta) => {
        notify.success(`${papel[0]?.toUpperCase()}${papel.slice(1)} ${conta.name} criado.`);
        onClose();
      },
      onError: (error) => {
        const message = errorMessage(error, `Não foi possível criar o ${papel}.`);
        if (!setServerFieldErrors(error, form.setError, FIELDS)) setGeral(message);
        notify.error(message);
      },
    });
  });

  const field = (name: (typeof FIELDS)[number], hint?: string) => fieldProps(form, name, hint);

  return (
    <FormDialog
      title={`Novo ${papel}`}
      submitLabel={mutation.isPending ? 'Criando…' : `Criar ${papel}`}
      pending={mutation.isPending}
      onSubmit={onSubmit}
      onClose={onClose}
      erro={geral}
    >
      <TextField {...field('name')} label="Nome" autoComplete="off" autoFocus />
      <TextField {...field('email')} label="E-mail" type="email" autoComplete="off" />
      <TextField
        {...field('password', SENHA_DICA)}
        label="Senha"
        type="password"
        autoComplete="new-password"
      />
      <TextField
        {...field('password_confirmation')}
        label="Confirmação da senha"
        type="password"
        autoComplete="new-password"
      />
    </FormDialog>
  );
};
