import type { UseMutationResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { errorMessage } from '../lib/api-client.ts';
import { ConfirmDialog } from './confirm-dialog.tsx';
import { notify } from './snackbar/snackbar-store.ts';

type ConfirmarExclusaoProps<T extends { id: number }> = {
  /** What awaits confirmation; null: the dialog is closed. */
  alvo: T | null;
  titulo: string;
  mensagem: ReactNode;
  /** Deletes by id. */
  excluir: UseMutationResult<unknown, Error, number>;
  sucesso: (alvo: T) => string;
  /** The snackbar's text when the server gives no reason. */
  falha: string;
  /** After a failure too, rather than staying open for another try. */
  fecharNaFalha?: boolean;
  onClose: () => void;
};

/** Asks before deleting one item, deletes it, and tells how it went in the snackbar. */
export const ConfirmarExclusao = <T extends { id: number }>({
  alvo,
  titulo,
  mensagem,
  excluir,
  sucesso,
  falha,
  fecharNaFalha = false,
  onClose,
}: ConfirmarExclusaoProps<T>) => {
  const confirmar = () => {
    if (!alvo) return;
    excluir.mutate(alvo.id, {
      onSuccess: () => {
        notify.success(sucesso(alvo));
        onClose();
      },
      onError: (error) => {
        notify.error(errorMessage(error, falha));
        if (fecharNaFalha) onClose();
      },
    });
  };
  return (
    <ConfirmDialog
      open={alvo !== null}
      title={titulo}
      message={mensagem}
      confirmLabel="Excluir"
      confirmColor="error"
      loading={excluir.isPending}
      onConfirm={confirmar}
      onClose={onClose}
    />
  );
};
