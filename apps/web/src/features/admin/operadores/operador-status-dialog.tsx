import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { notify } from '../../../components/snackbar/snackbar-store.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { useBloquearOperador, useReativarOperador } from '../api/operadores.ts';
import type { OperadorDialogProps } from './operador-row-actions.tsx';

/** Block (an active operator) or reactivate (a blocked one), after confirmation. */
export const OperadorStatusDialog = ({ operador, onClose }: OperadorDialogProps) => {
  const bloquear = useBloquearOperador();
  const reativar = useReativarOperador();
  const isBlock = operador.status === 'Ativo';
  const mutation = isBlock ? bloquear : reativar;

  const onConfirm = () =>
    mutation.mutate(operador.id, {
      onSuccess: () => {
        notify.success(`Operador ${operador.name} ${isBlock ? 'bloqueado' : 'reativado'}.`);
        onClose();
      },
      onError: (error) =>
        notify.error(
          errorMessage(
            error,
            isBlock ? 'Não foi possível bloquear o operador.' : 'Não foi possível reativar o operador.',
          ),
        ),
    });

  return (
    <ConfirmDialog
      open
      title={isBlock ? 'Bloquear operador?' : 'Reativar operador?'}
      message={
        isBlock
          ? `${operador.name} será desconectado imediatamente de todas as sessões e não poderá entrar no sistema até ser reativado.`
          : `${operador.name} poderá entrar no sistema novamente.`
      }
      confirmLabel={isBlock ? 'Bloquear' : 'Reativar'}
      confirmColor={isBlock ? 'error' : 'primary'}
      loading={mutation.isPending}
      onConfirm={onConfirm}
      onClose={onClose}
    />
  );
};
