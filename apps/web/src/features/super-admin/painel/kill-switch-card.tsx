import Alert from '@mui/material/Alert';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { notify } from '../../../components/snackbar/snackbar-store.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { useSaude, useSetAutomacao } from '../api/saude.ts';

const PERGUNTAS = {
  desligar: {
    title: 'Desligar o envio automático?',
    message:
      'Todas as mensagens automáticas param imediatamente, para todos os clientes. As mensagens enviadas pelos operadores continuam funcionando.',
    label: 'Desligar',
    color: 'error',
  },
  ligar: {
    title: 'Ligar o envio automático?',
    message:
      'A régua volta a enviar dentro da janela de envio. Etapas perdidas enquanto esteve desligado não saem em massa: cada cliente recebe só a mais recente.',
    label: 'Ligar',
    color: 'primary',
  },
} as const;

/** The kill switch (docs/produto.md §16): stops or resumes every automatic message, after confirmation. */
export const KillSwitchCard = () => {
  const titleId = useId();
  const saude = useSaude();
  const definirAutomacao = useSetAutomacao();
  // The state asked for, kept while the dialog fades out; `confirming` says whether it is open.
  const [pedido, setPedido] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const ativa = saude.data?.automacao_ativa;
  const pergunta = PERGUNTAS[pedido ? 'ligar' : 'desligar'];

  const confirm = () =>
    definirAutomacao.mutate(
      { ativa: pedido },
      {
        onSuccess: (result) =>
          notify.success(result.ativa ? 'Envio automático ligado.' : 'Envio automático desligado.'),
        onError: (error) => notify.error(errorMessage(error, 'Não foi possível alterar o envio automático.')),
        onSettled: () => setConfirming(false),
      },
    );

  return (
    <Paper variant="outlined" component="section" aria-labelledby={titleId} sx={{ p: { xs: 2, md: 3 } }}>
      <Typography id={titleId} component="h3" variant="h6">
        Envio automático
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        Chave geral da régua de cobrança.
      </Typography>
      {ativa === undefined ? (
        <Skeleton variant="rounded" height={40} aria-label="Carregando estado do envio automático" />
      ) : (
        <FormControlLabel
          label="Envio automático"
          control={
            <Switch
              checked={ativa}
              color="success"
              disabled={definirAutomacao.isPending}
              onChange={(_event, on) => {
                setPedido(on);
                setConfirming(true);
              }}
            />
          }
        />
      )}
      {ativa === false && (
        <Alert severity="warning" sx={{ mt: 1 }}>
          Desligado: nenhuma mensagem automática está saindo.
        </Alert>
      )}
      {ativa === true && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          Ligado: a régua envia as mensagens devidas dentro da janela de envio.
        </Typography>
      )}
      <ConfirmDialog
        open={confirming}
        title={pergunta.title}
        message={pergunta.message}
        confirmLabel={pergunta.label}
        confirmColor={pergunta.color}
        loading={definirAutomacao.isPending}
        onConfirm={confirm}
        onClose={() => setConfirming(false)}
      />
    </Paper>
  );
};
