import type { ClienteAdmin } from '@cobranca/contracts';
import { formatarDocumento, formatarValorEmReais } from '@cobranca/dominio';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useTheme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useId } from 'react';
import { ClienteStatusChip } from '../../../components/cliente-status-chip.tsx';
import { type DadoRotulado, DadosRotulados } from '../../../components/dados-rotulados.tsx';
import { LinhaDoTempoSecao } from '../../../components/linha-do-tempo/linha-do-tempo-secao.tsx';
import { formatarTelefone } from '../../../lib/format-cliente.ts';
import { useExcluirNotaAdmin, useLinhaDoTempoAdmin } from '../api/linha-do-tempo.ts';
import { ContasPrescritasSecao } from './contas-prescritas-secao.tsx';

const AVISO_EXCLUSAO =
  'A nota será removida da linha do tempo do cliente. A exclusão fica registrada no log de auditoria, com o texto da nota.';

const todasAsNotas = () => true;

/**
 * An admin's view of one customer (docs/produto.md §15): the list's facts and the whole timeline,
 * where any note can be deleted at any time (the operators' 15-minute rule is the author's only).
 */
export const ClienteDetalheDialog = ({
  cliente,
  onClose,
}: {
  cliente: ClienteAdmin;
  onClose: () => void;
}) => {
  const titleId = useId();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const query = useLinhaDoTempoAdmin(cliente.id);
  const excluir = useExcluirNotaAdmin(cliente.id);
  const dados: DadoRotulado[] = [
    { chave: 'documento', rotulo: 'CPF/CNPJ', valor: formatarDocumento(cliente.documento) },
    { chave: 'telefone', rotulo: 'Telefone', valor: formatarTelefone(cliente.telefone) },
    { chave: 'status', rotulo: 'Status', valor: <ClienteStatusChip status={cliente.status} /> },
    { chave: 'operador', rotulo: 'Operador', valor: cliente.operador?.name ?? 'Sem operador' },
    { chave: 'total', rotulo: 'Em aberto', valor: formatarValorEmReais(cliente.total_em_aberto) },
  ];

  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullScreen={phone} maxWidth="md" fullWidth>
      <DialogTitle id={titleId} sx={{ overflowWrap: 'anywhere' }}>
        {cliente.nome}
      </DialogTitle>
      <DialogContent sx={{ display: 'grid', gap: 2 }}>
        <DadosRotulados dados={dados} centralizar />
        <ContasPrescritasSecao clienteId={cliente.id} />
        <LinhaDoTempoSecao
          query={query}
          excluir={excluir}
          podeExcluir={todasAsNotas}
          avisoExclusao={AVISO_EXCLUSAO}
          topo={
            <Typography variant="body2" color="text.secondary">
              As notas internas são escritas pelo operador do cliente. Como administrador, você pode excluir
              qualquer nota.
            </Typography>
          }
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Fechar</Button>
      </DialogActions>
    </Dialog>
  );
};
