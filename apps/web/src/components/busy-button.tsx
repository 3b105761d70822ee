import Button, { type ButtonProps } from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';

type BusyButtonProps = ButtonProps & {
  /** The action it started is running: disabled, with a spinner in place of the start icon. */
  busy: boolean;
};

/** A button whose action runs on the server: it shows a spinner and cannot be pressed again meanwhile. */
export const BusyButton = ({ busy, disabled, startIcon, ...props }: BusyButtonProps) => (
  <Button
    {...props}
    disabled={busy || disabled}
    startIcon={busy ? <CircularProgress size={16} color="inherit" aria-hidden /> : startIcon}
  />
);

/** The contained "Salvar" of a form; "Salvando…" while the save runs. */
export const SaveButton = ({
  saving,
  ...props
}: Omit<ButtonProps, 'children' | 'variant' | 'startIcon'> & { saving: boolean }) => (
  <BusyButton {...props} variant="contained" busy={saving}>
    {saving ? 'Salvando…' : 'Salvar'}
  </BusyButton>
);

/**
 * "Descartar alterações" and "Salvar" (the submit) of a settings form: both off while nothing has
 * changed or a save runs.
 */
export const DiscardSaveButtons = ({
  dirty,
  saving,
  onDiscard,
}: {
  dirty: boolean;
  saving: boolean;
  onDiscard: () => void;
}) => (
  <>
    <Button onClick={onDiscard} disabled={!dirty || saving}>
      Descartar alterações
    </Button>
    <SaveButton type="submit" saving={saving} disabled={!dirty} />
  </>
);
