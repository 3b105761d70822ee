import type { FormaPagamento } from '@cobranca/contracts';
import {
  aplicarPagamentoComEncargos,
  type PagamentoAplicado,
  type PartesPagamento,
  type PercentuaisEncargos,
} from '@cobranca/dominio';
import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { linhasDe } from '../../../db/linhas.ts';
import { naLista } from '../../../db/na-lista.ts';
import { clientes, contasReceber, promessas } from '../../../db/schema/index.ts';
import { podeTransicionar } from '../../atendimento/status-rules.ts';
import type { Canais } from '../../canais/canal.ts';
import type { ClienteRow } from '../../clientes/clientes-operador.repository.ts';
import { ESCOPO_SISTEMA } from '../../clientes/escopo-operador.ts';
import { contaParaEncargos, encargosDaConta } from '../../clientes/valor-atualizado.ts';
import { type ContaRow, NegociacoesRepository } from '../../negociacoes/negociacoes.repository.ts';
import { prepararRecibos } from '../../negociacoes/recibos/recibo.service.ts';
import { marcarCobrancaPaga, removerCobrancasDasContas } from '../cobrancas/cobrancas.repository.ts';

// Settling money over receivables, for one PIX or for a whole bank file in one transaction
// (docs/conciliacao.md §2): the payments are planned in memory over the locked receivables, written with
// a fixed number of statements, and what a payment does besides (charges stopped, agreements and
// promises fulfilled, the customer concluded, the receipt) runs once for every customer reached.

/** How money came in: the payments' form and note, and the PIX or bank entry they point back to. */
export type OrigemDoPagamento = {
  forma: FormaPagamento;
  observacao: string;
  pixRecebidoId?: number;
  lancamentoBancarioId?: number;
  /**
   * What is paid beyond a receivable's updated amount stays with it as juros: a boleto's liquidação, where
   * the bank charged the encargos the boleto stated (docs/conciliacao.md §5). Otherwise it is left over.
   */
  excedenteComoJuros?: boolean;
};

/** One receivable a payment reached, principal and encargos apart, and the receivable after it. */
export type PagamentoPix = {
  conta: ContaRow;
  depois: ContaRow;
  valorCentavos: number;
  partes: PartesPagamento;
  quitou: boolean;
};

/** One settlement: a customer, the money's origin, its day, what it paid; and the charge it paid, if one. */
export type Liquidacao = {
  cliente: ClienteRow;
  origem: OrigemDoPagamento;
  data: string;
  pagamentos: PagamentoPix[];
  cobrancaPaga?: { id: number; contasIds: number[]; pagaEm: Date };
};

/** The order a PIX pays receivables in: the oldest due date first, then the oldest receivable. */
export const maisAntigasPrimeiro = (contas: ContaRow[]): ContaRow[] =>
  [...contas].sort((a, b) => a.vencimento.localeCompare(b.vencimento) || a.id - b.id);

const contaApos = (conta: ContaRow, aplicado: PagamentoAplicado, data: string): ContaRow => ({
  ...conta,
  valorPagoCentavos: conta.valorPagoCentavos + aplicado.partes.principalCentavos,
  multaPendenteCentavos: aplicado.pendentes?.multaCentavos ?? 0,
  jurosPendentesCentavos: aplicado.pendentes?.jurosCentavos ?? 0,
  encargosAte: aplicado.pendentes?.ate ?? null,
  ...(aplicado.quitou && { status: 'paga' as const, pagoEm: data }),
});

/**
 * Pays the receivables in order (open ones, as they are now), each up to its updated amount on `data`,
 * until the amount runs out. Pure: the caller keeps `depois` as the receivable's state from then on.
 */
export const planejarPagamentos = (
  contas: readonly ContaRow[],
  p: { valorCentavos: number; data: string; percentuais: PercentuaisEncargos; excedenteComoJuros?: boolean },
): PagamentoPix[] => {
  const pagos: PagamentoPix[] = [];
  let resto = p.valorCentavos;
  for (const [i, conta] of contas.entries()) {
    if (resto === 0) break;
    const devido = encargosDaConta(conta, { hoje: p.data, percentuais: p.percentuais }).totalCentavos;
    const ultima = i === contas.length - 1;
    const valor = p.excedenteComoJuros && ultima ? resto : Math.min(resto, devido);
    const aplicado = aplicarPagamentoComEncargos(
      contaParaEncargos(conta),
      Math.min(valor, devido),
      p.data,
      p.percentuais,
    );
    aplicado.partes.jurosCentavos += valor - Math.min(valor, devido);
    pagos.push({
      conta,
      depois: contaApos(conta, aplicado, p.data),
      valorCentavos: valor,
      partes: aplicado.partes,
      quitou: aplicado.quitou,
    });
    resto -= valor;
  }
  return pagos;
};

