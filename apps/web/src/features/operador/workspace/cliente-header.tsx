import type { ClienteDetalhe } from '@cobranca/contracts';
import { formatarDocumento, formatarValorEmReais } from '@cobranca/dominio';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { ChamadasMark } from '../../../components/chamadas-mark.tsx';
import { ClienteStatusChip } from '../../../components/cliente-status-chip.tsx';
import { formatarDataHora } from '../../../lib/format.ts';
import { formatarTelefone } from '../../../lib/format-cliente.ts';
import { useTituloDocumento } from '../../../lib/titulo-documento.ts';
import { EtiquetasEditor } from './etiquetas-editor.tsx';

/** Where the opt-out came from: the portal's button, or a reply to a message (any sending channel). */
const canalDoOptOut = (canal: string | null) =>
  canal === 'portal' ? 'pelo portal do cliente' : 'por mensagem (WhatsApp)';

const Figura = ({ label, children }: { label: string; children: ReactNode }) => (
  <Box sx={{ minWidth: 120 }}>
    <Typography variant="caption" color="text.secondary" component="dt">
      {label}
    </Typography>
    <Typography component="dd" sx={{ m: 0, fontWeight: 600 }}>
      {children}
    </Typography>
  </Box>
);

/** Name, status, the figures an operator looks at first, and why automation is not running. */
export const ClienteHeader = ({ cliente, actions }: { cliente: ClienteDetalhe; actions: ReactNode }) => {
  useTituloDocumento(cliente.nome);
  const optOutDia = cliente.opt_out ? formatarDataHora(cliente.opt_out.em).slice(0, 10) : '';

  return (
    <Box component="section" aria-label="Resumo do cliente" sx={{ display: 'grid', gap: 2 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1.5 }}>
        <Typography component="h2" variant="h5" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
          {cliente.nome}
        </Typography>
        <ClienteStatusChip status={cliente.status} />
      </Box>
      <Typography variant="body2" color="text.secondary">
        {cliente.documento_tipo === 'estrangeiro' ? cliente.documento : formatarDocumento(cliente.documento)}
        {' · '}
        {cliente.telefone ? formatarTelefone(cliente.telefone) : 'Sem telefone'}
      </Typography>
      <Box component="dl" sx={{ display: 'flex', flexWrap: 'wrap', gap: { xs: 2, sm: 4 }, m: 0 }}>
        <Figura label="Tentativas de contato">
          <ChamadasMark numero={cliente.numero_chamadas} />
        </Figura>
        <Figura label="Total em aberto">{formatarValorEmReais(cliente.total_em_aberto)}</Figura>
        <Figura label="Dias de atraso">{cliente.dias_atraso}</Figura>
        <Figura label="Operador">{cliente.operador?.name ?? 'Sem operador'}</Figura>
      </Box>
      <EtiquetasEditor cliente={cliente} />
      {cliente.opt_out && (
        <Alert severity="warning">
          Cliente pediu para não receber mensagens em {optOutDia}, {canalDoOptOut(cliente.opt_out.canal)}
          {cliente.opt_out.mensagem ? `: '${cliente.opt_out.mensagem}'` : '.'}
        </Alert>
      )}
      {cliente.status === 'pausado' && (
        <Alert severity="info">
          Cobrança pausada{cliente.pausa_motivo ? `: ${cliente.pausa_motivo}` : '.'}
        </Alert>
      )}
      {actions}
    </Box>
  );
};
