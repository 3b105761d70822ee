import { TEMPLATE_PLACEHOLDERS, type TemplatePlaceholder } from '@cobranca/contracts';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { PLACEHOLDER_DESCRICOES } from './template-labels.ts';

/** One chip per placeholder; clicking inserts it where the caret is in the text field. */
export const PlaceholderChips = ({ onInsert }: { onInsert: (name: TemplatePlaceholder) => void }) => {
  const labelId = useId();
  return (
    <Box role="group" aria-labelledby={labelId} sx={{ mt: 1.5 }}>
      <Typography id={labelId} variant="caption" color="text.secondary" component="p" sx={{ mb: 0.5 }}>
        Inserir marcador na posição do cursor
      </Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.75 }}>
        {TEMPLATE_PLACEHOLDERS.map((name) => (
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
        ))}
      </Box>
    </Box>
  );
};