/**
 * Writes the planned payments: every receivable once, in its last state, then the payments, each
 * credited to the customer's operator at this moment (docs/decisions/037-recibos.md). Each statement's
 * rows go as one jsonb parameter: drizzle's builders make one per value, a second's work for 10 000.
 */
export const gravarPagamentos = async (tx: DbOrTx, liquidacoes: readonly Liquidacao[]): Promise<void> => {
  const finais = new Map<number, ContaRow>();
  for (const l of liquidacoes) for (const p of l.pagamentos) finais.set(p.depois.id, p.depois);
  if (finais.size === 0) return;
  const contas = [...finais.values()].map((c) => ({
    id: c.id,
    valor_pago: c.valorPagoCentavos,
    multa: c.multaPendenteCentavos,
    juros: c.jurosPendentesCentavos,
    ate: c.encargosAte,
    status: c.status,
    pago_em: c.pagoEm,
  }));
  await tx.execute(sql`
    UPDATE contas_receber c SET valor_pago_centavos = x.valor_pago, multa_pendente_centavos = x.multa,
      juros_pendentes_centavos = x.juros, encargos_ate = x.ate, status = x.status, pago_em = x.pago_em,
      updated_at = now()
    FROM jsonb_to_recordset(${JSON.stringify(contas)}::jsonb)
      AS x(id int, valor_pago bigint, multa bigint, juros bigint, ate date, status text, pago_em date)
    WHERE c.id = x.id`);
  const novos = liquidacoes.flatMap((l) =>
    l.pagamentos.map((p) => ({
      cliente_id: l.cliente.id,
      conta_id: p.conta.id,
      operador_id: l.cliente.operadorId,
      valor: p.valorCentavos,
      principal: p.partes.principalCentavos,
      multa: p.partes.multaCentavos,
      juros: p.partes.jurosCentavos,
      data: l.data,
      forma: l.origem.forma,
      observacao: l.origem.observacao,
      pix_recebido_id: l.origem.pixRecebidoId ?? null,
      lancamento_bancario_id: l.origem.lancamentoBancarioId ?? null,
    })),
  );
  await tx.execute(sql`
    INSERT INTO pagamentos (cliente_id, conta_id, operador_id, valor_centavos, principal_centavos,
      multa_centavos, juros_centavos, data, forma, observacao, pix_recebido_id, lancamento_bancario_id)
    SELECT x.cliente_id, x.conta_id, x.operador_id, x.valor, x.principal, x.multa, x.juros, x.data, x.forma,
      x.observacao, x.pix_recebido_id, x.lancamento_bancario_id
    FROM jsonb_to_recordset(${JSON.stringify(novos)}::jsonb) AS x(cliente_id int, conta_id int,
      operador_id int, valor bigint, principal bigint, multa bigint, juros bigint, data date, forma text,
      observacao text, pix_recebido_id int, lancamento_bancario_id int)`);
};

/** What the settlements did to one customer besides the receivables. */
export type EfeitosNoCliente = {
  quitadas: ContaRow[];
  negociacoesCumpridas: number[];
  promessasCumpridas: number[];
  clienteConcluido: boolean;
};

/** The customers (locked) with nothing open any more, concluded where their state allows it. */
const concluirQuitados = async (tx: DbOrTx, alvos: readonly ClienteRow[]): Promise<Set<number>> => {
  const ids = alvos.filter((c) => podeTransicionar(c.status, 'concluir')).map((c) => c.id);
  if (ids.length === 0) return new Set();
  const concluidos = await tx
    .update(clientes)
    .set({ status: 'concluido', pausaMotivo: null })
    .where(
      and(
        naLista(clientes.id, ids, 'int'),
        sql`NOT EXISTS (SELECT 1 FROM ${contasReceber} WHERE ${contasReceber.clienteId} = ${clientes.id} AND ${contasReceber.status} = 'aberta')`,
      ),
    )
    .returning({ id: clientes.id });
  return new Set(concluidos.map((c) => c.id));
};

