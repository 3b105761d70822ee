import type { SistemaSettings } from '@cobranca/contracts';
import { contagem } from '@cobranca/dominio';
import { type ContaComEncargos, contaParaEncargos, percentuaisDe } from '../../clientes/valor-atualizado.ts';
import type { ProvedorConfigurado } from '../configuracao/provedor-ativo.ts';
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

/**
 * Creates a charge at the provider for these open receivables, as `escolherCobranca` decides. A fresh
 * txid each call: a caller that dies before storing the answer leaves at most an unseen charge at the
 * PSP, which expires unpaid. Throws the provider's errors (ErroApiPix) as they are.
 */
export const emitirCobranca = async (
  pix: ProvedorConfigurado,
  settings: SistemaSettings,
  devedor: DevedorDaCobranca,
  contas: readonly ContaCobrada[],
  agora: Date,
): Promise<CobrancaEmitida> => {
  const temDocumento = devedor.documentoTipo === 'cpf' || devedor.documentoTipo === 'cnpj';
  const percentuais = percentuaisDe(settings);
  const escolha = escolherCobranca({
    contas: contas.map(contaParaEncargos),
    agora,
    fuso: settings.fuso_horario,
    percentuais,
    temDocumento,
  });
  const validade = pix.armazenado.validade_apos_vencimento_dias;
  const txid = gerarTxid();
  const criada = await pix.provedor.criarCobranca({
    txid,
    ...escolha,
    validadeAposVencimentoDias: validade,
    percentuais,
    devedor: temDocumento ? { documento: devedor.documento, nome: devedor.nome } : null,
    solicitacao: solicitacaoDe(settings.empresa.nome, contas),
    recebedor: {
      nome: settings.pix.nome_recebedor || settings.empresa.nome,
      cidade: settings.pix.cidade || 'SAO PAULO',
    },
  });
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
