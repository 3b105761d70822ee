import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import { Link as RouterLink } from 'react-router';
import { ROUTES } from '../../../lib/routes.ts';
import { useEmailSettings, useVerificarEmail } from '../api/email.ts';
import { PaginaDeCanal } from '../components/pagina-de-canal.tsx';
import { VerificacaoCanalCard } from '../components/verificacao-canal-card.tsx';
import { DkimCard } from './dkim-card.tsx';
import { EmailSettingsForm } from './email-settings-form.tsx';
import { RegistrosDnsCard } from './registros-dns-card.tsx';

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
  const verificar = useVerificarEmail();
  return (
    <PaginaDeCanal
      titulo="Configuração de E-mail"
      subtitulo="Canal de e-mail das cobranças: servidor de envio, remetente e autenticação do domínio."
      settings={useEmailSettings()}
      erro="Não foi possível carregar as configurações de e-mail."
      principal={(view) => (
        <>
          {view.provedor === 'simulador' && <AvisoSimulador canal="email" />}
          <EmailSettingsForm view={view} />
        </>
      )}
      lateral={(view) => (
        <>
          <VerificacaoCanalCard alvo="o servidor de e-mail" verificar={verificar} />
          <DkimCard view={view} />
          <RegistrosDnsCard view={view} />
        </>
      )}
    />
  );
};