/** The customers among these with a pending promise (most have none: one statement for all). */
const comPromessaPendente = async (tx: DbOrTx, ids: number[]): Promise<number[]> =>
  ids.length === 0
    ? []
    : linhasDe<{ cliente_id: number }>(
        await tx.execute(sql`
          SELECT DISTINCT ${promessas.clienteId} AS cliente_id FROM ${promessas}
          WHERE ${naLista(promessas.clienteId, ids, 'int')} AND ${eq(promessas.status, 'pendente')}`),
      ).map((r) => r.cliente_id);

/**
 * After the payments are written: the charges over what they paid stop (or the charge a settlement paid
 * is marked paid and the others over its receivables stop), agreements and promises are fulfilled, each
 * customer with nothing open is concluded and gets one receipt per day and form of payment (the
 * thank-you when nothing is left). Settlements that paid nothing do nothing.
 */
export const efeitosDasLiquidacoes = async (
  tx: DbOrTx,
  todas: readonly Liquidacao[],
  p: { percentuais: PercentuaisEncargos; canais: Canais },
): Promise<Map<number, EfeitosNoCliente>> => {
  const liquidacoes = todas.filter((l) => l.pagamentos.some((x) => x.valorCentavos > 0));
  const efeitos = new Map<number, EfeitosNoCliente>();
  const doCliente = (id: number) => {
    const e = efeitos.get(id) ?? {
      quitadas: [],
      negociacoesCumpridas: [],
      promessasCumpridas: [],
      clienteConcluido: false,
    };
    efeitos.set(id, e);
    return e;
  };
  if (liquidacoes.length === 0) return efeitos;
  const pagas = liquidacoes.flatMap((l) => (l.cobrancaPaga ? [l.cobrancaPaga] : []));
  for (const c of pagas) await marcarCobrancaPaga(tx, c.id, c.pagaEm);
  // A charge over a receivable paid now would ask for an amount no longer owed.
  await removerCobrancasDasContas(
    tx,
    [
      ...new Set([
        ...pagas.flatMap((c) => c.contasIds),
        ...liquidacoes.flatMap((l) => l.pagamentos.map((x) => x.conta.id)),
      ]),
    ],
    pagas.map((c) => c.id),
  );
  const repositorio = new NegociacoesRepository(tx, ESCOPO_SISTEMA);
  const acordos = new Map<number, number>();
  for (const l of liquidacoes)
    for (const x of l.pagamentos)
      if (x.quitou) {
        doCliente(l.cliente.id).quitadas.push(x.conta);
        if (x.conta.negociacaoId !== null) acordos.set(x.conta.negociacaoId, l.cliente.id);
      }
  for (const [negociacaoId, clienteId] of acordos)
    if (await repositorio.cumprirNegociacaoSeQuitada(negociacaoId))
      doCliente(clienteId).negociacoesCumpridas.push(negociacaoId);
  const alcancados = new Map(liquidacoes.map((l) => [l.cliente.id, l.cliente]));
  for (const id of await comPromessaPendente(tx, [...alcancados.keys()]))
    doCliente(id).promessasCumpridas.push(...(await repositorio.cumprirPromessas(id)));
  for (const id of await concluirQuitados(tx, [...alcancados.values()]))
    doCliente(id).clienteConcluido = true;
  const recibos = new Map<string, Liquidacao[]>();
  for (const l of liquidacoes) {
    const chave = `${l.cliente.id}:${l.origem.forma}:${l.data}`;
    recibos.set(chave, [...(recibos.get(chave) ?? []), l]);
  }
  await prepararRecibos(
    tx,
    repositorio,
    [...recibos.values()].map((grupo) => {
      const [primeira] = grupo as [Liquidacao, ...Liquidacao[]];
      return {
        cliente: primeira.cliente,
        forma: primeira.origem.forma,
        data: primeira.data,
        percentuais: p.percentuais,
        partes: grupo.flatMap((l) => l.pagamentos),
        canais: p.canais,
      };
    }),
  );
  return efeitos;
};
