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
  aviso_debito: [
    'Olá, {{nome}}! Aqui é da {{empresa}}, CNPJ {{empresa_documento}}.',
    'A parcela de {{valor}} do seu acordo será debitada por PIX Automático em {{vencimento}}, como você autorizou. Não é preciso fazer nada: basta ter saldo na conta nesse dia.',
    'O débito automático pode ser cancelado quando quiser, pelo app do seu banco. Qualquer dúvida, é só responder por aqui.',
  ].join('\n\n'),
  debito_recusado: [
    'Olá, {{nome}}! Aqui é da {{empresa}}, CNPJ {{empresa_documento}}.',
    'Não conseguimos debitar pelo PIX Automático a parcela de {{valor}} do seu acordo, com vencimento em {{vencimento}}. Para mantê-lo em dia, pague esta parcela pelo PIX abaixo; as próximas continuam no débito automático.',
    '{{pix}}',
    'Se o pagamento já foi feito, por favor desconsidere esta mensagem. Qualquer dúvida, é só responder por aqui.',
  ].join('\n\n'),
};

/**
 * The e-mail of each type (docs/produto.md §13): a subject, and a body the e-mail lays out with the
 * amount, the PIX QR code and the portal button. `{{pix}}` asks for the message's charge; the e-mail shows
 * its code in its own PIX block (QR code and copia e cola), wherever the body places it.
 */
export const DEFAULT_EMAILS: Readonly<Record<TemplateTipo, { assunto: string; texto: string }>> = {
  lembrete: {
    assunto: 'Lembrete: sua fatura de {{valor}} vence em {{vencimento}} — {{empresa}}',
    texto: [
      'Olá, {{nome}}!',
      'Aqui é da {{empresa}}, CNPJ {{empresa_documento}}. Passando para lembrar que a sua fatura de {{valor}} vence em {{vencimento}}.',
      'Você pode pagar pelo PIX abaixo ou ver e negociar a dívida pelo botão. Se o pagamento já foi feito, por favor desconsidere este e-mail. Qualquer dúvida, é só responder.',
      '{{pix}}',
    ].join('\n\n'),
  },
  vencimento: {
    assunto: 'Sua fatura de {{valor}} vence hoje — {{empresa}}',
    texto: [
      'Olá, {{nome}}!',
      'Aqui é da {{empresa}}, CNPJ {{empresa_documento}}. A sua fatura de {{valor}} vence hoje, {{vencimento}}. Ao todo, você tem {{faturas}} em aberto, somando {{total}}.',
      'Você pode pagar pelo PIX abaixo ou ver e negociar a dívida pelo botão. Se já pagou, por favor desconsidere este e-mail. Estamos à disposição para qualquer dúvida: é só responder.',
      '{{pix}}',
    ].join('\n\n'),
  },
  atraso: {
    assunto: 'Fatura de {{valor}} em aberto desde {{vencimento}} — {{empresa}}',
    texto: [
      'Olá, {{nome}}, tudo bem?',
      'Aqui é da {{empresa}}, CNPJ {{empresa_documento}}. Ainda não identificamos o pagamento da fatura de {{valor}}, vencida em {{vencimento}} (há {{atraso}}). Ao todo, há {{faturas}} em aberto, somando {{total}}.',
      'Você pode pagar pelo PIX abaixo ou ver e negociar a dívida pelo botão. Se o pagamento já foi feito, por favor desconsidere este e-mail. Se precisar de outra data ou de uma condição diferente, responda este e-mail que teremos prazer em ajudar.',
      '{{pix}}',
    ].join('\n\n'),
  },
  negociacao: {
    assunto: 'Seu acordo com a {{empresa}}: {{parcelas}}',
    texto: [
      'Olá, {{nome}}!',
      'Aqui é da {{empresa}}, CNPJ {{empresa_documento}}. Conforme combinado, o seu acordo ficou em {{parcelas}}, totalizando {{total}}:',
      '{{lista_parcelas}}',
      'A primeira parcela, de {{valor}}, vence em {{vencimento}}; o PIX dela está abaixo.',
      '{{pix}}',
      'Obrigado pela parceria! Qualquer dúvida, é só responder este e-mail.',
    ].join('\n\n'),
  },
  agradecimento: {
    assunto: 'Recebemos o seu pagamento — {{empresa}}',
    texto: [
      'Olá, {{nome}}! Recebemos o seu pagamento de {{valor}}. Muito obrigado!',
      'A {{empresa}}, CNPJ {{empresa_documento}}, agradece a confiança. Se precisar de algo, é só responder este e-mail.',
    ].join('\n\n'),
  },
  aviso_debito: {
    assunto: 'Débito automático de {{valor}} em {{vencimento}} — {{empresa}}',
    texto: [
      'Olá, {{nome}}!',
      'Aqui é da {{empresa}}, CNPJ {{empresa_documento}}. A parcela de {{valor}} do seu acordo será debitada por PIX Automático em {{vencimento}}, como você autorizou. Não é preciso fazer nada: basta ter saldo na conta nesse dia.',
      'O débito automático pode ser cancelado quando quiser, pelo app do seu banco. Qualquer dúvida, é só responder este e-mail.',
    ].join('\n\n'),
  },
  debito_recusado: {
    assunto: 'Não conseguimos debitar a parcela de {{valor}} — {{empresa}}',
    texto: [
      'Olá, {{nome}}!',
      'Aqui é da {{empresa}}, CNPJ {{empresa_documento}}. Não conseguimos debitar pelo PIX Automático a parcela de {{valor}} do seu acordo, com vencimento em {{vencimento}}. Para mantê-lo em dia, pague esta parcela pelo PIX abaixo; as próximas continuam no débito automático.',
      'Se o pagamento já foi feito, por favor desconsidere este e-mail. Qualquer dúvida, é só responder.',
      '{{pix}}',
    ].join('\n\n'),
  },
};

/**
 * The SMS of each type: short (GSM-7 only, so 160 characters a part: no ã, ç, á…), with the creditor,
 * the amount and the portal link, never the copia e cola (docs/produto.md §13).
 */
export const DEFAULT_SMS: Readonly<Record<TemplateTipo, string>> = {
  lembrete:
    '{{empresa}} (CNPJ {{empresa_documento}}): {{nome}}, sua fatura de {{valor}} vence em {{vencimento}}. Pague ou negocie: {{link}} Responda SAIR para parar.',
  vencimento:
    '{{empresa}} (CNPJ {{empresa_documento}}): {{nome}}, sua fatura de {{valor}} vence hoje. Pague ou negocie: {{link}} Responda SAIR para parar.',
  atraso:
    '{{empresa}} (CNPJ {{empresa_documento}}): {{nome}}, a fatura de {{valor}} venceu em {{vencimento}}. Pague ou negocie: {{link}} Responda SAIR para parar.',
  negociacao:
    '{{empresa}} (CNPJ {{empresa_documento}}): {{nome}}, seu acordo de {{parcelas}} totaliza {{total}}. 1a parcela {{valor}} em {{vencimento}}: {{link}}',
  agradecimento: '{{empresa}}: {{nome}}, recebemos seu pagamento de {{valor}}. Obrigado!',
  aviso_debito:
    '{{empresa}}: {{nome}}, a parcela de {{valor}} do seu acordo sera debitada por PIX Automatico em {{vencimento}}. Basta ter saldo na conta.',
  debito_recusado:
    '{{empresa}}: {{nome}}, nao conseguimos debitar a parcela de {{valor}} (venc. {{vencimento}}). Pague pelo PIX: {{link}}',
};
