import type { WhatsappSettingsView } from '@cobranca/contracts';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { copiarTexto } from '../../../components/copiar-texto.ts';

const CopyField = ({
  label,
  copyLabel,
  value,
}: {
  label: string;
  copyLabel: string;
  value: string | null;
}) => (
  <TextField
    label={label}
    value={value ?? ''}
    placeholder="Não definido"
    fullWidth
    margin="normal"
    slotProps={{
      htmlInput: { readOnly: true, spellCheck: false },
      input: {
        sx: { fontFamily: 'monospace', fontSize: 14 },
        endAdornment: (
          <InputAdornment position="end">
            <Tooltip title="Copiar" describeChild>
              <span>
                <IconButton
                  aria-label={copyLabel}
                  onClick={() => value && void copiarTexto(value)}
                  disabled={!value}
                  edge="end"
                >
                  <ContentCopyIcon fontSize="small" />
                </IconButton>
              </span>
            </Tooltip>
          </InputAdornment>
        ),
      },
    }}
  />
);

/** What to paste into the Meta app's webhook settings. */
export const WebhookCard = ({ view }: { view: WhatsappSettingsView }) => {
  const titleId = useId();
  return (
    <Paper variant="outlined" component="section" aria-labelledby={titleId} sx={{ p: { xs: 2, md: 3 } }}>
      <Typography id={titleId} component="h3" variant="h6">
        Webhook
      </Typography>
      <Typography variant="body2" color="text.secondary">
        No painel da Meta (WhatsApp › Configuração › Webhook), informe esta URL de retorno e este token de
        verificação, e assine o campo <strong>messages</strong>.
      </Typography>
      <CopyField label="URL do webhook" copyLabel="Copiar URL do webhook" value={view.webhook_url} />
      <CopyField
        label="Token de verificação"
        copyLabel="Copiar token de verificação"
        value={view.webhook_verify_token}
      />
    </Paper>
  );
};
