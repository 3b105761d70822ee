import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import { QueryErrorAlert } from '../../../components/load-error-alert.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { useSistemaSettings } from '../api/sistema.ts';
import { SistemaSettingsForm } from './sistema-settings-form.tsx';

const LoadingState = () => (
  <Box sx={{ display: 'grid', gap: 3 }} aria-busy="true" aria-label="Carregando configurações">
    {[180, 260, 200, 220].map((height) => (
      <Skeleton key={height} variant="rounded" height={height} />
    ))}
  </Box>
);

/**
 * /admin/config-sistema: company, PIX, régua, sending window, limits, encargos, the customer's portal,
 * automation (docs/produto.md §15).
 */
export const AdminConfigSistemaPage = () => {
  const query = useSistemaSettings();
  const content = () => {
    if (query.isPending) return <LoadingState />;
    if (query.isError)
      return (
        <QueryErrorAlert query={query} fallback="Não foi possível carregar as configurações do sistema." />
      );
    return <SistemaSettingsForm settings={query.data} />;
  };
  return (
    <>
      <PageHeader
        title="Configurações do Sistema"
        subtitle="Dados da empresa, régua de cobrança, horários de envio, limites da automação e portal do cliente."
      />
      {content()}
    </>
  );
};
