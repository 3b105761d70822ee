import type { FormaPagamento } from '@cobranca/contracts';
import { and, asc, eq, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { linhasDe } from '../../db/linhas.ts';
import { naLista } from '../../db/na-lista.ts';
import { clientes, cobrancasPix, contasReceber, pagamentos, pixRecebidos } from '../../db/schema/index.ts';
import type { ClienteRow } from '../clientes/clientes-operador.repository.ts';
import type { ContaRow } from '../negociacoes/negociacoes.repository.ts';
import { type CobrancaRow, contasDasCobrancas } from '../pix/cobrancas/cobrancas.repository.ts';
import type { Liquidacao } from '../pix/liquidacao/liquidacao-em-lote.ts';
import type { Identificadores } from './identificadores.ts';
import type { Lancamento } from './leitura/lancamento.ts';

// What a bank file's matching reads, read once for the whole file (docs/conciliacao.md §2): the
// receivables its nosso números name, the customers its CPFs and CNPJs name, the charges its txids
// name, the PIX it may repeat. The customers are locked in id order (two files at once never deadlock),
// then their open and named receivables; the matching then runs in memory over this state, which each
// settlement updates, so a later entry of the file sees what an earlier one paid.

export type PixConhecido = {
  id: number;
  clienteId: number | null;
  endToEndId: string;
  txid: string | null;
  pagadorDocumento: string | null;
  valorCentavos: number;
  dia: string;
};

export type EstadoDoArquivo = {
  clientes: Map<number, ClienteRow>;
  /** Locked; replaced by their state after each payment of the file. */
  contas: Map<number, ContaRow>;
  porNossoNumero: Map<string, number[]>;
  contasDoCliente: Map<number, number[]>;
  clientesPorDocumento: Map<string, number[]>;
  /** The charges the file's txids name, fresh after the lock, with the receivables each covers. */
  cobrancas: Map<string, CobrancaRow & { contasIds: number[] }>;
  /** Of the named receivables already paid: their payments, and those this file adds. */
  pagamentosDaConta: Map<number, { valorCentavos: number; forma: FormaPagamento }[]>;
  /** PIX named by end-to-end id or txid, and this customer-and-day candidates no entry claimed yet. */
  pix: PixConhecido[];
  pixUsados: Set<number>;
  liquidacoes: Liquidacao[];
};

const agrupar = <T, K>(xs: readonly T[], chave: (x: T) => K): Map<K, T[]> => {
  const m = new Map<K, T[]>();
  for (const x of xs) {
    const grupo = m.get(chave(x));
    if (grupo) grupo.push(x);
    else m.set(chave(x), [x]);
  }
  return m;
};

const lerPix = async (
  tx: DbOrTx,
  ids: Identificadores[],
  clientesIds: number[],
  documentos: string[],
  dias: string[],
  fuso: string,
): Promise<PixConhecido[]> => {
  const endToEndIds = [...new Set(ids.flatMap((i) => i.endToEndIds))];
  const txids = [...new Set(ids.flatMap((i) => i.txids))];
  if (endToEndIds.length + txids.length + clientesIds.length + documentos.length === 0) return [];
  const dia = sql<string>`to_char((${pixRecebidos.horario} AT TIME ZONE ${fuso})::date, 'YYYY-MM-DD')`;
  return tx
    .select({
      id: pixRecebidos.id,
      clienteId: pixRecebidos.clienteId,
      endToEndId: pixRecebidos.endToEndId,
      txid: pixRecebidos.txid,
      pagadorDocumento: pixRecebidos.pagadorDocumento,
      valorCentavos: pixRecebidos.valorCentavos,
      dia,
    })
    .from(pixRecebidos)
    .where(
      or(
        naLista(pixRecebidos.endToEndId, endToEndIds, 'text'),
        naLista(pixRecebidos.txid, txids, 'text'),
        and(
          or(
            naLista(pixRecebidos.clienteId, clientesIds, 'int'),
            naLista(pixRecebidos.pagadorDocumento, documentos, 'text'),
          ),
          naLista(sql`(${pixRecebidos.horario} AT TIME ZONE ${fuso})::date`, dias, 'date'),
        ),
      ),
    )
    .orderBy(asc(pixRecebidos.id));
};

/** The PIX a statement entry already claimed, in earlier files. */
const pixJaReclamados = async (tx: DbOrTx, ids: number[]): Promise<Set<number>> =>
  ids.length === 0
    ? new Set()
    : new Set(
        linhasDe<{ id: number }>(
          await tx.execute(sql`
            SELECT DISTINCT pix_recebido_id AS id FROM lancamentos_bancarios
            WHERE ${naLista(sql`pix_recebido_id`, ids, 'int')}`),
        ).map((r) => Number(r.id)),
      );

/** The state for the file's new entries, each with what it names (`identificadoresDoLancamento`). */
export const lerEstadoDoArquivo = async (
  tx: DbOrTx,
  entradas: readonly { l: Lancamento; ids: Identificadores }[],
  p: { fuso: string },
): Promise<EstadoDoArquivo> => {
  const lancamentos = entradas.map((e) => e.l);
  const identificadores = entradas.map((e) => e.ids);
  const doRetorno = lancamentos.flatMap((l) =>
    l.tipo !== 'credito' && l.nossoNumero ? [l.nossoNumero] : [],
  );
  const numeros = [...new Set([...doRetorno, ...identificadores.flatMap((i) => i.numeros)])];
  const documentos = [...new Set(identificadores.flatMap((i) => i.documentos))];
  const txids = [...new Set(identificadores.flatMap((i) => i.txids))];
  const nomeadas =
    numeros.length === 0
      ? []
      : await tx
          .select({ clienteId: contasReceber.clienteId })
          .from(contasReceber)
          .where(naLista(contasReceber.nossoNumero, numeros, 'text'));
  const porDocumento =
    documentos.length === 0
      ? []
      : await tx
          .select({ id: clientes.id, documento: clientes.documento })
          .from(clientes)
          .where(naLista(clientes.documento, documentos, 'text'));
  const deCobrancas =
    txids.length === 0
      ? []
      : await tx
          .select({ clienteId: cobrancasPix.clienteId })
          .from(cobrancasPix)
          .where(naLista(cobrancasPix.txid, txids, 'text'));
  const ids = [
    ...new Set([
      ...nomeadas.map((c) => c.clienteId),
      ...porDocumento.map((c) => c.id),
      ...deCobrancas.map((c) => c.clienteId),
    ]),
  ];
  // Every payment locks its customer first, then the receivables: the same order here.
  const travados =
    ids.length === 0
      ? []
      : await tx
          .select()
          .from(clientes)
          .where(naLista(clientes.id, ids, 'int'))
          .orderBy(asc(clientes.id))
          .for('update');
  const cobrancas =
    txids.length === 0
      ? []
      : await tx
          .select()
          .from(cobrancasPix)
          .where(naLista(cobrancasPix.txid, txids, 'text'));
  const contasDasCobrancasNomeadas = await contasDasCobrancas(
    tx,
    cobrancas.map((c) => c.id),
  );
  const contas =
    ids.length === 0
      ? []
      : await tx
          .select()
          .from(contasReceber)
          .where(
            and(
              naLista(contasReceber.clienteId, ids, 'int'),
              or(eq(contasReceber.status, 'aberta'), naLista(contasReceber.nossoNumero, numeros, 'text')),
            ),
          )
          .orderBy(asc(contasReceber.id))
          .for('update');
  const pagas = contas.filter((c) => c.status === 'paga' && c.nossoNumero !== null).map((c) => c.id);
  const pagamentosDasPagas =
    pagas.length === 0
      ? []
      : await tx
          .select({
            contaId: pagamentos.contaId,
            valorCentavos: pagamentos.valorCentavos,
            forma: pagamentos.forma,
          })
          .from(pagamentos)
          .where(naLista(pagamentos.contaId, pagas, 'int'));
  const dias = [...new Set(lancamentos.filter((l) => l.tipo === 'credito').map((l) => l.data))];
  const pix = await lerPix(
    tx,
    identificadores,
    porDocumento.map((c) => c.id),
    documentos,
    dias,
    p.fuso,
  );
  return {
    clientes: new Map(travados.map((c) => [c.id, c])),
    contas: new Map(contas.map((c) => [c.id, c])),
    porNossoNumero: new Map(
      [
        ...agrupar(
          contas.filter((c) => c.nossoNumero !== null),
          (c) => c.nossoNumero ?? '',
        ),
      ].map(([n, cs]) => [n, cs.map((c) => c.id)]),
    ),
    contasDoCliente: new Map(
      [...agrupar(contas, (c) => c.clienteId)].map(([id, cs]) => [id, cs.map((c) => c.id)]),
    ),
    clientesPorDocumento: new Map(
      [...agrupar(porDocumento, (c) => c.documento)].map(([d, cs]) => [d, cs.map((c) => c.id)]),
    ),
    cobrancas: new Map(
      cobrancas.map((c) => [c.txid, { ...c, contasIds: contasDasCobrancasNomeadas.get(c.id) ?? [] }]),
    ),
    pagamentosDaConta: agrupar(pagamentosDasPagas, (x) => x.contaId),
    pix,
    pixUsados: await pixJaReclamados(
      tx,
      pix.map((x) => x.id),
    ),
    liquidacoes: [],
  };
};
