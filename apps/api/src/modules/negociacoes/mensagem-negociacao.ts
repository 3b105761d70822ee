import type { Canal, TemplateValores } from '@cobranca/contracts';
import { formatarDataBr, formatarReais } from '@cobranca/dominio';
import { MARCADOR_LINK } from '../../lib/conteudo-mensagem.ts';
import {
  renderizarNoCanal,
  type TemplateMensagem,
  type TextoRenderizado,
} from '../mensagens/template-canal.ts';
import { blocoPix, type Credor } from '../regua/mensagem-regua.ts';

// The agreement's terms, sent when it is confirmed (docs/produto.md §8, §13): {{parcelas}} ("3 parcelas")
// and {{quantidade}} ("3", for templates an admin wrote before {{parcelas}} existed), {{total}}, the first
// instalment's {{valor}} and {{vencimento}}, {{lista_parcelas}} one line per instalment, and {{pix}} the
// first instalment's PIX block (empty when there is no charge). Pure: the service stores it.

export type ParcelaDosTermos = { valorCentavos: number; vencimento: string };

const regras = new Intl.PluralRules('pt-BR');

/** "1 parcela", "3 parcelas" (pt-BR plural rules). */
export const quantasParcelas = (n: number): string =>
  `${n} ${regras.select(n) === 'one' ? 'parcela' : 'parcelas'}`;

/** "1ª parcela de R$ 100,00 em 05/12/2026", one line per instalment. */
export const listaDeParcelas = (parcelas: readonly ParcelaDosTermos[]): string =>
  parcelas
    .map(
      (p, i) => `${i + 1}ª parcela de ${formatarReais(p.valorCentavos)} em ${formatarDataBr(p.vencimento)}`,
    )
    .join('\n');

/** Journey 3's block: one PIX pays the first instalment and authorises the debit of the others. */
export const blocoDebitoAutomatico = (codigo: string): string =>
  `Pague a 1ª parcela com o PIX abaixo e, no app do seu banco, autorize o débito automático (PIX Automático) das demais, cada uma no seu vencimento.\n\n${blocoPix(codigo)}`;

export const montarMensagemNegociacao = (entrada: {
  nome: string;
  credor: Credor;
  parcelas: readonly ParcelaDosTermos[];
  totalCentavos: number;
  /** The first instalment's PIX copia e cola; null: no charge (PIX not configured, or the PSP failed). */
  pixCopiaECola: string | null;
  /** The code is PIX Automático's journey 3: it also authorises the other instalments' debit. */
  debitoAutomatico?: boolean;
  template: TemplateMensagem;
  /** Default WhatsApp. */
  canal?: Canal;
}): TextoRenderizado => {
  const [primeira] = entrada.parcelas;
  if (!primeira) throw new Error('acordo sem parcelas');
  const valores: TemplateValores = {
    nome: entrada.nome,
    empresa: entrada.credor.nome,
    empresa_documento: entrada.credor.documento,
    quantidade: String(entrada.parcelas.length),
    parcelas: quantasParcelas(entrada.parcelas.length),
    lista_parcelas: listaDeParcelas(entrada.parcelas),
    total: formatarReais(entrada.totalCentavos),
    valor: formatarReais(primeira.valorCentavos),
    vencimento: formatarDataBr(primeira.vencimento),
    pix: entrada.pixCopiaECola
      ? entrada.debitoAutomatico
        ? blocoDebitoAutomatico(entrada.pixCopiaECola)
        : blocoPix(entrada.pixCopiaECola)
      : '',
    link: MARCADOR_LINK,
  };
  return renderizarNoCanal(entrada.canal ?? 'whatsapp', 'negociacao', entrada.template, valores);
};
