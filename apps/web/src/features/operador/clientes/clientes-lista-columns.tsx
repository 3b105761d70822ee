import type { ClienteLista } from '@cobranca/contracts';
import { formatarDocumento, formatarValorEmReais } from '@cobranca/dominio';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { ChamadasMark } from '../../../components/chamadas-mark.tsx';
import { ClienteStatusChip } from '../../../components/cliente-status-chip.tsx';
import { DiasAtraso } from '../../../components/dias-atraso.tsx';
import type { Column } from '../../../components/paged-table.tsx';
import { formatarDataHora } from '../../../lib/format.ts';
import { formatarTelefone } from '../../../lib/format-cliente.ts';
import { formatarRelativo } from '../../../lib/format-relativo.ts';

const Instante = ({ iso, prefix }: { iso: string; prefix?: string }) => (
  <Typography
    component="time"
    variant="caption"
    color="text.secondary"
    dateTime={iso}
    title={formatarDataHora(iso)}
  >
    {prefix}
    {formatarRelativo(iso)}
  </Typography>
);

const UltimaMensagem = ({ mensagem }: { mensagem: ClienteLista['ultima_mensagem'] }) =>
  mensagem ? (
    <Box sx={{ maxWidth: 260, minWidth: 0 }}>
      <Typography variant="body2" noWrap title={mensagem.conteudo}>
        {mensagem.conteudo}
      </Typography>
      <Instante
        iso={mensagem.created_at}
        prefix={mensagem.direcao === 'entrada' ? 'Recebida · ' : 'Enviada · '}
      />
    </Box>
  ) : (
    <Box component="span" sx={{ color: 'text.secondary' }}>
      —
    </Box>
  );

const Nome = ({ cliente }: { cliente: ClienteLista }) => (
  <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
    <Box component="span" sx={{ fontWeight: 500 }}>
      {cliente.nome}
    </Box>
    {/* Only the queue of unassigned customers has rows without an operator. */}
    {cliente.operador === null && <Chip size="small" color="warning" label="Sem operador" />}
  </Box>
);

/** "Aguardando desde" (awaiting list): how long the customer's reply has been waiting. */
export const aguardandoDesdeColumn: Column<ClienteLista> = {
  key: 'aguardando_desde',
  header: 'Aguardando desde',
  render: (c) => (c.aguardando_desde ? <Instante iso={c.aguardando_desde} /> : '—'),
};

/** The columns every operator list shows, with the list's own ones after the status. */
export const clientesListaColumns = (extra: Column<ClienteLista>[] = []): Column<ClienteLista>[] => [
  { key: 'nome', header: 'Nome', render: (c) => <Nome cliente={c} /> },
  {
    key: 'documento',
    header: 'Documento',
    render: (c) => (
      <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
        {formatarDocumento(c.documento)}
      </Box>
    ),
  },
  {
    key: 'telefone',
    header: 'Telefone',
    render: (c) => (
      <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
        {formatarTelefone(c.telefone)}
      </Box>
    ),
    hideOnMobile: true,
  },
  { key: 'status', header: 'Status', render: (c) => <ClienteStatusChip status={c.status} /> },
  ...extra,
  {
    key: 'chamadas',
    header: 'Chamadas',
    align: 'right',
    render: (c) => <ChamadasMark numero={c.numero_chamadas} />,
  },
  {
    key: 'total',
    header: 'Total em aberto',
    align: 'right',
    render: (c) => (
      <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
        {formatarValorEmReais(c.total_em_aberto)}
      </Box>
    ),
  },
  {
    key: 'atraso',
    header: 'Dias de atraso',
    align: 'right',
    render: (c) => <DiasAtraso dias={c.dias_atraso} />,
  },
  {
    key: 'ultima_mensagem',
    header: 'Última mensagem',
    render: (c) => <UltimaMensagem mensagem={c.ultima_mensagem} />,
    hideOnMobile: true,
  },
];
