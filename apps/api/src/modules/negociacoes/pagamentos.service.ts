import type { ClienteDetalhe, PagamentoView } from '@cobranca/contracts';
import {
  aplicarPagamentoComEncargos,
  diasEntre,
  formatarReais,
  type PercentuaisEncargos,
  reaisParaCentavos,
} from '@cobranca/dominio';
import type { Db, DbOrTx } from '../../db/client.ts';
import type { Ator } from '../../lib/ator.ts';
import { erroDeCampo } from '../../lib/errors.ts';
import { ClienteDetalheRepository } from '../atendimento/cliente-detalhe.repository.ts';
import { podeTransicionar } from '../atendimento/status-rules.ts';
import { registrarAuditoria } from '../auditoria/auditoria.repository.ts';
import type { CanalDriver, EnvioCanal } from '../canais/canal.ts';
import { canalAtivo } from '../canais/canal-ativo.ts';
import { type ClienteRow, ClientesDoOperador } from '../clientes/clientes-operador.repository.ts';
import type { EscopoOperador } from '../clientes/escopo-operador.ts';
import { buscarAtualizacao, contaParaEncargos, encargosDaConta } from '../clientes/valor-atualizado.ts';
import { buscarSistemaSettings } from '../configuracoes/configuracoes.repository.ts';
import { despacharMensagem, motivoSemMensagem } from '../mensagens/mensagens.service.ts';
import { inserirMensagemSaida } from '../mensagens/saida.repository.ts';
import { templatePadrao } from '../mensagens/template-canal.ts';
import { buscarTemplate } from '../mensagens/templates.repository.ts';
import { ultimaEntradaDoCliente } from '../mensagens/thread.repository.ts';
import { removerCobrancasDasContas } from '../pix/cobrancas.repository.ts';
import { montarMensagemAgradecimento } from './mensagem-agradecimento.ts';
import { type ContaRow, NegociacoesRepository } from './negociacoes.repository.ts';

// Payments (docs/produto.md §9): a payment settles a receivable in full or in part; the last one concludes the
// customer and sends the thank-you template after the commit.

export type NovoPagamentoInput = {
  conta_id: number;
  valor: number;
  data: string;
  forma: PagamentoView['forma'];
  observacao?: string;
};

const erroCampo = (campo: string, mensagem: string) => erroDeCampo('DADOS_INVALIDOS', campo, mensagem);

