import { renderTemplate, TEMPLATE_EXEMPLO } from '@cobranca/contracts';
import DoneAllIcon from '@mui/icons-material/DoneAll';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useId } from 'react';

/** The message as the customer would see it, filled with sample data, in a WhatsApp-like bubble. */
export const TemplatePreview = ({ texto }: { texto: string }) => {
  const titleId = useId();
  const rendered = renderTemplate(texto, TEMPLATE_EXEMPLO);
  return (
    <Box
      component="section"
      aria-labelledby={titleId}
      sx={{ bgcolor: '#ECE5DD', borderRadius: 2, p: { xs: 1.5, sm: 2 }, minHeight: 160 }}
    >
      <Typography id={titleId} variant="overline" component="h4" sx={{ color: '#54656F', lineHeight: 1.5 }}>
        Pré-visualização
      </Typography>
      <Typography variant="caption" component="p" sx={{ color: '#54656F', mb: 1.5 }}>
        Com dados de exemplo ({TEMPLATE_EXEMPLO.nome}, {TEMPLATE_EXEMPLO.valor}).
      </Typography>
      <Box
        data-testid="preview-bubble"
        sx={{
          bgcolor: '#D9FDD3',
          color: '#111B21',
          borderRadius: '8px 0 8px 8px',
          boxShadow: '0 1px 0.5px rgba(11, 20, 26, 0.13)',
          ml: 'auto',
          maxWidth: { xs: '100%', sm: '90%' },
          px: 1.5,
          py: 1,
          whiteSpace: 'pre-wrap',
          overflowWrap: 'anywhere',
          fontSize: 14.2,
        }}
      >
        {rendered || (
          <Box component="em" sx={{ color: 'text.secondary' }}>
            A mensagem aparece aqui.
          </Box>
        )}
        <Box
          component="span"
          aria-hidden
          sx={{ display: 'flex', justifyContent: 'flex-end', alignItems: 'center', gap: 0.5, mt: 0.5 }}
        >
          <Typography variant="caption" sx={{ color: '#54656F', fontSize: 11 }}>
            09:30
          </Typography>
          <DoneAllIcon sx={{ fontSize: 16, color: '#53BDEB' }} />
        </Box>
      </Box>
    </Box>
  );
};
