import type { FormaPagamento } from '@cobranca/contracts';
import { formatarReais, instanteNoFuso, type PercentuaisEncargos } from '@cobranca/dominio';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { linhasDe } from '../../db/linhas.ts';
import { clientes, cobrancasPix, contasReceber, pagamentos, pixRecebidos } from '../../db/schema/index.ts';
import type { Canais } from '../canais/canal.ts';
import { ClientesDoOperador } from '../clientes/clientes-operador.repository.ts';
import { ESCOPO_SISTEMA } from '../clientes/escopo-operador.ts';
import { encargosDaConta } from '../clientes/valor-atualizado.ts';
import { type ContaRow, NegociacoesRepository } from '../negociacoes/negociacoes.repository.ts';
import { contasDaCobranca } from '../pix/cobrancas/cobrancas.repository.ts';
import {
  liquidarPixEmContas,
  maisAntigasPrimeiro,
  type OrigemDoPagamento,
} from '../pix/liquidacao/liquidacao.service.ts';
import { identificadoresDo } from './identificadores.ts';
import type { Desfecho } from './lancamentos.repository.ts';
import type { Lancamento } from './leitura/lancamento.ts';

// The matching rules, in order (docs/conciliacao.md §5): a retorno's liquidação by bank and nosso número;
// a statement credit naming a PIX we confirmed (recognised, never settled twice), one of our txids or a
// nosso número; a credit naming the payer's CPF or CNPJ whose amount is exactly one open receivable's
// updated amount that day; anything else waits for an admin. A settlement goes through the PIX's path
// (liquidarPixEmContas): receivables, agreements, promises, the customer concluded, the receipt.

export type ContextoConciliacao = {
  tx: DbOrTx;
  percentuais: PercentuaisEncargos;
  canais: Canais;
  fuso: string;
  /** The file's bank: a retorno's nosso número is that bank's. */
  banco: string;
  arquivoId: number;
  /** `documento:valor:data` of the file's credits that occur more than once: those are never guessed. */
  ambiguos: ReadonlySet<string>;
};

export const chaveDeAmbiguidade = (documento: string, l: Pick<Lancamento, 'valorCentavos' | 'data'>) =>
  `${documento}:${l.valorCentavos}:${l.data}`;

const nada = { regra: null, clienteId: null, contaId: null, pixRecebidoId: null, restanteCentavos: 0 };
const revisao = (l: Lancamento, motivo: string, extra: Partial<Desfecho> = {}): Desfecho => ({
  ...nada,
  situacao: 'em_revisao',
  motivo,
  restanteCentavos: l.valorCentavos,
  ...extra,
});
const ignorado = (motivo: string, extra: Partial<Desfecho> = {}): Desfecho => ({
  ...nada,
  situacao: 'ignorado',
  motivo,
  ...extra,
});

/** How an entry paid: a retorno by boleto; a statement credit by PIX when the bank says so, else a transfer. */
export const formaDoCredito = (l: Pick<Lancamento, 'tipo' | 'historico'>): FormaPagamento =>
  l.tipo === 'liquidacao' ? 'boleto' : /\bPIX\b/i.test(l.historico ?? '') ? 'pix' : 'transferencia';

const observacaoDo = (ctx: ContextoConciliacao, l: Lancamento) =>
  l.fitid
    ? `Extrato ${ctx.banco}, ${l.fitid}${l.historico ? `: ${l.historico}` : ''}`.slice(0, 500)
    : `Boleto ${l.nossoNumero ?? ''} (retorno do banco ${ctx.banco}, arquivo nº ${ctx.arquivoId}, linha ${l.linha})`;

/**
 * Settles `valor` of the entry over the customer's receivables `contasIds` (open ones, oldest first), the
 * customer locked first as every payment does; answers what was paid.
 */
