import type { Saude } from '@cobranca/contracts';
import { contagem } from '@cobranca/dominio';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { useSaude } from '../api/saude.ts';
import { BANCO_LABELS, CONEXAO_COLORS, CONEXAO_LABELS, PROVEDOR_LABELS } from './canal-status.ts';
import { CartaoDoPainel } from './cartao-do-painel.tsx';
import { PixSaude } from './pix-saude.tsx';
import { Regua24h, ReguaExecucao } from './regua-execucao.tsx';
import { detailsSx, Row } from './saude-row.tsx';

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
export const SaudeCard = () => (
  <CartaoDoPainel
    titulo="Saúde do sistema"
    assunto="saúde do sistema"
    falha="Não foi possível carregar a saúde do sistema."
    query={useSaude()}
  >
    {(saude) => <Details saude={saude} />}
  </CartaoDoPainel>
);
