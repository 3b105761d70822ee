import { ptBR } from '@mui/material/locale';
import { createTheme } from '@mui/material/styles';

declare module '@mui/material/styles' {
  interface Palette {
    accent: Palette['primary'];
  }
  interface PaletteOptions {
    accent?: PaletteOptions['primary'];
  }
}

/** SPEC §9 colours, pt-BR component texts. */
export const theme = createTheme(
  {
    palette: {
      primary: { main: '#1976D2' },
      secondary: { main: '#424242' },
      accent: { main: '#82B1FF', contrastText: '#0D2C5C' },
      error: { main: '#FF5252' },
      info: { main: '#2196F3' },
      success: { main: '#4CAF50' },
      warning: { main: '#FFC107' },
      background: { default: '#F5F7FA' },
    },
    typography: { fontFamily: 'Roboto, "Helvetica Neue", Arial, sans-serif' },
    shape: { borderRadius: 8 },
  },
  ptBR,
);
