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
import { desc, eq } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { recorrenciasPix } from '../../db/schema/index.ts';
import { tarefaPendente } from '../../fila/consulta.ts';
import { ErroDominio, erroDeCampo } from '../../lib/errors.ts';
import { canaisAtivos } from '../canais/canais-ativos.ts';
import type { ClienteRow } from '../clientes/clientes-operador.repository.ts';
import { ESCOPO_SISTEMA } from '../clientes/escopo-operador.ts';
import { atualizacaoDe } from '../clientes/valor-atualizado.ts';
import { buscarSistemaSettings } from '../configuracoes/configuracoes.repository.ts';
import { statusDoDebito } from '../debito-automatico/adesao/debito-automatico.view.ts';
import { ativarRecorrencia } from '../debito-automatico/adesao/jobs/ativar.job.ts';
import { documentoAceitaDebito, motivoSemDebitoAutomatico } from '../debito-automatico/adesao/oferta.ts';
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
const DEBITO_SO_PARCELADO = 'O débito automático vale para planos de 2 ou mais parcelas.';
const DEBITO_INDISPONIVEL =
  'O débito automático não está disponível agora. Escolha o plano sem o débito automático.';

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

const planos = (
  contas: readonly ContaAtualizada[],
  settings: SistemaSettings,
  hoje: string,
  opcoes: { mensal?: boolean } = {},
) =>
  planosDoPortal(
    contas.map((c) => ({
      principalCentavos: c.principalCentavos,
      encargosCentavos: c.multaCentavos + c.jurosCentavos,
      diasAtraso: c.diasAtraso,
    })),
    politicaDe(settings),
    hoje,
    opcoes,
  );

/** The portal's part of the rule: monthly instalments (its interval must be 30 days) and a CPF or CNPJ. */
const debitoCabeNoPortal = (settings: SistemaSettings, cliente: Pick<ClienteRow, 'documentoTipo'>) =>
  settings.portal.intervalo_dias === 30 && documentoAceitaDebito(cliente.documentoTipo);

/**
 * Whether the customer may have automatic debit now, by the operator's rule (docs/pix-automatico.md §1):
 * the offer (setting, provider) and the portal's part. Plans of one instalment never have it.
 */
const debitoAutomaticoPossivel = async (
  db: DbOrTx,
  appKey: Buffer,
  settings: SistemaSettings,
  cliente: Pick<ClienteRow, 'documentoTipo'>,
): Promise<boolean> =>
  debitoCabeNoPortal(settings, cliente) && (await motivoSemDebitoAutomatico(db, appKey, settings)) === null;

const paraLista = (plano: PlanoAcordo) =>
  plano.parcelas.map((p) => ({
    numero: p.numero,
    vencimento: p.vencimento,
    valor: centavosParaReais(p.valorCentavos),
    paga: false,
  }));

/** A plan, with `mensal` its automatic-debit version when the customer may choose it. */
const paraPortalPlano = (plano: PlanoAcordo, mensal: PlanoAcordo | undefined): PortalPlano => ({
  parcelas: plano.parcelas.length,
  valor_original: centavosParaReais(plano.valorOriginalCentavos),
  desconto: centavosParaReais(plano.descontoCentavos),
  total: centavosParaReais(plano.valorTotalCentavos),
  lista: paraLista(plano),
  debito_automatico_disponivel: mensal !== undefined,
  lista_debito_automatico: mensal ? paraLista(mensal) : null,
});

export const planosDoCliente = async (
  db: Db,
  appKey: Buffer,
  clienteId: number,
  agora: Date,
): Promise<PortalPlanosResponse> => {
  const settings = await buscarSistemaSettings(db);
  if (await acordoEmAndamento(db, clienteId)) return { planos: [], motivo: ACORDO_EM_ANDAMENTO };
  const atualizacao = atualizacaoDe(settings, agora);
  const contas = await contasAbertasAtualizadas(db, clienteId, atualizacao);
  if (contas.length === 0) return { planos: [], motivo: SEM_DEBITOS };
  const cliente = await clienteDaSessao(db, clienteId);
  const mensais = (await debitoAutomaticoPossivel(db, appKey, settings, cliente))
    ? planos(contas, settings, atualizacao.hoje, { mensal: true })
    : [];
  return {
    planos: planos(contas, settings, atualizacao.hoje).map((plano) =>
      paraPortalPlano(
        plano,
        plano.parcelas.length >= 2
          ? mensais.find((m) => m.parcelas.length === plano.parcelas.length)
          : undefined,
      ),
    ),
    motivo: null,
  };
};

/**
 * Stores the plan of `parcelas` instalments, recomputed from the locked receivables (what the page showed
 * may be a day old), with the jobs that send the terms and charge every instalment; the answer comes at
 * the commit, usually before the first instalment's PIX exists (`gerando`: the page asks again). With
 * `debitoAutomatico`, the monthly plan and its recurrence, as the operator's agreement has them.
 */
