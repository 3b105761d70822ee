import { TEMPLATE_PLACEHOLDERS, type TemplatePlaceholder } from '@cobranca/contracts';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { PLACEHOLDER_DESCRICOES } from './template-labels.ts';

/** Why SMS refuses {{pix}} (the same words as the contract's check). */
export const SMS_SEM_PIX = 'O SMS não leva o PIX copia e cola: use {{link}} para o portal.';

/**
 * One chip per placeholder; clicking inserts it where the caret is in the text field. With `semPix` (the
 * SMS) the {{pix}} chip is off, and the reason is said below.
 */
export const PlaceholderChips = ({
  onInsert,
  semPix = false,
}: {
  onInsert: (name: TemplatePlaceholder) => void;
  semPix?: boolean;
}) => {
  const labelId = useId();
  return (
    <Box role="group" aria-labelledby={labelId} sx={{ mt: 1.5 }}>
      <Typography id={labelId} variant="caption" color="text.secondary" component="p" sx={{ mb: 0.5 }}>
        Inserir marcador na posição do cursor
      </Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.75 }}>
        {TEMPLATE_PLACEHOLDERS.map((name) =>
          semPix && name === 'pix' ? (
            <Chip
              key={name}
              label={`{{${name}}}`}
              size="small"
              variant="outlined"
              disabled
              sx={{ fontFamily: 'monospace' }}
            />
          ) : (
            <Tooltip key={name} title={PLACEHOLDER_DESCRICOES[name]} describeChild>
              <Chip
                label={`{{${name}}}`}
                size="small"
                variant="outlined"
                color="primary"
                onClick={() => onInsert(name)}
                // Keeps the text field focused (and its selection) when clicked with the mouse.
                onMouseDown={(event) => event.preventDefault()}
                sx={{ fontFamily: 'monospace' }}
              />
            </Tooltip>
          ),
        )}
      </Box>
      {semPix && (
        <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 0.5 }}>
          {SMS_SEM_PIX}
        </Typography>
      )}
    </Box>
  );
};
