import { formatarReais, type ParcelaAcordo } from '@cobranca/dominio';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { formatarData } from '../../../lib/format.ts';

/** The instalments the agreement will create, and their sum (which must equal total − desconto). */
export const NegociacaoPreview = ({ parcelas }: { parcelas: ParcelaAcordo[] }) => {
  if (parcelas.length === 0)
    return (
      <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
        Preencha desconto, parcelas, vencimento e intervalo para ver as parcelas do acordo.
      </Typography>
    );
  const soma = parcelas.reduce((total, p) => total + p.valorCentavos, 0);
  return (
    <Table size="small" aria-label="Prévia das parcelas" sx={{ mt: 2 }}>
      <TableHead>
        <TableRow>
          <TableCell>Parcela</TableCell>
          <TableCell>Vencimento</TableCell>
          <TableCell align="right">Valor</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {parcelas.map((p) => (
          <TableRow key={p.numero}>
            <TableCell>{p.rotulo}</TableCell>
            <TableCell>{formatarData(p.vencimento)}</TableCell>
            <TableCell align="right">{formatarReais(p.valorCentavos)}</TableCell>
          </TableRow>
        ))}
        <TableRow>
          <TableCell colSpan={2} sx={{ fontWeight: 600 }}>
            Soma das parcelas
          </TableCell>
          <TableCell align="right" sx={{ fontWeight: 600 }}>
            {formatarReais(soma)}
          </TableCell>
        </TableRow>
      </TableBody>
    </Table>
  );
};