export const acordoPeloPortal = async (
  db: Db,
  appKey: Buffer,
  clienteId: number,
  entrada: { parcelas: number; debitoAutomatico: boolean; agora: Date; ip: string | null },
): Promise<PortalAcordoResponse> => {
  const { agora, debitoAutomatico } = entrada;
  if (debitoAutomatico && entrada.parcelas < 2)
    throw erroDeCampo('DADOS_INVALIDOS', 'debito_automatico', DEBITO_SO_PARCELADO);
  const canais = await canaisAtivos(db, appKey);
  const usarPix = await pixConfigurado(db, appKey);
  // The offer (setting, provider) is read before anything is locked, as the operator's agreement does.
  if (debitoAutomatico && (await motivoSemDebitoAutomatico(db, appKey, await buscarSistemaSettings(db))))
    throw erroDeCampo('DADOS_INVALIDOS', 'debito_automatico', DEBITO_INDISPONIVEL);
  const gravado = await db.transaction(async (tx) => {
    const cliente = await clienteDaSessao(tx, clienteId, { forUpdate: true });
    if (await acordoEmAndamento(tx, clienteId))
      throw new ErroDominio('ACORDO_EM_ANDAMENTO', ACORDO_EM_ANDAMENTO);
    const settings = await buscarSistemaSettings(tx);
    if (debitoAutomatico && !debitoCabeNoPortal(settings, cliente))
      throw erroDeCampo('DADOS_INVALIDOS', 'debito_automatico', DEBITO_INDISPONIVEL);
    const atualizacao = atualizacaoDe(settings, agora);
    const rows = await new NegociacoesRepository(tx, ESCOPO_SISTEMA).travarContasAbertas(clienteId);
    if (rows.length === 0) throw new ErroDominio('DADOS_INVALIDOS', SEM_DEBITOS);
    const contas = rows.map((c) => atualizar(c, atualizacao));
    const plano = planos(contas, settings, atualizacao.hoje, { mensal: debitoAutomatico }).find(
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
      debitoAutomatico,
      autor: { ator: { usuarioId: null, ip: entrada.ip }, origem: 'portal' },
    });
    // The operator learns it in the conversation; an agreement needs no one, so the status stays.
    const aviso = `Acordo feito pelo portal: ${contagem(plano.parcelas.length, 'parcela', 'parcelas')}, total de ${formatarReais(plano.valorTotalCentavos)}${debitoAutomatico ? ', com débito automático por PIX' : ''}.`;
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

/** The agreement's latest recurrence (docs/pix-automatico.md), as the portal tells it. */
const debitoDoAcordo = async (db: Db, negociacaoId: number) => {
  const [rec] = await db
    .select()
    .from(recorrenciasPix)
    .where(eq(recorrenciasPix.negociacaoId, negociacaoId))
    .orderBy(desc(recorrenciasPix.id))
    .limit(1);
  if (!rec) return null;
  const aguardando = rec.status === 'pendente' || rec.status === 'criada';
  return {
    view: { status: statusDoDebito(rec), pix_copia_e_cola: aguardando ? rec.pixCopiaECola : null },
    /** The composite code is still to be made: the first instalment's own code would not authorise. */
    semCodigo: aguardando && rec.pixCopiaECola === null,
  };
};

/**
 * The running agreement's first open instalment's PIX, once its job made it; `gerando` while the
 * agreement's jobs (terms, charges, the automatic debit's activation) are still waiting or running, so
 * the page keeps asking. With automatic debit the first instalment waits for the composite code that
 * also authorises it, while its activation runs; if that gives up, the instalment's own code is shown.
 */
export const pixDaPrimeiraParcela = async (
  db: Db,
  clienteId: number,
  agora: Date,
): Promise<PortalAcordoPixResponse> => {
  const acordo = await acordoEmAndamento(db, clienteId);
  const primeira = acordo?.parcelas.find((p) => p.status === 'aberta');
  if (!acordo || !primeira) return { gerando: false, debito_automatico: null };
  const debito = await debitoDoAcordo(db, acordo.id);
  const debitoAutomatico = debito?.view ?? null;
  const pendente = () =>
    tarefaPendente(db, [enviarTermos, cobrarParcelas, ativarRecorrencia], String(acordo.id));
  if (debito?.semCodigo && primeira.id === acordo.parcelas[0]?.id && (await pendente()))
    return { gerando: true, debito_automatico: debitoAutomatico };
  const pix = await pixDaParcela(db, clienteId, primeira, agora);
  if (pix) return { pix, gerando: false, debito_automatico: debitoAutomatico };
  return { gerando: await pendente(), debito_automatico: debitoAutomatico };
};
