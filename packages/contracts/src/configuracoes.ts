import { z } from 'zod';
import { ateDuasCasas, DUAS_CASAS } from './common.ts';
import { CANAIS, TEMPLATE_TIPOS_REGUA } from './domain.ts';

const horario = z
  .string()
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Informe um horário de 00:00 a 23:59 (24 horas).');
const janela = z
  .object({ inicio: horario, fim: horario })
  .refine((j) => j.inicio < j.fim, { message: 'O início deve ser antes do fim.', path: ['fim'] });

/** Today's behaviour plus e-mail as second (docs/produto.md §12). */
export const CANAIS_PADRAO_ETAPA = ['whatsapp', 'email'] as const;

export const reguaEtapa = z.object({
  dias: z.number().int().min(-60, 'No máximo 60 dias antes.').max(180, 'No máximo 180 dias depois.'),
  tipo: z.enum(TEMPLATE_TIPOS_REGUA),
  /** The channels to try, in order: the message goes through the first one the customer can receive on. */
  canais: z
    .array(z.enum(CANAIS, { error: 'Use whatsapp, email ou sms.' }))
    .min(1, 'Escolha ao menos um canal.')
    .max(CANAIS.length)
    .refine((c) => new Set(c).size === c.length, 'Cada canal aparece uma vez só.')
    .default([...CANAIS_PADRAO_ETAPA]),
});

/** System settings of docs/produto.md §15; every field has the default the product ships with. */
/** A percentage with at most two decimals (it becomes hundredths of a percent in the arithmetic). */
const percentual = z.number().refine(ateDuasCasas, DUAS_CASAS);

/** A discount tier: from `a_partir_de_dias` days overdue on, at most these shares of each part may be waived. */
export const portalFaixaDesconto = z.object({
  a_partir_de_dias: z.number().int().min(0, 'Use 0 ou mais dias.').max(3650, 'Use no máximo 3650 dias.'),
  encargos_percentual: percentual.min(0, 'Use de 0 a 100%.').max(100, 'Use de 0 a 100%.'),
  principal_percentual: percentual.min(0, 'Use de 0 a 100%.').max(100, 'Use de 0 a 100%.'),
});
export type PortalFaixaDesconto = z.infer<typeof portalFaixaDesconto>;

export const PORTAL_POLITICA_PADRAO = {
  validade_link_dias: 30,
  parcelas_maximas: 6,
  parcela_minima: 50,
  intervalo_dias: 30,
  faixas_desconto: [
    { a_partir_de_dias: 0, encargos_percentual: 0, principal_percentual: 0 },
    { a_partir_de_dias: 30, encargos_percentual: 50, principal_percentual: 0 },
    { a_partir_de_dias: 90, encargos_percentual: 100, principal_percentual: 10 },
  ],
};

const portalPolitica = z.object({
  validade_link_dias: z
    .number()
    .int()
    .min(1, 'Use de 1 a 90 dias.')
    .max(90, 'Use de 1 a 90 dias.')
    .default(30),
  parcelas_maximas: z
    .number()
    .int()
    .min(1, 'Use de 1 a 24 parcelas.')
    .max(24, 'Use de 1 a 24 parcelas.')
    .default(6),
  /** Reais: no instalment of a self-service plan below this. */
  parcela_minima: percentual
    .min(1, 'A parcela mínima deve ser de pelo menos R$ 1,00.')
    .max(100_000)
    .default(50),
  intervalo_dias: z.number().int().min(7, 'Use de 7 a 60 dias.').max(60, 'Use de 7 a 60 dias.').default(30),
  faixas_desconto: z
    .array(portalFaixaDesconto)
    .min(1, 'Configure ao menos uma faixa.')
    .max(10, 'No máximo 10 faixas.')
    .refine(
      (f) => new Set(f.map((x) => x.a_partir_de_dias)).size === f.length,
      'Cada faixa deve começar em um número de dias diferente.',
    )
    .default(PORTAL_POLITICA_PADRAO.faixas_desconto),
});

