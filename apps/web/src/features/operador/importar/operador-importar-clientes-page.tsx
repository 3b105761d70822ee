import Box from '@mui/material/Box';
import { EnviarArquivoBancario } from '../../../components/conciliacao/enviar-arquivo-bancario.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { useImportarArquivoBancarioOperador, usePermissaoConciliacao } from '../api/conciliacao.ts';
import { HistoricoImportacoes } from './historico-importacoes.tsx';
import { ImportarCsvCard } from './importar-csv-card.tsx';
import { ImportarXmlCard } from './importar-xml-card.tsx';

/** The bank's files, when the admin allows operators to import them (docs/conciliacao.md §2). */
const ArquivoDoBanco = () => {
  const permissao = usePermissaoConciliacao();
  const envio = useImportarArquivoBancarioOperador();
  return permissao.data?.permitido ? <EnviarArquivoBancario envio={envio} /> : null;
};

/**
 * /operador/importar-clientes: customers from CSV, receivables from NF-e XML, the bank's files when
 * allowed, and past imports (docs/produto.md §14).
 */
export const OperadorImportarClientesPage = () => (
  <>
    <PageHeader
      title="Importar Clientes"
      subtitle="Traga clientes de uma planilha CSV e contas a receber das suas notas fiscais eletrônicas."
    />
    <Box
      sx={{
        display: 'grid',
        gap: 3,
        mb: 4,
        alignItems: 'start',
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'repeat(2, minmax(0, 1fr))' },
      }}
    >
      <ImportarCsvCard />
      <ImportarXmlCard />
    </Box>
    <Box sx={{ mb: 4, minWidth: 0 }}>
      <ArquivoDoBanco />
    </Box>
    <HistoricoImportacoes />
  </>
);
