import type { CobrancaPixView, SimularPagamentoPixResponse } from '@cobranca/contracts';
import { formatarReais } from '@cobranca/dominio';
import type { Db } from '../../db/client.ts';
import type { Ator } from '../../lib/ator.ts';
import { ErroDominio, erroDeCampo } from '../../lib/errors.ts';
import { ClienteDetalheRepository } from '../atendimento/cliente-detalhe.repository.ts';
import { registrarAuditoria } from '../auditoria/auditoria.repository.ts';
import { type ClienteRow, ClientesDoOperador } from '../clientes/clientes-operador.repository.ts';
import type { EscopoOperador } from '../clientes/escopo-operador.ts';
import { contaParaEncargos, percentuaisDe } from '../clientes/valor-atualizado.ts';
import { buscarSistemaSettings } from '../configuracoes/configuracoes.repository.ts';
import { type ContaRow, NegociacoesRepository } from '../negociacoes/negociacoes.repository.ts';
import { ErroApiPix } from '../pix/api-pix-erros.ts';
import { escolherCobranca, fimDaValidadeCobv, gerarTxid } from '../pix/cobranca-escolha.ts';
import {
  buscarCobranca,
  contasDaCobranca,
  inserirCobranca,
  listarCobrancasDoCliente,
  toCobrancaPixView,
} from '../pix/cobrancas.repository.ts';
import { provedorPixAtivo } from '../pix/provedor-ativo.ts';
import type { PedidoCobranca } from '../pix/provedor-pix.ts';
import { pagarCobrancaSimulada } from './simulacao-pix.service.ts';

// PIX charges an operator creates and sees (docs/produto.md §21). The PSP is called with no database
// lock held: a slow PSP must not block the customer's other work.

const SOLICITACAO_MAXIMA = 140;

const solicitacaoDe = (credor: string, contas: ContaRow[]): string => {
  const [primeira] = contas;
  const resto = contas.length - 1;
  const texto = `${credor}: ${primeira?.descricao ?? 'débito'}${resto > 0 ? ` e mais ${resto} ${resto === 1 ? 'conta' : 'contas'}` : ''}`;
  return texto.length > SOLICITACAO_MAXIMA ? `${texto.slice(0, SOLICITACAO_MAXIMA - 1)}…` : texto;
};

const escolherContas = (abertas: ContaRow[], ids: number[] | undefined): ContaRow[] => {
  if (abertas.length === 0)
    throw erroDeCampo('DADOS_INVALIDOS', 'conta_ids', 'O cliente não tem contas em aberto.');
  if (!ids) return abertas;
  const porId = new Map(abertas.map((c) => [c.id, c]));
  const fora = ids.filter((id) => !porId.has(id));
  if (fora.length > 0)
    throw erroDeCampo(
      'DADOS_INVALIDOS',
      'conta_ids',
      `Conta(s) não encontrada(s) em aberto para este cliente: ${fora.map((id) => `#${id}`).join(', ')}.`,
    );
  return [...new Set(ids)].map((id) => porId.get(id) as ContaRow);
};

type Preparo = { cliente: ClienteRow; contas: ContaRow[] };

