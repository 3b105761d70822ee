import type { ClienteDetalhe, PagamentoView } from '@cobranca/contracts';
import {
  aplicarPagamentoComEncargos,
  diasEntre,
  formatarReais,
  type PagamentoAplicado,
  type PercentuaisEncargos,
  plural,
  reaisParaCentavos,
} from '@cobranca/dominio';
import type { Db } from '../../db/client.ts';
import type { Ator } from '../../lib/ator.ts';
import { erroDeCampo } from '../../lib/errors.ts';
import { ClienteDetalheRepository } from '../atendimento/cliente-detalhe.repository.ts';
import { podeTransicionar } from '../atendimento/status-rules.ts';
import { registrarAuditoria } from '../auditoria/auditoria.repository.ts';
import { canaisAtivos } from '../canais/canais-ativos.ts';
import { type ClienteRow, ClientesDoOperador } from '../clientes/clientes-operador.repository.ts';
import type { EscopoOperador } from '../clientes/escopo-operador.ts';
import { buscarAtualizacao, contaParaEncargos, encargosDaConta } from '../clientes/valor-atualizado.ts';
import { removerCobrancasDasContas } from '../pix/cobrancas/cobrancas.repository.ts';
import { type ContaRow, NegociacoesRepository } from './negociacoes.repository.ts';
import { prepararRecibo } from './recibos/recibo.service.ts';

// Payments (docs/produto.md §9): a payment settles a receivable in full or in part, or one amount is spread
// over several receivables, oldest due date first (one `pagamento` row per receivable it reaches); every
// operation sends the customer one receipt after the commit, the last one (nothing left open) the
// thank-you with the debt's total (recibos/).

export type NovoPagamentoInput = {
  /** One receivable… */
  conta_id?: number;
  /** …or several, paid oldest due date first. */
  contas_ids?: number[];
  valor: number;
  data: string;
  forma: PagamentoView['forma'];
  observacao?: string;
};

const erroCampo = (campo: string, mensagem: string) => erroDeCampo('DADOS_INVALIDOS', campo, mensagem);

const listaIds = (ids: readonly number[]) => ids.map((id) => `#${id}`).join(', ');

/** The order one amount pays receivables in: the oldest due date first, then the oldest receivable. */
const maisAntigasPrimeiro = (contas: ContaRow[]): ContaRow[] =>
  [...contas].sort((a, b) => a.vencimento.localeCompare(b.vencimento) || a.id - b.id);

type Parte = { conta: ContaRow; valor: number; aplicado: PagamentoAplicado };

/** `aceitarPrescritas`: an admin recording a debtor's spontaneous payment of a prescribed debt. */
export type OpcoesPagamento = { aceitarPrescritas: boolean };

/**
 * The receivables to pay, locked, oldest first, and the share of the amount each takes (each up to its
 * updated amount on the payment's date; the last ones may take nothing). They must be this customer's
 * and open, and the amount fit their sum: otherwise a 422 on the field the operator chose them with.
 */
