import type {
  AtribuicaoCreditoPixResponse,
  AtribuirCreditoPixBody,
  CreditoPixView,
  Paged,
} from '@cobranca/contracts';
import { DEFAULT_PAGE_SIZE } from '@cobranca/contracts';
import { centavosParaReais, formatarReais, hojeNoFuso } from '@cobranca/dominio';
import type { Db } from '../../../db/client.ts';
import type { Ator } from '../../../lib/ator.ts';
import { ErroDominio, erroDeCampo } from '../../../lib/errors.ts';
import { pageOffset, toPaged } from '../../../lib/paging.ts';
import { registrarAuditoria } from '../../auditoria/auditoria.repository.ts';
import { canaisAtivos } from '../../canais/canais-ativos.ts';
import { type ClienteRow, ClientesDoOperador } from '../../clientes/clientes-operador.repository.ts';
import { ESCOPO_SISTEMA } from '../../clientes/escopo-operador.ts';
import { percentuaisDe } from '../../clientes/valor-atualizado.ts';
import { buscarSistemaSettings } from '../../configuracoes/configuracoes.repository.ts';
import { NegociacoesRepository } from '../../negociacoes/negociacoes.repository.ts';
import { liquidarPixEmContas } from '../liquidacao/liquidacao.service.ts';
import { maisAntigasPrimeiro } from '../liquidacao/liquidacao-em-lote.ts';
import {
  atualizarCreditoPix,
  buscarCreditoPix,
  listarCreditosPix,
  toCreditoPixView,
  travarPixRecebido,
} from './creditos-pix.repository.ts';

// Unmatched PIX credits (docs/produto.md §21): a confirmed PIX no debt took (unknown txid, debt settled
// meanwhile) or the part of one beyond its debt stays as credit, never a negative balance, until an
// admin assigns it to a customer: it then settles that customer's open receivables as the PIX itself
// would have (liquidarPixEmContas), on today's date, and what is left stays as credit.

export const CREDITO_NAO_ENCONTRADO = 'Crédito PIX não encontrado.';
export const CREDITO_ESGOTADO = 'Este PIX não tem mais crédito a atribuir: ele já foi todo atribuído.';

export const listarCreditos = async (db: Db, page: number): Promise<Paged<CreditoPixView>> => {
  const { rows, total } = await listarCreditosPix(db, {
    limit: DEFAULT_PAGE_SIZE,
    offset: pageOffset(page, DEFAULT_PAGE_SIZE),
  });
  return toPaged(rows.map(toCreditoPixView), total, page, DEFAULT_PAGE_SIZE);
};

const erroCliente = (mensagem: string) => erroDeCampo('DADOS_INVALIDOS', 'cliente_id', mensagem);

/** The customer, locked first (the same order as a payment: the customer, then its receivables). */
const travarCliente = async (clientes: ClientesDoOperador, clienteId: number): Promise<ClienteRow> => {
  try {
    return await clientes.buscarVisivelOrThrow(clienteId, { forUpdate: true });
  } catch (error) {
    // An id in the body that names nobody is a field error, not a missing route object.
    if (error instanceof ErroDominio && error.code === 'CLIENTE_NAO_ENCONTRADO')
      throw erroCliente('Cliente não encontrado.');
    throw error;
  }
};

