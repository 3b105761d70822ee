import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import { useTheme } from '@mui/material/styles';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableFooter from '@mui/material/TableFooter';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { ReactNode } from 'react';
import { srOnly } from '../../../lib/sr-only.ts';

// The tables of the team lead's view: a real table from the `sm` breakpoint up, and on phones a stack
// of cards (one per row, label: value), so nothing scrolls sideways at 390 px (as PagedTable does).

export type Coluna<T> = {
  titulo: string;
  valor: (linha: T) => ReactNode;
  /** Numbers align right in the table. */
  numero?: boolean;
};

export type Linha<T> = { chave: string | number; dados: T; titulo: ReactNode };

type Props<T> = {
  /** The table's caption (read first by screen readers; visually the block's title says it). */
  legenda: string;
  /** The id of the text that explains how the figures are computed. */
  descritaPor: string;
  /** Header of the first column (each row's title). */
  tituloLinhas: string;
  colunas: Coluna<T>[];
  linhas: Linha<T>[];
  total?: Linha<T>;
};

export const TabelaGestor = <T,>({
  legenda,
  descritaPor,
  tituloLinhas,
  colunas,
  linhas,
  total,
}: Props<T>) => {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  if (phone)
    return (
      <Box
        component="ul"
        aria-label={legenda}
        aria-describedby={descritaPor}
        sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1 }}
      >
        {[...linhas, ...(total ? [total] : [])].map((linha) => (
          <Paper component="li" variant="outlined" key={linha.chave} sx={{ p: 1.5 }}>
            <Typography component="p" sx={{ fontWeight: 600, mb: 0.5 }}>
              {linha.titulo}
            </Typography>
            <Box
              component="dl"
              sx={{ m: 0, display: 'grid', gridTemplateColumns: '1fr auto', columnGap: 2, rowGap: 0.25 }}
            >
              {colunas.map((coluna) => (
                <Box key={coluna.titulo} sx={{ display: 'contents' }}>
                  <Typography component="dt" variant="body2" color="text.secondary">
                    {coluna.titulo}
                  </Typography>
                  <Typography component="dd" variant="body2" sx={{ m: 0, textAlign: 'right' }}>
                    {coluna.valor(linha.dados)}
                  </Typography>
                </Box>
              ))}
            </Box>
          </Paper>
        ))}
      </Box>
    );
  const celulas = (linha: Linha<T>) => (
    <>
      <TableCell component="th" scope="row" sx={{ fontWeight: 500 }}>
        {linha.titulo}
      </TableCell>
      {colunas.map((coluna) => (
        <TableCell key={coluna.titulo} align={coluna.numero ? 'right' : 'left'}>
          {coluna.valor(linha.dados)}
        </TableCell>
      ))}
    </>
  );
  return (
    <Table size="small" aria-describedby={descritaPor}>
      <Box component="caption" sx={srOnly}>
        {legenda}
      </Box>
      <TableHead>
        <TableRow>
          <TableCell component="th" scope="col" sx={{ fontWeight: 600 }}>
            {tituloLinhas}
          </TableCell>
          {colunas.map((coluna) => (
            <TableCell
              key={coluna.titulo}
              component="th"
              scope="col"
              align={coluna.numero ? 'right' : 'left'}
              sx={{ fontWeight: 600 }}
            >
              {coluna.titulo}
            </TableCell>
          ))}
        </TableRow>
      </TableHead>
      <TableBody>
        {linhas.map((linha) => (
          <TableRow key={linha.chave}>{celulas(linha)}</TableRow>
        ))}
      </TableBody>
      {total && (
        <TableFooter>
          <TableRow sx={{ '& th, & td': { fontWeight: 600, color: 'text.primary', fontSize: 'inherit' } }}>
            {celulas(total)}
          </TableRow>
        </TableFooter>
      )}
    </Table>
  );
};

/** Placeholder rows while a block loads. */
export const TabelaCarregando = ({ rotulo }: { rotulo: string }) => (
  <Box aria-busy="true" aria-label={rotulo} sx={{ display: 'grid', gap: 1 }}>
    {Array.from({ length: 4 }, (_, i) => (
      // biome-ignore lint/suspicious/noArrayIndexKey: placeholder rows have no identity
      <Skeleton key={i} variant="rounded" height={28} />
    ))}
  </Box>
);

/** How a block's figures are computed, always on screen (pt-BR). */
export const ComoCalculamos = ({ id, children }: { id: string; children: ReactNode }) => (
  <Typography id={id} variant="body2" color="text.secondary" sx={{ mt: 1.5 }}>
    {children}
  </Typography>
);

/** A block with nothing to show in the period. */
export const Vazio = ({ children }: { children: ReactNode }) => (
  <Typography color="text.secondary" sx={{ py: 3, textAlign: 'center' }}>
    {children}
  </Typography>
);
