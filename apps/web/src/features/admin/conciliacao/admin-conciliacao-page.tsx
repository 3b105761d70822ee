import Box from '@mui/material/Box';
import { PageHeader } from '../../../components/page-header.tsx';
import { ArquivosSection } from './arquivos-section.tsx';
import { EnviarArquivoBancario } from './enviar-arquivo-bancario.tsx';
import { RevisaoSection } from './revisao-section.tsx';

/**
 * /admin/conciliacao: the bank's files in (boleto retornos, statements), what needs a decision, and what
 * every file did (docs/conciliacao.md).
 */
export const AdminConciliacaoPage = () => (
  <>
    <PageHeader
      title="Conciliação bancária"
      subtitle="Boletos pagos e créditos na conta baixam as dívidas sozinhos; o que não tiver correspondência certa espera a sua revisão."
    />
    <Box sx={{ display: 'grid', gap: 3, minWidth: 0 }}>
      <EnviarArquivoBancario />
      <RevisaoSection />
      <ArquivosSection />
    </Box>
  </>
);
