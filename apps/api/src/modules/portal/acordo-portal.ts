import type {
  PortalAcordoPixResponse,
  PortalAcordoResponse,
  PortalPlano,
  PortalPlanosResponse,
  SistemaSettings,
} from '@cobranca/contracts';
import {
  centavosParaReais,
  contagem,
  formatarReais,
  type PlanoAcordo,
  type PoliticaPortal,
  planosDoPortal,
  reaisParaCentavos,
} from '@cobranca/dominio';
import type { Db } from '../../db/client.ts';
import { tarefaPendente } from '../../fila/consulta.ts';
import { ErroDominio, erroDeCampo } from '../../lib/errors.ts';
import { canaisAtivos } from '../canais/canais-ativos.ts';
import { ESCOPO_SISTEMA } from '../clientes/escopo-operador.ts';
import { atualizacaoDe } from '../clientes/valor-atualizado.ts';
import { buscarSistemaSettings } from '../configuracoes/configuracoes.repository.ts';
import { atualizarClienteComResposta, inserirEntrada } from '../mensagens/entrada.repository.ts';
import { enviarTermos } from '../negociacoes/jobs/enviar-termos.job.ts';
import { NegociacoesRepository } from '../negociacoes/negociacoes.repository.ts';
import { gravarAcordo } from '../negociacoes/negociacoes.service.ts';
import { cobrarParcelas } from '../pix/cobrancas/jobs/cobrar-parcelas.job.ts';
import { pixConfigurado } from '../pix/configuracao/provedor-ativo.ts';
import {
  acordoEmAndamento,
  atualizar,
  type ContaAtualizada,
  clienteDaSessao,
  contasAbertasAtualizadas,
  paraPortalParcela,
} from './dados-portal.ts';
import { pixDaParcela } from './pix-portal.ts';

// "Negociar" on the portal (docs/produto.md §22): the plans the admin's policy allows for what is open
// today, and the chosen one stored as the same agreement an operator makes (gravarAcordo), audited as
// made by the customer, with a line in the operator's thread.

const ACORDO_EM_ANDAMENTO = 'Você já tem um acordo em andamento. Pague a próxima parcela pelo PIX.';
const SEM_DEBITOS = 'Você não tem débitos em aberto.';
const PLANO_INDISPONIVEL = 'Este plano não está mais disponível. Escolha um dos planos oferecidos.';

export const politicaDe = ({ portal }: SistemaSettings): PoliticaPortal => ({
  parcelasMaximas: portal.parcelas_maximas,
  parcelaMinimaCentavos: reaisParaCentavos(portal.parcela_minima),
  intervaloDias: portal.intervalo_dias,
  faixas: portal.faixas_desconto.map((f) => ({
    aPartirDeDias: f.a_partir_de_dias,
    encargosPercentual: f.encargos_percentual,
    principalPercentual: f.principal_percentual,
  })),
});

const planos = (contas: readonly ContaAtualizada[], settings: SistemaSettings, hoje: string) =>
  planosDoPortal(
    contas.map((c) => ({
      principalCentavos: c.principalCentavos,
      encargosCentavos: c.multaCentavos + c.jurosCentavos,
      diasAtraso: c.diasAtraso,
    })),
    politicaDe(settings),
    hoje,
  );

const paraPortalPlano = (plano: PlanoAcordo): PortalPlano => ({
  parcelas: plano.parcelas.length,
  valor_original: centavosParaReais(plano.valorOriginalCentavos),
  desconto: centavosParaReais(plano.descontoCentavos),
  total: centavosParaReais(plano.valorTotalCentavos),
  lista: plano.parcelas.map((p) => ({
    numero: p.numero,
    vencimento: p.vencimento,
    valor: centavosParaReais(p.valorCentavos),
    paga: false,
  })),
});

export const planosDoCliente = async (
  db: Db,
  clienteId: number,
  agora: Date,
): Promise<PortalPlanosResponse> => {
  const settings = await buscarSistemaSettings(db);
  if (await acordoEmAndamento(db, clienteId)) return { planos: [], motivo: ACORDO_EM_ANDAMENTO };
  const atualizacao = atualizacaoDe(settings, agora);
  const contas = await contasAbertasAtualizadas(db, clienteId, atualizacao);
  if (contas.length === 0) return { planos: [], motivo: SEM_DEBITOS };
  return { planos: planos(contas, settings, atualizacao.hoje).map(paraPortalPlano), motivo: null };
};

