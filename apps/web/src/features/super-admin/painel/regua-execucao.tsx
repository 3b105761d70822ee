import type { Saude } from '@cobranca/contracts';
import { contagem } from '@cobranca/dominio';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { formatarDataHora } from '../../../lib/format.ts';
import { type Contagem, contagensOrdenadas } from './regua-contagens.ts';

type Execucao = Saude['ultima_execucao_regua'];
type Resumo24h = Saude['regua_24h'];

const inteiro = new Intl.NumberFormat('pt-BR');

const ContagensChips = ({ contagens, label }: { contagens: Contagem[]; label: string }) => (
  <Box
    component="ul"
    aria-label={label}
    sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, p: 0, m: 0, mt: 0.5, listStyle: 'none', minWidth: 0 }}
  >
    {contagens.map(({ chave, rotulo, valor }) => (
      // On a phone the value column is narrow: a long count wraps inside its chip instead of widening the page.
      <Box component="li" key={chave} sx={{ maxWidth: '100%' }}>
        <Chip
          size="small"
          variant="outlined"
          label={`${rotulo}: ${inteiro.format(valor)}`}
          sx={{ maxWidth: '100%', height: 'auto', '& .MuiChip-label': { whiteSpace: 'normal', py: 0.25 } }}
        />
      </Box>
    ))}
  </Box>
);

/** The engine's last run: when, by which worker, what it did, or that it never ran. */
export const ReguaExecucao = ({ execucao }: { execucao: Execucao }) => {
  if (!execucao) return <>nunca executada</>;
  const contagens = contagensOrdenadas(execucao.contagens);
  return (
    <>
      <span>
        {formatarDataHora(execucao.iniciada_em)}
        {execucao.concluida_em ? '' : ' (em andamento)'}
      </span>
      <Typography variant="caption" color="text.secondary" component="span" sx={{ display: 'block' }}>
        {execucao.concluida_em
          ? `Concluída em ${formatarDataHora(execucao.concluida_em)}`
          : 'Ainda não concluída'}
        {` · ${execucao.worker}`}
      </Typography>
      {contagens.length > 0 && <ContagensChips contagens={contagens} label="Contagens da execução" />}
      {execucao.erro && (
        <Alert severity="error" sx={{ mt: 1 }}>
          {execucao.erro}
        </Alert>
      )}
    </>
  );
};

/**
 * What the engine did over the last 24 hours: most single passes have nothing to do, so the sums
 * are what shows it working. Counts that stayed at 0 are left out to keep the row short.
 */
export const Regua24h = ({ resumo }: { resumo: Resumo24h }) => {
  const contagens = contagensOrdenadas(resumo.contagens, { semZeros: true });
  return (
    <>
      <span>{contagem(resumo.execucoes, 'execução', 'execuções')}</span>
      {resumo.com_erro > 0 && (
        <>
          {' · '}
          <Typography variant="body2" color="error" component="span">
            {inteiro.format(resumo.com_erro)} com erro
          </Typography>
        </>
      )}
      {contagens.length > 0 ? (
        <ContagensChips contagens={contagens} label="Contagens das últimas 24 h" />
      ) : (
        <Typography variant="caption" color="text.secondary" component="span" sx={{ display: 'block' }}>
          nenhuma atividade
        </Typography>
      )}
    </>
  );
};
