import type { SvgIconComponent } from '@mui/icons-material';
import Box from '@mui/material/Box';
import CardActionArea from '@mui/material/CardActionArea';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';

export type FigureTone = 'warning' | 'error';

type FigureCardProps = {
  label: string;
  caption?: string;
  icon: SvgIconComponent;
  /** Theme colour of the icon, e.g. `primary.main`. */
  color: string;
  /** The formatted figure; `undefined` while it loads. */
  value: string | undefined;
  /** Makes the whole card a link (to the list behind the figure). */
  to?: string;
  /** Draws attention to a figure that needs action. */
  tone?: FigureTone;
  /** Short lines under the value that break it down (e.g. where the money came from). */
  details?: readonly string[];
};

const rowSx = { p: 2, display: 'flex', gap: 2, alignItems: 'center', height: '100%' } as const;

/** One headline figure of a dashboard: icon, label, value and a short caption. */
export const FigureCard = ({
  label,
  caption,
  icon: Icon,
  color,
  value,
  to,
  tone,
  details,
}: FigureCardProps) => {
  const toneColor = tone ? `${tone}.main` : undefined;
  const content = (
    <>
      <Box
        sx={{
          display: 'grid',
          placeItems: 'center',
          width: 48,
          height: 48,
          borderRadius: '50%',
          flexShrink: 0,
          color: toneColor ?? color,
          bgcolor: 'action.hover',
        }}
      >
        <Icon aria-hidden />
      </Box>
      <Box sx={{ minWidth: 0 }}>
        <Typography component="h3" variant="body2" color="text.secondary">
          {label}
        </Typography>
        <Typography variant="h5" component="p" sx={{ fontWeight: 600, color: toneColor }}>
          {value === undefined ? <Skeleton width={120} aria-label="Carregando" /> : value}
        </Typography>
        {value !== undefined &&
          details?.map((linha) => (
            <Typography key={linha} variant="body2" component="p">
              {linha}
            </Typography>
          ))}
        {caption && (
          <Typography variant="caption" color="text.secondary">
            {caption}
          </Typography>
        )}
      </Box>
    </>
  );
  return (
    <Paper
      variant="outlined"
      component="article"
      sx={tone ? { borderColor: toneColor, borderWidth: 2 } : undefined}
    >
      {to ? (
        <CardActionArea component={RouterLink} to={to} sx={rowSx}>
          {content}
        </CardActionArea>
      ) : (
        <Box sx={rowSx}>{content}</Box>
      )}
    </Paper>
  );
};
