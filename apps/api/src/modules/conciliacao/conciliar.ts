import type { FormaPagamento } from '@cobranca/contracts';
import { formatarReais, instanteNoFuso, type PercentuaisEncargos } from '@cobranca/dominio';
import type { DbOrTx } from '../../db/client.ts';
import type { Canais } from '../canais/canal.ts';
import { ClientesDoOperador } from '../clientes/clientes-operador.repository.ts';
import { ESCOPO_SISTEMA } from '../clientes/escopo-operador.ts';
import { encargosDaConta } from '../clientes/valor-atualizado.ts';
import { type ContaRow, NegociacoesRepository } from '../negociacoes/negociacoes.repository.ts';
import { liquidarPixEmContas } from '../pix/liquidacao/liquidacao.service.ts';
import {
  maisAntigasPrimeiro,
  type OrigemDoPagamento,
  planejarPagamentos,
} from '../pix/liquidacao/liquidacao-em-lote.ts';
import type { EstadoDoArquivo } from './estado-do-arquivo.ts';
import type { Identificadores } from './identificadores.ts';
import type { Desfecho } from './lancamentos.repository.ts';
import type { Lancamento } from './leitura/lancamento.ts';

// The matching rules, in order (docs/conciliacao.md §5): a retorno's liquidação by bank and nosso número;
// a statement credit naming a PIX we confirmed (recognised, never settled twice), one of our txids or a
// nosso número; a credit naming the payer's CPF or CNPJ whose amount is exactly one open receivable's
// updated amount that day; anything else waits for an admin. The rules run in memory over the file's
// state (estado-do-arquivo.ts); each settlement is planned as a PIX's is (liquidacao-em-lote.ts) and the
// file's are written together: receivables, agreements, promises, the customer concluded, the receipt.

export type ContextoConciliacao = {
  percentuais: PercentuaisEncargos;
  fuso: string;
  /** The file's bank: a retorno's nosso número is that bank's. */
  banco: string;
  arquivoId: number;
  /** `documento:valor:data` of the file's credits that occur more than once: those are never guessed. */
  ambiguos: ReadonlySet<string>;
  estado: EstadoDoArquivo;
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
 * Settles `valor` of an entry an admin assigns over the customer's receivables `contasIds` (open ones,
 * oldest first), the customer locked first as every payment does; answers what was paid.
 */
export const liquidarLancamento = async (
  ctx: { tx: DbOrTx; percentuais: PercentuaisEncargos; canais: Canais },
  alvo: { clienteId: number; contasIds: number[] | 'abertas'; valorCentavos: number; data: string },
  origem: OrigemDoPagamento,
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
  });
  return {
    pagoCentavos: liquidacao.pagoCentavos,
    quitadas: liquidacao.quitadas.map((c) => c.id),
    clienteConcluido: liquidacao.clienteConcluido,
  };
};

/**
 * Plans a settlement of the file over the customer's receivables `contasIds` (the open ones, oldest
 * first) and keeps the receivables' new state; answers what it pays.
 */
const liquidar = (
  ctx: ContextoConciliacao,
  alvo: { clienteId: number; contasIds: number[]; valorCentavos: number; data: string },
  origem: OrigemDoPagamento,
  cobrancaPaga?: { id: number; contasIds: number[]; pagaEm: Date },
): number => {
  const { estado } = ctx;
  const cliente = estado.clientes.get(alvo.clienteId);
  if (!cliente) throw new Error(`cliente ${alvo.clienteId} fora do estado do arquivo`);
  const abertas = maisAntigasPrimeiro(
    alvo.contasIds.flatMap((id) => {
      const c = estado.contas.get(id);
      return c?.status === 'aberta' ? [c] : [];
    }),
  );
  const pagamentos = planejarPagamentos(abertas, {
    valorCentavos: alvo.valorCentavos,
    data: alvo.data,
    percentuais: ctx.percentuais,
    excedenteComoJuros: origem.excedenteComoJuros,
  });
  for (const p of pagamentos) {
    estado.contas.set(p.depois.id, p.depois);
    estado.pagamentosDaConta.set(p.conta.id, [
      ...(estado.pagamentosDaConta.get(p.conta.id) ?? []),
      { valorCentavos: p.valorCentavos, forma: origem.forma },
    ]);
  }
  if (pagamentos.length > 0)
    estado.liquidacoes.push({
      cliente,
      origem,
      data: alvo.data,
      pagamentos,
      ...(cobrancaPaga && { cobrancaPaga }),
    });
  return pagamentos.reduce((soma, p) => soma + p.valorCentavos, 0);
};

