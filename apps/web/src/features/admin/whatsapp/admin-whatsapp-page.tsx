import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import { LoadErrorAlert } from '../../../components/load-error-alert.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { useWhatsappSettings } from '../api/whatsapp.ts';
import { WebhookCard } from './webhook-card.tsx';
import { WhatsappSettingsForm } from './whatsapp-settings-form.tsx';
import { WhatsappStatusCard } from './whatsapp-status-card.tsx';

const columns = {
  display: 'grid',
  gap: 3,
  gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: '3fr 2fr' },
} as const;

/** /admin/whatsapp: provider and credentials, connection status, webhook data (docs/produto.md §15). */
export const AdminWhatsappPage = () => {
  const settings = useWhatsappSettings();

  const settingsColumn = () => {
    if (settings.isPending)
      return <Skeleton variant="rounded" height={320} aria-label="Carregando configurações" />;
    if (settings.isError)
      return (
        <LoadErrorAlert
          error={settings.error}
          fallback="Não foi possível carregar as configurações do WhatsApp."
          onRetry={() => void settings.refetch()}
        />
      );
    return <WhatsappSettingsForm view={settings.data} />;
  };

  return (
    <>
      <PageHeader
        title="Configuração do WhatsApp"
        subtitle="Canal por onde saem as mensagens de cobrança e chegam as respostas dos clientes."
      />
      <Box sx={columns}>
        <Box sx={{ minWidth: 0 }}>{settingsColumn()}</Box>
        <Box sx={{ minWidth: 0, display: 'grid', gap: 3, alignContent: 'start' }}>
          <WhatsappStatusCard />
          {settings.data && <WebhookCard view={settings.data} />}
        </Box>
      </Box>
    </>
  );
};
