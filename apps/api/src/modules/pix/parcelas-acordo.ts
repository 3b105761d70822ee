import { and, asc, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { clientes, contasReceber, negociacoes } from '../../db/schema/index.ts';
import { ErroDominio } from '../../lib/errors.ts';
import { ClientesDoOperador } from '../clientes/clientes-operador.repository.ts';
import { ESCOPO_SISTEMA } from '../clientes/escopo-operador.ts';
import { buscarSistemaSettings } from '../configuracoes/configuracoes.repository.ts';
import { ErroApiPix } from './api-pix-erros.ts';
import { inserirCobranca } from './cobrancas.repository.ts';
import {
  type CobrancaEmitida,
  type ContaCobrada,
  type DevedorDaCobranca,
  emitirCobranca,
} from './emissao-cobranca.ts';
import { type ProvedorConfigurado, provedorPixAtivo } from './provedor-ativo.ts';

// Every agreement instalment carries its own PIX charge (docs/produto.md §21): asked for right after the
// agreement is confirmed, outside its transaction (a slow PSP must not hold the operator), and by the
// engine's PIX pass for any the PSP could not take then. One per instalment: the régua's messages bring
// their own charges later, so an instalment whose charge expired does not get another here.

/** Agreements older than this are not looked at again: their instalments have the régua's charges. */
const JANELA_DIAS = 30;

type Parcela = { conta: ContaCobrada; clienteId: number; devedor: DevedorDaCobranca };

const SEM_COBRANCA_DE_ACORDO = sql`NOT EXISTS (
  SELECT 1 FROM cobranca_pix_contas cpc JOIN cobrancas_pix cp ON cp.id = cpc.cobranca_id
  WHERE cpc.conta_id = ${contasReceber.id} AND cp.origem = 'acordo')`;

const parcelasSemCobranca = async (
  db: Db,
  filtro: { negociacaoId?: number; agora: Date; limite: number },
): Promise<Parcela[]> => {
  const desde = new Date(filtro.agora.getTime() - JANELA_DIAS * 86_400_000);
  const linhas = await db
    .select({
      conta: contasReceber,
      nome: clientes.nome,
      documento: clientes.documento,
      documentoTipo: clientes.documentoTipo,
    })
    .from(negociacoes)
    .innerJoin(contasReceber, eq(contasReceber.negociacaoId, negociacoes.id))
    .innerJoin(clientes, eq(clientes.id, contasReceber.clienteId))
    .where(
      and(
        filtro.negociacaoId === undefined
          ? gt(negociacoes.createdAt, desde)
          : eq(negociacoes.id, filtro.negociacaoId),
        eq(negociacoes.status, 'ativa'),
        eq(contasReceber.origem, 'acordo'),
        eq(contasReceber.status, 'aberta'),
        SEM_COBRANCA_DE_ACORDO,
      ),
    )
    .orderBy(asc(contasReceber.vencimento), asc(contasReceber.id))
    .limit(filtro.limite);
  return linhas.map(({ conta, ...devedor }) => ({ conta, clienteId: conta.clienteId, devedor }));
};

/** Stores the charge unless the instalment was paid, or charged by a concurrent pass, meanwhile. */
const guardar = (db: Db, parcela: Parcela, emitida: CobrancaEmitida) =>
  db.transaction(async (tx) => {
    const id = parcela.conta.id;
    // The customer, then the receivable: the order of a payment, which would otherwise deadlock with
    // this insert's foreign-key lock on the customer. Then a fresh look (a new statement sees what a
    // concurrent pass committed).
    await new ClientesDoOperador(tx, ESCOPO_SISTEMA).buscarVisivelOrThrow(parcela.clienteId, {
      forUpdate: true,
    });
    const [aberta] = await tx
      .select({ id: contasReceber.id })
      .from(contasReceber)
      .where(and(eq(contasReceber.id, id), eq(contasReceber.status, 'aberta')))
      .for('update');
    const [semCobranca] = aberta
      ? await tx
          .select({ id: contasReceber.id })
          .from(contasReceber)
          .where(and(eq(contasReceber.id, id), SEM_COBRANCA_DE_ACORDO))
      : [];
    // What the PSP made for nothing expires there unpaid.
    if (!semCobranca) return false;
    await inserirCobranca(tx, { ...emitida, clienteId: parcela.clienteId, origem: 'acordo' }, [id]);
    return true;
  });

export type ResultadoParcelas = { criadas: number; falhas: number };

/**
 * Creates the missing charges of agreement instalments (one agreement, or every recent one). A PSP
 * error leaves that instalment for the next pass; a provider not configured leaves them all.
 */
export const cobrarParcelasDeAcordo = async (
  db: Db,
  appKey: Buffer,
  opcoes: {
    negociacaoId?: number;
    agora?: Date;
    limite?: number;
    pixDe?: () => Promise<ProvedorConfigurado>;
  } = {},
): Promise<ResultadoParcelas> => {
  const { agora = new Date(), limite = 100, pixDe = () => provedorPixAtivo(db, appKey) } = opcoes;
  const resultado: ResultadoParcelas = { criadas: 0, falhas: 0 };
  const parcelas = await parcelasSemCobranca(db, { ...opcoes, agora, limite });
  if (parcelas.length === 0) return resultado;
  let pix: ProvedorConfigurado;
  try {
    pix = await pixDe();
  } catch (error) {
    if (!(error instanceof ErroDominio)) throw error;
    return { criadas: 0, falhas: parcelas.length };
  }
  const settings = await buscarSistemaSettings(db);
  for (const parcela of parcelas) {
    try {
      const emitida = await emitirCobranca(pix, settings, parcela.devedor, [parcela.conta], agora);
      if (await guardar(db, parcela, emitida)) resultado.criadas += 1;
    } catch (error) {
      if (!(error instanceof ErroApiPix)) throw error;
      resultado.falhas += 1;
    }
  }
  return resultado;
};
