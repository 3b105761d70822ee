import { FORMA_PAGAMENTO_ROTULOS, type FormaPagamento } from '@cobranca/contracts';
import { contagem, formatarDataBr, formatarReais } from '@cobranca/dominio';
import type { TemplateCanal } from '../../canais/canal.ts';
import type { TemplateMensagem } from '../../mensagens/template-canal.ts';
import type { Credor } from '../../regua/mensagem-regua.ts';
import { montarMensagemAgradecimento } from '../mensagem-agradecimento.ts';

// The receipt every payment sends the customer (docs/produto.md §9, docs/decisions/037-recibos.md). Pure:
// what it paid, what is left and the next due date; the payment that leaves nothing open is the
// thank-you, its {{valor}} the total paid over the debt, with this payment's lines below.

/** One receivable the payment reached. */
export type ItemRecibo = { descricao: string; valorCentavos: number; quitou: boolean };

export type PagamentoRecibo = {
  valorCentavos: number;
  forma: FormaPagamento;
  /** The payment's date (ISO). */
  data: string;
  itens: readonly ItemRecibo[];
};

/** What is still open after the payment, updated to its date; `totalPagoCentavos` once nothing is. */
export type SaldoRecibo =
  | { restanteCentavos: number; contas: number; proximo: { vencimento: string; valorCentavos: number } }
  | { totalPagoCentavos: number };

export type EntradaRecibo = {
  nome: string;
  credor: Credor;
  pagamento: PagamentoRecibo;
  saldo: SaldoRecibo;
  /** The thank-you template (stored or default): the last receipt's text, and outside WhatsApp's 24-hour window every receipt's approved template. */
  agradecimento: TemplateMensagem;
};

const linhaItem = (item: ItemRecibo) =>
  `- ${item.descricao}: ${formatarReais(item.valorCentavos)}${item.quitou ? ', quitada' : ', pagamento parcial'}`;

const referente = ({ itens }: PagamentoRecibo) => ['Referente a:', ...itens.map(linhaItem)].join('\n');

const resumo = (p: PagamentoRecibo) =>
  `${formatarReais(p.valorCentavos)} (${FORMA_PAGAMENTO_ROTULOS[p.forma]}) em ${formatarDataBr(p.data)}`;

export const montarRecibo = (e: EntradaRecibo): { conteudo: string; template: TemplateCanal | null } => {
  const { pagamento, saldo } = e;
  if ('totalPagoCentavos' in saldo) {
    const agradecimento = montarMensagemAgradecimento({
      nome: e.nome,
      valorCentavos: saldo.totalPagoCentavos,
      credor: e.credor,
      template: e.agradecimento,
    });
    const conteudo = [
      agradecimento.conteudo,
      `Este último pagamento: ${resumo(pagamento)}. Com ele, não há mais nada em aberto.`,
      referente(pagamento),
    ].join('\n\n');
    return { conteudo, template: agradecimento.template };
  }
  const { template } = montarMensagemAgradecimento({
    nome: e.nome,
    valorCentavos: pagamento.valorCentavos,
    credor: e.credor,
    template: e.agradecimento,
  });
  const conteudo = [
    `Olá, ${e.nome}! Recebemos o seu pagamento de ${resumo(pagamento)}. Obrigado!`,
    referente(pagamento),
    `Ainda em aberto: ${formatarReais(saldo.restanteCentavos)} em ${contagem(saldo.contas, 'conta', 'contas')}. ` +
      `O próximo vencimento é ${formatarDataBr(saldo.proximo.vencimento)}, de ${formatarReais(saldo.proximo.valorCentavos)}.`,
    `${e.credor.nome}, CNPJ ${e.credor.documento}. Se precisar de algo, é só responder por aqui.`,
  ].join('\n\n');
  return { conteudo, template };
};
