import type { CodigoErro, MensagemView } from '@cobranca/contracts';
import { formatarDataBr, hojeNoFuso } from '@cobranca/dominio';
import type { Db } from '../../db/client.ts';
import type { Ator } from '../../lib/ator.ts';
import { erroDeCampo } from '../../lib/errors.ts';
import { registrarAuditoria } from '../auditoria/auditoria.repository.ts';
import { type CanalDriver, conversaAberta, type EnvioCanal, enviarPeloCanal } from '../canais/canal.ts';
import { canalAtivo } from '../canais/canal-ativo.ts';
import { type ClienteRow, ClientesDoOperador } from '../clientes/clientes-operador.repository.ts';
import type { EscopoOperador } from '../clientes/escopo-operador.ts';
import { preencherLinkDoPortal } from '../links-portal/links.ts';
import { registrarResultadoEnvio } from './resultado-envio.service.ts';
import { inserirMensagemSaida, type MensagemEnviada } from './saida.repository.ts';
import { ThreadDoOperador, ultimaEntradaDoCliente } from './thread.repository.ts';

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
  canal: CanalDriver,
  envio: EnvioCanal,
  mensagem: MensagemEnviada,
): Promise<void> => {
  const agora = new Date();
  const pronto = await preencherLinkDoPortal(db, envio, { clienteId: mensagem.clienteId, agora });
  const resultado = await enviarPeloCanal(canal, pronto);
  await registrarResultadoEnvio(db, mensagem, resultado, { agora: new Date() });
};

const MENSAGEM_CONVERSA_FECHADA =
  'O cliente não escreve há mais de 24 horas: pelo WhatsApp só é possível enviar templates aprovados. Aguarde uma resposta do cliente (a régua envia o template da etapa).';

export const enviarMensagemOperador = async (
  db: Db,
  appKey: Buffer,
  escopo: EscopoOperador,
  clienteId: number,
  conteudo: string,
  ator: Ator,
): Promise<MensagemView> => {
  const canal = await canalAtivo(db, appKey);
  const envio = await db.transaction(async (tx) => {
    const cliente = await new ClientesDoOperador(tx, escopo).buscarParaAgirOrThrow(clienteId);
    const motivo = motivoSemMensagem(cliente);
    if (motivo || !cliente.telefone) {
      const { code, campo, mensagem } = motivo ?? SEM_TELEFONE;
      throw erroDeCampo(code, campo, mensagem);
    }
    const ultimaEntradaEm = await ultimaEntradaDoCliente(tx, clienteId);
    if (canal.provedor === 'whatsapp_cloud' && !conversaAberta(ultimaEntradaEm, new Date()))
      throw erroDeCampo('CONVERSA_FECHADA', 'conteudo', MENSAGEM_CONVERSA_FECHADA);
    const mensagemId = await inserirMensagemSaida(tx, {
      clienteId,
      telefone: cliente.telefone,
      conteudo,
      origem: 'operador',
      autorId: ator.usuarioId,
      canal: canal.canal,
      provedor: canal.provedor,
    });
    await registrarAuditoria(tx, {
      usuarioId: ator.usuarioId,
      acao: 'mensagem.enviada',
      descricao: `Mensagem enviada ao cliente ${cliente.nome}`,
      entidade: 'cliente',
      entidadeId: clienteId,
      detalhes: { mensagem_id: mensagemId, canal: canal.canal },
      ip: ator.ip,
    });
    return { telefone: cliente.telefone, conteudo, mensagemId, ultimaEntradaEm };
  });
  await despacharMensagem(db, canal, envio, {
    id: envio.mensagemId,
    origem: 'operador',
    clienteId,
    conteudo,
  });
  return new ThreadDoOperador(db, escopo).buscar(envio.mensagemId);
};
