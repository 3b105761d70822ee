import { NOTA_TAMANHO_MAXIMO } from '@cobranca/contracts';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import { type FormEvent, useState } from 'react';
import { BusyButton } from '../../../components/busy-button.tsx';
import { notify } from '../../../components/snackbar/snackbar-store.ts';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import { useCriarNota } from '../api/linha-do-tempo.ts';

/** Writes an internal note: it goes to the timeline, never to the customer. */
export const NotaComposer = ({ clienteId }: { clienteId: number }) => {
  const [texto, setTexto] = useState('');
  const [erro, setErro] = useState<string | null>(null);
  const criar = useCriarNota(clienteId);
  const tamanho = texto.trim().length;

  const enviar = (event: FormEvent) => {
    event.preventDefault();
    if (tamanho === 0) return setErro('Escreva a nota.');
    if (tamanho > NOTA_TAMANHO_MAXIMO)
      return setErro(`A nota pode ter no máximo ${NOTA_TAMANHO_MAXIMO} caracteres.`);
    setErro(null);
    criar.mutate(texto.trim(), {
      onSuccess: () => {
        setTexto('');
        notify.success('Nota registrada.');
      },
      onError: (error) =>
        setErro(
          (error instanceof ApiError ? error.errors.texto?.[0] : undefined) ??
            errorMessage(error, 'Não foi possível salvar a nota.'),
        ),
    });
  };

  return (
    <Box component="form" onSubmit={enviar} noValidate sx={{ display: 'grid', gap: 1 }}>
      <TextField
        label="Nota interna — não é enviada ao cliente"
        value={texto}
        onChange={(e) => {
          setTexto(e.target.value);
          if (erro) setErro(null);
        }}
        multiline
        minRows={2}
        maxRows={8}
        fullWidth
        size="small"
        error={erro !== null}
        helperText={erro ?? `${tamanho}/${NOTA_TAMANHO_MAXIMO}`}
      />
      <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
        <BusyButton type="submit" variant="outlined" busy={criar.isPending}>
          Salvar nota
        </BusyButton>
      </Box>
    </Box>
  );
};