export const sistemaSettings = z.object({
  empresa: z
    .object({
      nome: z.string().trim().max(120).default('Empresa Demonstração Ltda'),
      documento: z.string().trim().max(18).default('11.222.333/0001-81'),
      /** How customers reach the company besides WhatsApp (shown by the portal, docs/produto.md §22). */
      contato: z.string().trim().max(160).default(''),
    })
    .default({ nome: 'Empresa Demonstração Ltda', documento: '11.222.333/0001-81', contato: '' }),
  pix: z
    .object({
      chave: z.string().trim().max(77).default(''),
      nome_recebedor: z.string().trim().max(25).default(''),
      cidade: z.string().trim().max(15).default(''),
    })
    .default({ chave: '', nome_recebedor: '', cidade: '' }),
  regua: z
    .array(reguaEtapa)
    .min(1, 'Configure ao menos uma etapa.')
    .max(20, 'No máximo 20 etapas.')
    .default([
      { dias: -3, tipo: 'lembrete', canais: [...CANAIS_PADRAO_ETAPA] },
      { dias: 0, tipo: 'vencimento', canais: [...CANAIS_PADRAO_ETAPA] },
      { dias: 3, tipo: 'atraso', canais: [...CANAIS_PADRAO_ETAPA] },
      { dias: 7, tipo: 'atraso', canais: [...CANAIS_PADRAO_ETAPA] },
      { dias: 15, tipo: 'atraso', canais: [...CANAIS_PADRAO_ETAPA] },
    ]),
  janela_envio: z
    .object({
      dias_uteis: janela.default({ inicio: '08:00', fim: '20:00' }),
      sabado: janela.nullable().default({ inicio: '08:00', fim: '14:00' }),
      domingo: janela.nullable().default(null),
      /** true = also send on national holidays (off by default: docs/produto.md §11, no holidays). */
      feriados_nacionais: z.boolean().default(false),
    })
    .default({
      dias_uteis: { inicio: '08:00', fim: '20:00' },
      sabado: { inicio: '08:00', fim: '14:00' },
      domingo: null,
      feriados_nacionais: false,
    }),
  fuso_horario: z.string().default('America/Sao_Paulo'),
  tentativas_com_falhas: z.number().int().min(1).max(20).default(3),
  limites_contato: z
    .object({
      por_dia: z.number().int().min(1).max(10).default(1),
      por_semana: z.number().int().min(1).max(30).default(3),
    })
    .default({ por_dia: 1, por_semana: 3 }),
  vazao_canal_por_segundo: z.number().int().min(1).max(1000).default(80),
  desconto_maximo_percentual: z.number().min(0).max(100).default(30),
  /** Updated amount of overdue receivables (docs/produto.md §7). */
  encargos: z
    .object({
      multa_percentual: percentual
        .min(0, 'A multa não pode ser negativa.')
        .max(2, 'A multa por atraso é limitada a 2% (CDC, art. 52, § 1º).')
        .default(2),
      juros_mensal_percentual: percentual
        .min(0, 'Os juros não podem ser negativos.')
        .max(10, 'Use no máximo 10% ao mês.')
        .default(1),
    })
    .default({ multa_percentual: 2, juros_mensal_percentual: 1 }),
  /** The customer's portal (docs/produto.md §22): link validity and the self-service negotiation policy. */
  portal: portalPolitica.default(PORTAL_POLITICA_PADRAO),
  sessao_horas: z.number().int().min(1).max(720).default(12),
  /** The admin's automation on/off; the super admin's kill switch is separate and also has to allow sending. */
  automacao_ativa: z.boolean().default(true),
  /** Operators may import the bank's files too (docs/conciliacao.md §2); the review stays the admin's. */
  conciliacao_operadores: z.boolean().default(false),
  /** Agreements of 2+ instalments offer PIX Automático when the provider has it (docs/pix-automatico.md §1). */
  debito_automatico: z.boolean().default(true),
});
export type SistemaSettings = z.infer<typeof sistemaSettings>;
