import { z } from 'zod';
import { comFaixasValidas, filtrosClientesShape, operadorRef } from './admin.ts';
import { canalCliente } from './canais.ts';
import {
  ateDuasCasas,
  CARACTERES_DE_CONTROLE,
  DUAS_CASAS,
  ID_INVALIDO,
  ID_MAXIMO,
  pageQuery,
  SEM_CARACTERES_DE_CONTROLE,
} from './common.ts';
import { debitoAutomaticoView } from './debito-automatico.ts';
import {
  BASES_LEGAIS,
  CANAIS,
  CANAIS_MENSAGEM,
  CHAMADA_RESULTADOS,
  CLIENTE_STATUSES,
  CONTA_ORIGENS,
  CONTA_STATUSES,
  DOCUMENTO_TIPOS,
  FORMAS_PAGAMENTO,
  MENSAGEM_DIRECOES,
  MENSAGEM_ORIGENS,
  MENSAGEM_STATUSES,
  NEGOCIACAO_STATUSES,
  ORIGENS_CONTATO,
  PROMESSA_STATUSES,
  PROVEDORES_WHATSAPP,
} from './domain.ts';

// The operator area (docs/produto.md §7–§10). Money on the wire is reais with two decimals.

const isoDate = (message = 'Use uma data no formato AAAA-MM-DD.') => z.iso.date(message);

/** A positive amount in reais with at most two decimals (it becomes exact cents on the server). */
export const reaisField = (campo: string) =>
  z
    .number({ error: `Informe ${campo}.` })
    .positive(`${campo[0]?.toUpperCase()}${campo.slice(1)} deve ser maior que zero.`)
    .max(1_000_000_000, 'Valor alto demais.')
    .refine(ateDuasCasas, DUAS_CASAS);

// ── Dashboard ───────────────────────────────────────────────────────────────────
export const operadorDashboardResponse = z.object({
  clientes_vinculados: z.number().int(),
  cobrancas_enviadas: z.number().int(),
  cobrancas_concluidas: z.number().int(),
  mensagens_aguardando: z.number().int(),
  clientes_com_falhas: z.number().int(),
});
export type OperadorDashboard = z.infer<typeof operadorDashboardResponse>;

// ── Customer lists ──────────────────────────────────────────────────────────────
export const ultimaMensagem = z.object({
  conteudo: z.string(),
  direcao: z.enum(MENSAGEM_DIRECOES),
  // What it takes to say the message's true state (docs/produto.md §12).
  origem: z.enum(MENSAGEM_ORIGENS),
  status: z.enum(MENSAGEM_STATUSES),
  /** The channel it went or came through (docs/produto.md §12). */
  canal: z.enum(CANAIS_MENSAGEM),
  erro: z.string().nullable(),
  proxima_tentativa_em: z.iso.datetime().nullable(),
  created_at: z.iso.datetime(),
});

/** Unread counts stop here ("99+"): the marker says "there is news", not an exact tally. */
export const NAO_LIDAS_MAXIMO = 99;

export const clienteLista = z
  .object({
    id: z.number().int(),
    nome: z.string(),
    documento: z.string(),
    telefone: z.string().nullable(),
    status: z.enum(CLIENTE_STATUSES),
    numero_chamadas: z.number().int(),
    total_em_aberto: z.number(),
    /** Days overdue of the oldest open receivable (0 when none is overdue). */
    dias_atraso: z.number().int(),
    ultima_mensagem: ultimaMensagem.nullable(),
    operador: operadorRef.nullable(),
    aguardando_desde: z.iso.datetime().nullable(),
    /** The customer's newest inbound message (what the awaiting queue is for). */
    ultima_resposta: z.object({ conteudo: z.string(), created_at: z.iso.datetime() }).nullable(),
    /** Sum of the customer's recorded payments, in reais (manual and PIX). */
    recuperado: z.number(),
    /**
     * When the last payment was recorded: for a `concluido` customer, the payment that settled the last
     * open receivable, i.e. when it was concluded (null when concluded by an import without debt).
     */
    concluido_em: z.iso.datetime().nullable(),
    /**
     * Inbound messages newer than the caller's last reading of this customer (all of them if never
     * read), capped at NAO_LIDAS_MAXIMO: the unread marker of the lists and the inbox.
     */
    nao_lidas: z.number().int().min(0),
    /** Operators' internal labels (decision 022), never sent to the customer. */
    etiquetas: z.array(z.string()),
  })
  .meta({ id: 'ClienteLista' });
export type ClienteLista = z.infer<typeof clienteLista>;

