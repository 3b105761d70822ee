import { type ClienteDetalhe, pausarBody } from '@cobranca/contracts';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { notify } from '../../../components/snackbar/snackbar-store.ts';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import { usePausarCliente } from '../api/cliente.ts';

/** Pauses collection after asking why (docs/produto.md §3: motivo required, 3–500 characters). */
export const PausarDialog = ({ cliente, onClose }: { cliente: ClienteDetalhe; onClose: () => void }) => {
  const pausar = usePausarCliente(cliente.id);
  const [motivo, setMotivo] = useState('');
  const [erro, setErro] = useState<string | null>(null);

  const onConfirm = () => {
    const parsed = pausarBody.safeParse({ motivo });
    if (!parsed.success) {
      setErro(parsed.error.issues[0]?.message ?? 'Motivo inválido.');
      return;
    }
    setErro(null);
    pausar.mutate(parsed.data.motivo, {
      onSuccess: () => {
        notify.success(`Cobrança de ${cliente.nome} pausada.`);
        onClose();
      },
      onError: (error) => {
        const campo = error instanceof ApiError ? error.errors.motivo?.join(' ') : undefined;
        if (campo) setErro(campo);
        notify.error(errorMessage(error, 'Não foi possível pausar a cobrança.'));
      },
    });
  };

  return (
    <ConfirmDialog
      open
      title="Pausar cobrança?"
      message={`As mensagens automáticas para ${cliente.nome} param até a cobrança ser reativada.`}
      confirmLabel="Pausar"
      confirmColor="warning"
      loading={pausar.isPending}
      onConfirm={onConfirm}
      onClose={onClose}
    >
      <TextField
        label="Motivo da pausa"
        value={motivo}
        onChange={(e) => setMotivo(e.target.value)}
        required
        multiline
        minRows={2}
        fullWidth
        margin="dense"
        error={Boolean(erro)}
        helperText={erro ?? `${motivo.length}/500`}
        slotProps={{ htmlInput: { maxLength: 500 } }}
      />
    </ConfirmDialog>
  );
};
