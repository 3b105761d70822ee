// Wire values of the domain's enumerations (docs/produto.md §3–§13), shared by the database schema, API and web.

export const CLIENTE_STATUSES = [
  'ativo',
  'aguardando_atendimento',
  'em_atendimento',
  'pausado',
  'concluido',
] as const;
export type ClienteStatus = (typeof CLIENTE_STATUSES)[number];

/** How screens and exported files name each status: one wording wherever it is read. */
export const CLIENTE_STATUS_LABELS: Record<ClienteStatus, string> = {
  ativo: 'Ativo',
  aguardando_atendimento: 'Aguardando atendimento',
  em_atendimento: 'Em atendimento',
  pausado: 'Pausado',
  concluido: 'Concluído',
};

export const DOCUMENTO_TIPOS = ['cpf', 'cnpj', 'estrangeiro'] as const;
export type DocumentoTipo = (typeof DOCUMENTO_TIPOS)[number];

/** LGPD legal basis recorded for contacting the customer. */
export const BASES_LEGAIS = [
  'execucao_contrato',
  'legitimo_interesse',
  'consentimento',
  'exercicio_direitos',
] as const;
export type BaseLegal = (typeof BASES_LEGAIS)[number];

export const ORIGENS_CONTATO = ['importacao_csv', 'nfe', 'manual', 'demo'] as const;
export type OrigemContato = (typeof ORIGENS_CONTATO)[number];

export const CONTA_ORIGENS = ['nfe', 'importacao_csv', 'manual', 'acordo'] as const;
export type ContaOrigem = (typeof CONTA_ORIGENS)[number];

export const CONTA_ORIGEM_LABELS: Record<ContaOrigem, string> = {
  nfe: 'NF-e',
  importacao_csv: 'Planilha',
  manual: 'Manual',
  acordo: 'Acordo',
};

/** `prescrita`: over five years past due, never collected (docs/produto.md §7, decision 036). */
export const CONTA_STATUSES = ['aberta', 'paga', 'negociada', 'cancelada', 'prescrita'] as const;
export type ContaStatus = (typeof CONTA_STATUSES)[number];

export const CONTA_STATUS_LABELS: Record<ContaStatus, string> = {
  aberta: 'Aberta',
  paga: 'Paga',
  negociada: 'Negociada',
  cancelada: 'Cancelada',
  prescrita: 'Prescrita',
};

export const NEGOCIACAO_STATUSES = ['ativa', 'cumprida', 'quebrada', 'cancelada'] as const;
export type NegociacaoStatus = (typeof NEGOCIACAO_STATUSES)[number];

export const FORMAS_PAGAMENTO = ['pix', 'boleto', 'dinheiro', 'cartao', 'transferencia'] as const;
export type FormaPagamento = (typeof FORMAS_PAGAMENTO)[number];
/** How each method reads to a person: screens, the customer's receipt and its comprovante. */
export const FORMA_PAGAMENTO_ROTULOS: Readonly<Record<FormaPagamento, string>> = {
  pix: 'PIX',
  boleto: 'Boleto',
  dinheiro: 'Dinheiro',
  cartao: 'Cartão',
  transferencia: 'Transferência',
};

export const PROMESSA_STATUSES = ['pendente', 'cumprida', 'quebrada'] as const;
export type PromessaStatus = (typeof PROMESSA_STATUSES)[number];

export const CHAMADA_RESULTADOS = ['atendida', 'nao_atendida', 'caixa_postal', 'numero_invalido'] as const;
export type ChamadaResultado = (typeof CHAMADA_RESULTADOS)[number];

export const MENSAGEM_DIRECOES = ['saida', 'entrada'] as const;
export type MensagemDirecao = (typeof MENSAGEM_DIRECOES)[number];

export const MENSAGEM_STATUSES = [
  'pendente',
  'enviada',
  'entregue',
  'lida',
  'falhou',
  'recebida',
  'cancelada',
] as const;
export type MensagemStatus = (typeof MENSAGEM_STATUSES)[number];

/** An outbound message that reached the channel (what "sent" counts everywhere: dashboards, stats). */
export const MENSAGEM_STATUSES_ENVIADA = [
  'enviada',
  'entregue',
  'lida',
] as const satisfies readonly MensagemStatus[];

