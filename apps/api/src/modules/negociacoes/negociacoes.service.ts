import type { ClienteDetalhe, NegociacaoView, TermosAcordoView } from '@cobranca/contracts';
import {
  calcularAcordo,
  type EntradaAcordo,
  encargosDispensados,
  formatarReais,
  hojeNoFuso,
  type PlanoAcordo,
  plural,
  reaisParaCentavos,
  validarAcordo,
} from '@cobranca/dominio';
import type { Db, DbOrTx } from '../../db/client.ts';
import type { Ator } from '../../lib/ator.ts';
import { ErroDominio, erroDeCampo, VALIDATION_MESSAGE } from '../../lib/errors.ts';
import { ClienteDetalheRepository } from '../atendimento/cliente-detalhe.repository.ts';
import { registrarAuditoria } from '../auditoria/auditoria.repository.ts';
import { canaisAtivos } from '../canais/canais-ativos.ts';
import type { Canais } from '../canais/canal.ts';
import { type ClienteRow, ClientesDoOperador } from '../clientes/clientes-operador.repository.ts';
import type { Escopo, EscopoOperador } from '../clientes/escopo-operador.ts';
import { type Atualizacao, buscarAtualizacao, encargosDaConta } from '../clientes/valor-atualizado.ts';
import { buscarSistemaSettings } from '../configuracoes/configuracoes.repository.ts';
import { ativarRecorrenciaAposCommit } from '../debito-automatico/adesao/jobs/ativar.job.ts';
import { documentoAceitaDebito, motivoSemDebitoAutomatico } from '../debito-automatico/adesao/oferta.ts';
import { inserirRecorrencia } from '../debito-automatico/adesao/recorrencias.repository.ts';
import { removerCobrancasDasContas } from '../pix/cobrancas/cobrancas.repository.ts';
import { buscarPixArmazenado } from '../pix/configuracao/pix-settings.repository.ts';
import { pixConfigurado } from '../pix/configuracao/provedor-ativo.ts';
import { enviarTermosAposCommit } from './jobs/enviar-termos.job.ts';
import { type ContaRow, NegociacoesRepository } from './negociacoes.repository.ts';
import { prepararTermos, type TermosPreparados } from './termos-acordo.ts';

// Agreements (docs/produto.md §8): the chosen open receivables become `negociada` and the instalments become
// new receivables, all in one transaction with the audit entry and the terms message to the customer
// (termos-acordo.ts), sent by a job once it commits. The customer's status does not change.

export type NovaNegociacaoInput = {
  contas: number[];
  desconto: number;
  parcelas: number;
  primeiro_vencimento: string;
  intervalo_dias: number;
  observacao?: string;
  /** PIX Automático for instalments 2…N (docs/pix-automatico.md §1). */
  debito_automatico?: boolean;
};

const erroContas = (mensagem: string) => erroDeCampo('DADOS_INVALIDOS', 'contas', mensagem);

const semRepeticoesOrThrow = (ids: number[]) => {
  const repetidas = [...new Set(ids.filter((id, i) => ids.indexOf(id) !== i))];
  if (repetidas.length === 0) return;
  const mensagem = `${plural(repetidas.length, 'Conta repetida', 'Contas repetidas')} no acordo: ${repetidas.map((id) => `#${id}`).join(', ')}.`;
  throw erroContas(mensagem);
};

/**
 * The chosen receivables, locked until the transaction ends, so a second agreement over them waits
 * and then finds them `negociada`. Missing, another customer's or not open → 422.
 */
const contasAbertasOrThrow = async (
  repositorio: NegociacoesRepository,
  clienteId: number,
  ids: number[],
): Promise<ContaRow[]> => {
  const rows = await repositorio.travarContas(clienteId, ids);
  const encontradas = new Set(rows.map((r) => r.id));
  const faltando = ids.filter((id) => !encontradas.has(id));
  if (faltando.length > 0)
    throw erroContas(
      `${plural(faltando.length, 'Conta não encontrada', 'Contas não encontradas')} para este cliente: ${faltando.map((id) => `#${id}`).join(', ')}.`,
    );
  const fechadas = rows.filter((r) => r.status !== 'aberta');
  if (fechadas.length > 0)
    throw erroContas(
      `Só contas em aberto podem entrar no acordo: ${fechadas.map((r) => `#${r.id} (${r.status})`).join(', ')}.`,
    );
  return rows;
};

export type NegociacaoCriada = {
  negociacao: NegociacaoView;
  cliente: ClienteDetalhe;
  /** Whether the terms message was queued, or why not. */
  termos: TermosAcordoView;
};

