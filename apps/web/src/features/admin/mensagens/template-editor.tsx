import {
  renderTemplate,
  TEMPLATE_EXEMPLO,
  type TemplatePlaceholder,
  type TemplateTipo,
  type TemplateView,
} from '@cobranca/contracts';
import { paraGsm7, segmentosSms } from '@cobranca/dominio';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type ReactNode, type SyntheticEvent, useLayoutEffect, useRef, useState } from 'react';
import { SaveButton } from '../../../components/busy-button.tsx';
import { notify } from '../../../components/snackbar/snackbar-store.ts';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import { formatarDataHora } from '../../../lib/format.ts';
import { useSaveTemplate } from '../api/templates.ts';
import { EmailPreview, SmsPreview } from './canal-previews.tsx';
import { avisoSegmentos, descreverSegmentos } from './contador-sms.ts';
import { PlaceholderChips } from './placeholder-chips.tsx';
import {
  avisosOf,
  BODY_FIELDS,
  CAMPOS_DO_CANAL,
  type DraftErrors,
  type DraftField,
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
export const useInsercaoNoCursor = (texto: string, onTexto: (texto: string) => void) => {
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

type CanalModelo = keyof typeof CAMPOS_DO_CANAL;

// The WhatsApp template fields show their hint while there is no message.
const ouNada = (messages: string[]) => (messages.length > 0 ? messages : undefined);
const CANAIS_MODELO: readonly [CanalModelo, string][] = [
  ['whatsapp', 'WhatsApp'],
  ['email', 'E-mail'],
  ['sms', 'SMS'],
];

/** A template text with its placeholder chips, which insert at the caret. */
const CampoModelo = ({
  label,
  value,
  onChange,
  errors,
  helper,
  minRows = 6,
  semPix = false,
}: {
  label: string;
  value: string;
  onChange: (texto: string) => void;
  errors: string[];
  helper: ReactNode;
  minRows?: number;
  semPix?: boolean;
}) => {
  const { inputRef, rememberSelection, insert } = useInsercaoNoCursor(value, onChange);
  return (
    <>
      <TextField
        label={label}
        value={value}
        onChange={(event) => {
          rememberSelection(event);
          onChange(event.target.value);
        }}
        inputRef={inputRef}
        multiline
        minRows={minRows}
        maxRows={18}
        fullWidth
        slotProps={{ htmlInput: { onSelect: rememberSelection } }}
        error={errors.length > 0}
        helperText={errors.length > 0 ? lines(errors) : helper}
      />
      <PlaceholderChips onInsert={insert} semPix={semPix} />
    </>
  );
};

/** The SMS as it would go out with sample data: its GSM-7/UCS-2 count, and a warning past two parts. */
const SmsContador = ({ texto }: { texto: string }) => {
  const segmentos = segmentosSms(paraGsm7(renderTemplate(texto, TEMPLATE_EXEMPLO)));
  const aviso = avisoSegmentos(segmentos);
  return (
    <>
      <Typography variant="body2" aria-live="polite" sx={{ mt: 1 }}>
        {descreverSegmentos(segmentos)}{' '}
        <Typography component="span" variant="caption" color="text.secondary">
          (com os dados de exemplo)
        </Typography>
      </Typography>
      {aviso && (
        <Alert severity="warning" sx={{ mt: 1 }}>
          {aviso}
        </Alert>
      )}
    </>
  );
};

/**
 * One template type's texts, a tab per channel (WhatsApp, e-mail, SMS) with the same placeholders and a
 * live preview each; one save sends them all.
 */
export const TemplateEditor = ({ tipo, saved, draft, onDraftChange }: Props) => {
  const label = TIPO_LABELS[tipo];
  const current = draft ?? draftOf(saved);
  const dirty = !sameDraft(current, draftOf(saved));
  const [canal, setCanal] = useState<CanalModelo>('whatsapp');
  const [serverErrors, setServerErrors] = useState<DraftErrors>({});
  const save = useSaveTemplate();

  const clientErrors = draftErrors(tipo, current);
  const errorsOf = (field: DraftField): string[] => [
    ...(clientErrors[field] ?? []),
    ...(serverErrors[field] ?? []),
  ];

  const change = (patch: Partial<TemplateDraft>) => {
    const next = { ...current, ...patch };
    setServerErrors({});
    onDraftChange(sameDraft(next, draftOf(saved)) ? undefined : next);
  };

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

  const comErro = (c: CanalModelo) => CAMPOS_DO_CANAL[c].some((field) => errorsOf(field).length > 0);

  const painel = () => {
    if (canal === 'email')
      return {
        campos: (
          <>
            <TextField
              label="Assunto do e-mail"
              value={current.email_assunto}
              onChange={(event) => change({ email_assunto: event.target.value })}
              fullWidth
              error={errorsOf('email_assunto').length > 0}
              helperText={
                errorsOf('email_assunto').length > 0
                  ? lines(errorsOf('email_assunto'))
                  : 'Em branco: o assunto padrão.'
              }
              sx={{ mb: 2 }}
            />
            <CampoModelo
              label="Texto do e-mail"
              value={current.email_texto}
              onChange={(email_texto) => change({ email_texto })}
              errors={errorsOf('email_texto')}
              helper="Em branco: o texto padrão. O link de descadastro vai no rodapé de todo e-mail."
            />
          </>
        ),
        preview: <EmailPreview assunto={current.email_assunto} texto={current.email_texto} />,
      };
    if (canal === 'sms')
      return {
        campos: (
          <>
            <CampoModelo
              label="Texto do SMS"
              value={current.sms_texto}
              onChange={(sms_texto) => change({ sms_texto })}
              errors={errorsOf('sms_texto')}
              helper="Em branco: o texto padrão."
              minRows={4}
              semPix
            />
            <SmsContador texto={current.sms_texto} />
          </>
        ),
        preview: <SmsPreview texto={current.sms_texto} />,
      };
    return {
      campos: (
        <>
          <CampoModelo
            label="Texto da mensagem"
            value={current.texto}
            onChange={(texto) => change({ texto })}
            errors={errorsOf('texto')}
            helper={`${current.texto.length}/${MAX_CHARS} caracteres`}
          />
          <AvisosCdc avisos={avisosOf(current, saved)} />
          <WhatsappTemplateFields
            draft={current}
            errors={{ nome: ouNada(errorsOf('nome')), idioma: ouNada(errorsOf('idioma')) }}
            onChange={change}
          />
        </>
      ),
      preview: <TemplatePreview texto={current.texto} />,
    };
  };
  const { campos, preview } = painel();

  return (
    <>
      <Tabs
        value={canal}
        onChange={(_event, value: CanalModelo) => setCanal(value)}
        aria-label="Canal do modelo"
        sx={{ mb: 2, minHeight: 40, '& .MuiTab-root': { minHeight: 40 } }}
      >
        {CANAIS_MODELO.map(([value, rotulo]) => (
          <Tab
            key={value}
            value={value}
            id={`canal-${tipo}-${value}`}
            aria-controls={`canal-painel-${tipo}`}
            label={comErro(value) ? `${rotulo} (com erro)` : rotulo}
          />
        ))}
      </Tabs>
      <Box
        role="tabpanel"
        id={`canal-painel-${tipo}`}
        aria-labelledby={`canal-${tipo}-${canal}`}
        sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: '3fr 2fr' } }}
      >
        <Box sx={{ minWidth: 0 }}>
          {campos}
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
            <SaveButton
              onClick={onSave}
              saving={save.isPending}
              disabled={!dirty || hasErrors(clientErrors)}
            />
          </Box>
        </Box>
        <Box sx={{ minWidth: 0 }}>
          {preview}
          <TemplateStats estatisticas={saved.estatisticas} />
        </Box>
      </Box>
    </>
  );
};
