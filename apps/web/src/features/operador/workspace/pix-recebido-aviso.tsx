import type { PixRecebidoView } from '@cobranca/contracts';
import { formatarValorEmReais } from '@cobranca/dominio';
import PixIcon from '@mui/icons-material/Pix';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { formatarDataHora } from '../../../lib/format.ts';

/**
 * What a recorded PIX did, in the operator's words (docs/produto.md §21): what it settled, and what
 * found no open debt and waits for an admin as credit.
 */
export const textoPixRecebido = (pix: PixRecebidoView): string => {
  if (pix.valor_liquidado === 0)
    return `PIX recebido: ${formatarValorEmReais(pix.valor)} sem dívida em aberto — crédito a atribuir pelo administrador`;
  const pago = `Pagamento PIX recebido: ${formatarValorEmReais(pix.valor_liquidado)}`;
  return pix.credito > 0
    ? `${pago} · ${formatarValorEmReais(pix.credito)} ficou como crédito a atribuir`
    : pago;
};

/**
 * A PIX the provider confirmed, as a notice in the conversation at the PIX's time: centered and
 * outlined, never a chat bubble, as nobody sent it. Green when it paid debt, amber when it all
 * became credit.
 */
export const PixRecebidoAviso = ({ pix }: { pix: PixRecebidoView }) => {
  const soCredito = pix.valor_liquidado === 0;
  return (
    <Box
      component="li"
      aria-label="Aviso do sistema"
      sx={{ display: 'flex', justifyContent: 'center', listStyle: 'none', my: 0.5 }}
    >
      <Box
        sx={{
          display: 'inline-flex',
          alignItems: 'center',
          flexWrap: 'wrap',
          justifyContent: 'center',
          columnGap: 1,
          maxWidth: '90%',
          px: 1.5,
          py: 0.5,
          borderRadius: 4,
          border: 1,
          borderColor: soCredito ? 'warning.main' : 'success.main',
          bgcolor: 'background.paper',
          // The palettes' dark tones keep the text at 4.5:1 on white (lib/theme.ts).
          color: soCredito ? 'warning.dark' : 'success.dark',
        }}
      >
        <PixIcon fontSize="small" aria-hidden />
        <Typography variant="caption" sx={{ fontWeight: 600, textAlign: 'center' }}>
          {textoPixRecebido(pix)}
        </Typography>
        <Typography variant="caption" color="text.secondary">
          <time dateTime={pix.horario}>{formatarDataHora(pix.horario)}</time>
        </Typography>
      </Box>
    </Box>
  );
};
