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

/** Colours of docs/decisions/010-accessible-colours.md, pt-BR component texts. */
export const theme = createTheme(
  {
    palette: {
      primary: { main: '#1976D2' },
      secondary: { main: '#424242' },
      accent: { main: '#82B1FF', contrastText: '#0D2C5C' },
      // SPEC's #FF5252 has 3.2:1 on white, too little for the error texts (WCAG 1.4.3 asks 4.5:1):
      // a darker red of the same hue (5:1) is the error colour.
      error: { main: '#D32F2F' },
      // SPEC's info, success and warning stay the fills; `dark` is the tone for their texts on white
      // (outlined chips below), each at least 4.5:1 (checked by e2e/a11y.spec.ts).
      info: { main: '#2196F3', dark: '#1565C0' },
      success: { main: '#4CAF50', dark: '#2E7D32' },
      warning: { main: '#FFC107', dark: '#8A5300' },
      background: { default: '#F5F7FA' },
    },
    typography: { fontFamily: 'Roboto, "Helvetica Neue", Arial, sans-serif' },
    shape: { borderRadius: 8 },
    components: {
      // An outlined chip writes its label in the colour's main tone; primary (on the grey page), info,
      // success and warning are too light for text, so their labels use the darker tone.
      MuiChip: {
        styleOverrides: {
          root: ({ ownerState, theme }) =>
            ownerState.variant === 'outlined' &&
            (ownerState.color === 'primary' ||
              ownerState.color === 'info' ||
              ownerState.color === 'success' ||
              ownerState.color === 'warning')
              ? { color: theme.palette[ownerState.color].dark }
              : {},
        },
      },
      // Text and outlined buttons write their label in the colour's main tone, under 4.5:1 on the grey
      // page background for primary (#1976D2: 4.3:1) and far less for warning: the darker tone instead.
      MuiButton: {
        styleOverrides: {
          root: ({ ownerState, theme }) =>
            (ownerState.variant === 'text' || ownerState.variant === 'outlined') &&
            ownerState.color &&
            ownerState.color !== 'inherit' &&
            ownerState.color in theme.palette
              ? { color: (theme.palette[ownerState.color as 'primary'] as { dark: string }).dark }
              : {},
        },
      },
      // Keyboard focus must show (WCAG 2.4.7): MUI marks a focused row or menu item only with a faint
      // background, so they get an outline too.
      MuiListItemButton: {
        styleOverrides: {
          root: ({ theme }) => ({
            '&.Mui-focusVisible': { outline: `2px solid ${theme.palette.primary.main}`, outlineOffset: -2 },
          }),
        },
      },
      MuiTableRow: {
        styleOverrides: {
          root: ({ theme }) => ({
            '&:focus-visible': { outline: `2px solid ${theme.palette.primary.main}`, outlineOffset: -2 },
          }),
        },
      },
    },
  },
  ptBR,
);
