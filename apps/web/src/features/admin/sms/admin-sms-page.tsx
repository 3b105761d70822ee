import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { LoadErrorAlert } from '../../../components/load-error-alert.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { useSmsSettings, useVerificarSms } from '../api/sms.ts';
import { CampoCopiavel } from '../components/campo-copiavel.tsx';
import { VerificacaoCanalCard } from '../components/verificacao-canal-card.tsx';
import { AvisoSimulador } from '../email/admin-email-page.tsx';
import { SmsSettingsForm } from './sms-settings-form.tsx';

const columns = {
  display: 'grid',
  gap: 3,
  gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: '3fr 2fr' },
} as const;

const WebhookSmsCard = ({ url }: { url: string }) => {
  const titleId = useId();
  return (
    <Paper variant="outlined" component="section" aria-labelledby={titleId} sx={{ p: { xs: 2, md: 3 } }}>
      <Typography id={titleId} component="h3" variant="h6">
        Webhook
      </Typography>
      <Typography variant="body2" color="text.secondary">
        Na Zenvia, assine esta URL para os status de entrega e as respostas dos clientes.
      </Typography>
      <CampoCopiavel label="URL do webhook" copyLabel="Copiar URL do webhook" value={url} />
    </Paper>
  );
};

/** /admin/sms: provider and Zenvia credentials, webhook URL, connection check (docs/produto.md §12). */
export const AdminSmsPage = () => {
  const settings = useSmsSettings();
  const verificar = useVerificarSms();

  const content = () => {
    if (settings.isPending)
      return <Skeleton variant="rounded" height={320} aria-label="Carregando configurações" />;
    if (settings.isError)
      return (
        <LoadErrorAlert
          error={settings.error}
          fallback="Não foi possível carregar as configurações de SMS."
          onRetry={() => void settings.refetch()}
        />
      );
    const view = settings.data;
    return (
      <Box sx={columns}>
        <Box sx={{ minWidth: 0, display: 'grid', gap: 3, alignContent: 'start' }}>
          {view.provedor === 'simulador' && <AvisoSimulador canal="sms" />}
          <SmsSettingsForm view={view} />
        </Box>
        <Box sx={{ minWidth: 0, display: 'grid', gap: 3, alignContent: 'start' }}>
          <VerificacaoCanalCard alvo="a Zenvia" verificar={verificar} />
          <WebhookSmsCard url={view.webhook_url} />
        </Box>
      </Box>
    );
  };

  return (
    <>
      <PageHeader title="Configuração de SMS" subtitle="Canal de SMS das cobranças, pela Zenvia." />
      {content()}
    </>
  );
};
