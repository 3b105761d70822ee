import type { ClienteDetalhe, CobrancaPixStatus, CobrancaPixView, PixProvedor } from '@cobranca/contracts';
import { formatarValorEmReais } from '@cobranca/dominio';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import PaidIcon from '@mui/icons-material/Paid';
import SendIcon from '@mui/icons-material/Send';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip, { type ChipProps } from '@mui/material/Chip';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { BusyButton } from '../../../components/busy-button.tsx';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { copiarTexto } from '../../../components/copiar-texto.ts';
import { notify } from '../../../components/snackbar/snackbar-store.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { formatarData, formatarDataHora } from '../../../lib/format.ts';
import { useSimularPagamentoPix } from '../api/cobrancas-pix.ts';
import { useEnviarMensagem } from '../api/mensagens.ts';
import { bloqueioDoComposer } from './mensagem-composer.tsx';
import { QrCodePix } from './qr-code-pix.tsx';

const STATUS: Record<CobrancaPixStatus, { label: string; color: ChipProps['color'] }> = {
  ativa: { label: 'Ativa', color: 'primary' },
  paga: { label: 'Paga', color: 'success' },
  removida: { label: 'Removida', color: 'default' },
  expirada: { label: 'Expirada', color: 'warning' },
};

export const mensagemCopiaECola = (codigo: string) =>
  `Para pagar pelo PIX, use o código abaixo (copia e cola):\n${codigo}`;

const TIPOS: Record<CobrancaPixView['tipo'], string> = {
  cob: 'Imediata',
  cobv: 'Com vencimento',
  cobr: 'Débito automático (PIX Automático)',
};

const detalhes = (c: CobrancaPixView): string[] => [
  TIPOS[c.tipo],
  ...(c.vencimento ? [`vence em ${formatarData(c.vencimento)}`] : []),
  c.paga_em ? `paga em ${formatarDataHora(c.paga_em)}` : `criada em ${formatarDataHora(c.created_at)}`,
  ...(c.status === 'ativa' ? [`válida até ${formatarDataHora(c.valida_ate)}`] : []),
];

type Props = { cobranca: CobrancaPixView; cliente: ClienteDetalhe; provedor: PixProvedor };

/** The code as text, read-only, for an operator who would rather select it by hand. */
const CopiaECola = ({ codigo }: { codigo: string }) => (
  <TextField
    label="PIX copia e cola"
    value={codigo}
    multiline
    fullWidth
    size="small"
    slotProps={{
      htmlInput: {
        readOnly: true,
        spellCheck: false,
        sx: { fontFamily: 'monospace', fontSize: 13, wordBreak: 'break-all' },
      },
    }}
  />
);

/**
 * The simulator's stand-in for the customer paying, after a confirmation. Kept mounted with the charge
 * rather than its buttons: the paid charge loses them before the mutation reports back.
 */
const SimularPagamentoDialog = ({
  cobranca,
  cliente,
  open,
  onClose,
}: Omit<Props, 'provedor'> & { open: boolean; onClose: () => void }) => {
  const simular = useSimularPagamentoPix(cliente.id);
  const onSimular = () =>
    simular.mutate(cobranca.txid, {
      onSuccess: ({ cobranca: paga }) => {
        onClose();
        notify.success(`Pagamento PIX de ${formatarValorEmReais(paga.valor)} registrado.`);
      },
      onError: (error) => {
        onClose();
        notify.error(errorMessage(error, 'Não foi possível simular o pagamento.'));
      },
    });
  return (
    <ConfirmDialog
      open={open}
      title="Simular pagamento PIX"
      message={`Simular o pagamento de ${formatarValorEmReais(cobranca.valor)}? O sistema registra o pagamento como se o PSP o tivesse confirmado.`}
      confirmLabel="Simular pagamento"
      loading={simular.isPending}
      onConfirm={onSimular}
      onClose={onClose}
    />
  );
};

/**
 * One charge; an active one shows its QR Code and copia e cola, to copy or send in the conversation, and
 * with the simulator a way to pay it (docs/produto.md §21).
 */
export const CobrancaPixItem = ({ cobranca, cliente, provedor }: Props) => {
  const tituloId = useId();
  const [confirmar, setConfirmar] = useState(false);
  const enviar = useEnviarMensagem(cliente.id);
  // The same rules as the message box: taken over, no opt-out, a phone to write to.
  const bloqueio = bloqueioDoComposer(cliente);
  const valor = formatarValorEmReais(cobranca.valor);
  const status = STATUS[cobranca.status];
  // A recurring charge has nothing to copy: the customer's bank debits it.
  const codigo = cobranca.status === 'ativa' ? cobranca.pix_copia_e_cola : null;

  const onEnviar = (texto: string) =>
    enviar.mutate(
      { conteudo: mensagemCopiaECola(texto) },
      {
        onSuccess: () => notify.success('Código PIX enviado no chat.'),
        onError: (error) => notify.error(errorMessage(error, 'Não foi possível enviar a mensagem.')),
      },
    );

  return (
    <Box
      component="li"
      aria-labelledby={tituloId}
      sx={{ listStyle: 'none', py: 2, borderTop: 1, borderColor: 'divider', minWidth: 0 }}
    >
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
        <Typography id={tituloId} component="h4" variant="subtitle2" sx={{ fontSize: 16 }}>
          {valor}
        </Typography>
        <Chip size="small" variant="outlined" color={status.color} label={status.label} />
      </Box>
      <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
        {detalhes(cobranca).join(' · ')}
      </Typography>
      {codigo && (
        <Box
          sx={{
            display: 'grid',
            gap: 2,
            mt: 1.5,
            gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: '180px minmax(0, 1fr)' },
            justifyItems: { xs: 'center', sm: 'stretch' },
          }}
        >
          <QrCodePix codigo={codigo} alt={`QR Code PIX de ${valor}`} />
          <Box sx={{ minWidth: 0, width: '100%' }}>
            <CopiaECola codigo={codigo} />
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 1 }}>
              <Button
                size="small"
                variant="outlined"
                startIcon={<ContentCopyIcon />}
                onClick={() => void copiarTexto(codigo, 'Código PIX copiado.')}
              >
                Copiar código
              </Button>
              <BusyButton
                size="small"
                variant="outlined"
                startIcon={<SendIcon />}
                busy={enviar.isPending}
                disabled={Boolean(bloqueio)}
                title={bloqueio ?? undefined}
                onClick={() => onEnviar(codigo)}
              >
                Enviar no chat
              </BusyButton>
              {provedor === 'simulador' && (
                <Button
                  size="small"
                  color="secondary"
                  startIcon={<PaidIcon />}
                  onClick={() => setConfirmar(true)}
                >
                  Simular pagamento PIX
                </Button>
              )}
            </Box>
            {bloqueio && (
              <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 0.5 }}>
                {bloqueio}
              </Typography>
            )}
          </Box>
        </Box>
      )}
      <SimularPagamentoDialog
        cobranca={cobranca}
        cliente={cliente}
        open={confirmar}
        onClose={() => setConfirmar(false)}
      />
    </Box>
  );
};