export const criarCobrancaPix = async (
  db: Db,
  appKey: Buffer,
  escopo: EscopoOperador,
  clienteId: number,
  contaIds: number[] | undefined,
  ator: Ator,
  // Only the final insert marks an Idempotency-Key written: a PSP failure before it may be retried.
  opcoes: { gravacao?: Db; agora?: Date } = {},
): Promise<CobrancaPixView> => {
  const { gravacao = db, agora = new Date() } = opcoes;
  const { cliente, contas }: Preparo = await db.transaction(async (tx) => {
    const cliente = await new ClientesDoOperador(tx, escopo).buscarParaAgirOrThrow(clienteId);
    const abertas = await new NegociacoesRepository(tx, escopo).contasAbertas(clienteId);
    return { cliente, contas: escolherContas(abertas, contaIds) };
  });
  const settings = await buscarSistemaSettings(db);
  const { provedor, armazenado } = await provedorPixAtivo(db, appKey);
  const temDocumento = cliente.documentoTipo === 'cpf' || cliente.documentoTipo === 'cnpj';
  const escolha = escolherCobranca({
    contas: contas.map(contaParaEncargos),
    agora,
    fuso: settings.fuso_horario,
    percentuais: percentuaisDe(settings),
    temDocumento,
  });
  const pedido: PedidoCobranca = {
    txid: gerarTxid(),
    ...escolha,
    validadeAposVencimentoDias: armazenado.validade_apos_vencimento_dias,
    percentuais: percentuaisDe(settings),
    devedor: temDocumento ? { documento: cliente.documento, nome: cliente.nome } : null,
    solicitacao: solicitacaoDe(settings.empresa.nome, contas),
    recebedor: {
      nome: settings.pix.nome_recebedor || settings.empresa.nome,
      cidade: settings.pix.cidade || 'SAO PAULO',
    },
  };
  const criada = await provedor.criarCobranca(pedido).catch((error: unknown) => {
    throw error instanceof ErroApiPix ? new ErroDominio('PSP_INDISPONIVEL', error.message) : error;
  });
  const validaAte =
    escolha.tipo === 'cob'
      ? escolha.expiraEm
      : fimDaValidadeCobv(
          escolha.vencimento,
          armazenado.validade_apos_vencimento_dias,
          settings.fuso_horario,
        );
  return gravacao.transaction(async (tx) => {
    const row = await inserirCobranca(
      tx,
      {
        txid: pedido.txid,
        clienteId,
        provedor: provedor.provedor,
        tipo: escolha.tipo,
        origem: 'operador',
        valorCentavos: escolha.valorCentavos,
        vencimento: escolha.vencimento,
        validaAte,
        pixCopiaECola: criada.pixCopiaECola,
        location: criada.location,
        criadaPor: ator.usuarioId,
      },
      contas.map((c) => c.id),
    );
    await registrarAuditoria(tx, {
      usuarioId: ator.usuarioId,
      acao: 'cobranca_pix.criada',
      descricao: `Cobrança PIX de ${formatarReais(escolha.valorCentavos)} criada para ${cliente.nome}`,
      entidade: 'cobranca_pix',
      entidadeId: row.id,
      detalhes: {
        cliente_id: clienteId,
        txid: row.txid,
        tipo: row.tipo,
        contas_ids: contas.map((c) => c.id),
      },
      ip: ator.ip,
    });
    return toCobrancaPixView(
      row,
      contas.map((c) => c.id),
      agora,
    );
  });
};

export const listarCobrancasPix = async (db: Db, escopo: EscopoOperador, clienteId: number) => {
  const cliente = await new ClientesDoOperador(db, escopo).buscarVisivelOrThrow(clienteId);
  return listarCobrancasDoCliente(db, cliente.id, new Date());
};

/** Pays one of the customer's charges on the simulator (the operator may see the customer). */
export const simularPagamentoPix = async (
  db: Db,
  appKey: Buffer,
  escopo: EscopoOperador,
  clienteId: number,
  txid: string,
  ator: Ator,
  agora = new Date(),
): Promise<SimularPagamentoPixResponse> => {
  const cliente = await new ClientesDoOperador(db, escopo).buscarVisivelOrThrow(clienteId);
  await pagarCobrancaSimulada(db, appKey, txid, ator, { clienteId: cliente.id, agora });
  const depois = await buscarCobranca(db, txid);
  if (!depois) throw new Error(`cobrança ${txid} sumiu após o pagamento`);
  return {
    cobranca: toCobrancaPixView(depois, await contasDaCobranca(db, depois.id), agora),
    cliente: await new ClienteDetalheRepository(db, escopo).buscarOrThrow(clienteId),
  };
};
