import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import { PageHeader } from '../../../components/page-header.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useSistemaSettings } from '../api/sistema.ts';
import { SistemaSettingsForm } from './sistema-settings-form.tsx';

const LoadingState = () => (
  <Box sx={{ display: 'grid', gap: 3 }} aria-busy="true" aria-label="Carregando configurações">
    {[180, 260, 200, 220].map((height) => (
      <Skeleton key={height} variant="rounded" height={height} />
    ))}
  </Box>
);

/** /admin/config-sistema: company, PIX, régua, sending window, limits, automation (PRODUCT §7). */
export const AdminConfigSistemaPage = () => {
  const query = useSistemaSettings();
  const content = () => {
    if (query.isPending) return <LoadingState />;
    if (query.isError)
      return (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void query.refetch()}>
              Tentar de novo
            </Button>
          }
        >
          {errorMessage(query.error, 'Não foi possível carregar as configurações do sistema.')}
        </Alert>
      );
    return <SistemaSettingsForm settings={query.data} />;
  };
  return (
    <>
      <PageHeader
        title="Configurações do Sistema"
        subtitle="Dados da empresa, régua de cobrança, horários de envio e limites da automação."
      />
      {content()}
    </>
  );
};
