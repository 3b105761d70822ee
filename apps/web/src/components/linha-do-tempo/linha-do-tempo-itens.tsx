import type { JanelaEnvio, LinhaDoTempoItem, StatusAcao } from '@cobranca/contracts';
import { CLIENTE_STATUS_LABELS } from '@cobranca/contracts';
import { formatarValorEmReais } from '@cobranca/dominio';
import type { SvgIconComponent } from '@mui/icons-material';
import AccountBalanceIcon from '@mui/icons-material/AccountBalance';
import AutorenewIcon from '@mui/icons-material/Autorenew';
import CallIcon from '@mui/icons-material/Call';
import EventIcon from '@mui/icons-material/Event';
import HandshakeIcon from '@mui/icons-material/Handshake';
import PaidIcon from '@mui/icons-material/Paid';
import StickyNote2Icon from '@mui/icons-material/StickyNote2';
import SwapHorizIcon from '@mui/icons-material/SwapHoriz';
import { formatarData } from '../../lib/format.ts';
import { situacaoDaMensagem } from '../../lib/situacao-envio.ts';
import {
  DEBITO_EVENTO_LABELS,
  FORMA_LABELS,
  NEGOCIACAO_STATUS_LABELS,
  PROMESSA_STATUS_LABELS,
  RESULTADO_LABELS,
} from './rotulos.ts';

// How each timeline entry reads (docs/produto.md §5): an icon, a title, an optional detail line.

const ACAO_LABELS: Record<StatusAcao, string> = {
  'cliente.assumido': 'Cliente assumido',
  'cliente.pausado': 'Cobrança pausada',
  'cliente.reativado': 'Cobrança reativada',
  'cliente.resposta_recebida': 'Cliente respondeu e aguarda atendimento',
  'cliente.opt_out': 'Cliente pediu para não receber mensagens',
  'cliente.operador_alterado': 'Operador do cliente alterado',
  'cliente.concluido': 'Cobrança concluída',
};

/** Each entry's icon; a message's is its channel's (components/canal-icone.tsx). */
export const ICONES: Record<Exclude<LinhaDoTempoItem['tipo'], 'mensagem'>, SvgIconComponent> = {
  chamada: CallIcon,
  promessa: EventIcon,
  promessa_resolvida: EventIcon,
  negociacao: HandshakeIcon,
  negociacao_encerrada: HandshakeIcon,
  pagamento: PaidIcon,
  movimento_bancario: AccountBalanceIcon,
  status: SwapHorizIcon,
  nota: StickyNote2Icon,
  debito_automatico: AutorenewIcon,
};

const juntar = (...partes: (string | null | undefined)[]) => partes.filter(Boolean).join(' · ') || null;

/**
 * Title and detail of an entry (the note's text is shown by the note itself). A message says its state
 * as the thread does ("Agendada · sai às 08:00 (fora da janela)"), from the sending window when known.
 */
export const descrever = (
  item: LinhaDoTempoItem,
  janela?: JanelaEnvio,
): { titulo: string; detalhe: string | null } => {
  switch (item.tipo) {
    case 'mensagem': {
      // An e-mail is named so ("E-mail · Enviado"): its states agree with it, and it has no receipts.
      const email = item.canal === 'email';
      if (item.direcao === 'entrada')
        return { titulo: email ? 'E-mail recebido' : 'Mensagem recebida', detalhe: item.conteudo };
      const situacao = situacaoDaMensagem(item, janela);
      return {
        titulo: `${email ? 'E-mail' : 'Mensagem'} · ${situacao.rotulo}`,
        // A failure's reason is in the state already; a retry's last error is not.
        detalhe: juntar(item.conteudo, situacao.tipo === 'falhou' ? null : item.erro),
      };
    }
    case 'chamada':
      return { titulo: `Ligação: ${RESULTADO_LABELS[item.resultado]}`, detalhe: item.observacao };
    case 'promessa':
      return {
        titulo: `Promessa de ${formatarValorEmReais(item.valor)} para ${formatarData(item.data)}`,
        detalhe: null,
      };
    case 'promessa_resolvida':
      return {
        titulo: `Promessa ${PROMESSA_STATUS_LABELS[item.status]}: ${formatarValorEmReais(item.valor)} para ${formatarData(item.data)}`,
        detalhe: null,
      };
    case 'negociacao':
      return {
        titulo: `Acordo criado: ${formatarValorEmReais(item.valor_total)} em ${item.parcelas}x`,
        detalhe: null,
      };
    case 'negociacao_encerrada':
      return {
        titulo: `Acordo ${NEGOCIACAO_STATUS_LABELS[item.status]}: ${formatarValorEmReais(item.valor_total)} em ${item.parcelas}x`,
        detalhe: null,
      };
    case 'pagamento':
      return {
        titulo: `Pagamento de ${formatarValorEmReais(item.valor)} (${FORMA_LABELS[item.forma]}${item.pix_automatico ? ', confirmado pelo banco' : ''}${item.conciliado ? ', do arquivo do banco' : ''})`,
        detalhe: `Pago em ${formatarData(item.data)}`,
      };
    case 'movimento_bancario':
      return {
        titulo: `Banco: ${item.descricao}${item.nosso_numero ? ` do boleto ${item.nosso_numero}` : ''}`,
        detalhe: juntar(`Em ${formatarData(item.data)}`, item.conta_id ? `conta nº ${item.conta_id}` : null),
      };
    case 'status':
      return {
        titulo: ACAO_LABELS[item.acao],
        detalhe: juntar(
          item.status_anterior && item.status_novo && item.status_anterior !== item.status_novo
            ? `${CLIENTE_STATUS_LABELS[item.status_anterior]} → ${CLIENTE_STATUS_LABELS[item.status_novo]}`
            : null,
          item.detalhe,
        ),
      };
    case 'debito_automatico':
      return {
        titulo: DEBITO_EVENTO_LABELS[item.evento],
        detalhe: juntar(`Acordo nº ${item.negociacao_id}`, item.detalhe),
      };
    case 'nota':
      return { titulo: 'Nota interna', detalhe: null };
  }
};
