import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import { QueryErrorAlert } from '../../../components/load-error-alert.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { usePixSettings } from '../api/pix.ts';
import { CreditosPixSection } from './creditos-pix-section.tsx';
import { PixOrientacoes } from './pix-orientacoes.tsx';
import { PixSettingsForm } from './pix-settings-form.tsx';
import { PixStatusCard } from './pix-status-card.tsx';

const columns = {
  display: 'grid',
  gap: 3,
  gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: '3fr 2fr' },
} as const;

/**
 * /admin/pix: the PIX provider, its credentials and connection status, then the unmatched PIX credits to
 * assign (docs/produto.md §21).
 */
export const AdminPixPage = () => {
  const settings = usePixSettings();

  const content = () => {
    if (settings.isPending)
      return <Skeleton variant="rounded" height={320} aria-label="Carregando configurações" />;
    if (settings.isError)
      return (
        <QueryErrorAlert query={settings} fallback="Não foi possível carregar as configurações do PIX." />
      );
    return (
      <Box sx={columns}>
        <Box sx={{ minWidth: 0 }}>
          <PixSettingsForm view={settings.data} />
        </Box>
        <Box sx={{ minWidth: 0, display: 'grid', gap: 3, alignContent: 'start' }}>
          <PixStatusCard view={settings.data} />
          <PixOrientacoes />
        </Box>
      </Box>
    );
  };

  return (
    <>
      <PageHeader
        title="Configuração do PIX"
        subtitle="Cobranças PIX com QR Code e baixa automática quando o cliente paga."
      />
      {content()}
      <Box sx={{ mt: 3 }}>
        <CreditosPixSection />
      </Box>
    </>
  );
};