const flag = z
  .enum(['0', '1', 'true', 'false'], { error: 'Use 1 ou 0.' })
  .transform((v) => v === '1' || v === 'true');

export const clientesListaQuery = comFaixasValidas(
  pageQuery.extend({
    ...filtrosClientesShape,
    /** Ativos only: customers with numero_chamadas ≥ the "com falhas" limit. */
    com_falhas: flag.optional(),
  }),
);

// ── Customer detail (workspace) ─────────────────────────────────────────────────
export const contaReceber = z
  .object({
    id: z.number().int(),
    cliente_id: z.number().int(),
    origem: z.enum(CONTA_ORIGENS),
    chave_nfe: z.string().nullable(),
    numero_parcela: z.string().nullable(),
    descricao: z.string(),
    valor: z.number(),
    valor_pago: z.number(),
    /** Principal still open (0 unless `aberta` or `prescrita`). */
    saldo: z.number(),
    /** Encargos owed today when overdue (docs/produto.md §7), 0 otherwise. */
    multa: z.number(),
    juros: z.number(),
    /** saldo + multa + juros: what settles it today. */
    valor_atualizado: z.number(),
    vencimento: z.iso.date(),
    status: z.enum(CONTA_STATUSES),
    pago_em: z.iso.date().nullable(),
    dias_atraso: z.number().int(),
    negociacao_id: z.number().int().nullable(),
    /** The receivable's boleto (docs/conciliacao.md §1): COMPE bank, nosso número, its two numbers. */
    banco: z.string().nullable(),
    nosso_numero: z.string().nullable(),
    linha_digitavel: z.string().nullable(),
    codigo_barras: z.string().nullable(),
  })
  .meta({ id: 'ContaReceber' });
export type ContaReceber = z.infer<typeof contaReceber>;

/** A receivable's boleto as its operator types it (docs/conciliacao.md §1); all empty removes it. */
export const boletoContaBody = z.strictObject({
  banco: z.string().trim().max(3, 'O banco é o código de 3 dígitos.').optional(),
  nosso_numero: z.string().trim().max(40, 'Nosso número longo demais.').optional(),
  linha_digitavel: z.string().trim().max(60, 'Linha digitável longa demais.').optional(),
  codigo_barras: z.string().trim().max(50, 'Código de barras longo demais.').optional(),
});
export type BoletoContaBody = z.input<typeof boletoContaBody>;

export const negociacaoView = z.object({
  id: z.number().int(),
  status: z.enum(NEGOCIACAO_STATUSES),
  /** Updated amount of the covered receivables, encargos included. */
  valor_original: z.number(),
  encargos: z.number(),
  desconto: z.number(),
  /** The part of the discount that waived encargos. */
  encargos_dispensados: z.number(),
  valor_total: z.number(),
  parcelas: z.number().int(),
  primeiro_vencimento: z.iso.date(),
  intervalo_dias: z.number().int(),
  observacao: z.string().nullable(),
  created_at: z.iso.datetime(),
  /** The receivables the agreement replaced, and the instalments it created. */
  contas_ids: z.array(z.number().int()),
  parcelas_ids: z.array(z.number().int()),
  /** PIX Automático for instalments 2…N (docs/pix-automatico.md §5); null when the agreement has none. */
  debito_automatico: debitoAutomaticoView.nullable(),
});
export type NegociacaoView = z.infer<typeof negociacaoView>;

export const pagamentoView = z.object({
  id: z.number().int(),
  conta_id: z.number().int(),
  valor: z.number(),
  /** How it was applied: juros, then multa, then principal (docs/produto.md §7). */
  principal: z.number(),
  multa: z.number(),
  juros: z.number(),
  data: z.iso.date(),
  forma: z.enum(FORMAS_PAGAMENTO),
  observacao: z.string().nullable(),
  created_at: z.iso.datetime(),
  operador: operadorRef.nullable(),
});
export type PagamentoView = z.infer<typeof pagamentoView>;

export const promessaView = z.object({
  id: z.number().int(),
  data: z.iso.date(),
  valor: z.number(),
  status: z.enum(PROMESSA_STATUSES),
  created_at: z.iso.datetime(),
});
export type PromessaView = z.infer<typeof promessaView>;

export const chamadaView = z.object({
  id: z.number().int(),
  resultado: z.enum(CHAMADA_RESULTADOS),
  observacao: z.string().nullable(),
  created_at: z.iso.datetime(),
  operador: operadorRef.nullable(),
});
export type ChamadaView = z.infer<typeof chamadaView>;

