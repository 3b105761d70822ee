import Box from '@mui/material/Box';
import { PageHeader } from '../../../components/page-header.tsx';
import { HistoricoImportacoes } from './historico-importacoes.tsx';
import { ImportarCsvCard } from './importar-csv-card.tsx';
import { ImportarXmlCard } from './importar-xml-card.tsx';

/** /operador/importar-clientes: customers from CSV, receivables from NF-e XML, and past imports (docs/produto.md §14). */
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
    <HistoricoImportacoes />
  </>
);
