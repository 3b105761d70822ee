import type { TemplateTipo } from '@cobranca/contracts';

/**
 * Default message templates (docs/produto.md §13), shipped in Portuguese.
 *
 * Collection templates (lembrete, vencimento, atraso) identify the creditor with `{{empresa}}` and
 * `{{empresa_documento}}` (CDC art. 42-A) and stay courteous: no threats, no mention of credit
 * bureaus or lawsuits, no exposure of the debtor (CDC art. 42).
 *
 * `{{pix}}` sits alone in its own paragraph: it stands for the whole PIX "copia e cola" block, so
 * the message still reads well when no PIX key is configured and it renders empty. `{{link}}` is the
 * customer's personal portal link (docs/produto.md §22), made as the message goes.
 */
export const DEFAULT_TEMPLATES: Readonly<Record<TemplateTipo, string>> = {
  lembrete: [
    'Olá, {{nome}}! Aqui é da {{empresa}}, CNPJ {{empresa_documento}}.',
    'Passando para lembrar que a sua fatura de {{valor}} vence em {{vencimento}}.',
    'Pague ou negocie pelo link: {{link}}',
    '{{pix}}',
    'Se o pagamento já foi feito, por favor desconsidere esta mensagem. Qualquer dúvida, é só responder por aqui.',
  ].join('\n\n'),
  vencimento: [
    'Olá, {{nome}}! Aqui é da {{empresa}}, CNPJ {{empresa_documento}}.',
    'A sua fatura de {{valor}} vence hoje, {{vencimento}}. Ao todo, você tem {{faturas}} em aberto, somando {{total}}.',
    'Pague ou negocie pelo link: {{link}}',
    '{{pix}}',
    'Se já pagou, por favor desconsidere esta mensagem. Estamos à disposição por aqui para qualquer dúvida.',
  ].join('\n\n'),
  atraso: [
    'Olá, {{nome}}, tudo bem? Aqui é da {{empresa}}, CNPJ {{empresa_documento}}.',
    'Ainda não identificamos o pagamento da fatura de {{valor}}, vencida em {{vencimento}} (há {{atraso}}). Ao todo, há {{faturas}} em aberto, somando {{total}}.',
    'Pague ou negocie pelo link: {{link}}',
    '{{pix}}',
    'Se o pagamento já foi feito, por favor desconsidere esta mensagem. Se precisar de outra data ou de uma condição diferente, responda por aqui que teremos prazer em ajudar.',
  ].join('\n\n'),
  negociacao: [
    'Olá, {{nome}}! Aqui é da {{empresa}}, CNPJ {{empresa_documento}}.',
    'Conforme combinado, o seu acordo ficou em {{parcelas}}, totalizando {{total}}:',
    '{{lista_parcelas}}',
    'A primeira parcela, de {{valor}}, vence em {{vencimento}}.',
    '{{pix}}',
    'Obrigado pela parceria! Qualquer dúvida, estamos por aqui.',
  ].join('\n\n'),
  agradecimento: [
    'Olá, {{nome}}! Recebemos o seu pagamento de {{valor}}. Muito obrigado!',
    'A {{empresa}}, CNPJ {{empresa_documento}}, agradece a confiança. Se precisar de algo, é só responder por aqui.',
  ].join('\n\n'),
};