const partesOrThrow = async (
  repositorio: NegociacoesRepository,
  clienteId: number,
  input: NovoPagamentoInput,
  percentuais: PercentuaisEncargos,
  opcoes: OpcoesPagamento,
): Promise<Parte[]> => {
  const unica = input.contas_ids === undefined;
  const campo = unica ? 'conta_id' : 'contas_ids';
  const ids = input.contas_ids ?? (input.conta_id === undefined ? [] : [input.conta_id]);
  if (ids.length === 0) throw erroCampo('conta_id', 'Escolha a conta paga.');
  const contas = await repositorio.travarContas(clienteId, ids);
  const encontradas = new Set(contas.map((c) => c.id));
  const faltando = ids.filter((id) => !encontradas.has(id));
  if (faltando.length > 0)
    throw erroCampo(
      campo,
      unica
        ? 'Conta não encontrada para este cliente.'
        : `${plural(faltando.length, 'Conta não encontrada', 'Contas não encontradas')} para este cliente: ${listaIds(faltando)}.`,
    );
  // A prescribed debt is never collected; a debtor may still pay it, and only an admin records that
  // (docs/produto.md §7, decision 036).
  const prescrita = contas.find((c) => c.status === 'prescrita');
  if (prescrita && !opcoes.aceitarPrescritas)
    throw erroCampo(
      campo,
      `A conta #${prescrita.id} está prescrita (vencida há mais de 5 anos) e não pode ser cobrada; só um administrador registra um pagamento espontâneo dela.`,
    );
  const fechadas = contas.filter((c) => c.status !== 'aberta' && c.status !== 'prescrita');
  if (fechadas.length > 0)
    throw erroCampo(
      campo,
      unica
        ? `A conta #${fechadas[0]?.id} não está em aberto (${fechadas[0]?.status}).`
        : `Só contas em aberto podem ser pagas: ${fechadas.map((c) => `#${c.id} (${c.status})`).join(', ')}.`,
    );
  // Encargos as of the payment's date: a payment recorded late owes what was due that day.
  const devidas = maisAntigasPrimeiro(contas).map((conta) => ({
    conta,
    devido: encargosDaConta(conta, { hoje: input.data, percentuais }).totalCentavos,
  }));
  const totalCentavos = devidas.reduce((soma, d) => soma + d.devido, 0);
  const valor = reaisParaCentavos(input.valor);
  if (valor > totalCentavos)
    throw erroCampo(
      'valor',
      unica
        ? `O valor pago (${formatarReais(valor)}) é maior que o valor atualizado da conta (${formatarReais(totalCentavos)}).`
        : `O valor pago (${formatarReais(valor)}) é maior que a soma dos valores atualizados das contas escolhidas (${formatarReais(totalCentavos)}).`,
    );
  const partes: Parte[] = [];
  let resto = valor;
  for (const { conta, devido } of devidas) {
    if (resto === 0) break;
    const parte = Math.min(resto, devido);
    partes.push({
      conta,
      valor: parte,
      aplicado: aplicarPagamentoComEncargos(contaParaEncargos(conta), parte, input.data, percentuais),
    });
    resto -= parte;
  }
  return partes;
};

/** No open receivable left → `concluido` (docs/produto.md §3); says whether it happened now. */
export const concluirSeQuitado = async (
  clientes: ClientesDoOperador,
  repositorio: NegociacoesRepository,
  cliente: ClienteRow,
): Promise<boolean> => {
  if (!podeTransicionar(cliente.status, 'concluir')) return false;
  if ((await repositorio.contarContasAbertas(cliente.id)) > 0) return false;
  await clientes.atualizar(cliente.id, { status: 'concluido', pausaMotivo: null });
  return true;
};

/** What the payment settled besides the receivables: agreements, promises, the customer. */
const aplicarEfeitos = async (
  clientes: ClientesDoOperador,
  repositorio: NegociacoesRepository,
  cliente: ClienteRow,
  partes: Parte[],
) => {
  const quitadas = partes.filter((p) => p.aplicado.quitou).map((p) => p.conta);
  const acordos = new Set(quitadas.flatMap((c) => (c.negociacaoId === null ? [] : [c.negociacaoId])));
  const negociacoesCumpridas: number[] = [];
  for (const negociacaoId of acordos)
    if (await repositorio.cumprirNegociacaoSeQuitada(negociacaoId)) negociacoesCumpridas.push(negociacaoId);
  return {
    conta_quitada: quitadas.length === partes.length,
    contas_quitadas: quitadas.map((c) => c.id),
    negociacao_cumprida: negociacoesCumpridas.length > 0,
    negociacoes_cumpridas: negociacoesCumpridas,
    promessas_cumpridas: await repositorio.cumprirPromessas(cliente.id),
    cliente_concluido: await concluirSeQuitado(clientes, repositorio, cliente),
  };
};

export type PagamentoRegistrado = {
  pagamento: PagamentoView;
  pagamentos: PagamentoView[];
  cliente: ClienteDetalhe;
};

