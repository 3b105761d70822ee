import type { PortalResumo } from '@cobranca/contracts';
import { centavosParaReais } from '@cobranca/dominio';
import type { Db } from '../../db/client.ts';
import { canaisDoCliente } from '../canais/rota.repository.ts';
import { atualizacaoDe } from '../clientes/valor-atualizado.ts';
import { buscarSistemaSettings } from '../configuracoes/configuracoes.repository.ts';
import { primeiroNome } from '../respostas-rapidas/valores-resposta.ts';
import {
  acordoEmAndamento,
  clienteDaSessao,
  contasAbertasAtualizadas,
  credorDe,
  paraPortalConta,
  paraPortalParcela,
} from './dados-portal.ts';

/** The page after the check: the debts at today's amounts, the agreement running, and the customer's state. */
export const resumoDoPortal = async (db: Db, clienteId: number, agora: Date): Promise<PortalResumo> => {
  const settings = await buscarSistemaSettings(db);
  const [cliente, contas, acordo, canais] = await Promise.all([
    clienteDaSessao(db, clienteId),
    contasAbertasAtualizadas(db, clienteId, atualizacaoDe(settings, agora)),
    acordoEmAndamento(db, clienteId),
    canaisDoCliente(db, clienteId),
  ]);
  return {
    credor: credorDe(settings),
    primeiro_nome: primeiroNome(cliente.nome),
    contas: contas.map(paraPortalConta),
    total: centavosParaReais(contas.reduce((s, c) => s + c.totalCentavos, 0)),
    acordo: acordo
      ? { id: acordo.id, parcelas: acordo.parcelas.map((p, i) => paraPortalParcela(p, i + 1)) }
      : null,
    aguardando_atendimento: cliente.status === 'aguardando_atendimento',
    opt_out_em: cliente.optOutEm?.toISOString() ?? null,
    canal_preferido: cliente.canalPreferido,
    canais_disponiveis: canais.filter((c) => c.disponivel).map((c) => c.canal),
  };
};
