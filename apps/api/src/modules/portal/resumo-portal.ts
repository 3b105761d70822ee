import type { PortalResumo } from '@cobranca/contracts';
import { centavosParaReais } from '@cobranca/dominio';
import { eq, getTableColumns, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { campo, lerLinha, linhaJson } from '../../db/linhas-json.ts';
import { preparadasPorBanco } from '../../db/preparadas.ts';
import { clientes, contasReceber, negociacoes } from '../../db/schema/index.ts';
import { ErroDominio } from '../../lib/errors.ts';
import { type CanaisArmazenados, canaisArmazenadosSql, canaisDaLinha } from '../canais/rota.repository.ts';
import { CLIENTE_NAO_ENCONTRADO } from '../clientes/clientes-operador.repository.ts';
import { atualizacaoDe } from '../clientes/valor-atualizado.ts';
import { buscarSistemaSettings } from '../configuracoes/configuracoes.repository.ts';
import { primeiroNome } from '../respostas-rapidas/valores-resposta.ts';
import { atualizar, credorDe, paraPortalConta, paraPortalParcela } from './dados-portal.ts';

// The page after the check in one statement (issue 35): the customer, its open receivables, the agreement
// running with its instalments, and its channels, each as JSON beside the customer's row. It reads what
// dados-portal.ts reads one query at a time for the other portal routes.

const colContas = getTableColumns(contasReceber);

/** The receivables of `onde` (correlated to the statement's customer) as JSON rows, oldest due first. */
const contasJson = (onde: SQL) =>
  sql`(SELECT coalesce(json_agg(${linhaJson(colContas)} ORDER BY ${contasReceber.vencimento}, ${contasReceber.id}), '[]') FROM ${contasReceber} WHERE ${contasReceber.clienteId} = ${clientes.id} AND ${onde})`;

const abertas = contasJson(sql`${contasReceber.status} = 'aberta'`);

// The newest agreement in progress: [id, its instalments].
const acordo = sql`(SELECT json_build_array(${negociacoes.id}, ${contasJson(sql`${contasReceber.negociacaoId} = ${negociacoes.id} AND ${contasReceber.origem} = 'acordo'`)}) FROM ${negociacoes} WHERE ${negociacoes.clienteId} = ${clientes.id} AND ${negociacoes.status} = 'ativa' ORDER BY ${negociacoes.id} DESC LIMIT 1)`;

const consultaResumo = (db: Db) =>
  db
    .select({
      nome: clientes.nome,
      status: clientes.status,
      optOutEm: clientes.optOutEm,
      canalPreferido: clientes.canalPreferido,
      telefone: clientes.telefone,
      email: clientes.email,
      abertas: campo<unknown[][]>(abertas),
      acordo: campo<[number, unknown[][]] | null>(acordo),
      canais: campo<CanaisArmazenados>(canaisArmazenadosSql(sql`${clientes.id}`, sql`${clientes.email}`)),
    })
    .from(clientes)
    .where(eq(clientes.id, sql.placeholder('clienteId')));

const preparadas = preparadasPorBanco<ReturnType<ReturnType<typeof consultaResumo>['prepare']>>();

/** The page after the check: the debts at today's amounts, the agreement running, and the customer's state. */
export const resumoDoPortal = async (db: Db, clienteId: number, agora: Date): Promise<PortalResumo> => {
  const settings = await buscarSistemaSettings(db);
  const consulta = preparadas(db, 'portal_resumo', () => consultaResumo(db).prepare('portal_resumo'));
  const [linha] = await consulta.execute({ clienteId });
  if (!linha) throw new ErroDominio('CLIENTE_NAO_ENCONTRADO', CLIENTE_NAO_ENCONTRADO);
  const atualizacao = atualizacaoDe(settings, agora);
  const contas = linha.abertas.map((valores) => atualizar(lerLinha(colContas, valores), atualizacao));
  return {
    credor: credorDe(settings),
    primeiro_nome: primeiroNome(linha.nome),
    contas: contas.map(paraPortalConta),
    total: centavosParaReais(contas.reduce((s, c) => s + c.totalCentavos, 0)),
    acordo: linha.acordo
      ? {
          id: linha.acordo[0],
          parcelas: linha.acordo[1].map((valores, i) =>
            paraPortalParcela(lerLinha(colContas, valores), i + 1),
          ),
        }
      : null,
    aguardando_atendimento: linha.status === 'aguardando_atendimento',
    opt_out_em: linha.optOutEm?.toISOString() ?? null,
    canal_preferido: linha.canalPreferido,
    canais_disponiveis: canaisDaLinha(linha, linha.canais)
      .filter((c) => c.disponivel)
      .map((c) => c.canal),
  };
};
