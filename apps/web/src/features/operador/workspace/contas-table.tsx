import type { ContaReceber } from '@cobranca/contracts';
import { formatarValorEmReais } from '@cobranca/dominio';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { ContaStatusChip } from '../../../components/conta-status-chip.tsx';
import { DiasAtraso } from '../../../components/dias-atraso.tsx';
import { formatarData } from '../../../lib/format.ts';

const mobileHidden = { display: { xs: 'none', md: 'table-cell' } } as const;
// The workspace column is narrow even at 1440 px: the reference columns wait for very wide screens.
const extraWide = { display: { xs: 'none', xl: 'table-cell' } } as const;

type ContasTableProps = {
  contas: ContaReceber[];
  selecionadas: ReadonlySet<number>;
  onChange: (ids: Set<number>) => void;
};

/**
 * All of the customer's receivables with today's updated amount (principal, multa and juros apart from
 * tablet width up); open ones can be picked for an agreement.
 */
export const ContasTable = ({ contas, selecionadas, onChange }: ContasTableProps) => {
  const abertas = contas.filter((c) => c.status === 'aberta');
  const todas = abertas.length > 0 && abertas.every((c) => selecionadas.has(c.id));
  const algumas = abertas.some((c) => selecionadas.has(c.id));
  const alternar = (id: number) => {
    const next = new Set(selecionadas);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    onChange(next);
  };

  return (
    <Paper variant="outlined" component="section" aria-labelledby="contas-titulo">
      <Typography id="contas-titulo" component="h3" variant="subtitle1" sx={{ fontWeight: 600, p: 2, pb: 1 }}>
        Contas a receber
      </Typography>
      <TableContainer>
        <Table size="small" aria-labelledby="contas-titulo">
          <TableHead>
            <TableRow>
              <TableCell padding="checkbox">
                <Checkbox
                  checked={todas}
                  indeterminate={algumas && !todas}
                  disabled={abertas.length === 0}
                  onChange={() => onChange(todas ? new Set() : new Set(abertas.map((c) => c.id)))}
                  slotProps={{ input: { 'aria-label': 'Selecionar todas as contas em aberto' } }}
                />
              </TableCell>
              <TableCell>Descrição</TableCell>
              <TableCell sx={extraWide}>Parcela</TableCell>
              <TableCell>Vencimento</TableCell>
              <TableCell align="right" sx={extraWide}>
                Valor
              </TableCell>
              <TableCell align="right" sx={mobileHidden}>
                Saldo
              </TableCell>
              <TableCell align="right" sx={mobileHidden}>
                Multa e juros
              </TableCell>
              <TableCell align="right">Atualizado</TableCell>
              <TableCell>Status</TableCell>
              <TableCell align="right" sx={extraWide}>
                Dias de atraso
              </TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {contas.length === 0 && (
              <TableRow>
                <TableCell colSpan={10} align="center">
                  Nenhuma conta a receber.
                </TableCell>
              </TableRow>
            )}
            {contas.map((c) => (
              <TableRow key={c.id} selected={selecionadas.has(c.id)}>
                <TableCell padding="checkbox">
                  {c.status === 'aberta' && (
                    <Checkbox
                      checked={selecionadas.has(c.id)}
                      onChange={() => alternar(c.id)}
                      slotProps={{
                        input: {
                          'aria-label': `Selecionar ${c.descricao}, venc. ${formatarData(c.vencimento)}`,
                        },
                      }}
                    />
                  )}
                </TableCell>
                <TableCell>{c.descricao}</TableCell>
                <TableCell sx={extraWide}>{c.numero_parcela ?? '—'}</TableCell>
                <TableCell>{formatarData(c.vencimento)}</TableCell>
                <TableCell align="right" sx={extraWide}>
                  {formatarValorEmReais(c.valor)}
                </TableCell>
                <TableCell align="right" sx={mobileHidden}>
                  {formatarValorEmReais(c.saldo)}
                </TableCell>
                <TableCell align="right" sx={mobileHidden}>
                  <Box component="span" sx={{ display: 'block', whiteSpace: 'nowrap' }}>
                    multa {formatarValorEmReais(c.multa)}
                  </Box>
                  <Box component="span" sx={{ display: 'block', whiteSpace: 'nowrap' }}>
                    juros {formatarValorEmReais(c.juros)}
                  </Box>
                </TableCell>
                <TableCell align="right">{formatarValorEmReais(c.valor_atualizado)}</TableCell>
                <TableCell>
                  <ContaStatusChip status={c.status} diasAtraso={c.dias_atraso} />
                </TableCell>
                <TableCell align="right" sx={extraWide}>
                  <DiasAtraso dias={c.dias_atraso} />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    </Paper>
  );
};
