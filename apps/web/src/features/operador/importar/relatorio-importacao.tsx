import DownloadIcon from '@mui/icons-material/Download';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import { Link as RouterLink } from 'react-router';
import { salvarArquivo } from '../../../lib/download.ts';
import { ROUTES } from '../../../lib/routes.ts';
import { ProblemasTabela } from './problemas-tabela.tsx';
import { nomeRelatorioCsv, relatorioCsv } from './relatorio-csv.ts';
import { type RelatorioDados, resumoDoRelatorio } from './resumo-relatorio.ts';

const inteiro = new Intl.NumberFormat('pt-BR');

const Totais = ({ r }: { r: RelatorioDados }) => {
  const totais = [
    { rotulo: 'Criados', valor: r.criados },
    { rotulo: 'Atualizados', valor: r.atualizados },
    { rotulo: 'Ignorados', valor: r.ignorados },
    { rotulo: 'Rejeitados', valor: r.rejeitados, erro: r.rejeitados > 0 },
    { rotulo: 'Contas criadas', valor: r.contas_criadas },
  ];
  return (
    <Box
      component="ul"
      aria-label="Totais da importação"
      sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, m: 0, p: 0 }}
    >
      {totais.map((t) => (
        <Box component="li" key={t.rotulo} sx={{ listStyle: 'none' }}>
          <Chip
            size="small"
            color={t.erro ? 'error' : 'default'}
            variant={t.erro ? 'filled' : 'outlined'}
            label={`${t.rotulo}: ${inteiro.format(t.valor)}`}
          />
        </Box>
      ))}
    </Box>
  );
};

const baixarRelatorio = (r: RelatorioDados) =>
  salvarArquivo(
    new Blob([relatorioCsv(r.tipo, r.erros)], { type: 'text/csv;charset=utf-8' }),
    nomeRelatorioCsv(r.id),
  );

/** An import's outcome: totals, one summary sentence, the problems and where to go next. */
export const RelatorioImportacao = ({ relatorio }: { relatorio: RelatorioDados }) => {
  const resumo = resumoDoRelatorio(relatorio);
  return (
    <Box
      component="section"
      aria-label="Resultado da importação"
      sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}
    >
      <Totais r={relatorio} />
      <Alert
        severity={resumo.severidade}
        // Only problems interrupt the screen reader; a clean import waits for a pause.
        role={resumo.severidade === 'success' || resumo.severidade === 'info' ? 'status' : 'alert'}
      >
        {resumo.texto}
      </Alert>
      {relatorio.erros.length > 0 && (
        <ProblemasTabela
          key={relatorio.id}
          tipo={relatorio.tipo}
          erros={relatorio.erros}
          omitidos={relatorio.erros_omitidos}
        />
      )}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
        {relatorio.erros.length > 0 && (
          <Button
            size="small"
            variant="outlined"
            startIcon={<DownloadIcon />}
            onClick={() => baixarRelatorio(relatorio)}
          >
            Baixar relatório (CSV)
          </Button>
        )}
        <Button size="small" component={RouterLink} to={ROUTES.OperadorClientes}>
          Ver clientes ativos
        </Button>
        {relatorio.contas_criadas > 0 && (
          <Button size="small" component={RouterLink} to={ROUTES.OperadorContasReceber}>
            Ver contas a receber
          </Button>
        )}
      </Box>
    </Box>
  );
};
