import { NAO_LIDAS_MAXIMO } from '@cobranca/contracts';
import { plural } from '@cobranca/dominio';
import Box from '@mui/material/Box';
import { srOnly } from '../../../lib/sr-only.ts';

/** "1 resposta não lida", "3 respostas não lidas", "mais de 99 respostas não lidas". */
export const rotuloNaoLidas = (n: number): string =>
  n >= NAO_LIDAS_MAXIMO
    ? `mais de ${NAO_LIDAS_MAXIMO} respostas não lidas`
    : `${n} ${plural(n, 'resposta não lida', 'respostas não lidas')}`;

/**
 * The unread marker of a customer row (docs/produto.md §5): a pill with the count, spelled out for
 * screen readers; nothing when everything was read. White on primary.dark keeps 4.5:1.
 */
export const NaoLidasMarca = ({ n }: { n: number }) => {
  if (n <= 0) return null;
  return (
    <Box
      component="span"
      title={rotuloNaoLidas(n)}
      data-testid="nao-lidas"
      sx={{
        display: 'inline-flex',
        alignItems: 'center',
        justifyContent: 'center',
        minWidth: 20,
        height: 20,
        px: 0.75,
        borderRadius: 10,
        bgcolor: 'primary.dark',
        color: 'common.white',
        fontSize: 12,
        fontWeight: 600,
        lineHeight: 1,
        whiteSpace: 'nowrap',
      }}
    >
      <span aria-hidden>{n >= NAO_LIDAS_MAXIMO ? `${NAO_LIDAS_MAXIMO}+` : n}</span>
      <Box component="span" sx={srOnly}>
        {rotuloNaoLidas(n)}
      </Box>
    </Box>
  );
};