/** What an agreement negotiates: the updated amount of each receivable and the encargos inside. */
export type ValoresNegociados = { contas: { conta: ContaRow; centavos: number }[]; encargosCentavos: number };

const valoresNegociados = (contas: ContaRow[], atualizacao: Atualizacao): ValoresNegociados => {
  const valores = contas.map((conta) => ({ conta, encargos: encargosDaConta(conta, atualizacao) }));
  return {
    contas: valores.map(({ conta, encargos }) => ({ conta, centavos: encargos.totalCentavos })),
    encargosCentavos: valores.reduce(
      (s, { encargos }) => s + encargos.multaCentavos + encargos.jurosCentavos,
      0,
    ),
  };
};

/** The agreement's plan from the locked receivables' updated amounts, or a 422 with every field problem. */
const planoValidoOrThrow = async (
  tx: DbOrTx,
  valores: ValoresNegociados,
  input: NovaNegociacaoInput,
): Promise<PlanoAcordo> => {
  const settings = await buscarSistemaSettings(tx);
  const entrada: EntradaAcordo = {
    saldosCentavos: valores.contas.map((c) => c.centavos),
    encargosCentavos: valores.encargosCentavos,
    descontoCentavos: reaisParaCentavos(input.desconto),
    parcelas: input.parcelas,
    primeiroVencimento: input.primeiro_vencimento,
    intervaloDias: input.intervalo_dias,
    mensal: input.debito_automatico === true,
  };
  const erros = validarAcordo(entrada, {
    hoje: hojeNoFuso(new Date(), settings.fuso_horario),
    descontoMaximoPercentual: settings.desconto_maximo_percentual,
  });
  if (Object.keys(erros).length > 0) throw new ErroDominio('DADOS_INVALIDOS', VALIDATION_MESSAGE, erros);
  return calcularAcordo(entrada);
};

/** Who made an agreement: an operator in the workspace, or the customer on the portal (no user). */
export type AutorAcordo = { ator: Ator<number | null>; origem: 'operador' | 'portal' };

const auditarNegociacao = (
  tx: DbOrTx,
  { ator, origem }: AutorAcordo,
  cliente: { id: number; nome: string },
  negociacaoId: number,
  valores: ValoresNegociados,
  plano: PlanoAcordo,
  termos: { view: TermosAcordoView; mensagemId: number | null },
  debitoAutomatico: boolean,
) =>
  registrarAuditoria(tx, {
    usuarioId: ator.usuarioId,
    acao: 'negociacao.criada',
    descricao: `Acordo #${negociacaoId} com ${cliente.nome}${origem === 'portal' ? ', feito pelo cliente no portal' : ''}: ${plano.parcelas.length}x, total ${formatarReais(plano.valorTotalCentavos)}${debitoAutomatico ? ', com débito automático por PIX' : ''}`,
    entidade: 'negociacao',
    entidadeId: negociacaoId,
    detalhes: {
      origem,
      cliente_id: cliente.id,
      contas_ids: valores.contas.map((c) => c.conta.id),
      valor_original_centavos: plano.valorOriginalCentavos,
      encargos_centavos: valores.encargosCentavos,
      desconto_centavos: plano.descontoCentavos,
      encargos_dispensados_centavos: encargosDispensados(plano.descontoCentavos, valores.encargosCentavos),
      valor_total_centavos: plano.valorTotalCentavos,
      parcelas: plano.parcelas.length,
      termos_na_fila: termos.view.na_fila,
      termos_mensagem_id: termos.mensagemId,
      termos_motivo: termos.view.motivo,
      debito_automatico: debitoAutomatico,
    },
    ip: ator.ip,
  });

/** Before anything is locked: the setting, the provider and the plan's shape allow automatic debit. */
const debitoAutomaticoPossivelOrThrow = async (db: Db, appKey: Buffer, input: NovaNegociacaoInput) => {
  const motivo = await motivoSemDebitoAutomatico(db, appKey, await buscarSistemaSettings(db));
  if (motivo) throw erroDeCampo('DADOS_INVALIDOS', 'debito_automatico', motivo);
  if (input.parcelas < 2)
    throw erroDeCampo(
      'DADOS_INVALIDOS',
      'debito_automatico',
      'O débito automático vale para acordos de 2 ou mais parcelas.',
    );
  if (input.intervalo_dias !== 30)
    throw erroDeCampo(
      'DADOS_INVALIDOS',
      'intervalo_dias',
      'Com débito automático as parcelas vencem no mesmo dia de cada mês: use o intervalo de 30 dias.',
    );
};