export const liquidarLancamento = async (
  ctx: Pick<ContextoConciliacao, 'tx' | 'percentuais' | 'canais'>,
  alvo: { clienteId: number; contasIds: number[] | 'abertas'; valorCentavos: number; data: string },
  origem: OrigemDoPagamento,
  cobrancaPaga?: { id: number; contasIds: number[]; pagaEm: Date },
): Promise<{ pagoCentavos: number; quitadas: number[]; clienteConcluido: boolean }> => {
  const cliente = await new ClientesDoOperador(ctx.tx, ESCOPO_SISTEMA).buscarVisivelOrThrow(alvo.clienteId, {
    forUpdate: true,
  });
  const repositorio = new NegociacoesRepository(ctx.tx, ESCOPO_SISTEMA);
  const travadas =
    alvo.contasIds === 'abertas'
      ? await repositorio.travarContasAbertas(cliente.id)
      : await repositorio.travarContas(cliente.id, alvo.contasIds);
  const abertas = maisAntigasPrimeiro(travadas.filter((c) => c.status === 'aberta'));
  if (abertas.length === 0) return { pagoCentavos: 0, quitadas: [], clienteConcluido: false };
  const liquidacao = await liquidarPixEmContas(ctx.tx, {
    cliente,
    contas: abertas,
    origem,
    valorCentavos: alvo.valorCentavos,
    data: alvo.data,
    percentuais: ctx.percentuais,
    canais: ctx.canais,
    cobrancaPaga,
  });
  return {
    pagoCentavos: liquidacao.pagoCentavos,
    quitadas: liquidacao.quitadas.map((c) => c.id),
    clienteConcluido: liquidacao.clienteConcluido,
  };
};

const POR_STATUS: Record<string, string> = {
  negociada: 'a dívida foi renegociada num acordo: atribua o valor às parcelas do acordo, se for o caso',
  cancelada: 'a conta foi cancelada',
  prescrita: 'a conta está prescrita: registre o pagamento espontâneo, se for o caso',
};

/** A payment to one receivable found by its nosso número (a retorno's liquidação, or a statement's credit). */
const pagarConta = async (
  ctx: ContextoConciliacao,
  id: number,
  l: Lancamento,
  conta: ContaRow,
  excedenteComoJuros: boolean,
): Promise<Desfecho> => {
  const daConta = { clienteId: conta.clienteId, contaId: conta.id };
  if (conta.status === 'paga') {
    const [mesmo] = await ctx.tx
      .select({ id: pagamentos.id })
      .from(pagamentos)
      .where(
        and(
          eq(pagamentos.contaId, conta.id),
          eq(pagamentos.valorCentavos, l.valorCentavos),
          inArray(pagamentos.forma, ['boleto', formaDoCredito(l)]),
        ),
      )
      .limit(1);
    if (mesmo)
      return {
        ...nada,
        ...daConta,
        situacao: 'ja_liquidado',
        regra: 'nosso_numero',
        motivo: 'A conta já tinha este pagamento registrado.',
      };
    return revisao(
      l,
      `A conta nº ${conta.id} já estava paga por outro meio: confira se o cliente pagou duas vezes.`,
      daConta,
    );
  }
  if (conta.status !== 'aberta')
    return revisao(l, `O nosso número é da conta nº ${conta.id}, mas ${POR_STATUS[conta.status]}.`, daConta);
  const { pagoCentavos } = await liquidarLancamento(
    ctx,
    {
      clienteId: conta.clienteId,
      contasIds: [conta.id],
      valorCentavos: l.valorCentavos,
      data: l.dataCredito ?? l.data,
    },
    {
      forma: formaDoCredito(l),
      observacao: observacaoDo(ctx, l),
      lancamentoBancarioId: id,
      excedenteComoJuros,
    },
  );
  const restante = l.valorCentavos - pagoCentavos;
  const pago = `${formatarReais(pagoCentavos)} pagos na conta nº ${conta.id}`;
  return restante > 0
    ? revisao(l, `${pago}; sobram ${formatarReais(restante)} a atribuir.`, {
        ...daConta,
        regra: 'nosso_numero',
        restanteCentavos: restante,
      })
    : {
        ...nada,
        ...daConta,
        situacao: 'liquidado',
        regra: 'nosso_numero',
        motivo: `Boleto liquidado: ${pago}.`,
      };
};

const contaDoNossoNumero = async (
  tx: DbOrTx,
  banco: string | null,
  numeros: string[],
): Promise<ContaRow[]> =>
  numeros.length === 0
    ? []
    : tx
        .select()
        .from(contasReceber)
        .where(
          and(
            inArray(contasReceber.nossoNumero, numeros),
            banco === null ? undefined : eq(contasReceber.banco, banco),
          ),
        )
        .limit(2);

const liquidacaoDoRetorno = async (
  ctx: ContextoConciliacao,
  id: number,
  l: Lancamento,
): Promise<Desfecho> => {
  if (l.valorCentavos === 0) return ignorado('Liquidação sem valor pago.');
  const [conta] = await contaDoNossoNumero(ctx.tx, ctx.banco, l.nossoNumero ? [l.nossoNumero] : []);
  if (!conta)
    return revisao(
      l,
      `Nenhuma conta a receber tem o nosso número ${l.nossoNumero ?? '(vazio)'} do banco ${ctx.banco}.`,
    );
  return pagarConta(ctx, id, l, conta, true);
};

