import type { ContaReceber } from '@cobranca/contracts';
import { formatarReais, formatarValorEmReais, reaisParaCentavos } from '@cobranca/dominio';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import { useTheme } from '@mui/material/styles';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { type ReactNode, useState } from 'react';
import { ContaStatusChip } from '../../../components/conta-status-chip.tsx';
import { DiasAtraso } from '../../../components/dias-atraso.tsx';
import { CartaoDaLinha, type Column, LISTA_DE_CARTOES_SX } from '../../../components/paged-table.tsx';
import { formatarData } from '../../../lib/format.ts';
import { BoletoDialog } from './boleto-dialog.tsx';

// The card's own width decides which columns fit, not the screen's: the workspace column is 400 px
// at 1200, 640 at 1440 and wider alone at 1024 or in the inbox (container queries, `@<px>`). When
// Saldo and Encargos wait, the "Atualizado" cell's title still breaks the amount down.
const aPartirDe = (largura: number) => ({ display: { '@': 'none', [`@${largura}`]: 'table-cell' } });
const COM_VENCIMENTO = aPartirDe(380);
const COM_SALDO_E_ENCARGOS = aPartirDe(600);
const COM_ATRASO = aPartirDe(760);
const COM_VALOR = aPartirDe(860);

const nowrap = { whiteSpace: 'nowrap' } as const;

const Dinheiro = ({ valor }: { valor: number }) => (
  <Box component="span" sx={nowrap}>
    {formatarValorEmReais(valor)}
  </Box>
);

const encargos = (c: ContaReceber) => formatarReais(reaisParaCentavos(c.multa) + reaisParaCentavos(c.juros));
const composicao = (c: ContaReceber) =>
  `Saldo ${formatarValorEmReais(c.saldo)} + multa ${formatarValorEmReais(c.multa)} + juros ${formatarValorEmReais(c.juros)}`;

/** The description on at most two lines (all of it in the title), the instalment and boleto under it. */
const Descricao = ({
  conta,
  abrirBoleto,
}: {
  conta: ContaReceber;
  abrirBoleto: (conta: ContaReceber) => void;
}) => (
  <Box sx={{ minWidth: 0 }}>
    <Typography
      variant="body2"
      title={conta.descricao}
      sx={{
        overflow: 'hidden',
        display: '-webkit-box',
        WebkitLineClamp: 2,
        WebkitBoxOrient: 'vertical',
        overflowWrap: 'anywhere',
      }}
    >
      {conta.descricao}
    </Typography>
    {conta.numero_parcela && (
      <Typography variant="caption" color="text.secondary" sx={{ ...nowrap, display: 'block' }}>
        Parcela {conta.numero_parcela}
      </Typography>
    )}
    {(conta.banco || conta.status === 'aberta') && (
      <Link
        component="button"
        type="button"
        variant="caption"
        onClick={() => abrirBoleto(conta)}
        aria-label={`Boleto de ${conta.descricao}`}
        sx={{ textAlign: 'left' }}
      >
        {conta.banco
          ? `Boleto ${conta.banco}${conta.nosso_numero ? ` · nº ${conta.nosso_numero}` : ''}`
          : 'Informar boleto'}
      </Link>
    )}
  </Box>
);

type Selecao = {
  selecionadas: ReadonlySet<number>;
  alternar: (id: number) => void;
  abrirBoleto: (conta: ContaReceber) => void;
};

const SeletorDaConta = ({
  conta,
  selecionadas,
  alternar,
}: Omit<Selecao, 'abrirBoleto'> & { conta: ContaReceber }) =>
  conta.status === 'aberta' ? (
    <Checkbox
      checked={selecionadas.has(conta.id)}
      onChange={() => alternar(conta.id)}
      slotProps={{
        input: { 'aria-label': `Selecionar ${conta.descricao}, venc. ${formatarData(conta.vencimento)}` },
      }}
    />
  ) : null;

/** Phones: each receivable a card, its figures labelled (the original amount waits for wider screens). */
const colunasDoCartao = (selecao: Selecao): Column<ContaReceber>[] => [
  {
    key: 'descricao',
    header: 'Descrição',
    render: (c) => (
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
        <SeletorDaConta conta={c} {...selecao} />
        <Descricao conta={c} abrirBoleto={selecao.abrirBoleto} />
      </Box>
    ),
  },
  { key: 'vencimento', header: 'Vencimento', render: (c) => formatarData(c.vencimento) },
  { key: 'saldo', header: 'Saldo', render: (c) => <Dinheiro valor={c.saldo} /> },
  {
    key: 'encargos',
    header: 'Multa e juros',
    render: (c) => `multa ${formatarValorEmReais(c.multa)} · juros ${formatarValorEmReais(c.juros)}`,
  },
  { key: 'atualizado', header: 'Atualizado', render: (c) => <Dinheiro valor={c.valor_atualizado} /> },
  {
    key: 'status',
    header: 'Status',
    render: (c) => <ContaStatusChip status={c.status} diasAtraso={c.dias_atraso} />,
  },
  { key: 'atraso', header: 'Atraso (dias)', render: (c) => <DiasAtraso dias={c.dias_atraso} /> },
];

