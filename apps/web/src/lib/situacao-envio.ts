import type { JanelaEnvio, MensagemView } from '@cobranca/contracts';
import { FUSO_PADRAO, hojeNoFuso, somarDias } from '@cobranca/dominio';

// What a message's state truly is (docs/produto.md §12): a régua message held by the sending window
// is "Agendada" with the hour it goes, never "Enviada"; the rest follows the channel's receipts. The
// thread, the timeline and the lists (table and phone cards) all read it here.

export type Situacao = {
  rotulo: string;
  /** The same state where space is short (phone cards): no "(fora da janela)", no failure reason. */
  curto: string;
  tipo: 'espera' | 'fila' | 'enviada' | 'entregue' | 'lida' | 'falhou' | 'recebida' | 'cancelada';
};

const hora = new Intl.DateTimeFormat('pt-BR', {
  timeZone: FUSO_PADRAO,
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});
const diaSemana = new Intl.DateTimeFormat('pt-BR', {
  timeZone: FUSO_PADRAO,
  weekday: 'short',
  day: '2-digit',
  month: '2-digit',
});

/** "às 08:00" today, "amanhã às 08:00", else "seg., 30/11 às 08:00" (America/Sao_Paulo). */
export const quando = (instante: Date, agora: Date): string => {
  const dia = hojeNoFuso(instante);
  const hoje = hojeNoFuso(agora);
  const as = `às ${hora.format(instante)}`;
  if (dia === hoje) return as;
  if (dia === somarDias(hoje, 1)) return `amanhã ${as}`;
  return `${diaSemana.format(instante)} ${as}`;
};

type Mensagem = Pick<MensagemView, 'direcao' | 'origem' | 'status' | 'erro' | 'proxima_tentativa_em'> &
  // Lists without the channel (the last message of a row) read as WhatsApp, as they did before e-mail.
  Partial<Pick<MensagemView, 'canal' | 'enviada_em'>>;

/** A state that needs no shorter form. */
const igual = (rotulo: string, tipo: Situacao['tipo']): Situacao => ({ rotulo, curto: rotulo, tipo });

const pendente = (m: Mensagem, janela: JanelaEnvio | undefined, agora: Date): Situacao => {
  if (m.origem === 'regua' && janela && !janela.automacao_ligada)
    return igual('Agendada · automação pausada', 'espera');
  if (m.origem === 'regua' && janela && !janela.aberta && janela.abre_em) {
    const sai = `Agendada · sai ${quando(new Date(janela.abre_em), agora)}`;
    return { rotulo: `${sai} (fora da janela)`, curto: sai, tipo: 'espera' };
  }
  const tentativa = m.proxima_tentativa_em ? new Date(m.proxima_tentativa_em) : null;
  // A notice of the system waiting for the sending window to open is its first send, not a retry.
  if (tentativa && tentativa > agora && m.origem === 'sistema' && !m.erro)
    return igual(`Agendada · sai ${quando(tentativa, agora)}`, 'espera');
  if (tentativa && tentativa > agora) return igual(`Nova tentativa ${quando(tentativa, agora)}`, 'espera');
  return igual('Na fila', 'fila');
};

/**
 * An e-mail has no delivery or read receipt: once it left it is "Enviado", and a failure after it left
 * is a bounce ("Devolvido"), never "Entregue" or "Lido".
 */
const situacaoDoEmail = (m: Mensagem): Situacao | null => {
  if (m.status === 'enviada' || m.status === 'entregue' || m.status === 'lida')
    return igual('Enviado', 'enviada');
  if (m.status === 'falhou' && m.enviada_em)
    return { rotulo: m.erro ? `Devolvido: ${m.erro}` : 'Devolvido', curto: 'Devolvido', tipo: 'falhou' };
  return null;
};

export const situacaoDaMensagem = (
  m: Mensagem,
  janela: JanelaEnvio | undefined,
  agora = new Date(),
): Situacao => {
  if (m.direcao === 'entrada') return igual('Recebida', 'recebida');
  const email = m.canal === 'email' ? situacaoDoEmail(m) : null;
  if (email) return email;
  switch (m.status) {
    case 'pendente':
      return pendente(m, janela, agora);
    case 'enviada':
      return igual('Enviada', 'enviada');
    case 'entregue':
      return igual('Entregue', 'entregue');
    case 'lida':
      return igual('Lida', 'lida');
    case 'falhou':
      return { rotulo: m.erro ? `Falhou: ${m.erro}` : 'Falhou', curto: 'Falhou', tipo: 'falhou' };
    default:
      return igual('Cancelada', 'cancelada');
  }
};
