import {
  CANAL_ROTULOS,
  type Canal,
  type ClienteDetalhe,
  LIMITE_MENSAGEM_WHATSAPP,
  type RespostaRapidaRenderizada,
} from '@cobranca/contracts';
import SendIcon from '@mui/icons-material/Send';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { type KeyboardEvent, useId, useLayoutEffect, useRef, useState } from 'react';
import { notify } from '../../../components/snackbar/snackbar-store.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { useEnviarMensagem, useMensagens } from '../api/mensagens.ts';
import { useRespostasRapidas } from '../api/respostas-rapidas.ts';
import { canalPadrao, estadoDoCanal } from './canais.tsx';
import { RespostasBarraLista } from './respostas-barra-lista.tsx';
import {
  avisoLimite,
  contadorCaracteres,
  filtrarRespostas,
  inserirNoTermo,
  type TermoBarra,
  termoBarraNoCursor,
} from './respostas-rapidas-busca.ts';
import { ERRO_RESPOSTAS, RespostasRapidasMenu, SEM_RESPOSTAS } from './respostas-rapidas-menu.tsx';

export const LIMITE_MENSAGEM = LIMITE_MENSAGEM_WHATSAPP;

/** Why the operator cannot write to this customer, or null when they can. */
export const bloqueioDoComposer = (cliente: ClienteDetalhe): string | null => {
  if (cliente.operador === null) return 'Assuma o atendimento para responder a este cliente.';
  if (cliente.canais.some((c) => c.disponivel)) return null;
  if (cliente.opt_out) return 'O cliente pediu para não receber mensagens (opt-out).';
  if (!cliente.telefone && !cliente.email) return 'O cliente não tem telefone nem e-mail cadastrado.';
  return 'Nenhum canal disponível para este cliente.';
};

/** The channel the message goes through: only the customer's available ones can be chosen. */
const CanalSelect = ({
  cliente,
  value,
  onChange,
  disabled,
}: {
  cliente: ClienteDetalhe;
  value: Canal | null;
  onChange: (canal: Canal) => void;
  disabled: boolean;
}) => (
  <TextField
    select
    label="Canal"
    size="small"
    value={value ?? ''}
    onChange={(event) => onChange(event.target.value as Canal)}
    disabled={disabled}
    sx={{ width: 150, flexShrink: 0 }}
  >
    {cliente.canais.map((c) => (
      <MenuItem key={c.canal} value={c.canal} disabled={!c.disponivel}>
        {c.disponivel ? CANAL_ROTULOS[c.canal] : `${CANAL_ROTULOS[c.canal]} (${estadoDoCanal(c)})`}
      </MenuItem>
    ))}
  </TextField>
);

const DICA = 'Enter envia, Shift+Enter quebra a linha, / abre as respostas rápidas';

/** What the "/" list shows instead of options, or null when it has some. */
const avisoDaLista = (
  query: ReturnType<typeof useRespostasRapidas>,
  opcoes: RespostaRapidaRenderizada[],
  consulta: string,
): string | null => {
  if (query.isPending) return 'Carregando respostas rápidas…';
  if (query.isError) return ERRO_RESPOSTAS;
  if (query.data.length === 0) return SEM_RESPOSTAS;
  if (opcoes.length === 0) return `Nenhuma resposta rápida para “/${consulta}”.`;
  return null;
};

/**
 * The "/" list of quick replies, a combobox over the message field: open while the caret is in a
 * "/term", filtered by it, browsed with the arrows, chosen with Enter or Tab, closed with Esc.
 */
const useBarraDeRespostas = (
  clienteId: number,
  texto: string,
  inserir: (texto: string, cursor: number) => void,
) => {
  const [termo, setTermo] = useState<TermoBarra | null>(null);
  const [ativa, setAtiva] = useState(0);
  const listaId = useId();
  const respostas = useRespostasRapidas(clienteId, termo !== null);
  const opcoes = termo && respostas.data ? filtrarRespostas(respostas.data, termo.consulta) : [];
  const aviso = termo ? avisoDaLista(respostas, opcoes, termo.consulta) : null;
  const aberta = termo !== null;

  /** Follows the text as typed: the list is open while the caret is in a "/term". */
  const acompanhar = (novo: string, cursor: number) => {
    const proximo = termoBarraNoCursor(novo, cursor);
    // A new "/" (or one reopened after Esc) starts with the first option highlighted.
    if (proximo?.inicio !== termo?.inicio || proximo?.consulta !== termo?.consulta) setAtiva(0);
    setTermo(proximo);
  };

  const escolher = (resposta: RespostaRapidaRenderizada) => {
    if (!termo) return;
    const inserido = inserirNoTermo(texto, termo, resposta.texto);
    setTermo(null);
    inserir(inserido.texto, inserido.cursor);
  };

  /** Keys of the open list; true when the key was handled there. */
  const tecla = (event: KeyboardEvent<HTMLDivElement>): boolean => {
    if (!aberta) return false;
    if (event.key === 'Escape') {
      setTermo(null);
      return true;
    }
    if (opcoes.length === 0) return false;
    if (event.key === 'ArrowDown') setAtiva((i) => (i + 1) % opcoes.length);
    else if (event.key === 'ArrowUp') setAtiva((i) => (i - 1 + opcoes.length) % opcoes.length);
    else if ((event.key === 'Enter' && !event.shiftKey) || event.key === 'Tab') {
      const escolhida = opcoes[Math.min(ativa, opcoes.length - 1)];
      if (escolhida) escolher(escolhida);
    } else return false;
    return true;
  };

  const opcaoId = (indice: number) => `${listaId}-opcao-${indice}`;
  return {
    aberta,
    acompanhar,
    tecla,
    fechar: () => setTermo(null),
    lista: { id: listaId, opcaoId, respostas: opcoes, ativa, aviso, onEscolher: escolher },
    // The focus stays in the field: it says whether the list is open and which option is highlighted.
    combobox: {
      role: 'combobox',
      'aria-autocomplete': 'list',
      'aria-expanded': aberta,
      'aria-controls': aberta ? listaId : undefined,
      'aria-activedescendant': aberta && !aviso && opcoes.length > 0 ? opcaoId(ativa) : undefined,
    } as const,
  };
};

