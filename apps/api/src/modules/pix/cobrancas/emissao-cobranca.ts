import type { SistemaSettings } from '@cobranca/contracts';
import { contagem } from '@cobranca/dominio';
import { type ContaComEncargos, contaParaEncargos, percentuaisDe } from '../../clientes/valor-atualizado.ts';
import type { ProvedorConfigurado } from '../configuracao/provedor-ativo.ts';
import { ErroApiPix } from '../psp/api-pix-erros.ts';
import type { CobrancaCriada, PedidoCobranca } from '../psp/provedor-pix.ts';
import { escolherCobranca, fimDaValidadeCobv, gerarTxid } from './cobranca-escolha.ts';
import type { NovaCobranca } from './cobrancas.repository.ts';

// Asking the provider for a charge (docs/produto.md §21): what to ask for and how to describe it to the
// payer. No database work here: criar-cobranca.ts calls it with no lock held and stores the answer.

export type DevedorDaCobranca = { nome: string; documento: string; documentoTipo: string };
export type ContaCobrada = ContaComEncargos & { id: number; descricao: string };

/** What to store of a charge the provider accepted, except whose it is and why it was made. */
type CobrancaEmitida = Pick<
  NovaCobranca,
  'txid' | 'provedor' | 'tipo' | 'valorCentavos' | 'vencimento' | 'validaAte' | 'pixCopiaECola' | 'location'
>;

const SOLICITACAO_MAXIMA = 140;

/** What the payer's bank app shows: the creditor and the debt. */
const solicitacaoDe = (credor: string, contas: readonly ContaCobrada[]): string => {
  const [primeira] = contas;
  const resto = contas.length - 1;
  const texto = `${credor}: ${primeira?.descricao ?? 'débito'}${resto > 0 ? ` e mais ${contagem(resto, 'conta', 'contas')}` : ''}`;
  return texto.length > SOLICITACAO_MAXIMA ? `${texto.slice(0, SOLICITACAO_MAXIMA - 1)}…` : texto;
};

const OUTRO_TIPO = { cob: 'cobv', cobv: 'cob' } as const;

/**
 * Asks again under a txid the PSP refused: when it holds our own charge from a try that died before
 * storing it (active, asking the same), that charge is the answer; one asking what is no longer owed is
 * removed, and the charge is made under a fresh txid. Anything else was refused for its own reason.
 */
const retomar = async (
  pix: ProvedorConfigurado,
  pedido: PedidoCobranca,
  recusa: ErroApiPix,
): Promise<{ txid: string; criada: CobrancaCriada }> => {
  const existente =
    (await pix.provedor.consultarCobranca(pedido.tipo, pedido.txid)) ??
    (await pix.provedor.consultarCobranca(OUTRO_TIPO[pedido.tipo], pedido.txid));
  if (!existente) throw recusa;
  const mesma =
    existente.ativa &&
    existente.tipo === pedido.tipo &&
    existente.valorCentavos === pedido.valorCentavos &&
    existente.vencimento === pedido.vencimento &&
    existente.documentoDevedor === (pedido.devedor?.documento ?? null);
  if (mesma) return { txid: pedido.txid, criada: existente };
  if (existente.ativa) await pix.provedor.removerCobranca(existente.tipo, pedido.txid);
  const txid = gerarTxid();
  return { txid, criada: await pix.provedor.criarCobranca({ ...pedido, txid }) };
};

/**
 * Creates a charge at the provider for these open receivables, as `escolherCobranca` decides. With
 * `para` (what the charge is for: an instalment, a message) the txid is fixed by it, so a job retried
 * after dying between the PSP's answer and its commit finds that charge instead of leaving a second one
 * payable at the PSP; without it (a person asking) the txid is fresh. Throws the provider's errors
 * (ErroApiPix) as they are.
 */
export const emitirCobranca = async (
  pix: ProvedorConfigurado,
  settings: SistemaSettings,
  devedor: DevedorDaCobranca,
  contas: readonly ContaCobrada[],
  agora: Date,
  { para, imediata = false }: { para?: string | undefined; imediata?: boolean } = {},
): Promise<CobrancaEmitida> => {
  const temDocumento = devedor.documentoTipo === 'cpf' || devedor.documentoTipo === 'cnpj';
  const percentuais = percentuaisDe(settings);
  const escolha = escolherCobranca({
    contas: contas.map(contaParaEncargos),
    agora,
    fuso: settings.fuso_horario,
    percentuais,
    temDocumento,
    imediata,
  });
  const validade = pix.armazenado.validade_apos_vencimento_dias;
  const pedido: PedidoCobranca = {
    txid: para === undefined ? gerarTxid() : pix.txidPara(para),
    ...escolha,
    validadeAposVencimentoDias: validade,
    percentuais,
    devedor: temDocumento ? { documento: devedor.documento, nome: devedor.nome } : null,
    solicitacao: solicitacaoDe(settings.empresa.nome, contas),
    recebedor: {
      nome: settings.pix.nome_recebedor || settings.empresa.nome,
      cidade: settings.pix.cidade || 'SAO PAULO',
    },
  };
  const { txid, criada } = await pix.provedor.criarCobranca(pedido).then(
    (criada) => ({ txid: pedido.txid, criada }),
    (erro: unknown) => {
      if (para === undefined || !(erro instanceof ErroApiPix) || erro.transitorio) throw erro;
      return retomar(pix, pedido, erro);
    },
  );
  return {
    txid,
    provedor: pix.provedor.provedor,
    tipo: escolha.tipo,
    valorCentavos: escolha.valorCentavos,
    vencimento: escolha.vencimento,
    validaAte:
      escolha.tipo === 'cob'
        ? escolha.expiraEm
        : fimDaValidadeCobv(escolha.vencimento, validade, settings.fuso_horario),
    pixCopiaECola: criada.pixCopiaECola,
    location: criada.location,
  };
};
