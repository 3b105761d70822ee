import type { ContaOrigem, FormaPagamento } from '@cobranca/contracts';
import {
  completarChaveNfe,
  dataMaisCedo,
  instanteNoFuso,
  normalizarDocumento,
  somarDias,
  somarMinutos,
} from '@cobranca/dominio';
import type { Perfil } from './demo-clientes.ts';
import { ate, type Contexto } from './demo-contexto.ts';
import { DESCRICOES_SERVICO } from './demo-data.ts';

export type ContaDemo = {
  /** Stable key inside the plan (message idempotency keys), never shown. */
  chave: string;
  descricao: string;
  origem: ContaOrigem;
  chaveNfe: string | null;
  numeroParcela: string | null;
  valorCentavos: number;
  vencimento: string;
  status: 'aberta' | 'paga';
  pagoEm: string | null;
  valorPagoCentavos: number;
  forma: FormaPagamento | null;
  createdAt: Date;
};

const VALOR_MINIMO = 8_000; // R$ 80,00
const VALOR_MAXIMO = 950_000; // R$ 9.500,00
const DIAS_FUTURO = 45;
const CNPJ_EMITENTE_PADRAO = '11222333000181';
const FORMAS: readonly FormaPagamento[] = [
  'pix',
  'pix',
  'pix',
  'boleto',
  'boleto',
  'transferencia',
  'cartao',
  'dinheiro',
];

// Offsets (days from today) for a customer's oldest open receivable, so each status has a
// believable history: the queue holds recent replies, "com falhas" went through the whole régua.
const FAIXA_PRIMEIRO_VENCIMENTO: Record<Exclude<Perfil, 'concluido'>, readonly [number, number]> = {
  ativo: [-30, DIAS_FUTURO],
  com_falhas: [-75, -16],
  aguardando_atendimento: [-20, -4],
  em_atendimento: [-30, -4],
  pausado: [-90, -10],
};

// cUF 35 (SP) + AAMM + emitter CNPJ + model 55 + series 001 + nNF + tpEmis 1 + cNF, then the DV
// (the one the XML import checks).
const gerarChaveNfe = (ctx: Contexto, emissao: string, numero: number): string => {
  const documento = normalizarDocumento(ctx.empresa.documento);
  const cnpj = /^\d{14}$/.test(documento) ? documento : CNPJ_EMITENTE_PADRAO;
  const codigo = String(ctx.s.inteiro(0, 99_999_999)).padStart(8, '0');
  const base = `35${emissao.slice(2, 4)}${emissao.slice(5, 7)}${cnpj}55001${String(numero).padStart(9, '0')}1${codigo}`;
  return completarChaveNfe(base);
};

const emitidaEm = (ctx: Contexto, emissao: string): Date =>
  ate(instanteNoFuso(emissao, ctx.s.inteiro(8 * 60, 17 * 60)), somarMinutos(ctx.agora, -60));

/** One NF-e whose duplicates (30 days apart) are the receivables, all still open. */
const notaFiscal = (ctx: Contexto, primeiroVencimento: string, parcelas: number): ContaDemo[] => {
  const numero = ++ctx.contador.nota;
  const emissao = somarDias(primeiroVencimento, -30);
  const chaveNfe = gerarChaveNfe(ctx, emissao, numero);
  const valorCentavos = ctx.s.inteiro(VALOR_MINIMO, VALOR_MAXIMO);
  const createdAt = emitidaEm(ctx, emissao);
  return Array.from({ length: parcelas }, (_, i) => {
    const numeroParcela = String(i + 1).padStart(3, '0');
    return {
      chave: `nfe-${numero}-${numeroParcela}`,
      descricao: `NF-e nº ${numero} — parcela ${i + 1} de ${parcelas}`,
      origem: 'nfe',
      chaveNfe,
      numeroParcela,
      valorCentavos,
      vencimento: somarDias(primeiroVencimento, 30 * i),
      ...emAberto(),
      createdAt,
    };
  });
};

