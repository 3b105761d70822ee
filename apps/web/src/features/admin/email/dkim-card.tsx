import type { EmailSettingsView } from '@cobranca/contracts';
import KeyIcon from '@mui/icons-material/Key';
import Alert from '@mui/material/Alert';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { BusyButton } from '../../../components/busy-button.tsx';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { notify } from '../../../components/snackbar/snackbar-store.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { useGerarDkim } from '../api/email.ts';
import { CampoCopiavel } from '../components/campo-copiavel.tsx';

/**
 * "Gerar chave DKIM": the server makes the key pair and keeps the private half; the admin publishes the
 * TXT record shown. Replacing a key asks first, since mail signed with the new one fails until then.
 */
export const DkimCard = ({ view }: { view: EmailSettingsView }) => {
  const titleId = useId();
  const gerar = useGerarDkim();
  const [confirmando, setConfirmando] = useState(false);
  const semDominio = !view.dkim.dominio;

  const onGerar = () =>
    gerar.mutate(
      {},
      {
        onSuccess: () => {
          setConfirmando(false);
          notify.success('Chave DKIM gerada. Publique o registro TXT no seu DNS.');
        },
        onError: (error) => {
          setConfirmando(false);
          notify.error(errorMessage(error, 'Não foi possível gerar a chave DKIM.'));
        },
      },
    );

  return (
    <Paper variant="outlined" component="section" aria-labelledby={titleId} sx={{ p: { xs: 2, md: 3 } }}>
      <Typography id={titleId} component="h3" variant="h6" sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        Chave DKIM
        <Chip
          size="small"
          label={view.dkim.configurada ? 'Configurada' : 'Não configurada'}
          color={view.dkim.configurada ? 'success' : 'default'}
        />
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ my: 1 }}>
        A assinatura DKIM prova aos provedores (Gmail, Outlook, Yahoo) que os e-mails saem mesmo do seu
        domínio.
      </Typography>
      {semDominio && (
        <Alert severity="info" sx={{ mb: 2 }}>
          Informe e salve o domínio DKIM antes de gerar a chave.
        </Alert>
      )}
      <BusyButton
        variant="outlined"
        startIcon={<KeyIcon />}
        busy={gerar.isPending && !confirmando}
        disabled={semDominio}
        onClick={() => (view.dkim.configurada ? setConfirmando(true) : onGerar())}
      >
        Gerar chave DKIM
      </BusyButton>
      {gerar.data && (
        <>
          <Alert severity="success" sx={{ mt: 2 }}>
            Publique este registro TXT em {gerar.data.dominio}. {gerar.data.registro.explicacao}
          </Alert>
          <CampoCopiavel
            label="Nome do registro"
            copyLabel="Copiar nome do registro DKIM"
            value={gerar.data.registro.nome}
          />
          <CampoCopiavel
            label="Valor do registro TXT"
            copyLabel="Copiar valor do registro DKIM"
            value={gerar.data.registro.valor}
            multiline
          />
        </>
      )}
      <ConfirmDialog
        open={confirmando}
        title="Gerar uma nova chave DKIM?"
        message="Já existe uma chave. A chave atual deixa de valer quando você publicar a nova: até lá, os e-mails assinados com a nova chave podem ser recusados."
        confirmLabel="Gerar nova chave"
        confirmColor="warning"
        loading={gerar.isPending}
        onConfirm={onGerar}
        onClose={() => setConfirmando(false)}
      />
    </Paper>
  );
};
