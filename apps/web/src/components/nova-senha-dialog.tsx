import type { SenhaTemporariaResponse, UsuarioConta } from '@cobranca/contracts';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import type { UseMutationResult } from '@tanstack/react-query';
import { useId } from 'react';
import { errorMessage } from '../lib/api-client.ts';
import { BusyButton } from './busy-button.tsx';
import { copiarTexto } from './copiar-texto.ts';

type NovaSenhaDialogProps = {
  conta: UsuarioConta;
  /** POST …/:id/nova-senha of the screen (operators for an admin, admins for the super admin). */
  mutation: UseMutationResult<SenhaTemporariaResponse, unknown, number>;
  onClose: () => void;
};

/**
 * "Gerar nova senha" (issue 17): asks first, since the current password stops working and every session
 * of the account ends; then shows the server-generated password once, with a copy button. No e-mail is
 * sent, so the admin hands it over. Closing forgets it (the mutation is reset).
 */
export const NovaSenhaDialog = ({ conta, mutation, onClose }: NovaSenhaDialogProps) => {
  const titleId = useId();
  const descriptionId = useId();
  const senha = mutation.data?.senha_temporaria;
  const close = () => {
    mutation.reset();
    onClose();
  };
  return (
    <Dialog
      open
      onClose={mutation.isPending ? undefined : close}
      aria-labelledby={titleId}
      aria-describedby={descriptionId}
      maxWidth="xs"
      fullWidth
    >
      <DialogTitle id={titleId}>
        {senha ? `Nova senha de ${conta.name}` : `Gerar nova senha para ${conta.name}?`}
      </DialogTitle>
      <DialogContent>
        {senha ? (
          <>
            <DialogContentText id={descriptionId} sx={{ mb: 2 }}>
              Entregue esta senha a {conta.name} pessoalmente ou por um canal de confiança: nenhum e-mail é
              enviado. Ela só aparece agora; se for perdida, gere outra.
            </DialogContentText>
            <TextField
              label="Senha temporária"
              value={senha}
              fullWidth
              slotProps={{
                htmlInput: { readOnly: true, sx: { fontFamily: 'monospace', fontSize: '1.1rem' } },
              }}
              onFocus={(event) => event.target.select()}
            />
          </>
        ) : (
          <DialogContentText id={descriptionId} component="div">
            A senha atual de {conta.name} deixa de valer e todas as sessões abertas são encerradas. O sistema
            cria uma senha forte, que você verá uma única vez para entregar à pessoa.
          </DialogContentText>
        )}
        {mutation.isError && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {errorMessage(mutation.error, 'Não foi possível gerar a nova senha.')}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        {senha ? (
          <>
            <Button startIcon={<ContentCopyIcon />} onClick={() => void copiarTexto(senha, 'Senha copiada')}>
              Copiar senha
            </Button>
            <Button variant="contained" onClick={close}>
              Fechar
            </Button>
          </>
        ) : (
          <>
            <Button onClick={close} disabled={mutation.isPending} autoFocus>
              Cancelar
            </Button>
            <BusyButton
              variant="contained"
              color="warning"
              busy={mutation.isPending}
              onClick={() => mutation.mutate(conta.id)}
            >
              Gerar nova senha
            </BusyButton>
          </>
        )}
      </DialogActions>
    </Dialog>
  );
};