/** The receivable to pay, locked; it must be this customer's and open, and the amount fit its updated amount. */
const contaPagavelOrThrow = async (
  repositorio: NegociacoesRepository,
  clienteId: number,
  input: NovoPagamentoInput,
  percentuais: PercentuaisEncargos,
) => {
  const conta = await repositorio.travarConta(clienteId, input.conta_id);
  if (!conta) throw erroCampo('conta_id', 'Conta não encontrada para este cliente.');
  if (conta.status !== 'aberta')
    throw erroCampo('conta_id', `A conta #${conta.id} não está em aberto (${conta.status}).`);
  // Encargos as of the payment's date: a payment recorded late owes what was due that day.
  const { totalCentavos } = encargosDaConta(conta, { hoje: input.data, percentuais });
  const valor = reaisParaCentavos(input.valor);
  if (valor > totalCentavos)
    throw erroCampo(
      'valor',
      `O valor pago (${formatarReais(valor)}) é maior que o valor atualizado da conta (${formatarReais(totalCentavos)}).`,
    );
  return {
    conta,
    valor,
    aplicado: aplicarPagamentoComEncargos(contaParaEncargos(conta), valor, input.data, percentuais),
  };
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

/** Stores the thank-you message (stored template or the default) for sending after the commit. */
export const prepararAgradecimento = async (
  tx: DbOrTx,
  cliente: ClienteRow,
  valor: number,
  canal: CanalDriver,
): Promise<EnvioCanal | null> => {
  if (motivoSemMensagem(cliente) || !cliente.telefone) return null;
  const { empresa } = await buscarSistemaSettings(tx);
  const { conteudo, template } = montarMensagemAgradecimento({
    nome: cliente.nome,
    valorCentavos: valor,
    credor: empresa,
    template: (await buscarTemplate(tx, 'agradecimento')) ?? templatePadrao('agradecimento'),
  });
  const mensagemId = await inserirMensagemSaida(tx, {
    clienteId: cliente.id,
    telefone: cliente.telefone,
    conteudo,
    origem: 'sistema',
    autorId: null,
    canal: canal.canal,
    templateTipo: 'agradecimento',
    templateCanal: template,
    valorCentavos: valor,
  });
  return {
    telefone: cliente.telefone,
    conteudo,
    mensagemId,
    template,
    ultimaEntradaEm: await ultimaEntradaDoCliente(tx, cliente.id),
  };
};

/** What the payment settled besides the receivable: the agreement, promises, the customer. */
const aplicarEfeitos = async (
  clientes: ClientesDoOperador,
  repositorio: NegociacoesRepository,
  cliente: ClienteRow,
  conta: ContaRow,
  quitou: boolean,
) => ({
  conta_quitada: quitou,
  negociacao_cumprida:
    quitou &&
    conta.negociacaoId !== null &&
    (await repositorio.cumprirNegociacaoSeQuitada(conta.negociacaoId)),
  promessas_cumpridas: await repositorio.cumprirPromessas(cliente.id),
  cliente_concluido: await concluirSeQuitado(clientes, repositorio, cliente),
});

export type PagamentoRegistrado = { pagamento: PagamentoView; cliente: ClienteDetalhe };

export const registrarPagamento = async (
  db: Db,
  appKey: Buffer,
  escopo: EscopoOperador,
  clienteId: number,
  input: NovoPagamentoInput,
  ator: Ator,
): Promise<PagamentoRegistrado> => {
  const { hoje, percentuais } = await buscarAtualizacao(db);
  if (diasEntre(hoje, input.data) > 0) throw erroCampo('data', 'A data do pagamento não pode ser no futuro.');
  const canal = await canalAtivo(db, appKey);
  const { resposta, envio } = await db.transaction(async (tx) => {
    const clientes = new ClientesDoOperador(tx, escopo);
    const repositorio = new NegociacoesRepository(tx, escopo);
    // Locking the customer serialises concurrent payments: the second sees the first's result.
    const cliente = await clientes.buscarParaAgirOrThrow(clienteId);
    const { conta, valor, aplicado } = await contaPagavelOrThrow(repositorio, clienteId, input, percentuais);
    const quitou = aplicado.quitou;
    await repositorio.aplicarPagamento(conta, aplicado, input.data);
    const pagamentoId = await repositorio.inserirPagamento({
      clienteId,
      contaId: conta.id,
      valorCentavos: valor,
      partes: aplicado.partes,
      data: input.data,
      forma: input.forma,
      observacao: input.observacao || null,
    });
    // A PIX charge over this receivable would now ask for an amount no longer owed.
    await removerCobrancasDasContas(tx, [conta.id]);
    const efeitos = await aplicarEfeitos(clientes, repositorio, cliente, conta, quitou);
    const envio = efeitos.cliente_concluido ? await prepararAgradecimento(tx, cliente, valor, canal) : null;
    await registrarAuditoria(tx, {
      usuarioId: ator.usuarioId,
      acao: 'pagamento.registrado',
      descricao: `Pagamento de ${formatarReais(valor)} registrado para ${cliente.nome}`,
      entidade: 'pagamento',
      entidadeId: pagamentoId,
      detalhes: {
        cliente_id: clienteId,
        conta_id: conta.id,
        valor_centavos: valor,
        principal_centavos: aplicado.partes.principalCentavos,
        multa_centavos: aplicado.partes.multaCentavos,
        juros_centavos: aplicado.partes.jurosCentavos,
        forma: input.forma,
        ...efeitos,
      },
      ip: ator.ip,
    });
    const detalhe = await new ClienteDetalheRepository(tx, escopo).buscarOrThrow(clienteId);
    const pagamento = detalhe.pagamentos.find((p) => p.id === pagamentoId);
    if (!pagamento) throw new Error(`pagamento ${pagamentoId} não encontrado após o insert`);
    return { resposta: { pagamento, cliente: detalhe }, envio };
  });
  if (envio)
    await despacharMensagem(db, canal, envio, {
      id: envio.mensagemId,
      origem: 'sistema',
      clienteId,
      conteudo: envio.conteudo,
    });
  return resposta;
};
