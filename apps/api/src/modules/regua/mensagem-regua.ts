import { createHash } from 'node:crypto';
import type { TemplateValores } from '@cobranca/contracts';
import { diasEntre, formatarDataBr, formatarReais } from '@cobranca/dominio';
import type { TemplateCanal } from '../canais/canal.ts';
import { renderizarMensagem, type TemplateMensagem } from '../mensagens/template-canal.ts';
import { gerarBrCode } from '../pix/br-code.ts';
import type { PlanoCliente } from './etapas.ts';

// The text of one collection message (docs/produto.md §11, §13): the oldest receivable gives {{valor}},
// {{vencimento}} and {{dias_atraso}}; {{quantidade}} and {{total}} cover every receivable in it; the
// PIX code charges the total under a txid derived from the message's outbox key. Pure.

export type Credor = { nome: string; documento: string };
export type ConfigPix = { chave: string; nome_recebedor: string; cidade: string };

/** Outbox key of (customer, receivable set, step): planning the same thing twice inserts nothing. */
export const chaveRegua = (clienteId: number, plano: PlanoCliente): string => {
  const contas = plano.contas.map((c) => `${c.id}@${c.etapa.dias}`).sort();
  const resumo = createHash('sha256').update(contas.join(',')).digest('base64url').slice(0, 22);
  return `regua:${clienteId}:${plano.etapa.dias}:${resumo}`;
};

/** PIX txid (letters and digits, at most 25) that points back to the message's outbox key. */
export const txidDaChave = (chave: string): string =>
  `RG${createHash('sha256').update(chave).digest('hex').slice(0, 23).toUpperCase()}`;

const blocoPix = (pix: ConfigPix, totalCentavos: number, txid: string): string => {
  if (!pix.chave || !pix.nome_recebedor || !pix.cidade || totalCentavos <= 0) return '';
  const codigo = gerarBrCode({
    chave: pix.chave,
    nomeRecebedor: pix.nome_recebedor,
    cidade: pix.cidade,
    valorCentavos: totalCentavos,
    txid,
  });
  return `PIX copia e cola:\n${codigo}`;
};

export type MensagemRegua = {
  conteudo: string;
  /** For the Cloud API outside the 24-hour window; null when no approved template is configured. */
  template: TemplateCanal | null;
  txid: string;
};

export const montarMensagemRegua = (entrada: {
  nome: string;
  plano: PlanoCliente;
  chave: string;
  hoje: string;
  credor: Credor;
  pix: ConfigPix;
  template: TemplateMensagem;
}): MensagemRegua => {
  const { plano, template } = entrada;
  const [maisAntiga] = plano.contas;
  if (!maisAntiga) throw new Error('mensagem da régua sem contas');
  const txid = txidDaChave(entrada.chave);
  const valores: TemplateValores = {
    nome: entrada.nome,
    valor: formatarReais(maisAntiga.saldoCentavos),
    vencimento: formatarDataBr(maisAntiga.vencimento),
    dias_atraso: String(Math.max(0, diasEntre(maisAntiga.vencimento, entrada.hoje))),
    quantidade: String(plano.contas.length),
    total: formatarReais(plano.totalCentavos),
    empresa: entrada.credor.nome,
    empresa_documento: entrada.credor.documento,
    pix: blocoPix(entrada.pix, plano.totalCentavos, txid),
  };
  return { ...renderizarMensagem(template, valores), txid };
};
