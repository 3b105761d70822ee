import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { DraftErrors, TemplateDraft } from './template-draft.ts';

type Props = {
  draft: TemplateDraft;
  errors: DraftErrors;
  onChange: (patch: Partial<TemplateDraft>) => void;
};

/** The Meta-approved template used instead of free text outside the 24-hour window. */
export const WhatsappTemplateFields = ({ draft, errors, onChange }: Props) => (
  <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, mt: 3 }}>
    <Typography component="legend" variant="subtitle2" sx={{ p: 0 }}>
      Template aprovado no WhatsApp (opcional)
    </Typography>
    <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
      Fora da janela de 24 horas desde a última mensagem do cliente, o WhatsApp só entrega templates aprovados
      pela Meta. Informe o nome e o idioma do template equivalente a esta mensagem.
    </Typography>
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '2fr 1fr' } }}>
      <TextField
        label="Nome do template na Meta"
        value={draft.nome}
        onChange={(event) => onChange({ nome: event.target.value })}
        error={Boolean(errors.nome?.length)}
        helperText={errors.nome?.join(' ') ?? 'Ex.: lembrete_vencimento. Em branco: sem template.'}
        size="small"
        fullWidth
        slotProps={{ htmlInput: { autoComplete: 'off', spellCheck: false } }}
      />
      <TextField
        label="Idioma do template"
        value={draft.idioma}
        onChange={(event) => onChange({ idioma: event.target.value })}
        error={Boolean(errors.idioma?.length)}
        helperText={errors.idioma?.join(' ') ?? 'Ex.: pt_BR'}
        size="small"
        fullWidth
        slotProps={{ htmlInput: { autoComplete: 'off', spellCheck: false } }}
      />
    </Box>
  </Box>
);