export const registrarPagamento = async (
  db: Db,
  appKey: Buffer,
  escopo: EscopoOperador,
  clienteId: number,
  input: NovoPagamentoInput,
  ator: Ator,
  opcoes: OpcoesPagamento = { aceitarPrescritas: false },
): Promise<PagamentoRegistrado> => {
  const { hoje, percentuais } = await buscarAtualizacao(db);
  if (diasEntre(hoje, input.data) > 0) throw erroCampo('data', 'A data do pagamento não pode ser no futuro.');
  const canais = await canaisAtivos(db, appKey);
  return db.transaction(async (tx) => {
    const clientes = new ClientesDoOperador(tx, escopo);
    const repositorio = new NegociacoesRepository(tx, escopo);
    // Locking the customer serialises concurrent payments: the second sees the first's result.
    const cliente = await clientes.buscarParaAgirOrThrow(clienteId);
    const partes = await partesOrThrow(repositorio, clienteId, input, percentuais, opcoes);
    const registrados: { parte: Parte; pagamentoId: number }[] = [];
    for (const parte of partes) {
      await repositorio.aplicarPagamento(parte.conta, parte.aplicado, input.data);
      const pagamentoId = await repositorio.inserirPagamento({
        clienteId,
        contaId: parte.conta.id,
        valorCentavos: parte.valor,
        partes: parte.aplicado.partes,
        data: input.data,
        forma: input.forma,
        observacao: input.observacao || null,
      });
      registrados.push({ parte, pagamentoId });
    }
    // A PIX charge over these receivables would now ask for an amount no longer owed.
    await removerCobrancasDasContas(
      tx,
      partes.map((p) => p.conta.id),
    );
    const efeitos = await aplicarEfeitos(clientes, repositorio, cliente, partes);
    const totalCentavos = partes.reduce((soma, p) => soma + p.valor, 0);
    await prepararRecibo(tx, repositorio, {
      cliente,
      forma: input.forma,
      data: input.data,
      percentuais,
      partes: partes.map((p) => ({ conta: p.conta, valorCentavos: p.valor, quitou: p.aplicado.quitou })),
      canais,
    });
    const [primeiro] = registrados;
    if (!primeiro) throw new Error('pagamento sem contas');
    const soma = (f: (p: Parte) => number) => partes.reduce((s, p) => s + f(p), 0);
    await registrarAuditoria(tx, {
      usuarioId: ator.usuarioId,
      acao: 'pagamento.registrado',
      descricao:
        partes.length === 1
          ? `Pagamento de ${formatarReais(totalCentavos)} registrado para ${cliente.nome}`
          : `Pagamento de ${formatarReais(totalCentavos)} registrado para ${cliente.nome}, distribuído em ${partes.length} contas`,
      entidade: 'pagamento',
      entidadeId: primeiro.pagamentoId,
      detalhes: {
        cliente_id: clienteId,
        conta_id: primeiro.parte.conta.id,
        valor_centavos: totalCentavos,
        principal_centavos: soma((p) => p.aplicado.partes.principalCentavos),
        multa_centavos: soma((p) => p.aplicado.partes.multaCentavos),
        juros_centavos: soma((p) => p.aplicado.partes.jurosCentavos),
        forma: input.forma,
        pagamentos: registrados.map(({ parte, pagamentoId }) => ({
          pagamento_id: pagamentoId,
          conta_id: parte.conta.id,
          valor_centavos: parte.valor,
          principal_centavos: parte.aplicado.partes.principalCentavos,
          multa_centavos: parte.aplicado.partes.multaCentavos,
          juros_centavos: parte.aplicado.partes.jurosCentavos,
          quitou: parte.aplicado.quitou,
        })),
        ...efeitos,
      },
      ip: ator.ip,
    });
    const detalhe = await new ClienteDetalheRepository(tx, escopo).buscarOrThrow(clienteId);
    const pagamentos = registrados.map(({ pagamentoId }) => {
      const pagamento = detalhe.pagamentos.find((p) => p.id === pagamentoId);
      if (!pagamento) throw new Error(`pagamento ${pagamentoId} não encontrado após o insert`);
      return pagamento;
    });
    return { pagamento: pagamentos[0] as PagamentoView, pagamentos, cliente: detalhe };
  });
};