const contaManual = (ctx: Contexto, vencimento: string): ContaDemo => {
  const pedido = ++ctx.contador.pedido;
  return {
    chave: `pedido-${pedido}`,
    descricao: `${ctx.s.escolher(DESCRICOES_SERVICO)} — pedido ${pedido}`,
    origem: 'manual',
    chaveNfe: null,
    numeroParcela: null,
    valorCentavos: ctx.s.inteiro(VALOR_MINIMO, VALOR_MAXIMO),
    vencimento,
    ...emAberto(),
    createdAt: emitidaEm(ctx, somarDias(vencimento, -30)),
  };
};

const emAberto = () => ({ status: 'aberta' as const, pagoEm: null, valorPagoCentavos: 0, forma: null });

const quitar = (ctx: Contexto, conta: ContaDemo, pagoEm: string): ContaDemo => ({
  ...conta,
  status: 'paga',
  pagoEm,
  valorPagoCentavos: conta.valorCentavos,
  forma: ctx.s.escolher(FORMAS),
});

/** The open receivables of a not-yet-concluded customer, the oldest due in its profile's range. */
const contasAbertas = (
  ctx: Contexto,
  perfil: Exclude<Perfil, 'concluido'>,
  quantidade: number,
): ContaDemo[] => {
  const [min, max] = FAIXA_PRIMEIRO_VENCIMENTO[perfil];
  const primeiro = ctx.s.inteiro(min, max);
  // An NF-e's duplicates fall 30 days apart; only as many as fit before the future horizon.
  const cabemNaNota = Math.floor((DIAS_FUTURO - primeiro) / 30) + 1;
  if (ctx.s.chance(0.45))
    return notaFiscal(ctx, somarDias(ctx.hoje, primeiro), Math.min(quantidade, cabemNaNota));
  const demais = Array.from({ length: quantidade - 1 }, () => ctx.s.inteiro(primeiro, DIAS_FUTURO));
  return [primeiro, ...demais.sort((a, b) => a - b)].map((dias) =>
    contaManual(ctx, somarDias(ctx.hoje, dias)),
  );
};

const novaConta = (ctx: Contexto, vencimento: string): ContaDemo =>
  ctx.s.chance(0.45) ? (notaFiscal(ctx, vencimento, 1)[0] as ContaDemo) : contaManual(ctx, vencimento);

/** An older receivable already paid, due by `limite`; spread month by month over the last ~11 months. */
const contaPagaAntiga = (ctx: Contexto, limite: string): ContaDemo => {
  const mesesAtras = ctx.contador.historico++ % 11;
  const sorteado = somarDias(ctx.hoje, -(mesesAtras * 30 + ctx.s.inteiro(15, 44)));
  const vencimento = dataMaisCedo(sorteado, limite);
  const pagoEm = somarDias(vencimento, ctx.s.inteiro(-3, 10));
  return quitar(ctx, novaConta(ctx, vencimento), dataMaisCedo(pagoEm, somarDias(ctx.hoje, -1)));
};

/** A receivable paid this month (São Paulo calendar), so the dashboard's "cobrados" has figures. */
const contaPagaNoMes = (ctx: Contexto): ContaDemo => {
  const diaDoMes = Number(ctx.hoje.slice(8, 10));
  const pagoEm = somarDias(ctx.hoje, -ctx.s.inteiro(0, diaDoMes - 1));
  return quitar(ctx, novaConta(ctx, somarDias(pagoEm, ctx.s.inteiro(-3, 10))), pagoEm);
};

/**
 * 1–4 receivables: concluded customers only paid ones (the last paid this month), the others at
 * least one open. Older paid ones fall due 15+ days before the recent ones, so each customer's
 * message history reads in order: old invoices settled, then the current collection.
 */
export const planejarContas = (ctx: Contexto, perfil: Perfil): ContaDemo[] => {
  const total = ctx.s.inteiro(1, perfil === 'concluido' ? 3 : 4);
  const recentes =
    perfil === 'concluido'
      ? [contaPagaNoMes(ctx)]
      : contasAbertas(ctx, perfil, ctx.s.inteiro(1, Math.min(total, 3)));
  const limite = somarDias(recentes[0]?.vencimento ?? ctx.hoje, -15);
  const antigas = Array.from({ length: total - recentes.length }, () => contaPagaAntiga(ctx, limite));
  return [...antigas, ...recentes];
};
