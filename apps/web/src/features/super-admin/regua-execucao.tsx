import type { Saude } from '@cobranca/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { formatDateTime } from '../../lib/format.ts';

type Execucao = Saude['ultima_execucao_regua'];

// Count keys come from the engine (`enviadas`, `puladas`…): shown as words, without underscores.
const rotulo = (chave: string) => chave.replaceAll('_', ' ');

/** The engine's last run: when, by which worker, what it did, or that it never ran. */
export const ReguaExecucao = ({ execucao }: { execucao: Execucao }) => {
  if (!execucao) return <>nunca executada</>;
  const contagens = Object.entries(execucao.contagens ?? {});
  return (
    <>
      <span>
        {formatDateTime(execucao.iniciada_em)}
        {execucao.concluida_em ? '' : ' (em andamento)'}
      </span>
      <Typography variant="caption" color="text.secondary" component="span" sx={{ display: 'block' }}>
        {execucao.concluida_em
          ? `Concluída em ${formatDateTime(execucao.concluida_em)}`
          : 'Ainda não concluída'}
        {` · ${execucao.worker}`}
      </Typography>
      {contagens.length > 0 && (
        <Box
          component="ul"
          aria-label="Contagens da execução"
          sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, p: 0, m: 0, mt: 0.5, listStyle: 'none' }}
        >
          {contagens.map(([chave, valor]) => (
            <li key={chave}>
              <Chip size="small" variant="outlined" label={`${rotulo(chave)}: ${valor}`} />
            </li>
          ))}
        </Box>
      )}
      {execucao.erro && (
        <Alert severity="error" sx={{ mt: 1 }}>
          {execucao.erro}
        </Alert>
      )}
    </>
  );
};