/**
 * A PIX the provider confirmed for this customer (docs/produto.md §21): `valor_liquidado` is what
 * settled debt, `credito` what found none and waits for an admin (`valor` = both).
 */
export const pixRecebidoView = z.object({
  end_to_end_id: z.string(),
  valor: z.number(),
  valor_liquidado: z.number(),
  credito: z.number(),
  horario: z.iso.datetime(),
});
export type PixRecebidoView = z.infer<typeof pixRecebidoView>;

// The list-only values (reply excerpt, amount recovered) stay out of the workspace's customer.
export const clienteDetalhe = clienteLista
  .omit({ ultima_resposta: true, recuperado: true, concluido_em: true, nao_lidas: true })
  .extend({
    email: z.string().nullable(),
    /** Tried first by the régua and system messages (set by the operator or chosen in the portal). */
    canal_preferido: z.enum(CANAIS).nullable(),
    /** WhatsApp, e-mail and SMS, in that order: whether each can be used, and why not. */
    canais: z.array(canalCliente),
    documento_tipo: z.enum(DOCUMENTO_TIPOS),
    pausa_motivo: z.string().nullable(),
    /** `canal`: where the request came from (a WhatsApp reply's channel, or `portal`). */
    opt_out: z
      .object({ em: z.iso.datetime(), mensagem: z.string().nullable(), canal: z.string().nullable() })
      .nullable(),
    /** The customer's portal link (docs/produto.md §22): valid until, or revoked when. */
    portal: z.object({
      valido_ate: z.iso.datetime().nullable(),
      revogado_em: z.iso.datetime().nullable(),
    }),
    base_legal: z.enum(BASES_LEGAIS),
    origem_contato: z.enum(ORIGENS_CONTATO),
    contas: z.array(contaReceber),
    negociacoes: z.array(negociacaoView),
    pagamentos: z.array(pagamentoView),
    promessas: z.array(promessaView),
    chamadas: z.array(chamadaView),
    /** The customer's confirmed PIX, newest first, at most 50 (shown in the conversation). */
    pix_recebidos: z.array(pixRecebidoView),
  })
  .meta({ id: 'ClienteDetalhe' });
export type ClienteDetalhe = z.infer<typeof clienteDetalhe>;

/** assumir / pausar / reativar answer the customer as it now is (docs/produto.md §7). */
export const clienteResponse = z.object({ cliente: clienteDetalhe });

export const pausarBody = z.strictObject({
  motivo: z
    .string({ error: 'Informe o motivo da pausa.' })
    .trim()
    .min(3, 'O motivo deve ter pelo menos 3 caracteres.')
    .max(500, 'O motivo pode ter no máximo 500 caracteres.'),
});

// ── Messages ────────────────────────────────────────────────────────────────────
export const mensagemView = z
  .object({
    id: z.number().int(),
    direcao: z.enum(MENSAGEM_DIRECOES),
    origem: z.enum(MENSAGEM_ORIGENS),
    status: z.enum(MENSAGEM_STATUSES),
    /** The channel it went or came through; an e-mail's `assunto` is its subject (null otherwise). */
    canal: z.enum(CANAIS_MENSAGEM),
    assunto: z.string().nullable(),
    conteudo: z.string(),
    autor: operadorRef.nullable(),
    created_at: z.iso.datetime(),
    enviada_em: z.iso.datetime().nullable(),
    entregue_em: z.iso.datetime().nullable(),
    lida_em: z.iso.datetime().nullable(),
    erro: z.string().nullable(),
    // A pending message retried later than now goes no sooner than this.
    proxima_tentativa_em: z.iso.datetime().nullable(),
  })
  .meta({ id: 'Mensagem' });
export type MensagemView = z.infer<typeof mensagemView>;

/** The thread, oldest first (newest last), at most the latest 500 messages. */
export const mensagensResponse = z.array(mensagemView);

export const mensagemBody = z.strictObject({
  conteudo: z
    .string({ error: 'Escreva a mensagem.' })
    .trim()
    .min(1, 'Escreva a mensagem.')
    .max(4096, 'A mensagem pode ter no máximo 4096 caracteres (limite do WhatsApp).')
    .regex(SEM_CARACTERES_DE_CONTROLE, CARACTERES_DE_CONTROLE),
  /** Left out: the channel of the customer's last reply, else the first one the customer can receive on. */
  canal: z.enum(CANAIS, { error: 'Escolha WhatsApp, e-mail ou SMS.' }).optional(),
});

