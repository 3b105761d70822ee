import { randomUUID } from 'node:crypto';
import type { ClienteStatus, SimularRespostaResponse } from '@cobranca/contracts';
import type { Db, DbOrTx } from '../../db/client.ts';
import type { Ator } from '../../lib/ator.ts';
import { ErroDominio, erroDeCampo } from '../../lib/errors.ts';
import { registrarAuditoria } from '../auditoria/auditoria.repository.ts';
import { ehPedidoDeOptOut } from '../canais/opt-out.ts';
import { buscarWhatsappArmazenado } from '../canais/whatsapp-settings.repository.ts';
import { type ClienteRow, ClientesDoOperador } from '../clientes/clientes-operador.repository.ts';
import type { EscopoOperador } from '../clientes/escopo-operador.ts';
import {
  atualizarClienteComResposta,
  buscarClientePorTelefone,
  type EntradaCanal,
  inserirEntrada,
} from './entrada.repository.ts';
import { ThreadDoOperador } from './thread.repository.ts';

// Inbound messages from any channel (webhook, simulator, CLI), docs/produto.md §3 and §12: the message joins the
// customer's thread and the reply resets the attempt count, puts an `ativo` customer in the service
// queue and, for SAIR/PARAR/STOP, records the opt-out. One transaction, so a retry never half-applies.

/** `mensagemId` is null only for a duplicate; `clienteId` null: no customer has the number. */
export type EntradaRegistrada = {
  mensagemId: number | null;
  clienteId: number | null;
  duplicada: boolean;
  clienteStatus: ClienteStatus | null;
  /** Whether the customer is opted out once this message is applied. */
  optOut: boolean;
};

/** The reply's effect on the (locked) customer, with the system's audit entries. */
const aplicarAoCliente = async (
  tx: DbOrTx,
  cliente: ClienteRow,
  entrada: EntradaCanal,
  mensagemId: number,
): Promise<{ clienteStatus: ClienteStatus; optOut: boolean }> => {
  // Only `ativo` moves to the queue (docs/produto.md §3); a customer already waiting keeps their place in it.
  const aguardar = cliente.status === 'ativo';
  const status: ClienteStatus = aguardar ? 'aguardando_atendimento' : cliente.status;
  // The first request is the proof kept (LGPD); later ones add nothing. By SMS the keyword concerns SMS
  // only (docs/produto.md §12): the SMS webhook records that opt-out.
  const optOut = cliente.optOutEm === null && entrada.canal !== 'sms' && ehPedidoDeOptOut(entrada.conteudo);
  // A late redelivery must not replace the newer message shown in the lists.
  const maisRecente = cliente.ultimaMensagemEm === null || entrada.recebidaEm >= cliente.ultimaMensagemEm;
  await atualizarClienteComResposta(tx, cliente.id, {
    numeroChamadas: 0,
    ...(maisRecente && { ultimaMensagemEm: entrada.recebidaEm, ultimaMensagemTexto: entrada.conteudo }),
    ...(aguardar && { status, aguardandoDesde: entrada.recebidaEm }),
    ...(optOut && {
      optOutEm: entrada.recebidaEm,
      optOutMensagem: entrada.conteudo,
      optOutCanal: entrada.canal,
    }),
  });
  const auditoria = { usuarioId: null, entidade: 'cliente', entidadeId: cliente.id };
  if (aguardar)
    await registrarAuditoria(tx, {
      ...auditoria,
      acao: 'cliente.resposta_recebida',
      descricao: `Cliente respondeu e aguarda atendimento: ${cliente.nome}`,
      detalhes: {
        mensagem_id: mensagemId,
        canal: entrada.canal,
        status_anterior: cliente.status,
        status_novo: status,
      },
    });
  if (optOut)
    await registrarAuditoria(tx, {
      ...auditoria,
      acao: 'cliente.opt_out',
      descricao: `Cliente pediu para não receber mensagens: ${cliente.nome}`,
      detalhes: { mensagem_id: mensagemId, canal: entrada.canal, mensagem: entrada.conteudo },
    });
  return { clienteStatus: status, optOut: optOut || cliente.optOutEm !== null };
};

