import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import { Link as RouterLink } from 'react-router';
import { LoadErrorAlert } from '../../../components/load-error-alert.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { ROUTES } from '../../../lib/routes.ts';
import { useEmailSettings, useVerificarEmail } from '../api/email.ts';
import { VerificacaoCanalCard } from '../components/verificacao-canal-card.tsx';
import { DkimCard } from './dkim-card.tsx';
import { EmailSettingsForm } from './email-settings-form.tsx';
import { RegistrosDnsCard } from './registros-dns-card.tsx';

const columns = {
  display: 'grid',
  gap: 3,
  gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: '3fr 2fr' },
} as const;

/** The link to the simulator's outbox, where the channel's "sent" messages are (simulator mode only). */
export const AvisoSimulador = ({ canal }: { canal: 'email' | 'sms' }) => (
  <Alert severity="info">
    No modo simulador nada sai de verdade.{' '}
    {/* The alert's own text colour: primary blue on its light blue is under 4.5:1 (WCAG AA). */}
    <Link
      component={RouterLink}
      to={`${ROUTES.AdminSaidaSimulador}?canal=${canal}`}
      color="inherit"
      sx={{ fontWeight: 600 }}
    >
      Abrir a caixa de saída do simulador
    </Link>
  </Alert>
);

/** /admin/email: provider and SMTP, sender, DKIM and the DNS records, the inbox (docs/produto.md §12). */
export const AdminEmailPage = () => {
  const settings = useEmailSettings();
  const verificar = useVerificarEmail();

  const content = () => {
    if (settings.isPending)
      return <Skeleton variant="rounded" height={320} aria-label="Carregando configurações" />;
    if (settings.isError)
      return (
        <LoadErrorAlert
          error={settings.error}
          fallback="Não foi possível carregar as configurações de e-mail."
          onRetry={() => void settings.refetch()}
        />
      );
    const view = settings.data;
    return (
      <Box sx={columns}>
        <Box sx={{ minWidth: 0, display: 'grid', gap: 3, alignContent: 'start' }}>
          {view.provedor === 'simulador' && <AvisoSimulador canal="email" />}
          <EmailSettingsForm view={view} />
        </Box>
        <Box sx={{ minWidth: 0, display: 'grid', gap: 3, alignContent: 'start' }}>
          <VerificacaoCanalCard alvo="o servidor de e-mail" verificar={verificar} />
          <DkimCard view={view} />
          <RegistrosDnsCard view={view} />
        </Box>
      </Box>
    );
  };

  return (
    <>
      <PageHeader
        title="Configuração de E-mail"
        subtitle="Canal de e-mail das cobranças: servidor de envio, remetente e autenticação do domínio."
      />
      {content()}
    </>
  );
};