/** The table's headers; the columns the card is too narrow for wait (COM_…). */
const CabecalhoDaTabela = ({ seletorDeTodas }: { seletorDeTodas: ReactNode }) => (
  <TableHead>
    <TableRow>
      <TableCell padding="checkbox">{seletorDeTodas}</TableCell>
      <TableCell>Descrição</TableCell>
      <TableCell sx={COM_VENCIMENTO}>Vencimento</TableCell>
      <TableCell align="right" sx={COM_VALOR}>
        Valor
      </TableCell>
      <TableCell align="right" sx={COM_SALDO_E_ENCARGOS}>
        Saldo
      </TableCell>
      <TableCell align="right" sx={COM_SALDO_E_ENCARGOS}>
        Encargos
      </TableCell>
      <TableCell align="right">Atualizado</TableCell>
      <TableCell>Status</TableCell>
      <TableCell align="right" sx={COM_ATRASO}>
        Atraso
      </TableCell>
    </TableRow>
  </TableHead>
);

/** One receivable as a table row; its "Encargos" and "Atualizado" titles break the amounts down. */
const LinhaDaConta = ({ conta, selecionadas, alternar, abrirBoleto }: Selecao & { conta: ContaReceber }) => (
  <TableRow selected={selecionadas.has(conta.id)}>
    <TableCell padding="checkbox">
      <SeletorDaConta conta={conta} selecionadas={selecionadas} alternar={alternar} />
    </TableCell>
    <TableCell>
      <Descricao conta={conta} abrirBoleto={abrirBoleto} />
    </TableCell>
    <TableCell sx={{ ...COM_VENCIMENTO, ...nowrap }}>{formatarData(conta.vencimento)}</TableCell>
    <TableCell align="right" sx={COM_VALOR}>
      <Dinheiro valor={conta.valor} />
    </TableCell>
    <TableCell align="right" sx={COM_SALDO_E_ENCARGOS}>
      <Dinheiro valor={conta.saldo} />
    </TableCell>
    <TableCell
      align="right"
      sx={{ ...COM_SALDO_E_ENCARGOS, ...nowrap }}
      title={`Multa ${formatarValorEmReais(conta.multa)} · juros ${formatarValorEmReais(conta.juros)}`}
    >
      {encargos(conta)}
    </TableCell>
    <TableCell align="right" title={composicao(conta)}>
      <Dinheiro valor={conta.valor_atualizado} />
    </TableCell>
    <TableCell>
      <ContaStatusChip status={conta.status} diasAtraso={conta.dias_atraso} />
    </TableCell>
    <TableCell align="right" sx={COM_ATRASO}>
      <DiasAtraso dias={conta.dias_atraso} />
    </TableCell>
  </TableRow>
);

type ContasTableProps = {
  contas: ContaReceber[];
  selecionadas: ReadonlySet<number>;
  onChange: (ids: Set<number>) => void;
};

/**
 * All of the customer's receivables with today's updated amount (principal, multa and juros apart where
 * the card is wide enough); open ones can be picked for an agreement. A table that never grows past
 * its card, and on a phone a stack of cards, like the lists (issue 17).
 */
export const ContasTable = ({ contas, selecionadas, onChange }: ContasTableProps) => {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const abertas = contas.filter((c) => c.status === 'aberta');
  const todas = abertas.length > 0 && abertas.every((c) => selecionadas.has(c.id));
  const algumas = abertas.some((c) => selecionadas.has(c.id));
  const alternar = (id: number) => {
    const next = new Set(selecionadas);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    onChange(next);
  };
  const [boleto, setBoleto] = useState<ContaReceber | null>(null);
  const [titulo, ...resto] = colunasDoCartao({ selecionadas, alternar, abrirBoleto: setBoleto });
  const alternarTodas = () => onChange(todas ? new Set() : new Set(abertas.map((c) => c.id)));
  const seletorDeTodas = (
    <Checkbox
      checked={todas}
      indeterminate={algumas && !todas}
      disabled={abertas.length === 0}
      onChange={alternarTodas}
      slotProps={{ input: { 'aria-label': 'Selecionar todas as contas em aberto' } }}
    />
  );

  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby="contas-titulo"
      sx={{ containerType: 'inline-size' }}
    >
      <Typography id="contas-titulo" component="h3" variant="subtitle1" sx={{ fontWeight: 600, p: 2, pb: 1 }}>
        Contas a receber
      </Typography>
      {phone ? (
        <>
          {abertas.length > 0 && (
            <FormControlLabel control={seletorDeTodas} label="Todas em aberto" sx={{ mx: 0.5 }} />
          )}
          <Box component="ul" aria-label="Contas a receber" sx={LISTA_DE_CARTOES_SX}>
            {contas.length === 0 && (
              <Box component="li" sx={{ p: 2, color: 'text.secondary' }}>
                Nenhuma conta a receber.
              </Box>
            )}
            {contas.map((c) => (
              <CartaoDaLinha key={c.id} row={c} title={titulo} columns={resto} />
            ))}
          </Box>
        </>
      ) : (
        <TableContainer>
          <Table
            size="small"
            aria-labelledby="contas-titulo"
            // Half the default side padding: two more columns fit in the same card.
            sx={{ '& .MuiTableCell-root:not(.MuiTableCell-paddingCheckbox)': { px: 1 } }}
          >
            <CabecalhoDaTabela seletorDeTodas={seletorDeTodas} />
            <TableBody>
              {contas.length === 0 && (
                <TableRow>
                  <TableCell colSpan={9} align="center">
                    Nenhuma conta a receber.
                  </TableCell>
                </TableRow>
              )}
              {contas.map((c) => (
                <LinhaDaConta
                  key={c.id}
                  conta={c}
                  selecionadas={selecionadas}
                  alternar={alternar}
                  abrirBoleto={setBoleto}
                />
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      {boleto && <BoletoDialog conta={boleto} onClose={() => setBoleto(null)} />}
    </Paper>
  );
};