/** Stores an inbound message and applies it to the customer who owns the number (if any). */
export const receberMensagem = (
  db: Db,
  entrada: EntradaCanal & { telefone: string },
): Promise<EntradaRegistrada> =>
  db.transaction(async (tx) => {
    const cliente = await buscarClientePorTelefone(tx, entrada.telefone);
    const mensagemId = await inserirEntrada(tx, entrada, cliente?.id ?? null);
    const registrada: EntradaRegistrada = {
      mensagemId,
      clienteId: cliente?.id ?? null,
      duplicada: mensagemId === null,
      clienteStatus: cliente?.status ?? null,
      optOut: Boolean(cliente?.optOutEm),
    };
    if (mensagemId === null || !cliente) return registrada;
    return { ...registrada, ...(await aplicarAoCliente(tx, cliente, entrada, mensagemId)) };
  });

/**
 * A message from a customer already known (the portal's "Falar com um atendente"), locked by the caller:
 * the same effects as a reply through the channel.
 */
export const receberDoCliente = async (
  tx: DbOrTx,
  cliente: ClienteRow,
  entrada: EntradaCanal,
): Promise<EntradaRegistrada> => {
  const mensagemId = await inserirEntrada(tx, entrada, cliente.id);
  if (mensagemId === null) throw new Error(`mensagem ${entrada.canalMensagemId} repetida`);
  return {
    mensagemId,
    clienteId: cliente.id,
    duplicada: false,
    ...(await aplicarAoCliente(tx, cliente, entrada, mensagemId)),
  };
};

/** A channel id for a reply typed in the simulator (workspace or CLI): unique, so never a duplicate. */
export const idMensagemSimulada = () => `sim-in-${randomUUID()}`;

export const SIMULACAO_SO_NO_SIMULADOR =
  'A simulação de respostas só está disponível quando o canal ativo é o Simulador.';
const SEM_TELEFONE = 'O cliente não tem telefone cadastrado.';

/**
 * A reply typed by the operator as if the customer sent it (docs/produto.md §12). It goes to this customer even
 * when others share the number: the operator asked for it here, and must not reach anyone else's thread.
 */
export const simularResposta = (
  db: Db,
  escopo: EscopoOperador,
  clienteId: number,
  texto: string,
  ator: Ator,
): Promise<SimularRespostaResponse> =>
  db.transaction(async (tx) => {
    const cliente = await new ClientesDoOperador(tx, escopo).buscarVisivelOrThrow(clienteId, {
      forUpdate: true,
    });
    if ((await buscarWhatsappArmazenado(tx)).provedor !== 'simulador')
      throw new ErroDominio('SIMULADOR_INATIVO', SIMULACAO_SO_NO_SIMULADOR);
    if (!cliente.telefone) throw erroDeCampo('CLIENTE_SEM_TELEFONE', 'telefone', SEM_TELEFONE);
    const entrada: EntradaCanal = {
      canal: 'whatsapp',
      provedor: 'simulador',
      telefone: cliente.telefone,
      conteudo: texto,
      canalMensagemId: idMensagemSimulada(),
      recebidaEm: new Date(),
    };
    const mensagemId = await inserirEntrada(tx, entrada, cliente.id);
    if (mensagemId === null) throw new Error('id de mensagem simulada repetido');
    const efeito = await aplicarAoCliente(tx, cliente, entrada, mensagemId);
    await registrarAuditoria(tx, {
      usuarioId: ator.usuarioId,
      acao: 'mensagem.resposta_simulada',
      descricao: `Resposta do cliente simulada: ${cliente.nome}`,
      entidade: 'cliente',
      entidadeId: cliente.id,
      detalhes: { mensagem_id: mensagemId },
      ip: ator.ip,
    });
    return {
      mensagem: await new ThreadDoOperador(tx, escopo).buscar(mensagemId),
      cliente_status: efeito.clienteStatus,
      opt_out: efeito.optOut,
    };
  });
