import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/client.ts';
import {
  clientes,
  cobrancaPixContas,
  cobrancasPix,
  contasReceber,
  negociacoes,
} from '../../../db/schema/index.ts';
import { ErroDominio } from '../../../lib/errors.ts';
import { ClientesDoOperador } from '../../clientes/clientes-operador.repository.ts';
import { ESCOPO_SISTEMA } from '../../clientes/escopo-operador.ts';
import { buscarSistemaSettings } from '../../configuracoes/configuracoes.repository.ts';
import { type ProvedorConfigurado, provedorPixAtivo } from '../configuracao/provedor-ativo.ts';
import { criarCobrancas, type PedidoDeCobranca } from './criar-cobranca.ts';
import type { ContaCobrada, DevedorDaCobranca } from './emissao-cobranca.ts';
import { emDebitoAutomatico } from './parcelas-em-debito.ts';

// Every agreement instalment carries its own PIX charge (docs/produto.md §21): asked for by the jobs the
// agreement's transaction enqueues (the terms' job for the first, jobs/cobrar-parcelas.job.ts for every
// other, retried with backoff while the PSP fails). One per instalment: the régua's messages bring their
// own charges later, so an instalment whose charge expired does not get another here.

type Parcela = { conta: ContaCobrada; clienteId: number; devedor: DevedorDaCobranca; debito: boolean };

const SEM_COBRANCA_DE_ACORDO = sql`NOT EXISTS (
  SELECT 1 FROM cobranca_pix_contas cpc JOIN cobrancas_pix cp ON cp.id = cpc.cobranca_id
  WHERE cpc.conta_id = ${contasReceber.id} AND cp.origem = 'acordo')`;

// Instalments 2…N of an agreement whose automatic debit is in force are debited by it; they get ordinary
// charges only if it ends.
const RECORRENCIA_VIGENTE = sql`EXISTS (
  SELECT 1 FROM recorrencias_pix r
  WHERE r.negociacao_id = ${negociacoes.id} AND r.status IN ('pendente', 'criada', 'aprovada'))`;
const FORA_DO_DEBITO = sql`NOT ${emDebitoAutomatico('contas_receber')}`;

const parcelasSemCobranca = async (
  db: Db,
  filtro: { negociacaoId: number; limite: number },
): Promise<Parcela[]> => {
  const linhas = await db
    .select({
      conta: contasReceber,
      nome: clientes.nome,
      documento: clientes.documento,
      documentoTipo: clientes.documentoTipo,
      debito: sql<boolean>`${RECORRENCIA_VIGENTE}`,
    })
    .from(negociacoes)
    .innerJoin(contasReceber, eq(contasReceber.negociacaoId, negociacoes.id))
    .innerJoin(clientes, eq(clientes.id, contasReceber.clienteId))
    .where(
      and(
        eq(negociacoes.id, filtro.negociacaoId),
        eq(negociacoes.status, 'ativa'),
        eq(contasReceber.origem, 'acordo'),
        eq(contasReceber.status, 'aberta'),
        SEM_COBRANCA_DE_ACORDO,
        FORA_DO_DEBITO,
      ),
    )
    .orderBy(asc(contasReceber.vencimento), asc(contasReceber.id))
    .limit(filtro.limite);
  return linhas.map(({ conta, debito, ...devedor }) => ({
    conta,
    clienteId: conta.clienteId,
    devedor,
    debito: debito === true,
  }));
};

/** Stores the charge unless the instalment was paid, or charged by a concurrent pass, meanwhile. */
const aindaSemCobranca = async (tx: Tx, pedido: PedidoDeCobranca): Promise<boolean> => {
  const id = pedido.contas[0]?.id ?? 0;
  // The customer, then the receivable: the order of a payment, which would otherwise deadlock with
  // this insert's foreign-key lock on the customer. Then a fresh look (a new statement sees what a
  // concurrent pass committed).
  await new ClientesDoOperador(tx, ESCOPO_SISTEMA).buscarVisivelOrThrow(pedido.clienteId, {
    forUpdate: true,
  });
  const [aberta] = await tx
    .select({ id: contasReceber.id })
    .from(contasReceber)
    .where(and(eq(contasReceber.id, id), eq(contasReceber.status, 'aberta')))
    .for('update');
  if (!aberta) return false;
  const [semCobranca] = await tx
    .select({ id: contasReceber.id })
    .from(contasReceber)
    .where(and(eq(contasReceber.id, id), SEM_COBRANCA_DE_ACORDO));
  return semCobranca !== undefined;
};

export type ResultadoParcelas = { criadas: number; falhas: number };

/**
 * Creates the missing charges of one agreement's instalments. A PSP error leaves that instalment for
 * the job's next try; a provider not configured leaves them all.
 */
export const cobrarParcelasDeAcordo = async (
  db: Db,
  appKey: Buffer,
  opcoes: {
    negociacaoId: number;
    agora?: Date;
    limite?: number;
    pixDe?: () => Promise<ProvedorConfigurado>;
  },
): Promise<ResultadoParcelas> => {
  const { agora = new Date(), limite = 100, pixDe = () => provedorPixAtivo(db, appKey) } = opcoes;
  const parcelas = await parcelasSemCobranca(db, { negociacaoId: opcoes.negociacaoId, limite });
  if (parcelas.length === 0) return { criadas: 0, falhas: 0 };
  let pix: ProvedorConfigurado;
  try {
    pix = await pixDe();
  } catch (error) {
    if (!(error instanceof ErroDominio)) throw error;
    return { criadas: 0, falhas: parcelas.length };
  }
  const { criadas, falhas } = await criarCobrancas(
    db,
    pix,
    await buscarSistemaSettings(db),
    parcelas.map((p) => ({
      clienteId: p.clienteId,
      devedor: p.devedor,
      contas: [p.conta],
      origem: 'acordo' as const,
      para: `acordo:${p.conta.id}`,
      // Journey 3 pays the first instalment with an immediate charge.
      imediata: p.debito,
    })),
    agora,
    { manter: aindaSemCobranca },
  );
  return { criadas: criadas.length, falhas: falhas.length };
};

/** The instalment's active agreement charge (its txid and copia e cola), if it has one. */
export const cobrancaDaParcela = async (
  db: Db,
  contaId: number,
): Promise<{ txid: string; codigo: string } | null> => {
  const [cobranca] = await db
    .select({ txid: cobrancasPix.txid, codigo: cobrancasPix.pixCopiaECola })
    .from(cobrancasPix)
    .innerJoin(cobrancaPixContas, eq(cobrancaPixContas.cobrancaId, cobrancasPix.id))
    .where(
      and(
        eq(cobrancaPixContas.contaId, contaId),
        eq(cobrancasPix.origem, 'acordo'),
        eq(cobrancasPix.status, 'ativa'),
      ),
    )
    .limit(1);
  return cobranca?.codigo ? { txid: cobranca.txid, codigo: cobranca.codigo } : null;
};
