import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import { ApiError, errorMessage } from '../../lib/api-client.ts';

/** The server's reasons of a 422 (every field), without repeating its general message. */
const motivosDe = (error: unknown): string[] => {
  if (!(error instanceof ApiError)) return [];
  const motivos = Object.values(error.errors).flat();
  return [...new Set(motivos)].filter((m) => m !== error.detail);
};

/** A refused or failed import, shown in the card that ran it. */
export const ErroImportacao = ({ error }: { error: unknown }) => {
  const motivos = motivosDe(error);
  return (
    <Alert severity="error">
      {errorMessage(error, 'Não foi possível importar. Tente de novo.')}
      {motivos.length > 0 && (
        <Box component="ul" sx={{ m: 0, mt: 0.5, pl: 2.5 }}>
          {motivos.map((m) => (
            <li key={m}>{m}</li>
          ))}
        </Box>
      )}
    </Alert>
  );
};