// ── Calls, agreements, payments, promises ───────────────────────────────────────
export const chamadaBody = z.strictObject({
  resultado: z.enum(CHAMADA_RESULTADOS, { error: 'Escolha o resultado da ligação.' }),
  observacao: z.string().trim().max(1000, 'A observação pode ter no máximo 1000 caracteres.').optional(),
});
export const chamadaResponse = z.object({ chamada: chamadaView, cliente: clienteDetalhe });

export const negociacaoBody = z.strictObject({
  contas: z
    .array(z.number().int().positive().max(ID_MAXIMO, ID_INVALIDO), { error: 'Escolha as contas do acordo.' })
    .min(1, 'Escolha ao menos uma conta.')
    .max(200, 'No máximo 200 contas por acordo.'),
  /** Discount in reais off the total of the chosen receivables (0 for none). */
  desconto: z
    .number({ error: 'Informe o desconto (0 para nenhum).' })
    .min(0, 'O desconto não pode ser negativo.')
    .refine(ateDuasCasas, DUAS_CASAS),
  parcelas: z
    .number({ error: 'Informe o número de parcelas.' })
    .int()
    .min(1, 'Mínimo de 1 parcela.')
    .max(24, 'Máximo de 24 parcelas.'),
  primeiro_vencimento: isoDate(),
  intervalo_dias: z
    .number()
    .int()
    .min(1, 'Intervalo mínimo de 1 dia.')
    .max(90, 'Intervalo máximo de 90 dias.')
    .default(30),
  observacao: z.string().trim().max(1000, 'A observação pode ter no máximo 1000 caracteres.').optional(),
  /**
   * PIX Automático for instalments 2…N (docs/pix-automatico.md §1): 2+ instalments, due the same day of
   * each month (intervalo 30), a customer with CPF or CNPJ, and a provider that has it.
   */
  debito_automatico: z.boolean({ error: 'Informe se o acordo terá débito automático.' }).optional(),
});
export type NegociacaoBody = z.input<typeof negociacaoBody>;
/**
 * The agreement's terms message (template `negociacao`, docs/produto.md §8): `na_fila` when it was stored
 * for sending; otherwise `motivo` says why the customer gets none (opt-out, no phone).
 */
export const termosAcordoView = z.object({ na_fila: z.boolean(), motivo: z.string().nullable() });
export type TermosAcordoView = z.infer<typeof termosAcordoView>;
export const negociacaoParams = z.object({
  id: z.coerce
    .number({ error: ID_INVALIDO })
    .int(ID_INVALIDO)
    .positive(ID_INVALIDO)
    .max(ID_MAXIMO, ID_INVALIDO),
  negociacaoId: z.coerce
    .number({ error: ID_INVALIDO })
    .int(ID_INVALIDO)
    .positive(ID_INVALIDO)
    .max(ID_MAXIMO, ID_INVALIDO),
});
/** The customer after a simulated step of the automatic debit (docs/pix-automatico.md §6). */
export const debitoSimuladoResponse = z.object({ cliente: clienteDetalhe });
/** The operator cancelled an agreement's automatic debit (docs/pix-automatico.md §4). */
export const debitoCanceladoResponse = z.object({ negociacao: negociacaoView, cliente: clienteDetalhe });

export const negociacaoResponse = z.object({
  negociacao: negociacaoView,
  cliente: clienteDetalhe,
  termos: termosAcordoView,
});

const contaPagaId = z.number({ error: 'Escolha a conta paga.' }).int().positive().max(ID_MAXIMO, ID_INVALIDO);

/**
 * One receivable (`conta_id`) or several (`contas_ids`, docs/produto.md §9): the amount is applied to
 * them oldest due date first, each up to its updated amount, one payment per receivable it reaches.
 */
export const pagamentoBody = z
  .strictObject({
    conta_id: contaPagaId.optional(),
    contas_ids: z
      .array(contaPagaId, { error: 'Escolha as contas pagas.' })
      .min(1, 'Escolha ao menos uma conta.')
      .max(200, 'No máximo 200 contas por pagamento.')
      .refine((ids) => new Set(ids).size === ids.length, 'Há contas repetidas na lista.')
      .optional(),
    valor: reaisField('o valor pago'),
    data: isoDate(),
    forma: z.enum(FORMAS_PAGAMENTO, { error: 'Escolha a forma de pagamento.' }),
    observacao: z.string().trim().max(1000, 'A observação pode ter no máximo 1000 caracteres.').optional(),
  })
  .refine((b) => (b.conta_id === undefined) !== (b.contas_ids === undefined), {
    path: ['conta_id'],
    error: 'Escolha a conta paga (conta_id) ou as contas pagas (contas_ids), não as duas.',
  });
