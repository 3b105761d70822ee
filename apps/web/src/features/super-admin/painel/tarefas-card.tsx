import type { TarefaMorta, TarefasResponse } from '@cobranca/contracts';
import { contagem } from '@cobranca/dominio';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { notify } from '../../../components/snackbar/snackbar-store.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { formatarDataHora } from '../../../lib/format.ts';
import { useRepetirTarefa, useTarefas } from '../api/tarefas.ts';
import { CartaoDoPainel } from './cartao-do-painel.tsx';
import { formatarEspera } from './pix-saude.tsx';

// The durable queue (docs/efeitos-colaterais.md §5): per job type what waits, runs, failed and died,
// and each dead job with its last error and "Tentar de novo".

type Tipo = TarefasResponse['tipos'][number];

/** "3 aguardando · 1 em execução · 2 falhas em 24 h · nenhuma morta", in real plurals. */
export const resumoDoTipo = (t: Tipo): string =>
  [
    t.aguardando === 0 ? 'nada aguardando' : `${t.aguardando} aguardando`,
    t.em_execucao === 0 ? 'nenhuma em execução' : `${t.em_execucao} em execução`,
    t.falhas_24h === 0 ? 'nenhuma falha em 24 h' : `${contagem(t.falhas_24h, 'falha', 'falhas')} em 24 h`,
    t.mortas === 0 ? 'nenhuma morta' : contagem(t.mortas, 'morta', 'mortas'),
  ].join(' · ');

const TipoDeTarefa = ({ tipo }: { tipo: Tipo }) => (
  <Box component="li" sx={{ py: 0.75, borderBottom: 1, borderColor: 'divider', minWidth: 0 }}>
    <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
      <Typography variant="body2" sx={{ fontWeight: 500 }}>
        {tipo.descricao}
      </Typography>
      {tipo.mortas > 0 && (
        <Chip size="small" color="error" label={contagem(tipo.mortas, 'morta', 'mortas')} />
      )}
    </Box>
    <Typography variant="caption" color="text.secondary" component="p" sx={{ overflowWrap: 'anywhere' }}>
      {tipo.nome} — {resumoDoTipo(tipo)}
      {tipo.mais_antiga_aguardando_ha_segundos !== null &&
        ` · a mais antiga espera há ${formatarEspera(tipo.mais_antiga_aguardando_ha_segundos)}`}
    </Typography>
  </Box>
);

const Morta = ({ morta }: { morta: TarefaMorta }) => {
  const repetir = useRepetirTarefa();
  const tentarDeNovo = () =>
    repetir.mutate(morta.id, {
      onSuccess: () => notify.success('Tarefa posta para tentar de novo.'),
      onError: (erro) =>
        notify.error(errorMessage(erro, 'Não foi possível pôr a tarefa para tentar de novo.')),
    });
  return (
    <Box component="li" sx={{ py: 1, borderBottom: 1, borderColor: 'divider', minWidth: 0 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'baseline', gap: 1 }}>
        <Typography variant="body2" sx={{ fontWeight: 500, flexGrow: 1, overflowWrap: 'anywhere' }}>
          {morta.nome}
          {morta.chave && ` (${morta.chave})`}
        </Typography>
        <Button
          size="small"
          onClick={tentarDeNovo}
          disabled={repetir.isPending}
          aria-label={`Tentar de novo a tarefa ${morta.nome} ${morta.chave ?? ''}`.trim()}
        >
          Tentar de novo
        </Button>
      </Box>
      <Typography variant="body2" color="error" sx={{ overflowWrap: 'anywhere' }}>
        {morta.erro ?? 'Sem erro registrado'}
      </Typography>
      <Typography variant="caption" color="text.secondary" component="p">
        {contagem(morta.tentativas, 'tentativa', 'tentativas')}
        {morta.morreu_em && `; falhou de vez em ${formatarDataHora(morta.morreu_em)}`}
      </Typography>
    </Box>
  );
};

const listaSx = { listStyle: 'none', m: 0, p: 0 } as const;

const Conteudo = ({ dados }: { dados: TarefasResponse }) => (
  <>
    <Box component="ul" sx={listaSx} aria-label="Tarefas por tipo">
      {dados.tipos.map((tipo) => (
        <TipoDeTarefa key={tipo.nome} tipo={tipo} />
      ))}
    </Box>
    <Typography component="h4" variant="subtitle2" sx={{ mt: 2, mb: 0.5 }}>
      Falharam de vez
    </Typography>
    {dados.mortas.length === 0 ? (
      <Typography variant="body2" color="text.secondary">
        Nenhuma tarefa falhou de vez.
      </Typography>
    ) : (
      <Box component="ul" sx={listaSx} aria-label="Tarefas que falharam de vez">
        {dados.mortas.map((morta) => (
          <Morta key={morta.id} morta={morta} />
        ))}
      </Box>
    )}
  </>
);

/** The queue's card in the health panel, refreshed every 30 s. */
export const TarefasCard = () => (
  <CartaoDoPainel
    titulo="Tarefas em segundo plano"
    assunto="tarefas em segundo plano"
    falha="Não foi possível carregar as tarefas em segundo plano."
    query={useTarefas()}
  >
    {(dados) => <Conteudo dados={dados} />}
  </CartaoDoPainel>
);
