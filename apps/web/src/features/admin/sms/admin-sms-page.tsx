import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useSmsSettings, useVerificarSms } from '../api/sms.ts';
import { CampoCopiavel } from '../components/campo-copiavel.tsx';
import { PaginaDeCanal } from '../components/pagina-de-canal.tsx';
import { VerificacaoCanalCard } from '../components/verificacao-canal-card.tsx';
import { AvisoSimulador } from '../email/admin-email-page.tsx';
import { SmsSettingsForm } from './sms-settings-form.tsx';

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
  const verificar = useVerificarSms();
  return (
    <PaginaDeCanal
      titulo="Configuração de SMS"
      subtitulo="Canal de SMS das cobranças, pela Zenvia."
      settings={useSmsSettings()}
      erro="Não foi possível carregar as configurações de SMS."
      principal={(view) => (
        <>
          {view.provedor === 'simulador' && <AvisoSimulador canal="sms" />}
          <SmsSettingsForm view={view} />
        </>
      )}
      lateral={(view) => (
        <>
          <VerificacaoCanalCard alvo="a Zenvia" verificar={verificar} />
          <WebhookSmsCard url={view.webhook_url} />
        </>
      )}
    />
  );
};
