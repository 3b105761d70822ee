import type { ClienteDetalhe } from '@cobranca/contracts';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useEffect, useRef } from 'react';
import { QueryErrorAlert } from '../../../components/load-error-alert.tsx';
import { useMensagens } from '../api/mensagens.ts';
import { MensagemBubble } from './mensagem-bubble.tsx';
import { MensagemComposer } from './mensagem-composer.tsx';
import { SimularRespostaButton } from './simular-resposta-button.tsx';

/** The WhatsApp conversation with the customer, live while the page is open (polls every 5 s). */
export const MensagensThread = ({ cliente }: { cliente: ClienteDetalhe }) => {
  const query = useMensagens(cliente.id);
  const lista = useRef<HTMLDivElement>(null);
  const mensagens = query.data ?? [];
  const ultima = mensagens.at(-1);

  // Keeps the newest message in view whenever one arrives or changes state.
  useEffect(() => {
    const el = lista.current;
    if (el && ultima) el.scrollTop = el.scrollHeight;
  }, [ultima]);

  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby="conversa-titulo"
      sx={{
        display: 'flex',
        flexDirection: 'column',
        height: { xs: 520, lg: 'calc(100vh - 140px)' },
        minHeight: 420,
        position: { lg: 'sticky' },
        top: { lg: 88 },
      }}
    >
      <Box
        sx={{
          display: 'flex',
          flexWrap: 'wrap',
          alignItems: 'center',
          justifyContent: 'space-between',
          gap: 1,
          px: 2,
          py: 1.5,
          borderBottom: 1,
          borderColor: 'divider',
        }}
      >
        <Typography id="conversa-titulo" component="h3" variant="subtitle1" sx={{ fontWeight: 600 }}>
          Conversa
        </Typography>
        <SimularRespostaButton cliente={cliente} />
      </Box>
      <Box
        ref={lista}
        role="log"
        aria-label="Mensagens"
        aria-busy={query.isLoading}
        // It scrolls: a keyboard user must be able to focus it to scroll it (WCAG 2.1.1).
        tabIndex={0}
        sx={{ flex: 1, overflowY: 'auto', p: 2, bgcolor: 'action.hover' }}
      >
        {query.isLoading && (
          <>
            <Skeleton variant="rounded" height={48} width="60%" sx={{ mb: 1 }} />
            <Skeleton variant="rounded" height={48} width="50%" sx={{ ml: 'auto', mb: 1 }} />
            <Skeleton variant="rounded" height={48} width="70%" />
          </>
        )}
        {query.isError && !query.data && (
          <QueryErrorAlert query={query} fallback="Não foi possível carregar as mensagens." />
        )}
        {query.data && mensagens.length === 0 && (
          <Typography variant="body2" color="text.secondary" align="center">
            Nenhuma mensagem trocada ainda.
          </Typography>
        )}
        {mensagens.length > 0 && (
          <Box
            component="ol"
            aria-label="Conversa com o cliente"
            sx={{ m: 0, p: 0, display: 'grid', gap: 1 }}
          >
            {mensagens.map((m) => (
              <MensagemBubble key={m.id} mensagem={m} />
            ))}
          </Box>
        )}
      </Box>
      <MensagemComposer cliente={cliente} />
    </Paper>
  );
};
