import type { RespostaRapidaRenderizada } from '@cobranca/contracts';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';

type RespostasBarraListaProps = {
  id: string;
  opcaoId: (indice: number) => string;
  respostas: RespostaRapidaRenderizada[];
  ativa: number;
  /** Loading, failure, none saved, none matching: shown instead of options. */
  aviso: string | null;
  onEscolher: (resposta: RespostaRapidaRenderizada) => void;
};

/**
 * The listbox the composer (a combobox) controls while "/atalho" is typed: the focus stays in the
 * text field and `aria-activedescendant` points at the highlighted option.
 */
export const RespostasBarraLista = ({
  id,
  opcaoId,
  respostas,
  ativa,
  aviso,
  onEscolher,
}: RespostasBarraListaProps) => (
  <Paper
    elevation={6}
    sx={{
      position: 'absolute',
      bottom: '100%',
      left: 0,
      right: 0,
      mb: 0.5,
      maxHeight: 280,
      overflowY: 'auto',
      zIndex: (theme) => theme.zIndex.modal,
    }}
  >
    {aviso ? (
      <Typography role="status" variant="body2" color="text.secondary" sx={{ p: 1.5 }}>
        {aviso}
      </Typography>
    ) : null}
    <Box
      component="ul"
      role="listbox"
      id={id}
      aria-label="Respostas rápidas"
      sx={{ listStyle: 'none', m: 0, p: 0, display: aviso ? 'none' : 'block' }}
    >
      {respostas.map((r, indice) => (
        <Box
          component="li"
          key={r.id}
          id={opcaoId(indice)}
          role="option"
          aria-selected={indice === ativa}
          // mousedown, not click: the text field keeps the focus and its caret.
          onMouseDown={(event) => {
            event.preventDefault();
            onEscolher(r);
          }}
          sx={{
            px: 1.5,
            py: 1,
            cursor: 'pointer',
            bgcolor: indice === ativa ? 'action.selected' : undefined,
            '&:hover': { bgcolor: 'action.hover' },
          }}
        >
          <Typography variant="body2" component="span" sx={{ fontFamily: 'monospace', fontWeight: 600 }}>
            /{r.atalho}
          </Typography>
          <Typography
            variant="body2"
            color="text.secondary"
            component="span"
            sx={{ display: 'block', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
          >
            {r.texto}
          </Typography>
        </Box>
      ))}
    </Box>
  </Paper>
);
