import { formatarPercentual } from '@cobranca/dominio';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';

/** Upload percentage while the file goes up; an open-ended bar once the server is working on it. */
export const ProgressoEnvio = ({ progresso }: { progresso: number }) => {
  const processando = progresso >= 100;
  return (
    <Box>
      <Box sx={{ display: 'flex', justifyContent: 'space-between', mb: 0.5 }}>
        <Typography variant="body2" aria-live="polite">
          {processando ? 'Processando…' : 'Enviando…'}
        </Typography>
        {!processando && (
          <Typography variant="body2" color="text.secondary">
            {formatarPercentual(progresso)}
          </Typography>
        )}
      </Box>
      {processando ? (
        <LinearProgress aria-label="Processando a importação" />
      ) : (
        <LinearProgress variant="determinate" value={progresso} aria-label="Envio do arquivo" />
      )}
    </Box>
  );
};
