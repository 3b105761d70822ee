import type { MensagemView } from '@cobranca/contracts';
import type { Db, DbOrTx } from '../../db/client.ts';
import type { clientes } from '../../db/schema/index.ts';
import type { Ator } from '../../lib/ator.ts';
import { formatarDataBr, hojeSaoPaulo } from '../../lib/datas.ts';
import { unprocessable } from '../../lib/errors.ts';
import { registrarAuditoria } from '../auditoria/auditoria.repository.ts';
import type { CanalDriver, EnvioCanal, ResultadoEnvio } from '../canais/canal.ts';
import { canalAtivo } from '../canais/canal-ativo.ts';
import { type EscopoOperador, findClienteVisivelOrThrow } from '../clientes/escopo-operador.ts';
import {
  findMensagemView,
  inserirMensagemSaida,
  listarThread,
  registrarResultadoEnvio,
} from './mensagens.repository.ts';

// Operator messages (SPEC §7): stored first, sent through the active channel after the commit, so a
// slow or failing channel never holds a transaction open and the message is never lost.

type ClienteRow = typeof clientes.$inferSelect;

/** Why the customer cannot receive a message (null: they can). Concluded customers still can. */
export const motivoSemMensagem = (
  cliente: Pick<ClienteRow, 'telefone' | 'optOutEm'>,
): { campo: string; mensagem: string } | null => {
  if (!cliente.telefone) return { campo: 'telefone', mensagem: 'O cliente não tem telefone cadastrado.' };
  if (cliente.optOutEm)
    return {
      campo: 'opt_out',
      mensagem: `O cliente pediu para não receber mensagens (opt-out em ${formatarDataBr(hojeSaoPaulo(cliente.optOutEm))}).`,
    };
  return null;
};

export const listarMensagens = async (db: Db, escopo: EscopoOperador, clienteId: number) => {
  await findClienteVisivelOrThrow(db, escopo, clienteId);
  return listarThread(db, clienteId);
};

/** Hands a stored `pendente` message to the channel and records the answer; a thrown error is a failure. */
export const despacharMensagem = async (db: DbOrTx, canal: CanalDriver, envio: EnvioCanal): Promise<void> => {
  let resultado: ResultadoEnvio;
  try {
    resultado = await canal.enviar(envio);
  } catch (error) {
    resultado = {
      ok: false,
      erroCodigo: 'erro_canal',
      erroMensagem: error instanceof Error ? error.message : 'Falha no canal de mensagens.',
    };
  }
  await registrarResultadoEnvio(db, envio.mensagemId, resultado);
};

export const enviarMensagemOperador = async (
  db: Db,
  clienteId: number,
  conteudo: string,
  ator: Ator,
): Promise<MensagemView> => {
  const canal = await canalAtivo(db);
  const envio = await db.transaction(async (tx) => {
    const cliente = await findClienteVisivelOrThrow(tx, { operadorId: ator.usuarioId }, clienteId, {
      forUpdate: true,
    });
    const motivo = motivoSemMensagem(cliente);
    if (motivo || !cliente.telefone) {
      const mensagem = motivo?.mensagem ?? 'O cliente não tem telefone cadastrado.';
      throw unprocessable(mensagem, { [motivo?.campo ?? 'telefone']: [mensagem] });
    }
    const mensagemId = await inserirMensagemSaida(tx, {
      clienteId,
      telefone: cliente.telefone,
      conteudo,
      origem: 'operador',
      autorId: ator.usuarioId,
      canal: canal.canal,
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
    return { telefone: cliente.telefone, conteudo, mensagemId };
  });
  await despacharMensagem(db, canal, envio);
  return findMensagemView(db, envio.mensagemId);
};
