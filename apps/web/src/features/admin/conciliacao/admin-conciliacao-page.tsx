import Box from '@mui/material/Box';
import { EnviarArquivoBancario } from '../../../components/conciliacao/enviar-arquivo-bancario.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { useImportarArquivoBancario } from '../api/conciliacao.ts';
import { ArquivosSection } from './arquivos-section.tsx';
import { RevisaoSection } from './revisao-section.tsx';

/**
 * /admin/conciliacao: the bank's files in (boleto retornos, statements), what needs a decision, and what
 * every file did (docs/conciliacao.md).
 */
export const AdminConciliacaoPage = () => {
  const envio = useImportarArquivoBancario();
  return (
    <>
      <PageHeader
        title="Conciliação bancária"
        subtitle="Boletos pagos e créditos na conta baixam as dívidas sozinhos; o que não tiver correspondência certa espera a sua revisão."
      />
      <Box sx={{ display: 'grid', gap: 3, minWidth: 0 }}>
        <EnviarArquivoBancario envio={envio} />
        <RevisaoSection />
        <ArquivosSection />
      </Box>
    </>
  );
};