/** A movement that moves no money (entrada, baixa, protesto): kept on the receivable's timeline. */
const movimentoDoRetorno = async (ctx: ContextoConciliacao, l: Lancamento): Promise<Desfecho> => {
  const [conta] = await contaDoNossoNumero(ctx.tx, ctx.banco, l.nossoNumero ? [l.nossoNumero] : []);
  return conta
    ? ignorado(`${l.descricao}: registrado na conta nº ${conta.id}.`, {
        clienteId: conta.clienteId,
        contaId: conta.id,
      })
    : ignorado(`${l.descricao}: nenhuma conta com o nosso número ${l.nossoNumero ?? '(vazio)'}.`);
};

/** A PIX we confirmed at the PSP, named by its end-to-end id or by its charge's txid. */
const pixJaConfirmado = async (tx: DbOrTx, endToEndIds: string[], txids: string[]) => {
  if (endToEndIds.length === 0 && txids.length === 0) return undefined;
  const [pix] = await tx
    .select({ id: pixRecebidos.id, clienteId: pixRecebidos.clienteId, endToEndId: pixRecebidos.endToEndId })
    .from(pixRecebidos)
    .where(
      sql`${endToEndIds.length > 0 ? inArray(pixRecebidos.endToEndId, endToEndIds) : sql`false`}
        OR ${txids.length > 0 ? inArray(pixRecebidos.txid, txids) : sql`false`}`,
    )
    .limit(1);
  return pix;
};

/** A PIX of this customer, this amount, this day that no other entry claimed: the same money. */
const pixDoPagador = async (tx: DbOrTx, clienteId: number, documento: string, l: Lancamento, fuso: string) =>
  linhasDe<{ id: number }>(
    await tx.execute(sql`
      SELECT p.id FROM pix_recebidos p
      WHERE (p.cliente_id = ${clienteId} OR p.pagador_documento = ${documento})
        AND p.valor_centavos = ${l.valorCentavos}
        AND (p.horario AT TIME ZONE ${fuso})::date = ${l.data}::date
        AND NOT EXISTS (SELECT 1 FROM lancamentos_bancarios lb WHERE lb.pix_recebido_id = p.id)
      ORDER BY p.id LIMIT 1`),
  )[0];

const creditoDoExtrato = async (ctx: ContextoConciliacao, id: number, l: Lancamento): Promise<Desfecho> => {
  const ids = identificadoresDo(l.historico);
  const confirmado = await pixJaConfirmado(ctx.tx, ids.endToEndIds, ids.txids);
  if (confirmado)
    return {
      ...nada,
      situacao: 'ja_liquidado',
      regra: 'pix_confirmado',
      motivo: `É o PIX ${confirmado.endToEndId}, já confirmado pelo PSP e registrado.`,
      clienteId: confirmado.clienteId,
      pixRecebidoId: confirmado.id,
    };
  // One of our charges whose PIX the PSP never confirmed to us (a lost notification).
  if (ids.txids.length > 0) {
    const [cobranca] = await ctx.tx
      .select()
      .from(cobrancasPix)
      .where(inArray(cobrancasPix.txid, ids.txids))
      .limit(1);
    if (cobranca && (cobranca.status === 'ativa' || cobranca.status === 'removida')) {
      const contasIds = await contasDaCobranca(ctx.tx, cobranca.id);
      const { pagoCentavos } = await liquidarLancamento(
        ctx,
        { clienteId: cobranca.clienteId, contasIds, valorCentavos: l.valorCentavos, data: l.data },
        { forma: 'pix', observacao: observacaoDo(ctx, l), lancamentoBancarioId: id },
        { id: cobranca.id, contasIds, pagaEm: instanteNoFuso(l.data, 12 * 60, ctx.fuso) },
      );
      const restante = l.valorCentavos - pagoCentavos;
      const daCobranca = { clienteId: cobranca.clienteId, regra: 'txid' as const };
      if (pagoCentavos === 0)
        return revisao(l, `A cobrança ${cobranca.txid} não tem mais contas em aberto.`, daCobranca);
      return restante > 0
        ? revisao(
            l,
            `${formatarReais(pagoCentavos)} pagos na cobrança ${cobranca.txid}; sobram ${formatarReais(restante)}.`,
            { ...daCobranca, restanteCentavos: restante },
          )
        : {
            ...nada,
            ...daCobranca,
            situacao: 'liquidado',
            motivo: `PIX da cobrança ${cobranca.txid}, que o PSP não tinha confirmado.`,
          };
    }
  }
  const porNossoNumero = await contaDoNossoNumero(ctx.tx, null, ids.numeros);
  if (porNossoNumero.length === 1 && porNossoNumero[0])
    return pagarConta(ctx, id, l, porNossoNumero[0], false);
  return creditoDoPagador(ctx, id, l, ids.documentos);
};

