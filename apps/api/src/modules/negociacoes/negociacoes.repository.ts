import type { PagamentoAplicado, PartesPagamento, PlanoAcordo } from '@cobranca/dominio';
import { and, asc, count, eq, gte, inArray, ne, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { naLista } from '../../db/na-lista.ts';
import {
  contasReceber,
  negociacaoContas,
  negociacoes,
  pagamentos,
  promessas,
} from '../../db/schema/index.ts';
import { deClienteDoOperador, type Escopo } from '../clientes/escopo-operador.ts';
import { encerrarDebitoAposCommit } from '../debito-automatico/adesao/jobs/encerrar.job.ts';

// SQL of agreements, payments and promises, bound to the calling operator: every read and update of a
// receivable, agreement or promise is filtered through its customer's owner (docs/produto.md §4).

export type ContaRow = typeof contasReceber.$inferSelect;
export type PromessaRow = typeof promessas.$inferSelect;

export type NovaNegociacao = {
  clienteId: number;
  plano: PlanoAcordo;
  encargosCentavos: number;
  encargosDispensadosCentavos: number;
  primeiroVencimento: string;
  intervaloDias: number;
  /** Due on the same day of each month (automatic debit). */
  mensal: boolean;
  observacao: string | null;
};

export type NovoPagamento = {
  clienteId: number;
  contaId: number;
  valorCentavos: number;
  partes: PartesPagamento;
  data: string;
  forma: typeof pagamentos.$inferInsert.forma;
  observacao: string | null;
  /** The confirmed PIX that paid it (docs/produto.md §21). */
  pixRecebidoId?: number | null;
  /** The bank file's entry that paid it (docs/conciliacao.md). */
  lancamentoBancarioId?: number | null;
};

export class NegociacoesRepository {
  constructor(
    private readonly db: DbOrTx,
    private readonly escopo: Escopo,
  ) {}

  private deste = (clienteId: number) =>
    and(eq(contasReceber.clienteId, clienteId), deClienteDoOperador(contasReceber.clienteId, this.escopo));

  /** The customer's receivables among `ids`, locked FOR UPDATE until the transaction ends. */
  travarContas(clienteId: number, ids: number[]): Promise<ContaRow[]> {
    return this.db
      .select()
      .from(contasReceber)
      .where(and(this.deste(clienteId), inArray(contasReceber.id, ids)))
      .orderBy(asc(contasReceber.id))
      .for('update');
  }

  /** The customer's open receivables, locked FOR UPDATE until the transaction ends (lock the customer first). */
  travarContasAbertas(clienteId: number): Promise<ContaRow[]> {
    return this.db
      .select()
      .from(contasReceber)
      .where(and(this.deste(clienteId), eq(contasReceber.status, 'aberta')))
      .orderBy(asc(contasReceber.id))
      .for('update');
  }

  async contarContasAbertas(clienteId: number): Promise<number> {
    const [row] = await this.db
      .select({ n: count() })
      .from(contasReceber)
      .where(and(this.deste(clienteId), eq(contasReceber.status, 'aberta')));
    return row?.n ?? 0;
  }

  /** The customer's open receivables (for their updated balance). */
  async contasAbertas(clienteId: number): Promise<ContaRow[]> {
    return (await this.contasAbertasDe([clienteId])).get(clienteId) ?? [];
  }

  /** The open receivables of each of these customers (none: absent). */
  async contasAbertasDe(clientesIds: number[]): Promise<Map<number, ContaRow[]>> {
    const porCliente = new Map<number, ContaRow[]>();
    if (clientesIds.length === 0) return porCliente;
    const abertas = await this.db
      .select()
      .from(contasReceber)
      .where(
        and(
          naLista(contasReceber.clienteId, clientesIds, 'int'),
          deClienteDoOperador(contasReceber.clienteId, this.escopo),
          eq(contasReceber.status, 'aberta'),
        ),
      );
    for (const c of abertas) porCliente.set(c.clienteId, [...(porCliente.get(c.clienteId) ?? []), c]);
    return porCliente;
  }

  /**
   * For each customer, what was paid over these receivables of theirs and over every instalment of the
   * agreements they belong to: the total of the debt a last payment settles (docs/produto.md §9).
   */
  async totaisPagosNasDividas(clientesIds: number[], contasIds: number[]): Promise<Map<number, number>> {
    if (clientesIds.length === 0 || contasIds.length === 0) return new Map();
    const acordos = this.db
      .select({ id: contasReceber.negociacaoId })
      .from(contasReceber)
      .where(naLista(contasReceber.id, contasIds, 'int'));
    const linhas = await this.db
      .select({
        clienteId: contasReceber.clienteId,
        total: sql<string | null>`sum(${pagamentos.valorCentavos})`,
      })
      .from(pagamentos)
      .innerJoin(contasReceber, eq(contasReceber.id, pagamentos.contaId))
      .where(
        and(
          naLista(contasReceber.clienteId, clientesIds, 'int'),
          deClienteDoOperador(contasReceber.clienteId, this.escopo),
          or(naLista(contasReceber.id, contasIds, 'int'), inArray(contasReceber.negociacaoId, acordos)),
        ),
      )
      .groupBy(contasReceber.clienteId);
    return new Map(linhas.map((l) => [l.clienteId, Number(l.total ?? 0)]));
  }

  async inserirNegociacao(nova: NovaNegociacao): Promise<number> {
    const [row] = await this.db
      .insert(negociacoes)
      .values({
        clienteId: nova.clienteId,
        operadorId: this.escopo.operadorId,
        valorOriginalCentavos: nova.plano.valorOriginalCentavos,
        encargosCentavos: nova.encargosCentavos,
        descontoCentavos: nova.plano.descontoCentavos,
        encargosDispensadosCentavos: nova.encargosDispensadosCentavos,
        valorTotalCentavos: nova.plano.valorTotalCentavos,
        parcelas: nova.plano.parcelas.length,
        primeiroVencimento: nova.primeiroVencimento,
        intervaloDias: nova.intervaloDias,
        mensal: nova.mensal,
        observacao: nova.observacao,
      })
      .returning({ id: negociacoes.id });
    if (!row) throw new Error('insert de negociação não devolveu a linha');
    return row.id;
  }

  /** Links the replaced receivables (with the updated amount each was negotiated at) and marks them `negociada`. */
  async substituirContas(
    clienteId: number,
    negociacaoId: number,
    negociadas: { conta: ContaRow; centavos: number }[],
  ): Promise<void> {
    const contas = negociadas.map((n) => n.conta);
    await this.db.insert(negociacaoContas).values(
      negociadas.map(({ conta, centavos }) => ({
        negociacaoId,
        contaId: conta.id,
        valorCentavos: centavos,
      })),
    );
    await this.db
      .update(contasReceber)
      .set({ status: 'negociada' })
      .where(
        and(
          this.deste(clienteId),
          inArray(
            contasReceber.id,
            contas.map((c) => c.id),
          ),
        ),
      );
  }

  /** The agreement's instalments become new open receivables (origin `acordo`). */
  async inserirParcelas(clienteId: number, negociacaoId: number, plano: PlanoAcordo): Promise<void> {
    await this.db.insert(contasReceber).values(
      plano.parcelas.map((p) => ({
        clienteId,
        origem: 'acordo' as const,
        negociacaoId,
        numeroParcela: p.rotulo,
        descricao: `Acordo #${negociacaoId} — parcela ${p.rotulo}`,
        valorCentavos: p.valorCentavos,
        vencimento: p.vencimento,
      })),
    );
  }

  /** Adds a payment's principal to the receivable, keeps what it left of the encargos, settles it when it did. */
  async aplicarPagamento(conta: ContaRow, aplicado: PagamentoAplicado, data: string): Promise<void> {
    const { pendentes } = aplicado;
    await this.db
      .update(contasReceber)
      .set({
        valorPagoCentavos: conta.valorPagoCentavos + aplicado.partes.principalCentavos,
        multaPendenteCentavos: pendentes?.multaCentavos ?? 0,
        jurosPendentesCentavos: pendentes?.jurosCentavos ?? 0,
        encargosAte: pendentes?.ate ?? null,
        ...(aplicado.quitou && { status: 'paga' as const, pagoEm: data }),
      })
      .where(and(this.deste(conta.clienteId), eq(contasReceber.id, conta.id)));
  }

  /**
   * Credited to the customer's operator at this moment, whoever records it (the system for a PIX, an
   * admin): a later reassignment does not move past recovery (docs/decisions/037-recibos.md).
   */
  async inserirPagamento({ partes, ...novo }: NovoPagamento): Promise<number> {
    const [row] = await this.db
      .insert(pagamentos)
      .values({
        ...novo,
        ...partes,
        operadorId: sql`(SELECT operador_id FROM clientes WHERE id = ${novo.clienteId})`,
      })
      .returning({ id: pagamentos.id });
    if (!row) throw new Error('insert de pagamento não devolveu a linha');
    return row.id;
  }

  /** Marks the agreement `cumprida` when every one of its instalments is paid; says whether it did. */
  async cumprirNegociacaoSeQuitada(negociacaoId: number): Promise<boolean> {
    const [pendentes] = await this.db
      .select({ n: count() })
      .from(contasReceber)
      .where(
        and(
          eq(contasReceber.negociacaoId, negociacaoId),
          deClienteDoOperador(contasReceber.clienteId, this.escopo),
          eq(contasReceber.origem, 'acordo'),
          ne(contasReceber.status, 'paga'),
        ),
      );
    if ((pendentes?.n ?? 0) > 0) return false;
    const atualizadas = await this.db
      .update(negociacoes)
      .set({ status: 'cumprida', encerradaEm: new Date() })
      .where(
        and(
          eq(negociacoes.id, negociacaoId),
          eq(negociacoes.status, 'ativa'),
          deClienteDoOperador(negociacoes.clienteId, this.escopo),
        ),
      )
      .returning({ id: negociacoes.id });
    if (atualizadas.length === 0) return false;
    await encerrarDebitoAposCommit(this.db, negociacaoId);
    return true;
  }

  /** Pending promises of the customer covered by the payments made since each was recorded → `cumprida`. */
  async cumprirPromessas(clienteId: number): Promise<number[]> {
    const dele = and(
      eq(promessas.clienteId, clienteId),
      deClienteDoOperador(promessas.clienteId, this.escopo),
    );
    const pendentes = await this.db
      .select()
      .from(promessas)
      .where(and(dele, eq(promessas.status, 'pendente')));
    const cumpridas: number[] = [];
    for (const promessa of pendentes) {
      const [pago] = await this.db
        .select({ centavos: sql<number>`coalesce(sum(${pagamentos.valorCentavos}), 0)`.mapWith(Number) })
        .from(pagamentos)
        .where(and(eq(pagamentos.clienteId, clienteId), gte(pagamentos.createdAt, promessa.createdAt)));
      if ((pago?.centavos ?? 0) < promessa.valorCentavos) continue;
      await this.db
        .update(promessas)
        .set({ status: 'cumprida', resolvidaEm: new Date() })
        .where(and(dele, eq(promessas.id, promessa.id)));
      cumpridas.push(promessa.id);
    }
    return cumpridas;
  }

  /** A promise on a customer the caller has just locked; the unique index refuses a second pending one. */
  async inserirPromessa(nova: {
    clienteId: number;
    data: string;
    valorCentavos: number;
  }): Promise<PromessaRow> {
    const [row] = await this.db
      .insert(promessas)
      .values({ ...nova, operadorId: this.escopo.operadorId })
      .returning();
    if (!row) throw new Error('insert de promessa não devolveu a linha');
    return row;
  }
}
