import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { type BaseSyntheticEvent, type ReactNode, useId, useRef } from 'react';
import {
  Controller,
  type FieldValues,
  type Path,
  type Resolver,
  type UseFormReturn,
  useForm,
} from 'react-hook-form';
import { DiscardSaveButtons } from '../../../components/busy-button.tsx';
import { DescribedRadioGroup, type RadioOption } from '../../../components/described-radio-group.tsx';

/**
 * The form of a settings screen: a refetch updates only the fields the admin has not touched, while
 * `reset` (after a save, or on discard) drops the edits. The resolver reads the stored view through a
 * getter, so a refetch between renders is what it checks against (write-only secrets kept, say).
 */
export const useSettingsForm = <V, F extends FieldValues, B>(
  view: V,
  toForm: (view: V) => F,
  resolver: (stored: () => V) => Resolver<F, unknown, B>,
) => {
  const stored = useRef(view);
  stored.current = view;
  const form = useForm<F, unknown, B>({
    resolver: resolver(() => stored.current),
    values: toForm(view),
    resetOptions: { keepDirtyValues: true },
  });
  // `resetOptions` also applies to explicit resets, where the admin's edits must go.
  const reset = (values?: F) => form.reset(values, { keepDirtyValues: false });
  return { form, reset };
};

type ProviderSettingsFormProps<F extends FieldValues & { provedor: string }, B> = {
  title: string;
  /** The accessible name of the provider radios. */
  providerLabel: string;
  options: readonly RadioOption<F['provedor']>[];
  /** What useSettingsForm returns: the form, and the reset that "Descartar alterações" runs. */
  form: UseFormReturn<F, unknown, B>;
  reset: () => void;
  onSubmit: (event?: BaseSyntheticEvent) => Promise<void>;
  saving: boolean;
  /** The chosen provider's own fields, below the choice. */
  children: ReactNode;
};

/** An integration's settings card (WhatsApp, PIX): the provider choice, its fields, discard and save. */
export const ProviderSettingsForm = <F extends FieldValues & { provedor: string }, B>({
  title,
  providerLabel,
  options,
  form,
  reset,
  onSubmit,
  saving,
  children,
}: ProviderSettingsFormProps<F, B>) => {
  const titleId = useId();
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 } }}>
      <Typography id={titleId} component="h3" variant="h6" sx={{ mb: 2 }}>
        {title}
      </Typography>
      <Box component="form" onSubmit={onSubmit} noValidate aria-labelledby={titleId}>
        <Controller
          name={'provedor' as Path<F>}
          control={form.control}
          render={({ field }) => (
            <DescribedRadioGroup {...field} aria-label={providerLabel} options={options} />
          )}
        />
        {children}
        <Box sx={{ display: 'flex', flexWrap: 'wrap', justifyContent: 'flex-end', gap: 1, mt: 3 }}>
          <DiscardSaveButtons dirty={form.formState.isDirty} saving={saving} onDiscard={() => reset()} />
        </Box>
      </Box>
    </Paper>
  );
};
