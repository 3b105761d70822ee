import { formatarReais } from '@cobranca/dominio';
import type { TemplateCanal } from '../canais/canal.ts';
import { renderizarMensagem, type TemplateMensagem } from '../mensagens/template-canal.ts';
import type { Credor } from '../regua/mensagem-regua.ts';

// The thank-you sent when a payment is registered (docs/produto.md §13). Pure: the payment service and
// the demo history build it here, so the demo shows exactly what the system sends.

export const montarMensagemAgradecimento = (entrada: {
  nome: string;
  valorCentavos: number;
  credor: Credor;
  template: TemplateMensagem;
}): { conteudo: string; template: TemplateCanal | null } =>
  renderizarMensagem(entrada.template, {
    nome: entrada.nome,
    valor: formatarReais(entrada.valorCentavos),
    empresa: entrada.credor.nome,
    empresa_documento: entrada.credor.documento,
  });
