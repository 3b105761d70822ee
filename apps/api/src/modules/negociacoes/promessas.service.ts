import type { ClienteDetalhe, PromessaView } from '@cobranca/contracts';
import { diasEntre, formatarDataBr, formatarReais, hojeNoFuso, reaisParaCentavos } from '@cobranca/dominio';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { clientes, promessas } from '../../db/schema/index.ts';
import type { Ator } from '../../lib/ator.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { conflict, unprocessable } from '../../lib/errors.ts';
import {
  findClienteDetalheOrThrow,
  saldoEmAbertoCentavos,
  toPromessaView,
} from '../atendimento/cliente-detalhe.repository.ts';
import { registrarAuditoria } from '../auditoria/auditoria.repository.ts';
import { findClienteParaAgirOrThrow } from '../clientes/escopo-operador.ts';
import { getSistemaSettings } from '../configuracoes/configuracoes.repository.ts';

// Promise to pay (docs/produto.md §10): automation is snoozed until the promised date.

export const PRAZO_MAXIMO_PROMESSA_DIAS = 60;

const erroCampo = (campo: string, mensagem: string) => unprocessable(mensagem, { [campo]: [mensagem] });

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
  clienteId: number,
  input: { data: string; valor: number },
  ator: Ator,
): Promise<PromessaRegistrada> => {
  const { fuso_horario } = await getSistemaSettings(db);
  const erroData = erroDataPromessa(input.data, hojeNoFuso(new Date(), fuso_horario));
  if (erroData) throw erroCampo('data', erroData);
  const valor = reaisParaCentavos(input.valor);
  const escopo = { operadorId: ator.usuarioId };
  return db.transaction(async (tx) => {
    const cliente = await findClienteParaAgirOrThrow(tx, escopo, clienteId);
    const saldo = await saldoEmAbertoCentavos(tx, clienteId);
    if (saldo === 0) throw erroCampo('valor', 'O cliente não tem saldo em aberto.');
    if (valor > saldo)
      throw erroCampo('valor', `O valor prometido é maior que o saldo em aberto (${formatarReais(saldo)}).`);
    const [row] = await tx
      .insert(promessas)
      .values({ clienteId, operadorId: ator.usuarioId, data: input.data, valorCentavos: valor })
      .returning()
      .catch((error: unknown) => {
        throw isUniqueViolation(error, PROMESSA_PENDENTE_UQ) ? conflict(promessaRepetida(input.data)) : error;
      });
    if (!row) throw new Error('insert de promessa não devolveu a linha');
    await tx.update(clientes).set({ sonecaAte: input.data }).where(eq(clientes.id, clienteId));
    await registrarAuditoria(tx, {
      usuarioId: ator.usuarioId,
      acao: 'promessa.registrada',
      descricao: `Promessa de ${formatarReais(valor)} para ${input.data} registrada para ${cliente.nome}`,
      entidade: 'promessa',
      entidadeId: row.id,
      detalhes: { cliente_id: clienteId, data: input.data, valor_centavos: valor },
      ip: ator.ip,
    });
    return { promessa: toPromessaView(row), cliente: await findClienteDetalheOrThrow(tx, escopo, clienteId) };
  });
};
