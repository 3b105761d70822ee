import type { Saude } from '@cobranca/contracts';
import { contagem, formatarValorEmReais } from '@cobranca/dominio';
import WarningAmberIcon from '@mui/icons-material/WarningAmber';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { formatarDataHora } from '../../../lib/format.ts';
import { PIX_CONEXAO_COLORS, PIX_CONEXAO_LABELS, PIX_PROVEDOR_LABELS } from './canal-status.ts';
import { detailsSx, Row } from './saude-row.tsx';

type Pix = Saude['pix'];

/** How long a notification has waited: whole minutes, hours or days, with real plurals. */
export const formatarEspera = (segundos: number): string => {
  if (segundos < 60) return 'menos de 1 minuto';
  if (segundos < 3_600) return contagem(Math.floor(segundos / 60), 'minuto', 'minutos');
  if (segundos < 86_400) return contagem(Math.floor(segundos / 3_600), 'hora', 'horas');
  return contagem(Math.floor(segundos / 86_400), 'dia', 'dias');
};

const Caption = ({ children, color = 'text.secondary' }: { children: string; color?: string }) => (
  <Typography variant="caption" color={color} component="span" sx={{ display: 'block' }}>
    {children}
  </Typography>
);

const Conexao = ({ pix }: { pix: Pix }) => (
  <>
    {PIX_PROVEDOR_LABELS[pix.provedor]}{' '}
    <Chip
      size="small"
      label={PIX_CONEXAO_LABELS[pix.status]}
      color={PIX_CONEXAO_COLORS[pix.status]}
      sx={{ ml: 0.5 }}
    />
    {pix.mensagem && (
      <Caption color={pix.status === 'erro' ? 'error' : 'text.secondary'}>{pix.mensagem}</Caption>
    )}
    {pix.verificado_em && <Caption>{`Verificado em ${formatarDataHora(pix.verificado_em)}`}</Caption>}
  </>
);

// The simulator never reconciles: its PIX are recorded as they are paid (docs/produto.md §21).
const Conciliacao = ({ pix }: { pix: Pix }) => {
  const ultima = pix.ultima_conciliacao;
  if (!ultima) return <>{pix.provedor === 'simulador' ? 'não se aplica ao simulador' : 'nunca executada'}</>;
  return (
    <>
      {formatarDataHora(ultima.executada_em)}
      <Caption>
        {ultima.recuperados === 0
          ? 'Nenhum PIX recuperado'
          : `${contagem(ultima.recuperados, 'PIX recuperado', 'PIX recuperados')} que o webhook não trouxe`}
      </Caption>
    </>
  );
};

const Notificacoes = ({ pix }: { pix: Pix }) => {
  const { quantidade, mais_antiga_ha_segundos: espera } = pix.notificacoes_pendentes;
  if (quantidade === 0) return <>nenhuma</>;
  return (
    <>
      {contagem(quantidade, 'notificação', 'notificações')}
      {espera !== null && <Caption>{`A mais antiga espera há ${formatarEspera(espera)}`}</Caption>}
    </>
  );
};

/** The count in pt-BR with real plurals: none is "Nenhuma…", never "0 mensagens". */
export const formatarAguardandoCobranca = (quantidade: number): string =>
  quantidade === 0
    ? 'Nenhuma mensagem aguardando a cobrança PIX'
    : `${contagem(quantidade, 'mensagem', 'mensagens')} aguardando a cobrança PIX`;

// Régua messages the sender put back because the PSP could not create their charge: a warning, as
// nothing goes out to those customers until the PSP answers.
const AguardandoCobranca = ({ pix }: { pix: Pix }) => {
  const { quantidade, mais_antiga_proxima_tentativa_em: proxima } = pix.mensagens_aguardando_cobranca;
  if (quantidade === 0) return <>{formatarAguardandoCobranca(0)}</>;
  return (
    <>
      <Box
        component="span"
        sx={{
          color: 'warning.dark',
          fontWeight: 600,
          display: 'inline-flex',
          alignItems: 'center',
          gap: 0.5,
        }}
      >
        <WarningAmberIcon fontSize="small" aria-hidden />
        {formatarAguardandoCobranca(quantidade)}
      </Box>
      {proxima && <Caption>{`A mais antiga tenta de novo em ${formatarDataHora(proxima)}`}</Caption>}
    </>
  );
};

/** PIX in the health panel (docs/produto.md §16, §21): the provider and what is still waiting. */
export const PixSaude = ({ pix }: { pix: Pix }) => {
  const titleId = useId();
  const { quantidade: creditos, total } = pix.creditos_sem_correspondencia;
  return (
    <Box component="section" aria-labelledby={titleId} sx={{ mt: 3 }}>
      <Typography id={titleId} component="h4" variant="subtitle1" sx={{ fontWeight: 600, mb: 1 }}>
        PIX
      </Typography>
      <Box component="dl" sx={detailsSx}>
        <Row term="Provedor">
          <Conexao pix={pix} />
        </Row>
        <Row term="Última conciliação">
          <Conciliacao pix={pix} />
        </Row>
        <Row term="Notificações pendentes">
          <Notificacoes pix={pix} />
        </Row>
        <Row term="Créditos sem correspondência">
          {creditos === 0
            ? 'nenhum'
            : `${contagem(creditos, 'crédito', 'créditos')} · ${formatarValorEmReais(total)}`}
        </Row>
        <Row term="Remoções pendentes no PSP">
          {pix.remocoes_pendentes === 0
            ? 'nenhuma'
            : contagem(pix.remocoes_pendentes, 'cobrança a remover', 'cobranças a remover')}
        </Row>
        <Row term="Mensagens da régua">
          <AguardandoCobranca pix={pix} />
        </Row>
      </Box>
    </Box>
  );
};
