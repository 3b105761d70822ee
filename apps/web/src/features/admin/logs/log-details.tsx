import type { LogEntry } from '@cobranca/contracts';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

const Item = ({
  term,
  children,
  mobileOnly,
}: {
  term: string;
  children: ReactNode;
  mobileOnly?: boolean;
}) => (
  <Box sx={{ display: mobileOnly ? { xs: 'block', md: 'none' } : 'block', mb: 1 }}>
    <Typography component="dt" variant="caption" color="text.secondary">
      {term}
    </Typography>
    <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
      {children}
    </Typography>
  </Box>
);

/** The expanded part of a log row: what it touched and the raw details. */
export const LogDetails = ({ log, id }: { log: LogEntry; id: string }) => (
  <Box
    id={id}
    component="dl"
    sx={{ mt: 1, mb: 0, p: 1.5, bgcolor: 'action.hover', borderRadius: 1 }}
    aria-label={`Detalhes do registro ${log.id}`}
  >
    {/* Columns hidden on a phone show up here instead. */}
    <Item term="Ação" mobileOnly>
      {log.acao}
    </Item>
    <Item term="Usuário" mobileOnly>
      {log.usuario?.name ?? 'Sistema'}
    </Item>
    <Item term="IP" mobileOnly>
      {log.ip ?? '—'}
    </Item>
    <Item term="Entidade">{log.entidade ?? '—'}</Item>
    <Item term="ID da entidade">{log.entidade_id ?? '—'}</Item>
    <Item term="Detalhes">
      {log.detalhes ? (
        <Box
          component="pre"
          sx={{ m: 0, fontFamily: 'monospace', fontSize: 12, whiteSpace: 'pre-wrap', overflowX: 'auto' }}
        >
          {JSON.stringify(log.detalhes, null, 2)}
        </Box>
      ) : (
        '—'
      )}
    </Item>
  </Box>
);
