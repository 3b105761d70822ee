import type { SvgIconComponent } from '@mui/icons-material';
import Box from '@mui/material/Box';
import { FigureCard, type FigureTone } from './figure-card.tsx';
import { QueryErrorAlert } from './load-error-alert.tsx';

/** What a dashboard says about one of its figures, whatever its value. */
export type Figure<K extends string> = {
  key: K;
  label: string;
  caption: string;
  icon: SvgIconComponent;
  /** Theme colour of the icon, e.g. `primary.main`. */
  color: string;
};

/** What depends on the figure's value: the value itself (`undefined` while it loads), a link, a tone, its breakdown. */
type FigureState = { value: string | undefined; to?: string; tone?: FigureTone; details?: readonly string[] };

type FiguresSectionProps<K extends string, F extends Figure<K>> = {
  /** The dashboard call behind the figures. */
  query: { isPending: boolean; isError: boolean; data: unknown; error: unknown; refetch: () => unknown };
  figures: readonly F[];
  state: (figure: F) => FigureState;
};

/** A dashboard's "Indicadores": one FigureCard per figure in a responsive grid, or the failure with a retry. */
export const FiguresSection = <K extends string, F extends Figure<K>>({
  query,
  figures,
  state,
}: FiguresSectionProps<K, F>) => (
  <Box component="section" aria-label="Indicadores" aria-busy={query.isPending}>
    {query.isError && !query.data ? (
      <QueryErrorAlert query={query} fallback="Não foi possível carregar os indicadores." />
    ) : (
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(3, 1fr)' },
        }}
      >
        {figures.map((figure) => (
          <FigureCard
            key={figure.key}
            label={figure.label}
            caption={figure.caption}
            icon={figure.icon}
            color={figure.color}
            {...state(figure)}
          />
        ))}
      </Box>
    )}
  </Box>
);
