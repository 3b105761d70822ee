import type { ClienteDetalhe } from '@cobranca/contracts';
import SendIcon from '@mui/icons-material/Send';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import TextField from '@mui/material/TextField';
import { type KeyboardEvent, useState } from 'react';
import { notify } from '../../../components/snackbar/snackbar-store.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { useEnviarMensagem } from '../api/mensagens.ts';
import { ModelosMenu } from './modelos-menu.tsx';

export const LIMITE_MENSAGEM = 4096;

/** Why the operator cannot write to this customer, or null when they can. */
export const bloqueioDoComposer = (cliente: ClienteDetalhe): string | null => {
  if (cliente.operador === null) return 'Assuma o atendimento para responder a este cliente.';
  if (cliente.opt_out) return 'O cliente pediu para não receber mensagens (opt-out).';
  if (!cliente.telefone) return 'O cliente não tem telefone cadastrado.';
  return null;
};

/** Enter sends, Shift+Enter breaks the line; at most 4096 characters (WhatsApp's limit). */
export const MensagemComposer = ({ cliente }: { cliente: ClienteDetalhe }) => {
  const [texto, setTexto] = useState('');
  const enviar = useEnviarMensagem(cliente.id);
  const bloqueio = bloqueioDoComposer(cliente);

  const onEnviar = () => {
    const conteudo = texto.trim();
    if (!conteudo || bloqueio || conteudo.length > LIMITE_MENSAGEM) return;
    setTexto('');
    enviar.mutate(conteudo, {
      onError: (error) => {
        // Nothing typed is lost: the text comes back if the field is still empty.
        setTexto((atual) => atual || conteudo);
        notify.error(errorMessage(error, 'Não foi possível enviar a mensagem.'));
      },
    });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    onEnviar();
  };

  return (
    <Box sx={{ borderTop: 1, borderColor: 'divider', p: 1.5 }}>
      <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1 }}>
        <TextField
          label="Mensagem"
          value={texto}
          onChange={(e) => setTexto(e.target.value)}
          onKeyDown={onKeyDown}
          disabled={Boolean(bloqueio)}
          multiline
          maxRows={6}
          fullWidth
          size="small"
          helperText={
            bloqueio ?? `${texto.length}/${LIMITE_MENSAGEM} · Enter envia, Shift+Enter quebra a linha`
          }
          error={texto.length > LIMITE_MENSAGEM}
          slotProps={{ htmlInput: { maxLength: LIMITE_MENSAGEM } }}
        />
        <IconButton
          aria-label="Enviar mensagem"
          color="primary"
          onClick={onEnviar}
          disabled={Boolean(bloqueio) || !texto.trim()}
          sx={{ mt: 0.5 }}
        >
          <SendIcon />
        </IconButton>
      </Box>
      <ModelosMenu
        nome={cliente.nome}
        disabled={Boolean(bloqueio)}
        onInserir={(modelo) => setTexto((atual) => (atual.trim() ? `${atual}\n${modelo}` : modelo))}
      />
    </Box>
  );
};
