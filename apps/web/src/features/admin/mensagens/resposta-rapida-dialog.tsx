import {
  RESPOSTA_RAPIDA_PLACEHOLDERS,
  type RespostaRapidaView,
  renderTemplate,
  respostaRapidaBody,
  TEMPLATE_EXEMPLO,
} from '@cobranca/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useForm } from 'react-hook-form';
import { CampoTextoLongo } from '../../../components/campo-texto-longo.tsx';
import { FormDialog } from '../../../components/form-dialog.tsx';
import { formDialogCallbacks } from '../../../components/report-form-error.ts';
import { useSalvarRespostaRapida } from '../api/respostas-rapidas.ts';

const FIELDS = ['atalho', 'texto'] as const;
const MARCADORES = RESPOSTA_RAPIDA_PLACEHOLDERS.map((n) => `{{${n}}}`).join(', ');
// In a conversation {{nome}} is the first name (docs/produto.md §13).
const EXEMPLO = { ...TEMPLATE_EXEMPLO, nome: 'Maria' };

/** Create (no `resposta`) or edit one quick reply, with a preview on sample data. */
export const RespostaRapidaDialog = ({
  resposta,
  onClose,
}: {
  resposta?: RespostaRapidaView;
  onClose: () => void;
}) => {
  const mutation = useSalvarRespostaRapida();
  const {
    register,
    handleSubmit,
    setError,
    watch,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(respostaRapidaBody),
    defaultValues: { atalho: resposta?.atalho ?? '', texto: resposta?.texto ?? '' },
  });
  const texto = watch('texto');

  const onSubmit = handleSubmit((body) =>
    mutation.mutate(
      { id: resposta?.id, body },
      formDialogCallbacks({
        success: resposta ? 'Resposta rápida alterada.' : 'Resposta rápida criada.',
        onClose,
        setError,
        fields: FIELDS,
        fallback: 'Não foi possível salvar a resposta rápida.',
      }),
    ),
  );

  return (
    <FormDialog
      title={resposta ? `Editar /${resposta.atalho}` : 'Nova resposta rápida'}
      submitLabel={mutation.isPending ? 'Salvando…' : 'Salvar'}
      pending={mutation.isPending}
      onSubmit={onSubmit}
      onClose={onClose}
    >
      <TextField
        {...register('atalho')}
        label="Atalho"
        required
        fullWidth
        margin="dense"
        autoFocus
        error={Boolean(errors.atalho)}
        helperText={errors.atalho?.message ?? 'O operador digita "/" e o atalho. Ex.: saudacao, segunda-via.'}
        slotProps={{ htmlInput: { autoCapitalize: 'none', spellCheck: false } }}
      />
      <CampoTextoLongo
        {...register('texto')}
        label="Texto"
        erro={errors.texto}
        ajuda={`Marcadores: ${MARCADORES}. {{nome}} é o primeiro nome.`}
      />
      {texto.trim() && !errors.texto && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1, whiteSpace: 'pre-wrap' }}>
          <strong>Exemplo:</strong> {renderTemplate(texto, EXEMPLO)}
        </Typography>
      )}
    </FormDialog>
  );
};