export const MENSAGEM_ORIGENS = ['regua', 'operador', 'sistema', 'cliente'] as const;
export type MensagemOrigem = (typeof MENSAGEM_ORIGENS)[number];

/** The channels a message reaches a customer through (docs/produto.md §12). */
export const CANAIS = ['whatsapp', 'email', 'sms'] as const;
export type Canal = (typeof CANAIS)[number];
/** Where a message came through: a sending channel, or the customer's portal (docs/produto.md §22). */
export const CANAIS_MENSAGEM = [...CANAIS, 'portal'] as const;
export type CanalMensagem = (typeof CANAIS_MENSAGEM)[number];

export const PROVEDORES_WHATSAPP = ['simulador', 'whatsapp_cloud'] as const;
export type ProvedorWhatsapp = (typeof PROVEDORES_WHATSAPP)[number];
export const PROVEDORES_EMAIL = ['simulador', 'smtp'] as const;
export type ProvedorEmail = (typeof PROVEDORES_EMAIL)[number];
export const PROVEDORES_SMS = ['simulador', 'zenvia'] as const;
export type ProvedorSms = (typeof PROVEDORES_SMS)[number];
/** The service that carried a message (the embedded simulator stands in for every channel). */
export const PROVEDORES_MENSAGEM = ['simulador', 'whatsapp_cloud', 'smtp', 'zenvia', 'portal'] as const;
export type ProvedorMensagem = (typeof PROVEDORES_MENSAGEM)[number];

/** The types a régua step may send; the automatic debit's notices go only from its own events. */
export const TEMPLATE_TIPOS_REGUA = [
  'lembrete',
  'vencimento',
  'atraso',
  'negociacao',
  'agradecimento',
] as const;
export const TEMPLATE_TIPOS = [...TEMPLATE_TIPOS_REGUA, 'aviso_debito', 'debito_recusado'] as const;
export type TemplateTipo = (typeof TEMPLATE_TIPOS)[number];

export const REGUA_ENVIO_STATUSES = ['planejado', 'enviado', 'pulado', 'falhou'] as const;
export type ReguaEnvioStatus = (typeof REGUA_ENVIO_STATUSES)[number];

export const IMPORTACAO_TIPOS = ['csv', 'xml'] as const;
export type ImportacaoTipo = (typeof IMPORTACAO_TIPOS)[number];

export const IMPORTACAO_STATUSES = ['processando', 'concluida', 'interrompida', 'falhou'] as const;
export type ImportacaoStatus = (typeof IMPORTACAO_STATUSES)[number];

/** Bank files the reconciliation reads (docs/conciliacao.md). */
export const FORMATOS_ARQUIVO_BANCARIO = ['cnab240', 'cnab400', 'ofx'] as const;
export type FormatoArquivoBancario = (typeof FORMATOS_ARQUIVO_BANCARIO)[number];

/** What a bank file's entry is: a retorno's movement, or a statement's credit or debit. */
export const TIPOS_LANCAMENTO = [
  'liquidacao',
  'baixa',
  'entrada_confirmada',
  'entrada_rejeitada',
  'credito',
  'debito',
  'outro',
] as const;
export type TipoLancamento = (typeof TIPOS_LANCAMENTO)[number];

/**
 * What became of an entry: settled a receivable; the money was already recorded (a PIX we confirmed, a
 * receivable paid before); waits for an admin; not money for us; the same entry of an earlier file; an
 * admin assigned it, or said it is not a collection.
 */
export const SITUACOES_LANCAMENTO = [
  'liquidado',
  'ja_liquidado',
  'em_revisao',
  'ignorado',
  'repetido',
  'atribuido',
  'descartado',
] as const;
export type SituacaoLancamento = (typeof SITUACOES_LANCAMENTO)[number];

/** Which rule matched an entry (docs/conciliacao.md §5). */
export const REGRAS_CONCILIACAO = [
  'nosso_numero',
  'txid',
  'end_to_end',
  'documento_valor',
  'pix_confirmado',
  'manual',
] as const;
export type RegraConciliacao = (typeof REGRAS_CONCILIACAO)[number];
