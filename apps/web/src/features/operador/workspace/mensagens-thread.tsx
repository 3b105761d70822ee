import type { ClienteDetalhe, MensagemView, PixRecebidoView } from '@cobranca/contracts';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useEffect, useMemo, useRef } from 'react';
import { QueryErrorAlert } from '../../../components/load-error-alert.tsx';
import { TituloComAcoes } from '../../../components/titulo-com-acoes.tsx';
import { useCanalOperador } from '../api/canal.ts';
import { useJanelaEnvio } from '../api/janela-envio.ts';
import { useMensagens } from '../api/mensagens.ts';
import { AvisoEnvioManual } from './aviso-envio-manual.tsx';
import { MensagemBubble } from './mensagem-bubble.tsx';
import { bloqueioDoComposer, MensagemComposer } from './mensagem-composer.tsx';
import { PixRecebidoAviso } from './pix-recebido-aviso.tsx';
import { SimularRespostaButton } from './simular-resposta-button.tsx';

export type ItemConversa =
  | { tipo: 'mensagem'; chave: string; mensagem: MensagemView }
  | { tipo: 'pix'; chave: string; pix: PixRecebidoView };

/**
 * The messages (in the server's order, oldest first) with the customer's recorded PIX (newest first)
 * merged in by time: each PIX goes before the first message after it, so a PIX at the very instant of
 * a message comes after that message.
 */
export const linhaDoTempo = (mensagens: MensagemView[], pix: PixRecebidoView[]): ItemConversa[] => {
  const pixAntigos = [...pix].sort((a, b) => Date.parse(a.horario) - Date.parse(b.horario));
  const itens: ItemConversa[] = [];
  let proximo = 0;
  const pixAte = (limite: number) => {
    let p = pixAntigos[proximo];
    while (p && Date.parse(p.horario) < limite) {
      itens.push({ tipo: 'pix', chave: `pix-${p.end_to_end_id}`, pix: p });
      proximo += 1;
      p = pixAntigos[proximo];
    }
  };
  for (const m of mensagens) {
    pixAte(Date.parse(m.created_at));
    itens.push({ tipo: 'mensagem', chave: `mensagem-${m.id}`, mensagem: m });
  }
  pixAte(Number.POSITIVE_INFINITY);
  return itens;
};

/**
 * The WhatsApp conversation with the customer, live while the page is open (server push, or a 5 s poll
 * without it), with a notice at each PIX the provider confirmed (from the customer detail).
 */
export const MensagensThread = ({ cliente }: { cliente: ClienteDetalhe }) => {
  const query = useMensagens(cliente.id);
  const janela = useJanelaEnvio();
  const canal = useCanalOperador();
  const lista = useRef<HTMLDivElement>(null);
  const itens = useMemo(
    () => linhaDoTempo(query.data ?? [], query.data ? cliente.pix_recebidos : []),
    [query.data, cliente.pix_recebidos],
  );
  // The query data itself (kept by reference while unchanged), not the rebuilt timeline entry: a poll
  // that brings nothing new must not pull an operator reading older messages back down.
  const fim = itens.at(-1);
  const ultima = fim?.tipo === 'pix' ? fim.pix : fim?.mensagem;

  // Keeps the newest entry in view whenever one arrives or changes state.
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
      <TituloComAcoes
        id="conversa-titulo"
        titulo="Conversa"
        variant="subtitle1"
        sx={{ px: 2, py: 1.5, borderBottom: 1, borderColor: 'divider' }}
      >
        <SimularRespostaButton cliente={cliente} />
      </TituloComAcoes>
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
        {query.data && query.data.length === 0 && (
          <Typography variant="body2" color="text.secondary" align="center">
            Nenhuma mensagem trocada ainda.
          </Typography>
        )}
        {itens.length > 0 && (
          <Box
            component="ol"
            aria-label="Conversa com o cliente"
            sx={{ m: 0, p: 0, display: 'grid', gap: 1 }}
          >
            {itens.map((item) =>
              item.tipo === 'mensagem' ? (
                <MensagemBubble key={item.chave} mensagem={item.mensagem} janela={janela.data} />
              ) : (
                <PixRecebidoAviso key={item.chave} pix={item.pix} />
              ),
            )}
          </Box>
        )}
      </Box>
      {!bloqueioDoComposer(cliente) && (
        <AvisoEnvioManual janela={janela.data} canal={canal.data} mensagens={query.data} />
      )}
      <MensagemComposer cliente={cliente} />
    </Paper>
  );
};