/**
 * Stores the plan of `parcelas` instalments, recomputed from the locked receivables (what the page showed
 * may be a day old), with the jobs that send the terms and charge every instalment; the answer comes at
 * the commit, usually before the first instalment's PIX exists (`gerando`: the page asks again).
 */
export const acordoPeloPortal = async (
  db: Db,
  appKey: Buffer,
  clienteId: number,
  entrada: { parcelas: number; agora: Date; ip: string | null },
): Promise<PortalAcordoResponse> => {
  const { agora } = entrada;
  const canais = await canaisAtivos(db, appKey);
  const usarPix = await pixConfigurado(db, appKey);
  const gravado = await db.transaction(async (tx) => {
    const cliente = await clienteDaSessao(tx, clienteId, { forUpdate: true });
    if (await acordoEmAndamento(tx, clienteId))
      throw new ErroDominio('ACORDO_EM_ANDAMENTO', ACORDO_EM_ANDAMENTO);
    const settings = await buscarSistemaSettings(tx);
    const atualizacao = atualizacaoDe(settings, agora);
    const rows = await new NegociacoesRepository(tx, ESCOPO_SISTEMA).travarContasAbertas(clienteId);
    if (rows.length === 0) throw new ErroDominio('DADOS_INVALIDOS', SEM_DEBITOS);
    const contas = rows.map((c) => atualizar(c, atualizacao));
    const plano = planos(contas, settings, atualizacao.hoje).find(
      (p) => p.parcelas.length === entrada.parcelas,
    );
    if (!plano) throw erroDeCampo('DADOS_INVALIDOS', 'parcelas', PLANO_INDISPONIVEL);
    const { negociacaoId } = await gravarAcordo(tx, ESCOPO_SISTEMA, {
      cliente,
      valores: {
        contas: contas.map((c) => ({ conta: c.conta, centavos: c.totalCentavos })),
        encargosCentavos: contas.reduce((s, c) => s + c.multaCentavos + c.jurosCentavos, 0),
      },
      plano,
      intervaloDias: settings.portal.intervalo_dias,
      observacao: 'Acordo feito pelo cliente no portal.',
      canais,
      usarPix,
      autor: { ator: { usuarioId: null, ip: entrada.ip }, origem: 'portal' },
    });
    // The operator learns it in the conversation; an agreement needs no one, so the status stays.
    const aviso = `Acordo feito pelo portal: ${contagem(plano.parcelas.length, 'parcela', 'parcelas')}, total de ${formatarReais(plano.valorTotalCentavos)}.`;
    await inserirEntrada(
      tx,
      {
        canal: 'portal',
        provedor: 'portal',
        telefone: cliente.telefone ?? '',
        conteudo: aviso,
        canalMensagemId: `portal-acordo-${negociacaoId}`,
        recebidaEm: agora,
      },
      cliente.id,
    );
    await atualizarClienteComResposta(tx, cliente.id, {
      ultimaMensagemEm: agora,
      ultimaMensagemTexto: aviso,
    });
    return { negociacaoId };
  });
  const acordo = await acordoEmAndamento(db, clienteId);
  const parcelas = acordo?.id === gravado.negociacaoId ? acordo.parcelas : [];
  return {
    acordo: {
      id: gravado.negociacaoId,
      total: centavosParaReais(parcelas.reduce((s, p) => s + p.valorCentavos, 0)),
      parcelas: parcelas.map((p, i) => paraPortalParcela(p, i + 1)),
    },
    ...(await pixDaPrimeiraParcela(db, clienteId, agora)),
  };
};

/**
 * The running agreement's first open instalment's PIX, once its job made it; `gerando` while the
 * agreement's jobs (terms, charges) are still waiting or running, so the page keeps asking.
 */
export const pixDaPrimeiraParcela = async (
  db: Db,
  clienteId: number,
  agora: Date,
): Promise<PortalAcordoPixResponse> => {
  const acordo = await acordoEmAndamento(db, clienteId);
  const primeira = acordo?.parcelas.find((p) => p.status === 'aberta');
  if (!acordo || !primeira) return { gerando: false };
  const pix = await pixDaParcela(db, clienteId, primeira, agora);
  if (pix) return { pix, gerando: false };
  return { gerando: await tarefaPendente(db, [enviarTermos, cobrarParcelas], String(acordo.id)) };
};
