import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { AppSnackbar } from '../components/snackbar/app-snackbar.tsx';
import { theme } from '../lib/theme.ts';

export const AppProviders = ({
  queryClient,
  children,
}: {
  queryClient: QueryClient;
  children: ReactNode;
}) => (
  <ThemeProvider theme={theme}>
    <CssBaseline />
    <QueryClientProvider client={queryClient}>
      {children}
      <AppSnackbar />
    </QueryClientProvider>
  </ThemeProvider>
);