export const criarNegociacao = async (
  db: Db,
  appKey: Buffer,
  escopo: EscopoOperador,
  clienteId: number,
  input: NovaNegociacaoInput,
  ator: Ator,
): Promise<NegociacaoCriada> => {
  semRepeticoesOrThrow(input.contas);
  const debitoAutomatico = input.debito_automatico === true;
  if (debitoAutomatico) await debitoAutomaticoPossivelOrThrow(db, appKey, input);
  const canais = await canaisAtivos(db, appKey);
  const usarPix = await pixConfigurado(db, appKey);
  return db.transaction(async (tx) => {
    const repositorio = new NegociacoesRepository(tx, escopo);
    // The customer lock first (same order as payments), then the receivables.
    const cliente = await new ClientesDoOperador(tx, escopo).buscarParaAgirOrThrow(clienteId);
    if (debitoAutomatico && !documentoAceitaDebito(cliente.documentoTipo))
      throw erroDeCampo(
        'DADOS_INVALIDOS',
        'debito_automatico',
        'O débito automático exige o CPF ou o CNPJ do cliente: cadastre-o antes.',
      );
    const contas = await contasAbertasOrThrow(repositorio, clienteId, input.contas);
    const valores = valoresNegociados(contas, await buscarAtualizacao(tx));
    const plano = await planoValidoOrThrow(tx, valores, input);
    const { negociacaoId, termos } = await gravarAcordo(tx, escopo, {
      cliente,
      valores,
      plano,
      intervaloDias: input.intervalo_dias,
      observacao: input.observacao || null,
      canais,
      usarPix,
      debitoAutomatico,
      autor: { ator, origem: 'operador' },
    });
    const detalhe = await new ClienteDetalheRepository(tx, escopo).buscarOrThrow(clienteId);
    const negociacao = detalhe.negociacoes.find((n) => n.id === negociacaoId);
    if (!negociacao) throw new Error(`negociação ${negociacaoId} não encontrada após o insert`);
    return { negociacao, cliente: detalhe, termos: termos.view };
  });
};

export type GravacaoAcordo = {
  cliente: ClienteRow;
  valores: ValoresNegociados;
  plano: PlanoAcordo;
  intervaloDias: number;
  observacao: string | null;
  canais: Canais;
  usarPix: boolean;
  /** Instalments 2…N by PIX Automático: the agreement is monthly (docs/pix-automatico.md §1). */
  debitoAutomatico?: boolean;
  autor: AutorAcordo;
};

/**
 * Stores a validated agreement over locked receivables, whoever made it (docs/produto.md §8, §22): the
 * agreement, its receivables negotiated and their charges withdrawn, the instalments, the terms
 * message and the audit entry, all in the caller's transaction.
 */
export const gravarAcordo = async (
  tx: DbOrTx,
  escopo: Escopo,
  g: GravacaoAcordo,
): Promise<{ negociacaoId: number; termos: TermosPreparados }> => {
  const repositorio = new NegociacoesRepository(tx, escopo);
  const { cliente, valores, plano } = g;
  const [primeira] = plano.parcelas;
  if (!primeira) throw new Error('acordo sem parcelas');
  const negociacaoId = await repositorio.inserirNegociacao({
    clienteId: cliente.id,
    plano,
    encargosCentavos: valores.encargosCentavos,
    encargosDispensadosCentavos: encargosDispensados(plano.descontoCentavos, valores.encargosCentavos),
    primeiroVencimento: primeira.vencimento,
    intervaloDias: g.intervaloDias,
    mensal: g.debitoAutomatico === true,
    observacao: g.observacao,
  });
  await repositorio.substituirContas(cliente.id, negociacaoId, valores.contas);
  await removerCobrancasDasContas(
    tx,
    valores.contas.map((c) => c.conta.id),
  );
  await repositorio.inserirParcelas(cliente.id, negociacaoId, plano);
  if (g.debitoAutomatico) {
    await inserirRecorrencia(tx, {
      negociacaoId,
      clienteId: cliente.id,
      provedor: (await buscarPixArmazenado(tx)).provedor,
      plano,
    });
    await ativarRecorrenciaAposCommit(tx, negociacaoId);
  }
  const termos = await prepararTermos(tx, cliente, plano, g.canais);
  // The terms and every instalment's charge go once this transaction commits (docs/efeitos-colaterais.md).
  await enviarTermosAposCommit(tx, negociacaoId, termos.mensagemId, g.usarPix);
  await auditarNegociacao(
    tx,
    g.autor,
    cliente,
    negociacaoId,
    valores,
    plano,
    termos,
    g.debitoAutomatico === true,
  );
  return { negociacaoId, termos };
};
