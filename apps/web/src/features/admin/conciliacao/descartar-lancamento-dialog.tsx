import type { ItemRevisaoConciliacao } from '@cobranca/contracts';
import { formatarDataBr, formatarValorEmReais } from '@cobranca/dominio';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useId, useState } from 'react';
import { BusyButton } from '../../../components/busy-button.tsx';
import { notify } from '../../../components/snackbar/snackbar-store.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { useDescartarLancamento } from '../api/conciliacao.ts';

/** "Não é cobrança": the entry leaves the queue without paying anything, with an optional reason. */
export const DescartarLancamentoDialog = ({
  item,
  onClose,
}: {
  item: ItemRevisaoConciliacao;
  onClose: () => void;
}) => {
  const titleId = useId();
  const [motivo, setMotivo] = useState('');
  const mutation = useDescartarLancamento();
  const confirmar = () =>
    mutation.mutate(
      { lancamentoId: item.id, ...(motivo.trim() ? { motivo: motivo.trim() } : {}) },
      {
        onSuccess: () => {
          notify.success('Lançamento marcado como não sendo cobrança.');
          onClose();
        },
      },
    );
  return (
    <Dialog
      open
      onClose={mutation.isPending ? undefined : onClose}
      aria-labelledby={titleId}
      maxWidth="sm"
      fullWidth
    >
      <DialogTitle id={titleId}>Não é cobrança?</DialogTitle>
      <DialogContent>
        <DialogContentText>
          O lançamento de {formatarValorEmReais(item.valor)} de {formatarDataBr(item.data)} sai da fila de
          revisão sem quitar nenhuma conta. A decisão fica registrada nos logs.
        </DialogContentText>
        <TextField
          label="Motivo (opcional)"
          placeholder="Ex.: aporte do sócio, estorno, transferência entre contas"
          value={motivo}
          onChange={(e) => setMotivo(e.target.value)}
          slotProps={{ htmlInput: { maxLength: 500 } }}
          sx={{ mt: 2 }}
          fullWidth
        />
        {mutation.isError && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {errorMessage(mutation.error, 'Não foi possível marcar o lançamento.')}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={mutation.isPending}>
          Cancelar
        </Button>
        <BusyButton variant="contained" color="warning" onClick={confirmar} busy={mutation.isPending}>
          Não é cobrança
        </BusyButton>
      </DialogActions>
    </Dialog>
  );
};
