import type { ClienteDetalhe, PromessaView } from '@cobranca/contracts';
import { diasEntre, formatarDataBr, formatarReais, hojeNoFuso, reaisParaCentavos } from '@cobranca/dominio';
import type { Db } from '../../db/client.ts';
import type { Ator } from '../../lib/ator.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { ErroDominio, erroDeCampo } from '../../lib/errors.ts';
import { ClienteDetalheRepository, toPromessaView } from '../atendimento/cliente-detalhe.repository.ts';
import { registrarAuditoria } from '../auditoria/auditoria.repository.ts';
import { ClientesDoOperador } from '../clientes/clientes-operador.repository.ts';
import type { EscopoOperador } from '../clientes/escopo-operador.ts';
import { buscarAtualizacao, encargosDaConta } from '../clientes/valor-atualizado.ts';
import { buscarSistemaSettings } from '../configuracoes/configuracoes.repository.ts';
import { NegociacoesRepository } from './negociacoes.repository.ts';

// Promise to pay (docs/produto.md §10): automation is snoozed until the promised date.

export const PRAZO_MAXIMO_PROMESSA_DIAS = 60;

const erroCampo = (campo: string, mensagem: string) => erroDeCampo('DADOS_INVALIDOS', campo, mensagem);

/** Date rule of a promise: today up to 60 days ahead (São Paulo dates). */
export const erroDataPromessa = (data: string, hoje: string): string | null => {
  const dias = diasEntre(hoje, data);
  if (dias < 0) return 'A data prometida não pode ser anterior a hoje.';
  if (dias > PRAZO_MAXIMO_PROMESSA_DIAS)
    return `A data prometida pode ser no máximo ${PRAZO_MAXIMO_PROMESSA_DIAS} dias à frente.`;
  return null;
};

/** One pending promise per customer and date, enforced by this unique index (decision 012). */
const PROMESSA_PENDENTE_UQ = 'promessas_pendente_cliente_data_uq';
export const promessaRepetida = (data: string) =>
  `Este cliente já tem uma promessa pendente para ${formatarDataBr(data)}.`;

export type PromessaRegistrada = { promessa: PromessaView; cliente: ClienteDetalhe };

export const registrarPromessa = async (
  db: Db,
  escopo: EscopoOperador,
  clienteId: number,
  input: { data: string; valor: number },
  ator: Ator,
): Promise<PromessaRegistrada> => {
  const { fuso_horario } = await buscarSistemaSettings(db);
  const erroData = erroDataPromessa(input.data, hojeNoFuso(new Date(), fuso_horario));
  if (erroData) throw erroCampo('data', erroData);
  const valor = reaisParaCentavos(input.valor);
  return db.transaction(async (tx) => {
    const clientes = new ClientesDoOperador(tx, escopo);
    const repositorio = new NegociacoesRepository(tx, escopo);
    const cliente = await clientes.buscarParaAgirOrThrow(clienteId);
    const atualizacao = await buscarAtualizacao(tx);
    const saldo = (await repositorio.contasAbertas(clienteId)).reduce(
      (soma, conta) => soma + encargosDaConta(conta, atualizacao).totalCentavos,
      0,
    );
    if (saldo === 0) throw erroCampo('valor', 'O cliente não tem saldo em aberto.');
    if (valor > saldo)
      throw erroCampo('valor', `O valor prometido é maior que o saldo em aberto (${formatarReais(saldo)}).`);
    const row = await repositorio
      .inserirPromessa({ clienteId, data: input.data, valorCentavos: valor })
      .catch((error: unknown) => {
        throw isUniqueViolation(error, PROMESSA_PENDENTE_UQ)
          ? new ErroDominio('PROMESSA_REPETIDA', promessaRepetida(input.data))
          : error;
      });
    await clientes.atualizar(clienteId, { sonecaAte: input.data });
    await registrarAuditoria(tx, {
      usuarioId: ator.usuarioId,
      acao: 'promessa.registrada',
      descricao: `Promessa de ${formatarReais(valor)} para ${input.data} registrada para ${cliente.nome}`,
      entidade: 'promessa',
      entidadeId: row.id,
      detalhes: { cliente_id: clienteId, data: input.data, valor_centavos: valor },
      ip: ator.ip,
    });
    const detalhe = await new ClienteDetalheRepository(tx, escopo).buscarOrThrow(clienteId);
    return { promessa: toPromessaView(row), cliente: detalhe };
  });
};
