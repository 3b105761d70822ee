import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { ptBR } from '@mui/x-date-pickers/locales';
import 'dayjs/locale/pt-br';
import type { ReactNode } from 'react';

const localeText = ptBR.components.MuiLocalizationProvider.defaultProps.localeText;

/** Date inputs in pt-BR (dd/mm/aaaa, Portuguese month and day names); lives in the signed-in chunk. */
export const DateLocalization = ({ children }: { children: ReactNode }) => (
  <LocalizationProvider dateAdapter={AdapterDayjs} adapterLocale="pt-br" localeText={localeText}>
    {children}
  </LocalizationProvider>
);
