import type { ClienteAdmin } from '@cobranca/contracts';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useId, useState } from 'react';
import { BusyButton } from '../../../components/busy-button.tsx';
import { LoadErrorAlert } from '../../../components/load-error-alert.tsx';
import { notify } from '../../../components/snackbar/snackbar-store.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { useReatribuirOperador } from '../api/clientes.ts';
import { useDashboardOperadores } from '../api/dashboard.ts';

// Select values are strings: 'nenhum' is "Sem operador", '' is "nothing chosen yet".
const NENHUM = 'nenhum';

/** Hands a customer to another active operator, or to nobody (PATCH …/operador {operador_id}). */
export const ReatribuirDialog = ({ cliente, onClose }: { cliente: ClienteAdmin; onClose: () => void }) => {
  const titleId = useId();
  const operadores = useDashboardOperadores();
  const ativos = (operadores.data ?? []).filter((o) => o.status === 'Ativo');
  const atual = cliente.operador ? String(cliente.operador.id) : NENHUM;
  const [escolha, setEscolha] = useState(atual);
  const mutation = useReatribuirOperador();
  // A blocked current operator is not offered; the select then starts empty.
  const value = escolha === NENHUM || ativos.some((o) => String(o.id) === escolha) ? escolha : '';

  const onConfirm = () => {
    const operadorId = value === NENHUM ? null : Number(value);
    const nome = ativos.find((o) => o.id === operadorId)?.name;
    mutation.mutate(
      { clienteId: cliente.id, operadorId },
      {
        onSuccess: () => {
          notify.success(
            nome ? `${cliente.nome} agora está com ${nome}.` : `${cliente.nome} ficou sem operador.`,
          );
          onClose();
        },
        onError: (error) => notify.error(errorMessage(error, 'Não foi possível reatribuir o cliente.')),
      },
    );
  };

  return (
    <Dialog
      open
      onClose={mutation.isPending ? undefined : onClose}
      aria-labelledby={titleId}
      maxWidth="xs"
      fullWidth
    >
      <DialogTitle id={titleId}>Reatribuir cliente</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>
          {cliente.nome} está com {cliente.operador?.name ?? 'nenhum operador'}. Escolha quem passa a
          atendê-lo.
        </DialogContentText>
        {operadores.isError ? (
          <LoadErrorAlert
            error={operadores.error}
            fallback="Não foi possível carregar os operadores."
            onRetry={() => void operadores.refetch()}
          />
        ) : (
          <TextField
            select
            fullWidth
            label="Operador"
            value={operadores.isPending ? '' : value}
            onChange={(event) => setEscolha(event.target.value)}
            disabled={operadores.isPending}
            helperText={
              operadores.isPending ? 'Carregando operadores…' : 'Só operadores ativos aparecem aqui.'
            }
          >
            <MenuItem value={NENHUM}>Sem operador</MenuItem>
            {ativos.map((o) => (
              <MenuItem key={o.id} value={String(o.id)}>
                {o.name}
              </MenuItem>
            ))}
          </TextField>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={mutation.isPending}>
          Cancelar
        </Button>
        <BusyButton
          variant="contained"
          onClick={onConfirm}
          busy={mutation.isPending}
          disabled={value === '' || value === atual || operadores.isPending}
        >
          Reatribuir
        </BusyButton>
      </DialogActions>
    </Dialog>
  );
};
