import ConstructionIcon from '@mui/icons-material/Construction';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { PageHeader } from './page-header.tsx';

/** Stands in for a screen whose area has not landed yet, so routes and menus work end to end. */
export const PlaceholderPage = ({ title }: { title: string }) => (
  <>
    <PageHeader title={title} />
    <Paper variant="outlined" sx={{ p: 4, textAlign: 'center', color: 'text.secondary' }}>
      <ConstructionIcon fontSize="large" aria-hidden />
      <Typography sx={{ mt: 1 }}>Esta tela está em construção.</Typography>
    </Paper>
  </>
);
