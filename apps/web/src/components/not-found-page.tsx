import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { Link } from 'react-router';
import { useTituloDocumento } from '../lib/titulo-documento.ts';

export const NotFoundPage = () => {
  useTituloDocumento('Página não encontrada');
  return (
    <Box
      component="main"
      sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', p: 3, textAlign: 'center' }}
    >
      <Box>
        <Typography component="p" variant="h2" color="primary" sx={{ fontWeight: 700 }}>
          404
        </Typography>
        <Typography component="h1" variant="h5" gutterBottom>
          Página não encontrada
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          O endereço que você abriu não existe ou foi movido.
        </Typography>
        <Button component={Link} to="/" variant="contained">
          Voltar ao início
        </Button>
      </Box>
    </Box>
  );
};
