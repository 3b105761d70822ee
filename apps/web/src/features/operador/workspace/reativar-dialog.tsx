import type { ClienteDetalhe } from '@cobranca/contracts';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { notify } from '../../../components/snackbar/snackbar-store.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { useReativarCliente } from '../api/cliente.ts';

/** Back to automatic collection (`ativo`), which also resets the attempt count. */
export const ReativarDialog = ({ cliente, onClose }: { cliente: ClienteDetalhe; onClose: () => void }) => {
  const reativar = useReativarCliente(cliente.id);
  const onConfirm = () =>
    reativar.mutate(undefined, {
      onSuccess: () => {
        notify.success(`Cobrança de ${cliente.nome} reativada.`);
        onClose();
      },
      onError: (error) => notify.error(errorMessage(error, 'Não foi possível reativar a cobrança.')),
    });

  return (
    <ConfirmDialog
      open
      title="Reativar cobrança?"
      message={`${cliente.nome} volta para a régua automática e a contagem de tentativas recomeça do zero.`}
      confirmLabel="Reativar"
      loading={reativar.isPending}
      onConfirm={onConfirm}
      onClose={onClose}
    />
  );
};
