import Box from '@mui/material/Box';

export const CONTEUDO_ID = 'conteudo';

/**
 * The first focusable element of the signed-in frame (WCAG 2.4.1): hidden until focused, it jumps
 * past the top bar and the menu to the page's content. Focus moves by script, so the router never
 * sees a #hash.
 */
export const PularParaConteudo = () => (
  <Box
    component="a"
    href={`#${CONTEUDO_ID}`}
    onClick={(event) => {
      event.preventDefault();
      const main = document.getElementById(CONTEUDO_ID);
      main?.focus();
      main?.scrollIntoView?.();
    }}
    sx={{
      position: 'fixed',
      top: 8,
      left: 8,
      zIndex: (t) => t.zIndex.tooltip + 1,
      px: 2,
      py: 1,
      borderRadius: 1,
      bgcolor: 'common.white',
      color: 'primary.dark',
      fontWeight: 600,
      boxShadow: 3,
      // Off screen until a keyboard user reaches it.
      transform: 'translateY(-200%)',
      '&:focus': { transform: 'none' },
    }}
  >
    Pular para o conteúdo
  </Box>
);