const POR_STATUS: Record<string, string> = {
  negociada: 'a dívida foi renegociada num acordo: atribua o valor às parcelas do acordo, se for o caso',
  cancelada: 'a conta foi cancelada',
  prescrita: 'a conta está prescrita: registre o pagamento espontâneo, se for o caso',
};

/** A payment to one receivable found by its nosso número (a retorno's liquidação, or a statement's credit). */
const pagarConta = (
  ctx: ContextoConciliacao,
  id: number,
  l: Lancamento,
  conta: ContaRow,
  excedenteComoJuros: boolean,
): Desfecho => {
  const daConta = { clienteId: conta.clienteId, contaId: conta.id };
  if (conta.status === 'paga') {
    const mesmo = (ctx.estado.pagamentosDaConta.get(conta.id) ?? []).some(
      (p) => p.valorCentavos === l.valorCentavos && (p.forma === 'boleto' || p.forma === formaDoCredito(l)),
    );
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
  const pagoCentavos = liquidar(
    ctx,
    {
      clienteId: conta.clienteId,
      contasIds: [conta.id],
      valorCentavos: l.valorCentavos,
      data: l.data,
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
  const depois = ctx.estado.contas.get(conta.id);
  const emAberto =
    depois?.status === 'aberta'
      ? encargosDaConta(depois, { hoje: l.data, percentuais: ctx.percentuais }).totalCentavos
      : 0;
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
        motivo:
          emAberto > 0
            ? `Pagamento parcial do boleto: ${pago}; a conta continua em aberto com ${formatarReais(emAberto)}.`
            : `Boleto liquidado: ${pago}.`,
      };
};

/** The receivables with one of these nosso números (of this bank, when given), at most two. */
const contasDoNossoNumero = (ctx: ContextoConciliacao, banco: string | null, numeros: string[]): ContaRow[] =>
  numeros
    .flatMap((n) => ctx.estado.porNossoNumero.get(n) ?? [])
    .flatMap((id) => {
      const c = ctx.estado.contas.get(id);
      return c && (banco === null || c.banco === banco) ? [c] : [];
    })
    .slice(0, 2);

const liquidacaoDoRetorno = (ctx: ContextoConciliacao, id: number, l: Lancamento): Desfecho => {
  if (l.valorCentavos === 0) return ignorado('Liquidação sem valor pago.');
  const [conta] = contasDoNossoNumero(ctx, ctx.banco, l.nossoNumero ? [l.nossoNumero] : []);
  if (!conta)
    return revisao(
      l,
      `Nenhuma conta a receber tem o nosso número ${l.nossoNumero ?? '(vazio)'} do banco ${ctx.banco}.`,
    );
  return pagarConta(ctx, id, l, conta, true);
};

/** A movement that moves no money (entrada, baixa, protesto): kept on the receivable's timeline. */
const movimentoDoRetorno = (ctx: ContextoConciliacao, l: Lancamento): Desfecho => {
  const [conta] = contasDoNossoNumero(ctx, ctx.banco, l.nossoNumero ? [l.nossoNumero] : []);
  return conta
    ? ignorado(`${l.descricao}: registrado na conta nº ${conta.id}.`, {
        clienteId: conta.clienteId,
        contaId: conta.id,
      })
    : ignorado(`${l.descricao}: nenhuma conta com o nosso número ${l.nossoNumero ?? '(vazio)'}.`);
};

/** One of our charges whose PIX the PSP never confirmed to us (a lost notification). */
const creditoDaCobranca = (ctx: ContextoConciliacao, id: number, l: Lancamento, txids: string[]) => {
  const cobranca = txids.flatMap((t) => {
    const c = ctx.estado.cobrancas.get(t);
    return c ? [c] : [];
  })[0];
  if (!cobranca || (cobranca.status !== 'ativa' && cobranca.status !== 'removida')) return undefined;
  const { contasIds } = cobranca;
  const pagoCentavos = liquidar(
    ctx,
    { clienteId: cobranca.clienteId, contasIds, valorCentavos: l.valorCentavos, data: l.data },
    { forma: 'pix', observacao: observacaoDo(ctx, l), lancamentoBancarioId: id },
    { id: cobranca.id, contasIds, pagaEm: instanteNoFuso(l.data, 12 * 60, ctx.fuso) },
  );
  const restante = l.valorCentavos - pagoCentavos;
  const daCobranca = { clienteId: cobranca.clienteId, regra: 'txid' as const };
  if (pagoCentavos === 0)
    return revisao(l, `A cobrança ${cobranca.txid} não tem mais contas em aberto.`, daCobranca);
  cobranca.status = 'paga';
  return restante > 0
    ? revisao(
        l,
        `${formatarReais(pagoCentavos)} pagos na cobrança ${cobranca.txid}; sobram ${formatarReais(restante)}.`,
        { ...daCobranca, restanteCentavos: restante },
      )
    : {
        ...nada,
        ...daCobranca,
        situacao: 'liquidado' as const,
        motivo: `PIX da cobrança ${cobranca.txid}, que o PSP não tinha confirmado.`,
      };
};

const creditoDoExtrato = (
  ctx: ContextoConciliacao,
  id: number,
  l: Lancamento,
  ids: Identificadores,
): Desfecho => {
  const confirmado = ctx.estado.pix.find(
    (p) => ids.endToEndIds.includes(p.endToEndId) || (p.txid !== null && ids.txids.includes(p.txid)),
  );
  if (confirmado)
    return {
      ...nada,
      situacao: 'ja_liquidado',
      regra: 'pix_confirmado',
      motivo: `É o PIX ${confirmado.endToEndId}, já confirmado pelo PSP e registrado.`,
      clienteId: confirmado.clienteId,
      pixRecebidoId: confirmado.id,
    };
  const daCobranca = creditoDaCobranca(ctx, id, l, ids.txids);
  if (daCobranca) return daCobranca;
  const porNossoNumero = contasDoNossoNumero(ctx, null, ids.numeros);
  if (porNossoNumero.length === 1 && porNossoNumero[0])
    return pagarConta(ctx, id, l, porNossoNumero[0], false);
  return creditoDoPagador(ctx, id, l, ids.documentos);
};

/** A PIX of this customer, this amount, this day that no other entry claimed: the same money. */
const pixDoPagador = (ctx: ContextoConciliacao, clienteId: number, documento: string, l: Lancamento) =>
  ctx.estado.pix.find(
    (p) =>
      (p.clienteId === clienteId || p.pagadorDocumento === documento) &&
      p.valorCentavos === l.valorCentavos &&
      p.dia === l.data &&
      !ctx.estado.pixUsados.has(p.id),
  );

const creditoDoPagador = (
  ctx: ContextoConciliacao,
  id: number,
  l: Lancamento,
  documentos: string[],
): Desfecho => {
  const achados = [...new Set(documentos.flatMap((d) => ctx.estado.clientesPorDocumento.get(d) ?? []))];
  const cliente =
    achados.length === 1 && achados[0] !== undefined ? ctx.estado.clientes.get(achados[0]) : undefined;
  if (!cliente)
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
  const pix = pixDoPagador(ctx, cliente.id, cliente.documento, l);
  if (pix) {
    ctx.estado.pixUsados.add(pix.id);
    return {
      ...nada,
      ...doCliente,
      situacao: 'ja_liquidado',
      regra: 'pix_confirmado',
      pixRecebidoId: pix.id,
      motivo: 'É o PIX deste cliente, deste valor e deste dia, já confirmado pelo PSP e registrado.',
    };
  }
  if (ctx.ambiguos.has(chaveDeAmbiguidade(cliente.documento, l)))
    return revisao(
      l,
      `Há mais de um crédito de ${formatarReais(l.valorCentavos)} deste CPF/CNPJ neste dia: confirme qual conta cada um paga.`,
      doCliente,
    );
  const abertas = (ctx.estado.contasDoCliente.get(cliente.id) ?? []).flatMap((contaId) => {
    const c = ctx.estado.contas.get(contaId);
    return c?.status === 'aberta' ? [c] : [];
  });
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
  const pagoCentavos = liquidar(
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

/** What becomes of an entry of the file, already reserved as `id`, naming `ids`. */
export const conciliarLancamento = (
  ctx: ContextoConciliacao,
  id: number,
  l: Lancamento,
  ids: Identificadores,
): Desfecho => {
  switch (l.tipo) {
    case 'liquidacao':
      return liquidacaoDoRetorno(ctx, id, l);
    case 'credito':
      return creditoDoExtrato(ctx, id, l, ids);
    case 'debito':
      return ignorado('Débito: não é um recebimento.');
    default:
      return l.fitid ? ignorado('Lançamento sem valor.') : movimentoDoRetorno(ctx, l);
  }
};