const creditoDoPagador = async (
  ctx: ContextoConciliacao,
  id: number,
  l: Lancamento,
  documentos: string[],
): Promise<Desfecho> => {
  const achados =
    documentos.length === 0
      ? []
      : await ctx.tx
          .select({ id: clientes.id, documento: clientes.documento })
          .from(clientes)
          .where(inArray(clientes.documento, documentos));
  const cliente = achados[0];
  if (!cliente || achados.length > 1)
    return revisao(
      l,
      documentos.length === 0
        ? 'O crédito não identifica cobrança, boleto nem CPF/CNPJ do pagador.'
        : achados.length > 1
          ? 'O histórico tem o documento de mais de um cliente.'
          : `Nenhum cliente tem o CPF/CNPJ ${documentos.join(', ')}.`,
      { documentoPagador: documentos[0] ?? null },
    );
  const doCliente = { clienteId: cliente.id, documentoPagador: cliente.documento };
  const pix = await pixDoPagador(ctx.tx, cliente.id, cliente.documento, l, ctx.fuso);
  if (pix)
    return {
      ...nada,
      ...doCliente,
      situacao: 'ja_liquidado',
      regra: 'pix_confirmado',
      pixRecebidoId: pix.id,
      motivo: 'É o PIX deste cliente, deste valor e deste dia, já confirmado pelo PSP e registrado.',
    };
  if (ctx.ambiguos.has(chaveDeAmbiguidade(cliente.documento, l)))
    return revisao(
      l,
      `Há mais de um crédito de ${formatarReais(l.valorCentavos)} deste CPF/CNPJ neste dia: confirme qual conta cada um paga.`,
      doCliente,
    );
  const abertas = await ctx.tx
    .select()
    .from(contasReceber)
    .where(and(eq(contasReceber.clienteId, cliente.id), eq(contasReceber.status, 'aberta')));
  const iguais = abertas.filter(
    (c) =>
      encargosDaConta(c, { hoje: l.data, percentuais: ctx.percentuais }).totalCentavos === l.valorCentavos,
  );
  const [conta] = iguais;
  if (!conta || iguais.length > 1)
    return revisao(
      l,
      iguais.length > 1
        ? `${iguais.length} contas em aberto do cliente valem ${formatarReais(l.valorCentavos)} neste dia: escolha qual o crédito paga.`
        : `O valor não é o de nenhuma conta em aberto do cliente neste dia (${abertas.length} em aberto).`,
      doCliente,
    );
  const { pagoCentavos } = await liquidarLancamento(
    ctx,
    { clienteId: cliente.id, contasIds: [conta.id], valorCentavos: l.valorCentavos, data: l.data },
    { forma: formaDoCredito(l), observacao: observacaoDo(ctx, l), lancamentoBancarioId: id },
  );
  return {
    ...nada,
    ...doCliente,
    contaId: conta.id,
    situacao: 'liquidado',
    regra: 'documento_valor',
    restanteCentavos: l.valorCentavos - pagoCentavos,
    motivo: `Crédito do CPF/CNPJ do cliente no valor atualizado da conta nº ${conta.id}.`,
  };
};

/** What becomes of one entry already reserved as `id`. */
export const conciliarLancamento = (
  ctx: ContextoConciliacao,
  id: number,
  l: Lancamento,
): Promise<Desfecho> => {
  switch (l.tipo) {
    case 'liquidacao':
      return liquidacaoDoRetorno(ctx, id, l);
    case 'credito':
      return creditoDoExtrato(ctx, id, l);
    case 'debito':
      return Promise.resolve(ignorado('Débito: não é um recebimento.'));
    default:
      return l.fitid ? Promise.resolve(ignorado('Lançamento sem valor.')) : movimentoDoRetorno(ctx, l);
  }
};
