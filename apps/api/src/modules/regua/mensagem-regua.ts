import { createHash } from 'node:crypto';
import type { Canal, TemplateValores } from '@cobranca/contracts';
import {
  contagem,
  diasDeAtraso,
  formatarDataBr,
  formatarLinhaDigitavel,
  formatarReais,
} from '@cobranca/dominio';
import { blocoPix, MARCADOR_LINK, MARCADOR_PIX } from '../../lib/conteudo-mensagem.ts';
import type { TemplateCanal } from '../canais/canal.ts';
import { renderizarNoCanal, type TemplateMensagem } from '../mensagens/template-canal.ts';
import type { ContaNaMensagem, PlanoCliente } from './etapas.ts';

// The text of one collection message (docs/produto.md §11, §13): the oldest receivable gives {{valor}},
// {{vencimento}} and {{dias_atraso}}; {{quantidade}} and {{total}} cover every receivable in it, at
// their updated amounts. {{atraso}} and {{faturas}} are the same counts with the agreeing word
// ("1 dia", "3 faturas"), so the default texts need no "(s)" (issue 17). {{pix}} becomes a marker the sender replaces with the copia e cola of the
// message's own charge, created just before it goes (docs/produto.md §21). Pure.

export type Credor = { nome: string; documento: string };

// Screens read the marker through `conteudoNaTela`.
export { blocoPix, MARCADOR_PIX };

/** Outbox key of (customer, receivable set, step): planning the same thing twice inserts nothing. */
export const chaveRegua = (clienteId: number, plano: PlanoCliente): string => {
  const contas = plano.contas.map((c) => `${c.id}@${c.etapa.dias}`).sort();
  const resumo = createHash('sha256').update(contas.join(',')).digest('base64url').slice(0, 22);
  return `regua:${clienteId}:${plano.etapa.dias}:${resumo}`;
};

export type MensagemRegua = {
  conteudo: string;
  /** An e-mail's subject (null on the other channels). */
  assunto: string | null;
  /** For the Cloud API outside the 24-hour window; null when no approved template is configured. */
  template: TemplateCanal | null;
};

/**
 * The linha digitável of each receivable in the message that has a boleto, below the PIX block
 * (docs/conciliacao.md §1): the debtor pays by either. Several receivables: each dated.
 */
export const blocoBoleto = (contas: readonly ContaNaMensagem[]): string => {
  const comBoleto = contas.filter((c) => c.linhaDigitavel);
  if (comBoleto.length === 0) return '';
  if (comBoleto.length === 1)
    return `Boleto (linha digitável):\n${formatarLinhaDigitavel(comBoleto[0]?.linhaDigitavel ?? '')}`;
  return comBoleto
    .map(
      (c) =>
        `Boleto de ${formatarDataBr(c.vencimento)} (linha digitável):\n${formatarLinhaDigitavel(c.linhaDigitavel ?? '')}`,
    )
    .join('\n\n');
};

export const montarMensagemRegua = (entrada: {
  nome: string;
  plano: PlanoCliente;
  chave: string;
  hoje: string;
  credor: Credor;
  /** false: no PIX block at all (the demo's history). */
  comPix: boolean;
  template: TemplateMensagem;
  /** Default WhatsApp (the demo's history). */
  canal?: Canal;
}): MensagemRegua => {
  const { plano, template } = entrada;
  const [maisAntiga] = plano.contas;
  if (!maisAntiga) throw new Error('mensagem da régua sem contas');
  const diasAtraso = diasDeAtraso(maisAntiga.vencimento, entrada.hoje);
  const valores: TemplateValores = {
    nome: entrada.nome,
    valor: formatarReais(maisAntiga.saldoCentavos),
    vencimento: formatarDataBr(maisAntiga.vencimento),
    dias_atraso: String(diasAtraso),
    quantidade: String(plano.contas.length),
    atraso: contagem(diasAtraso, 'dia', 'dias'),
    faturas: contagem(plano.contas.length, 'fatura', 'faturas'),
    total: formatarReais(plano.totalCentavos),
    empresa: entrada.credor.nome,
    empresa_documento: entrada.credor.documento,
    pix: [entrada.comPix && plano.totalCentavos > 0 ? MARCADOR_PIX : '', blocoBoleto(plano.contas)]
      .filter(Boolean)
      .join('\n\n'),
    link: MARCADOR_LINK,
  };
  return renderizarNoCanal(entrada.canal ?? 'whatsapp', plano.etapa.tipo, template, valores);
};
