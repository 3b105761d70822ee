import { renderTemplate, TEMPLATE_EXEMPLO } from '@cobranca/contracts';
import { paraGsm7 } from '@cobranca/dominio';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { type ReactNode, useId } from 'react';

const Moldura = ({ children }: { children: ReactNode }) => {
  const titleId = useId();
  return (
    <Box
      component="section"
      aria-labelledby={titleId}
      sx={{ bgcolor: 'grey.100', borderRadius: 2, p: { xs: 1.5, sm: 2 } }}
    >
      <Typography id={titleId} variant="overline" component="h4" sx={{ lineHeight: 1.5 }}>
        Pré-visualização
      </Typography>
      <Typography variant="caption" component="p" color="text.secondary" sx={{ mb: 1.5 }}>
        Com dados de exemplo ({TEMPLATE_EXEMPLO.nome}, {TEMPLATE_EXEMPLO.valor}).
      </Typography>
      {children}
    </Box>
  );
};

const Vazio = ({ texto }: { texto: string }) => (
  <Box component="em" sx={{ color: 'text.secondary' }}>
    {texto}
  </Box>
);

/** The e-mail as the customer's inbox shows it: subject, then the body, filled with sample data. */
export const EmailPreview = ({ assunto, texto }: { assunto: string; texto: string }) => (
  <Moldura>
    <Paper variant="outlined" data-testid="preview-email" sx={{ p: 2, overflowWrap: 'anywhere' }}>
      <Typography variant="subtitle2" component="p">
        {renderTemplate(assunto, TEMPLATE_EXEMPLO) || <Vazio texto="(assunto padrão)" />}
      </Typography>
      <Typography variant="caption" color="text.secondary" component="p" sx={{ mb: 1 }}>
        Para: {TEMPLATE_EXEMPLO.nome}
      </Typography>
      <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap' }}>
        {renderTemplate(texto, TEMPLATE_EXEMPLO) || <Vazio texto="O texto do e-mail aparece aqui." />}
      </Typography>
    </Paper>
  </Moldura>
);

/** The SMS in a phone-like bubble, filled with sample data. */
export const SmsPreview = ({ texto }: { texto: string }) => (
  <Moldura>
    <Box
      data-testid="preview-sms"
      sx={{
        bgcolor: 'background.paper',
        border: 1,
        borderColor: 'divider',
        borderRadius: '16px 16px 16px 4px',
        px: 1.5,
        py: 1,
        maxWidth: { xs: '100%', sm: '90%' },
        whiteSpace: 'pre-wrap',
        overflowWrap: 'anywhere',
        fontSize: 14,
      }}
    >
      {paraGsm7(renderTemplate(texto, TEMPLATE_EXEMPLO)) || <Vazio texto="O SMS aparece aqui." />}
    </Box>
  </Moldura>
);
