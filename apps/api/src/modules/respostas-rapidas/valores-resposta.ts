import type { TemplateValores } from '@cobranca/contracts';
import { formatarDataBr, formatarReais } from '@cobranca/dominio';
import { MARCADOR_LINK } from '../../lib/conteudo-mensagem.ts';

// What the placeholders of a quick reply become for one customer (docs/produto.md §13). Pure.

/** An open receivable as of today: what settles it (encargos included) and how late it is. */
export type ContaAberta = { vencimento: string; totalCentavos: number; diasAtraso: number };
export type Credor = { nome: string; documento: string };

/** A conversation addresses the customer by the first name, as the composer always did. */
export const primeiroNome = (nome: string): string => nome.trim().split(/\s+/)[0] ?? '';

/**
 * Like a régua message: the oldest open receivable gives {{valor}}, {{vencimento}} and
 * {{dias_atraso}}; {{total}} and {{quantidade}} cover them all. Without open receivables those
 * read "R$ 0,00" / "0" and the dated ones stay empty.
 */
export const valoresDaResposta = (entrada: {
  nome: string;
  contas: readonly ContaAberta[];
  credor: Credor;
}): TemplateValores => {
  const [maisAntiga] = [...entrada.contas].sort((a, b) => a.vencimento.localeCompare(b.vencimento));
  const total = entrada.contas.reduce((soma, conta) => soma + conta.totalCentavos, 0);
  return {
    nome: primeiroNome(entrada.nome),
    empresa: entrada.credor.nome,
    empresa_documento: entrada.credor.documento,
    total: formatarReais(total),
    quantidade: String(entrada.contas.length),
    valor: maisAntiga ? formatarReais(maisAntiga.totalCentavos) : '',
    vencimento: maisAntiga ? formatarDataBr(maisAntiga.vencimento) : '',
    dias_atraso: maisAntiga ? String(maisAntiga.diasAtraso) : '',
    link: MARCADOR_LINK,
  };
};
