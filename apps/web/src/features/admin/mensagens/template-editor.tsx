import type { TemplatePlaceholder, TemplateTipo, TemplateView } from '@cobranca/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type SyntheticEvent, useLayoutEffect, useRef, useState } from 'react';
import { SaveButton } from '../../../components/busy-button.tsx';
import { notify } from '../../../components/snackbar/snackbar-store.ts';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import { formatarDataHora } from '../../../lib/format.ts';
import { useSaveTemplate } from '../api/templates.ts';
import { PlaceholderChips } from './placeholder-chips.tsx';
import {
  avisosOf,
  BODY_FIELDS,
  type DraftErrors,
  draftErrors,
  draftOf,
  hasErrors,
  sameDraft,
  type TemplateDraft,
  toBody,
} from './template-draft.ts';
import { TIPO_LABELS } from './template-labels.ts';
import { TemplatePreview } from './template-preview.tsx';
import { TemplateStats } from './template-stats.tsx';
import { WhatsappTemplateFields } from './whatsapp-template-fields.tsx';

const MAX_CHARS = 4096;

type Props = {
  tipo: TemplateTipo;
  saved: TemplateView;
  /** The unsaved edit, if any; the page keeps it so switching tabs does not lose it. */
  draft: TemplateDraft | undefined;
  onDraftChange: (draft: TemplateDraft | undefined) => void;
};

// One message per line inside the helper text (a <p>, so only inline elements).
const lines = (messages: string[]) =>
  messages.map((message) => (
    <Box component="span" key={message} sx={{ display: 'block' }}>
      {message}
    </Box>
  ));

/** Which 422 messages belong to an editor field; the rest can only go to the snackbar. */
const serverFieldErrors = (error: unknown): DraftErrors => {
  if (!(error instanceof ApiError)) return {};
  const placed: DraftErrors = {};
  for (const [key, messages] of Object.entries(error.errors)) {
    const field = BODY_FIELDS[key];
    if (field) placed[field] = messages;
  }
  return placed;
};

/**
 * Placeholder chips insert at the caret (or over the selection) of the text field, then hand the focus
 * back with the caret right after what they inserted.
 */
const useInsercaoNoCursor = (texto: string, onTexto: (texto: string) => void) => {
  const inputRef = useRef<HTMLTextAreaElement>(null);
  // Last known caret/selection; null until the admin touches the field (then chips append at the end).
  const selection = useRef<{ start: number; end: number } | null>(null);
  const pendingCaret = useRef<number | null>(null);

  const rememberSelection = (event: SyntheticEvent) => {
    const field = event.target;
    if (!(field instanceof HTMLTextAreaElement)) return;
    selection.current = { start: field.selectionStart, end: field.selectionEnd };
  };

  const insert = (name: TemplatePlaceholder) => {
    const token = `{{${name}}}`;
    const { start, end } = selection.current ?? { start: texto.length, end: texto.length };
    pendingCaret.current = start + token.length;
    selection.current = { start: start + token.length, end: start + token.length };
    onTexto(texto.slice(0, start) + token + texto.slice(end));
  };

  useLayoutEffect(() => {
    const caret = pendingCaret.current;
    if (caret === null || !inputRef.current) return;
    pendingCaret.current = null;
    inputRef.current.focus();
    inputRef.current.setSelectionRange(caret, caret);
  });

  return { inputRef, rememberSelection, insert };
};

/** The CDC warnings about the text as typed (the server stores it anyway). */
const AvisosCdc = ({ avisos }: { avisos: string[] }) =>
  avisos.length > 0 && (
    <Box sx={{ display: 'grid', gap: 1, mt: 2 }}>
      {avisos.map((aviso) => (
        <Alert key={aviso} severity="warning">
          {aviso}
        </Alert>
      ))}
    </Box>
  );

export const TemplateEditor = ({ tipo, saved, draft, onDraftChange }: Props) => {
  const label = TIPO_LABELS[tipo];
  const current = draft ?? draftOf(saved);
  const dirty = !sameDraft(current, draftOf(saved));
  const [serverErrors, setServerErrors] = useState<DraftErrors>({});
  const save = useSaveTemplate();

  const clientErrors = draftErrors(tipo, current);
  const errors: DraftErrors = {
    texto: [...(clientErrors.texto ?? []), ...(serverErrors.texto ?? [])],
    nome: clientErrors.nome ?? serverErrors.nome,
    idioma: clientErrors.idioma ?? serverErrors.idioma,
  };

  const change = (patch: Partial<TemplateDraft>) => {
    const next = { ...current, ...patch };
    setServerErrors({});
    onDraftChange(sameDraft(next, draftOf(saved)) ? undefined : next);
  };

  const { inputRef, rememberSelection, insert } = useInsercaoNoCursor(current.texto, (texto) =>
    change({ texto }),
  );

  const onSave = () =>
    save.mutate(
      { tipo, body: toBody(current) },
      {
        onSuccess: (view) => {
          onDraftChange(undefined);
          if (view.avisos.length > 0)
            notify.warning(`Modelo "${label}" salvo, mas com avisos do CDC. Revise o texto.`);
          else notify.success(`Modelo "${label}" salvo.`);
        },
        onError: (error) => {
          setServerErrors(serverFieldErrors(error));
          notify.error(errorMessage(error, `Não foi possível salvar o modelo "${label}".`));
        },
      },
    );

  const textoErrors = errors.texto ?? [];
  return (
    <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: '3fr 2fr' } }}>
      <Box sx={{ minWidth: 0 }}>
        <TextField
          label="Texto da mensagem"
          value={current.texto}
          onChange={(event) => {
            rememberSelection(event);
            change({ texto: event.target.value });
          }}
          inputRef={inputRef}
          multiline
          minRows={6}
          maxRows={18}
          fullWidth
          slotProps={{ htmlInput: { onSelect: rememberSelection } }}
          error={textoErrors.length > 0}
          helperText={
            textoErrors.length > 0 ? lines(textoErrors) : `${current.texto.length}/${MAX_CHARS} caracteres`
          }
        />
        <PlaceholderChips onInsert={insert} />
        <AvisosCdc avisos={avisosOf(current, saved)} />
        <WhatsappTemplateFields draft={current} errors={errors} onChange={change} />
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, mt: 3 }}>
          <Typography variant="caption" color="text.secondary" sx={{ flexGrow: 1 }}>
            {dirty
              ? 'Alterações não salvas.'
              : saved.updated_at
                ? `Salvo em ${formatarDataHora(saved.updated_at)}.`
                : 'Texto padrão do sistema.'}
          </Typography>
          {dirty && (
            <Button onClick={() => change(draftOf(saved))} disabled={save.isPending}>
              Descartar
            </Button>
          )}
          <SaveButton onClick={onSave} saving={save.isPending} disabled={!dirty || hasErrors(clientErrors)} />
        </Box>
      </Box>
      <Box sx={{ minWidth: 0 }}>
        <TemplatePreview texto={current.texto} />
        <TemplateStats estatisticas={saved.estatisticas} />
      </Box>
    </Box>
  );
};
