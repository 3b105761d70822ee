import type { ImportacaoErro, ImportacaoTipo } from '@cobranca/contracts';
import { contagem } from '@cobranca/dominio';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { origemDoErro } from './relatorio-csv.ts';

export const PROBLEMAS_POR_PAGINA = 10;

type ProblemasTabelaProps = {
  tipo: ImportacaoTipo;
  erros: readonly ImportacaoErro[];
  omitidos: number;
};

const headSx = { fontWeight: 600 } as const;

/** The problems the server listed, 10 a page (all are already here: paging is local). */
export const ProblemasTabela = ({ tipo, erros, omitidos }: ProblemasTabelaProps) => {
  const [pagina, setPagina] = useState(0);
  const inicio = pagina * PROBLEMAS_POR_PAGINA;
  const visiveis = erros.slice(inicio, inicio + PROBLEMAS_POR_PAGINA);
  return (
    <>
      <Paper variant="outlined">
        <TableContainer>
          <Table size="small" aria-label="Problemas da importação">
            <TableHead>
              <TableRow>
                <TableCell sx={headSx}>{tipo === 'xml' ? 'Arquivo' : 'Linha'}</TableCell>
                <TableCell sx={headSx}>Campo</TableCell>
                <TableCell sx={headSx}>Motivo</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {visiveis.map((erro, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: problems have no id and never reorder
                <TableRow key={inicio + i}>
                  <TableCell
                    sx={
                      tipo === 'xml' ? { overflowWrap: 'anywhere', minWidth: 120 } : { whiteSpace: 'nowrap' }
                    }
                  >
                    {origemDoErro(erro, tipo) || '—'}
                  </TableCell>
                  <TableCell>{erro.campo ?? '—'}</TableCell>
                  <TableCell sx={{ overflowWrap: 'anywhere' }}>{erro.mensagem}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
        {erros.length > PROBLEMAS_POR_PAGINA && (
          <TablePagination
            component="div"
            count={erros.length}
            page={pagina}
            rowsPerPage={PROBLEMAS_POR_PAGINA}
            rowsPerPageOptions={[]}
            onPageChange={(_event, index) => setPagina(index)}
          />
        )}
      </Paper>
      {omitidos > 0 && (
        <Typography variant="body2" color="text.secondary">
          … e mais {contagem(omitidos, 'problema não listado', 'problemas não listados')}.
        </Typography>
      )}
    </>
  );
};