export const atribuirCreditoPix = async (
  db: Db,
  appKey: Buffer,
  id: number,
  input: AtribuirCreditoPixBody,
  ator: Ator,
): Promise<AtribuicaoCreditoPixResponse> => {
  const settings = await buscarSistemaSettings(db);
  const canais = await canaisAtivos(db, appKey);
  const agora = new Date();
  return db.transaction(async (tx) => {
    // The PIX first: a second assignment of the same credit waits here and then sees what is left.
    const pix = await travarPixRecebido(tx, id);
    if (!pix) throw new ErroDominio('CREDITO_PIX_NAO_ENCONTRADO', CREDITO_NAO_ENCONTRADO);
    if (pix.creditoCentavos === 0) throw new ErroDominio('CREDITO_PIX_ESGOTADO', CREDITO_ESGOTADO);
    const cliente = await travarCliente(new ClientesDoOperador(tx, ESCOPO_SISTEMA), input.cliente_id);
    const abertas = maisAntigasPrimeiro(
      await new NegociacoesRepository(tx, ESCOPO_SISTEMA).travarContasAbertas(cliente.id),
    );
    const semDivida = `${cliente.nome} não tem contas em aberto para receber este crédito.`;
    if (abertas.length === 0) throw erroCliente(semDivida);
    const liquidacao = await liquidarPixEmContas(tx, {
      cliente,
      contas: abertas,
      origem: { forma: 'pix', observacao: `PIX ${pix.endToEndId}`, pixRecebidoId: pix.id },
      valorCentavos: pix.creditoCentavos,
      data: hojeNoFuso(agora, settings.fuso_horario),
      percentuais: percentuaisDe(settings),
      canais,
    });
    if (liquidacao.pagoCentavos === 0) throw erroCliente(semDivida);
    const creditoCentavos = pix.creditoCentavos - liquidacao.pagoCentavos;
    await atualizarCreditoPix(tx, pix.id, {
      creditoCentavos,
      situacao: creditoCentavos === 0 ? 'atribuido' : pix.situacao,
      // A PIX nothing of which was settled yet becomes this customer's; the rest of one that paid
      // another customer's charge stays under that customer (its payments point to the PIX anyway).
      clienteId: pix.creditoCentavos === pix.valorCentavos ? cliente.id : (pix.clienteId ?? cliente.id),
      atribuidoPor: ator.usuarioId,
      atribuidoEm: agora,
    });
    const pagamentos = liquidacao.pagamentos.map((p) => ({
      conta_id: p.conta.id,
      valor_centavos: p.valorCentavos,
      principal_centavos: p.partes.principalCentavos,
      multa_centavos: p.partes.multaCentavos,
      juros_centavos: p.partes.jurosCentavos,
      quitada: p.quitou,
    }));
    await registrarAuditoria(tx, {
      usuarioId: ator.usuarioId,
      acao: 'pix.credito_atribuido',
      descricao: `Crédito PIX de ${formatarReais(liquidacao.pagoCentavos)} atribuído a ${cliente.nome}`,
      entidade: 'pix_recebido',
      entidadeId: pix.id,
      detalhes: {
        cliente_id: cliente.id,
        end_to_end_id: pix.endToEndId,
        txid: pix.txid,
        credito_anterior_centavos: pix.creditoCentavos,
        aplicado_centavos: liquidacao.pagoCentavos,
        credito_centavos: creditoCentavos,
        pagamentos,
        contas_quitadas: liquidacao.quitadas.map((c) => c.id),
        negociacoes_cumpridas: liquidacao.negociacoesCumpridas,
        promessas_cumpridas: liquidacao.promessasCumpridas,
        cliente_concluido: liquidacao.clienteConcluido,
      },
      ip: ator.ip,
    });
    const atualizado = await buscarCreditoPix(tx, pix.id);
    if (!atualizado) throw new Error(`pix_recebido ${pix.id} sumiu na própria transação`);
    return {
      credito: toCreditoPixView(atualizado),
      aplicado: centavosParaReais(liquidacao.pagoCentavos),
      pagamentos: pagamentos.map((p) => ({
        conta_id: p.conta_id,
        valor: centavosParaReais(p.valor_centavos),
        principal: centavosParaReais(p.principal_centavos),
        multa: centavosParaReais(p.multa_centavos),
        juros: centavosParaReais(p.juros_centavos),
        quitada: p.quitada,
      })),
      cliente_concluido: liquidacao.clienteConcluido,
    };
  });
};
