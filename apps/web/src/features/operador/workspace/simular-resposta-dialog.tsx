import { CLIENTE_STATUS_LABELS, type ClienteDetalhe, simularRespostaBody } from '@cobranca/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { CampoTextoLongo } from '../../../components/campo-texto-longo.tsx';
import { FormDialog } from '../../../components/form-dialog.tsx';
import { notify } from '../../../components/snackbar/snackbar-store.ts';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import { setServerFieldErrors } from '../../../lib/form-errors.ts';
import { useSimularResposta } from '../api/mensagens.ts';
import { LIMITE_MENSAGEM } from './mensagem-composer.tsx';

const FIELDS = ['texto'] as const;

/** What went wrong beyond the text itself: no phone (422), not the simulator (409), anything else. */
const erroGeral = (error: unknown): string =>
  (error instanceof ApiError ? error.errors.telefone?.join(' ') : undefined) ??
  errorMessage(error, 'Não foi possível simular a resposta.');

/** Writes a reply as the customer would (simulator channel only), so the whole loop runs offline. */
export const SimularRespostaDialog = ({
  cliente,
  onClose,
}: {
  cliente: ClienteDetalhe;
  onClose: () => void;
}) => {
  const mutation = useSimularResposta(cliente.id);
  const [geral, setGeral] = useState<string | null>(null);
  const { register, handleSubmit, setError, watch, formState } = useForm({
    resolver: zodResolver(simularRespostaBody),
    defaultValues: { texto: '' },
  });
  const tamanho = watch('texto').length;

  const onSubmit = handleSubmit(({ texto }) => {
    setGeral(null);
    mutation.mutate(texto, {
      onSuccess: ({ cliente_status, opt_out }) => {
        const optOut = opt_out ? ' Pedido de opt-out registrado.' : '';
        notify.success(
          `Resposta simulada: cliente agora em ${CLIENTE_STATUS_LABELS[cliente_status]}.${optOut}`,
        );
        onClose();
      },
      onError: (error) => {
        if (!setServerFieldErrors(error, setError, FIELDS)) setGeral(erroGeral(error));
      },
    });
  });

  return (
    <FormDialog
      title="Simular resposta do cliente"
      submitLabel={mutation.isPending ? 'Simulando…' : 'Simular resposta'}
      pending={mutation.isPending}
      onSubmit={onSubmit}
      onClose={onClose}
      erro={geral}
    >
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        O texto entra na conversa como se {cliente.nome} tivesse respondido. SAIR, PARAR ou STOP simulam um
        pedido de opt-out.
      </Typography>
      <CampoTextoLongo
        {...register('texto')}
        label="Resposta do cliente"
        autoFocus
        erro={formState.errors.texto}
        ajuda={`${tamanho}/${LIMITE_MENSAGEM}`}
        slotProps={{ htmlInput: { maxLength: LIMITE_MENSAGEM } }}
      />
    </FormDialog>
  );
};
