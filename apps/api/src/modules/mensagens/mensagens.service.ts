import type { Canal, CodigoErro, MensagemView } from '@cobranca/contracts';
import { formatarDataBr, hojeNoFuso } from '@cobranca/dominio';
import type { Db, DbOrTx } from '../../db/client.ts';
import type { Ator } from '../../lib/ator.ts';
import { erroDeCampo } from '../../lib/errors.ts';
import { registrarAuditoria } from '../auditoria/auditoria.repository.ts';
import { canaisAtivos } from '../canais/canais-ativos.ts';
import {
  type Canais,
  type CanalDriver,
  canalNaoConfigurado,
  configurados,
  conversaAberta,
  type EnvioCanal,
  enviarPeloCanal,
} from '../canais/canal.ts';
import { contatosDosClientes } from '../canais/rota.repository.ts';
import { type ContatoDoCliente, motivoIndisponivel, rotear, TODOS_OS_CANAIS } from '../canais/rota.ts';
import { type ClienteRow, ClientesDoOperador } from '../clientes/clientes-operador.repository.ts';
import type { EscopoOperador } from '../clientes/escopo-operador.ts';
import { preencherLinkDoPortal } from '../links-portal/links.ts';
import { registrarResultadoEnvio } from './resultado-envio.service.ts';
import { inserirMensagemSaida, type MensagemEnviada } from './saida.repository.ts';
import { canalDaUltimaEntrada, ThreadDoOperador, ultimaEntradaDoCliente } from './thread.repository.ts';

// Operator messages (docs/produto.md §12): stored first, sent through the active channel after the commit, so a
// slow or failing channel never holds a transaction open and the message is never lost.

/** Why the customer cannot receive a message (null: they can). Concluded customers still can. */
type MotivoSemMensagem = { code: CodigoErro; campo: string; mensagem: string };

const SEM_TELEFONE: MotivoSemMensagem = {
  code: 'CLIENTE_SEM_TELEFONE',
  campo: 'telefone',
  mensagem: 'O cliente não tem telefone cadastrado.',
};

export const motivoSemMensagem = (
  cliente: Pick<ClienteRow, 'telefone' | 'optOutEm'>,
): MotivoSemMensagem | null => {
  if (!cliente.telefone) return SEM_TELEFONE;
  if (cliente.optOutEm)
    return {
      code: 'CLIENTE_OPT_OUT',
      campo: 'opt_out',
      mensagem: `O cliente pediu para não receber mensagens (opt-out em ${formatarDataBr(hojeNoFuso(cliente.optOutEm))}).`,
    };
  return null;
};

export const listarMensagens = async (db: Db, escopo: EscopoOperador, clienteId: number) => {
  await new ClientesDoOperador(db, escopo).buscarVisivelOrThrow(clienteId);
  return new ThreadDoOperador(db, escopo).listar(clienteId);
};

/** Hands a stored `pendente` message to the channel and records the answer. */
export const despacharMensagem = async (
  db: Db,
  appKey: Buffer,
  canal: CanalDriver,
  envio: EnvioCanal,
  mensagem: MensagemEnviada,
): Promise<void> => {
  const agora = new Date();
  const pronto = await preencherLinkDoPortal(db, appKey, envio, { clienteId: mensagem.clienteId, agora });
  const resultado = await enviarPeloCanal(canal, pronto);
  await registrarResultadoEnvio(db, mensagem, resultado, { agora: new Date() });
};

const MENSAGEM_CONVERSA_FECHADA =
  'O cliente não escreve há mais de 24 horas: pelo WhatsApp só é possível enviar templates aprovados. Aguarde uma resposta do cliente (a régua envia o template da etapa).';

/**
 * The channel an operator's message goes through: the one asked for, else the channel of the customer's
 * last reply, else the first one the customer can receive on (docs/produto.md §12).
 */
const canalDaMensagem = async (
  tx: DbOrTx,
  cliente: ClienteRow,
  canais: Canais,
  pedido: Canal | undefined,
): Promise<{ canal: Canal; contato: ContatoDoCliente }> => {
  const contato = (await contatosDosClientes(tx, [cliente.id])).get(cliente.id);
  if (!contato) throw new Error(`cliente ${cliente.id} sem contato`);
  const abertos = configurados(canais);
  const daConversa = await canalDaUltimaEntrada(tx, cliente.id);
  const canal =
    pedido ??
    (daConversa && motivoIndisponivel(daConversa, contato, abertos) === null ? daConversa : undefined) ??
    rotear(TODOS_OS_CANAIS, contato, abertos)[0];
  if (!canal)
    throw erroDeCampo(
      'CANAL_INDISPONIVEL',
      'canal',
      'O cliente não pode receber mensagens por nenhum canal configurado.',
    );
  const motivo = motivoIndisponivel(canal, contato, abertos);
  if (motivo) throw erroDeCampo('CANAL_INDISPONIVEL', 'canal', motivo);
  return { canal, contato };
};

export const enviarMensagemOperador = async (
  db: Db,
  appKey: Buffer,
  escopo: EscopoOperador,
  clienteId: number,
  conteudo: string,
  ator: Ator,
  canalPedido?: Canal,
): Promise<MensagemView> => {
  const canais = await canaisAtivos(db, appKey);
  const { envio, driver } = await db.transaction(async (tx) => {
    const cliente = await new ClientesDoOperador(tx, escopo).buscarParaAgirOrThrow(clienteId);
    if (cliente.optOutEm) {
      const { code, campo, mensagem } = motivoSemMensagem(cliente) ?? SEM_TELEFONE;
      throw erroDeCampo(code, campo, mensagem);
    }
    const { canal, contato } = await canalDaMensagem(tx, cliente, canais, canalPedido);
    const driver = canais[canal] ?? canalNaoConfigurado(canal);
    const ultimaEntradaEm = await ultimaEntradaDoCliente(tx, clienteId);
    if (driver.provedor === 'whatsapp_cloud' && !conversaAberta(ultimaEntradaEm, new Date()))
      throw erroDeCampo('CONVERSA_FECHADA', 'conteudo', MENSAGEM_CONVERSA_FECHADA);
    const destino =
      canal === 'email'
        ? { telefone: null, email: contato.email }
        : { telefone: contato.telefone, email: null };
    const mensagemId = await inserirMensagemSaida(tx, {
      clienteId,
      ...destino,
      conteudo,
      origem: 'operador',
      autorId: ator.usuarioId,
      canal,
      provedor: driver.provedor,
    });
    await registrarAuditoria(tx, {
      usuarioId: ator.usuarioId,
      acao: 'mensagem.enviada',
      descricao: `Mensagem enviada ao cliente ${cliente.nome} por ${canal}`,
      entidade: 'cliente',
      entidadeId: clienteId,
      detalhes: { mensagem_id: mensagemId, canal, provedor: driver.provedor },
      ip: ator.ip,
    });
    const envio: EnvioCanal = { ...destino, clienteId, conteudo, mensagemId, ultimaEntradaEm };
    return { envio, driver };
  });
  await despacharMensagem(db, appKey, driver, envio, {
    id: envio.mensagemId,
    origem: 'operador',
    clienteId,
    conteudo,
  });
  return new ThreadDoOperador(db, escopo).buscar(envio.mensagemId);
};
