import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { LoadErrorAlert } from '../../../components/load-error-alert.tsx';
import { PageHeader } from '../../../components/page-header.tsx';

const colunas = {
  display: 'grid',
  gap: 3,
  gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: '3fr 2fr' },
} as const;
const coluna = { minWidth: 0, display: 'grid', gap: 3, alignContent: 'start' } as const;

type Props<V> = {
  titulo: string;
  subtitulo: string;
  settings: UseQueryResult<V>;
  /** What the error says when the settings cannot be read. */
  erro: string;
  principal: (view: V) => ReactNode;
  lateral: (view: V) => ReactNode;
};

/** A channel's settings page: the form on the left, checks and records on the right, loading and error states. */
export const PaginaDeCanal = <V,>({ titulo, subtitulo, settings, erro, principal, lateral }: Props<V>) => {
  const conteudo = () => {
    if (settings.isPending)
      return <Skeleton variant="rounded" height={320} aria-label="Carregando configurações" />;
    if (settings.isError)
      return (
        <LoadErrorAlert error={settings.error} fallback={erro} onRetry={() => void settings.refetch()} />
      );
    return (
      <Box sx={colunas}>
        <Box sx={coluna}>{principal(settings.data)}</Box>
        <Box sx={coluna}>{lateral(settings.data)}</Box>
      </Box>
    );
  };
  return (
    <>
      <PageHeader title={titulo} subtitle={subtitulo} />
      {conteudo()}
    </>
  );
};
