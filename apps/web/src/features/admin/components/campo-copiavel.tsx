import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import { copiarTexto } from '../../../components/copiar-texto.ts';

/** A read-only value the admin pastes elsewhere (a DNS panel, a provider's console), with its copy button. */
export const CampoCopiavel = ({
  label,
  copyLabel,
  value,
  helperText,
  multiline = false,
}: {
  label: string;
  copyLabel: string;
  value: string | null;
  helperText?: string;
  multiline?: boolean;
}) => (
  <TextField
    label={label}
    value={value ?? ''}
    placeholder="Não definido"
    helperText={helperText}
    fullWidth
    margin="normal"
    multiline={multiline}
    slotProps={{
      htmlInput: { readOnly: true, spellCheck: false },
      input: {
        sx: { fontFamily: 'monospace', fontSize: 14, wordBreak: 'break-all' },
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