/** Puts the caret at a position after the next render, with the focus back in the field. */
const useCursorPendente = () => {
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const [cursorPendente, setCursorPendente] = useState<number | null>(null);
  useLayoutEffect(() => {
    if (cursorPendente === null || !inputRef.current) return;
    inputRef.current.focus();
    inputRef.current.setSelectionRange(cursorPendente, cursorPendente);
    setCursorPendente(null);
  }, [cursorPendente]);
  return { inputRef, posicionar: setCursorPendente };
};

/**
 * Enter sends, Shift+Enter breaks the line; "/atalho" opens the admin's quick replies. A text over
 * WhatsApp's 4096 characters is refused with how much to cut, never cut silently (the API answers 422 too).
 */
export const MensagemComposer = ({ cliente }: { cliente: ClienteDetalhe }) => {
  const [texto, setTexto] = useState('');
  const { inputRef, posicionar } = useCursorPendente();
  const enviar = useEnviarMensagem(cliente.id);
  const bloqueio = bloqueioDoComposer(cliente);
  const mensagens = useMensagens(cliente.id);
  const [escolhido, setEscolhido] = useState<Canal | null>(null);
  // A choice that became unavailable (an opt-out meanwhile) falls back to the default.
  const disponivel = (canal: Canal | null) => cliente.canais.some((c) => c.canal === canal && c.disponivel);
  const canal = disponivel(escolhido)
    ? escolhido
    : canalPadrao(cliente.canais, mensagens.data ?? [], cliente.canal_preferido);
  // After an insertion the caret goes right after the inserted reply, ready for editing.
  const inserir = (novo: string, cursor: number) => {
    setTexto(novo);
    posicionar(cursor);
  };
  const barra = useBarraDeRespostas(cliente.id, texto, inserir);

  // What is sent is the trimmed text, so that is what the limit counts.
  const tamanho = texto.trim().length;
  const excesso = avisoLimite(tamanho, LIMITE_MENSAGEM);

  const mudarTexto = (novo: string, cursor: number) => {
    setTexto(novo);
    barra.acompanhar(novo, cursor);
  };

  const inserirDoMenu = (resposta: string) => {
    const novo = texto.trim() ? `${texto}\n${resposta}` : resposta;
    inserir(novo, novo.length);
  };

  const onEnviar = () => {
    const conteudo = texto.trim();
    if (!conteudo || bloqueio || conteudo.length > LIMITE_MENSAGEM) return;
    setTexto('');
    barra.fechar();
    enviar.mutate(canal ? { conteudo, canal } : { conteudo }, {
      onError: (error) => {
        // Nothing typed is lost: the text comes back if the field is still empty.
        setTexto((atual) => atual || conteudo);
        notify.error(errorMessage(error, 'Não foi possível enviar a mensagem.'));
      },
    });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.nativeEvent.isComposing) return;
    if (barra.tecla(event)) {
      event.preventDefault();
      // Esc closes the list only, not a dialog or drawer around the workspace.
      event.stopPropagation();
      return;
    }
    if (event.key !== 'Enter' || event.shiftKey) return;
    event.preventDefault();
    onEnviar();
  };

  const contador = contadorCaracteres(tamanho, LIMITE_MENSAGEM);

  return (
    <Box sx={{ borderTop: 1, borderColor: 'divider', p: 1.5 }}>
      <Box sx={{ mb: 1.5 }}>
        <CanalSelect cliente={cliente} value={canal} onChange={setEscolhido} disabled={Boolean(bloqueio)} />
      </Box>
      <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1, position: 'relative' }}>
        {barra.aberta && <RespostasBarraLista {...barra.lista} />}
        <TextField
          label="Mensagem"
          value={texto}
          inputRef={inputRef}
          onChange={(e) => mudarTexto(e.target.value, e.target.selectionStart ?? e.target.value.length)}
          onKeyDown={onKeyDown}
          onBlur={barra.fechar}
          disabled={Boolean(bloqueio)}
          multiline
          maxRows={6}
          fullWidth
          size="small"
          error={excesso !== null}
          helperText={bloqueio ?? (excesso ? `${contador} · ${excesso}` : `${contador} · ${DICA}`)}
          slotProps={{ htmlInput: barra.combobox }}
        />
        <IconButton
          aria-label="Enviar mensagem"
          color="primary"
          onClick={onEnviar}
          disabled={Boolean(bloqueio) || !texto.trim() || excesso !== null}
          sx={{ mt: 0.5 }}
        >
          <SendIcon />
        </IconButton>
      </Box>
      <RespostasRapidasMenu clienteId={cliente.id} disabled={Boolean(bloqueio)} onInserir={inserirDoMenu} />
    </Box>
  );
};
