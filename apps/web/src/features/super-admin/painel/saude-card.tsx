import type { Saude } from '@cobranca/contracts';
import { contagem, FUSO_PADRAO } from '@cobranca/dominio';
import RefreshIcon from '@mui/icons-material/Refresh';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { LoadErrorAlert } from '../../../components/load-error-alert.tsx';
import { formatarDataHora } from '../../../lib/format.ts';
import { useSaude } from '../api/saude.ts';
import { BANCO_LABELS, CONEXAO_COLORS, CONEXAO_LABELS, PROVEDOR_LABELS } from './canal-status.ts';
import { PixSaude } from './pix-saude.tsx';
import { Regua24h, ReguaExecucao } from './regua-execucao.tsx';
import { detailsSx, Row } from './saude-row.tsx';

const hora = new Intl.DateTimeFormat('pt-BR', {
  timeZone: FUSO_PADRAO,
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

const Details = ({ saude }: { saude: Saude }) => (
  <>
    <Box component="dl" sx={detailsSx}>
      <Row term="Versão">{saude.versao}</Row>
      <Row term="Banco de dados">{BANCO_LABELS[saude.banco]}</Row>
      <Row term="Fila pendente">{contagem(saude.fila_pendente, 'mensagem', 'mensagens')}</Row>
      <Row term="Canal">
        {PROVEDOR_LABELS[saude.canal.provedor]}{' '}
        <Chip
          size="small"
          label={CONEXAO_LABELS[saude.canal.status]}
          color={CONEXAO_COLORS[saude.canal.status]}
          sx={{ ml: 0.5 }}
        />
        {saude.canal.erro && (
          <Typography variant="caption" color="error" component="p">
            {saude.canal.erro}
          </Typography>
        )}
      </Row>
      <Row term="Última execução da régua">
        <ReguaExecucao execucao={saude.ultima_execucao_regua} />
      </Row>
      <Row term="Régua nas últimas 24 h">
        <Regua24h resumo={saude.regua_24h} />
      </Row>
    </Box>
    <PixSaude pix={saude.pix} />
  </>
);

/** System health, refreshed every 30 s (docs/produto.md §16). */
export const SaudeCard = () => {
  const titleId = useId();
  const query = useSaude();

  const body = () => {
    if (query.isPending)
      return <Skeleton variant="rounded" height={180} aria-label="Carregando saúde do sistema" />;
    if (query.isError)
      return (
        <LoadErrorAlert
          error={query.error}
          fallback="Não foi possível carregar a saúde do sistema."
          onRetry={() => void query.refetch()}
        />
      );
    return <Details saude={query.data} />;
  };

  return (
    <Paper variant="outlined" component="section" aria-labelledby={titleId} sx={{ p: { xs: 2, md: 3 } }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 2 }}>
        <Typography id={titleId} component="h3" variant="h6" sx={{ flexGrow: 1 }}>
          Saúde do sistema
        </Typography>
        {query.dataUpdatedAt > 0 && (
          <Typography variant="caption" color="text.secondary">
            Atualizado às {hora.format(query.dataUpdatedAt)}
          </Typography>
        )}
        <IconButton
          aria-label="Atualizar saúde do sistema"
          onClick={() => void query.refetch()}
          disabled={query.isFetching}
          size="small"
        >
          <RefreshIcon fontSize="small" />
        </IconButton>
      </Box>
      {body()}
      {query.isError && query.data && (
        <Typography variant="caption" color="error" component="p" sx={{ mt: 1 }}>
          Falha na última atualização: {formatarDataHora(new Date(query.errorUpdatedAt))}.
        </Typography>
      )}
    </Paper>
  );
};