export type PagamentoBody = z.input<typeof pagamentoBody>;
/** `pagamento`: the first payment recorded (the only one for a single receivable); `pagamentos`: all, oldest receivable first. */
export const pagamentoResponse = z.object({
  pagamento: pagamentoView,
  pagamentos: z.array(pagamentoView),
  cliente: clienteDetalhe,
});

export const promessaBody = z.strictObject({
  data: isoDate(),
  valor: reaisField('o valor prometido'),
});
export type PromessaBody = z.input<typeof promessaBody>;
export const promessaResponse = z.object({ promessa: promessaView, cliente: clienteDetalhe });

// ── Receivables ─────────────────────────────────────────────────────────────────
export const contasResumoResponse = z.object({
  total_contas: z.number().int(),
  valor_total: z.number(),
  contas_vencidas: z.number().int(),
  clientes_vinculados: z.number().int(),
});

/** Sort keys of the receivables list; every order ends with the receivable's id. */
export const CONTAS_ORDENS = ['vencimento', 'cliente', 'valor', 'saldo'] as const;
export type ContasOrdem = (typeof CONTAS_ORDENS)[number];

export const contasListarQuery = pageQuery
  .extend({
    ordem: z
      .enum(CONTAS_ORDENS, { error: `Ordenação desconhecida. Use: ${CONTAS_ORDENS.join(', ')}.` })
      .optional(),
    sentido: z.enum(['asc', 'desc'], { error: 'Use asc ou desc.' }).optional(),
    status: z
      .enum(CONTA_STATUSES, { error: `Status desconhecido. Use: ${CONTA_STATUSES.join(', ')}.` })
      .optional(),
    vencidas: flag.optional(),
    vencimento_de: isoDate().optional(),
    vencimento_ate: isoDate().optional(),
    busca: z.string().trim().max(120, 'A busca pode ter no máximo 120 caracteres.').optional(),
    cliente_id: z.coerce
      .number({ error: 'Cliente inválido.' })
      .int()
      .positive()
      .max(ID_MAXIMO, ID_INVALIDO)
      .optional(),
  })
  .refine((q) => !q.vencimento_de || !q.vencimento_ate || q.vencimento_de <= q.vencimento_ate, {
    message: 'A data inicial deve ser anterior à final.',
    path: ['vencimento_ate'],
  });

export const contaListada = contaReceber.extend({
  cliente: z.object({ id: z.number().int(), nome: z.string() }),
});
export type ContaListada = z.infer<typeof contaListada>;

export const contasClienteResponse = z.object({
  cliente: z.object({ id: z.number().int(), nome: z.string(), documento: z.string() }),
  contas: z.array(contaReceber),
});

// ── Simulated channel ───────────────────────────────────────────────────────────
/** Which channel is active, so the workspace shows "Simular resposta do cliente" only for the simulator. */
export const canalOperadorResponse = z.object({
  provedor: z.enum(PROVEDORES_WHATSAPP),
  simulador: z.boolean(),
});

/** Whether automatic messages may go out now, and when that changes (docs/produto.md §11). */
export const janelaEnvioResponse = z
  .object({
    aberta: z.boolean(),
    // The super admin's kill switch and the admin's switch: off holds every automatic message.
    automacao_ligada: z.boolean(),
    abre_em: z.iso.datetime().nullable().describe('Próxima abertura, quando fechada agora.'),
    fecha_em: z.iso.datetime().nullable().describe('Fechamento de hoje, quando aberta agora.'),
    fuso_horario: z.string(),
  })
  .meta({ id: 'JanelaEnvio' });
export type JanelaEnvio = z.infer<typeof janelaEnvioResponse>;
export type CanalOperador = z.infer<typeof canalOperadorResponse>;

export const simularRespostaBody = z.strictObject({
  texto: z
    .string({ error: 'Escreva a resposta do cliente.' })
    .trim()
    .min(1, 'Escreva a resposta do cliente.')
    .max(4096, 'A resposta pode ter no máximo 4096 caracteres (limite do WhatsApp).')
    .regex(SEM_CARACTERES_DE_CONTROLE, CARACTERES_DE_CONTROLE),
});

/** The stored inbound message and what it did to the customer (status flip, opt-out). */
export const simularRespostaResponse = z.object({
  mensagem: mensagemView,
  cliente_status: z.enum(CLIENTE_STATUSES),
  opt_out: z.boolean(),
});
export type SimularRespostaResponse = z.infer<typeof simularRespostaResponse>;
