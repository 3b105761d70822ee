import TextField, { type TextFieldProps } from '@mui/material/TextField';
import type { ReactNode } from 'react';
import type { FieldError } from 'react-hook-form';

type CampoTextoLongoProps = Omit<TextFieldProps, 'error' | 'helperText' | 'multiline'> & {
  erro: FieldError | undefined;
  /** Below the field while it has no error (the placeholders, a character count). */
  ajuda: ReactNode;
};

/**
 * The required free text of a dialog form (a quick reply, a simulated customer reply): three lines to
 * start with, growing to ten before it scrolls; its error replaces the help below it.
 */
export const CampoTextoLongo = ({ erro, ajuda, ...props }: CampoTextoLongoProps) => (
  <TextField
    {...props}
    required
    multiline
    minRows={3}
    maxRows={10}
    fullWidth
    margin="dense"
    error={Boolean(erro)}
    helperText={erro?.message ?? ajuda}
  />
);
