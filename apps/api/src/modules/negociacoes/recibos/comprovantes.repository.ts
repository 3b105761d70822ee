import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { linhasDe } from '../../../db/linhas.ts';
import { pagamentos } from '../../../db/schema/index.ts';
import { deClienteDoOperador, type Escopo } from '../../clientes/escopo-operador.ts';

// SQL of comprovantes, bound to the caller's scope like every customer-owned read (docs/produto.md §4):
// the operator sees their own customers' payments, the admin and the portal (ESCOPO_SISTEMA, the portal
// for its session's customer only) any. One operation — a manual payment over several receivables, or one
// PIX settled — wrote its rows in one transaction: same customer, created_at (the transaction's start),
// PIX, date, method and note. Those six make its key; its first row's id names it.

const CAMPOS_CHAVE = ['cliente_id', 'created_at', 'pix_recebido_id', 'data', 'forma', 'observacao'];
const CHAVE = sql.raw(CAMPOS_CHAVE.join(', '));
const CHAVE_PAGAMENTOS = sql.raw(CAMPOS_CHAVE.map((c) => `pagamentos.${c}`).join(', '));

export type LinhaResumo = {
  id: number;
  centavos: string;
  forma: string;
  data: string;
  horario: Date | string;
};

export type LinhaComprovante = {
  id: number;
  conta_id: number;
  valor_centavos: number;
  principal_centavos: number;
  multa_centavos: number;
  juros_centavos: number;
  data: string;
  forma: string;
  observacao: string | null;
  horario: Date | string;
  end_to_end_id: string | null;
  pagador_nome: string | null;
  pagador_documento: string | null;
  descricao: string;
  vencimento: string;
  cliente_nome: string;
  cliente_documento: string;
};

export class ComprovantesRepository {
  constructor(
    private readonly db: DbOrTx,
    private readonly escopo: Escopo,
  ) {}

  private deste = (clienteId: number) =>
    sql`${pagamentos.clienteId} = ${clienteId} AND ${deClienteDoOperador(pagamentos.clienteId, this.escopo)}`;

  /** The customer's operations, newest first: one page, and how many there are in all. */
  async listar(
    clienteId: number,
    limite: number,
    deslocamento: number,
  ): Promise<{ linhas: LinhaResumo[]; total: number }> {
    const ops = sql`
      SELECT min(pagamentos.id) AS id, sum(pagamentos.valor_centavos) AS centavos,
        pagamentos.forma, pagamentos.data, coalesce(min(r.horario), pagamentos.created_at) AS horario
      FROM pagamentos LEFT JOIN pix_recebidos r ON r.id = pagamentos.pix_recebido_id
      WHERE ${this.deste(clienteId)}
      GROUP BY ${CHAVE_PAGAMENTOS}`;
    const [contagem] = linhasDe<{ total: string }>(
      await this.db.execute(sql`SELECT count(*) AS total FROM (${ops}) ops`),
    );
    const linhas = linhasDe<LinhaResumo>(
      await this.db.execute(sql`
        SELECT id, centavos, forma, data::text AS data, horario FROM (${ops}) ops
        ORDER BY horario DESC, id DESC LIMIT ${limite} OFFSET ${deslocamento}`),
    );
    return { linhas, total: Number(contagem?.total ?? 0) };
  }

  /** Every row of the operation `pagamentoId` belongs to, with what each paid; none: not this customer's. */
  async buscar(clienteId: number, pagamentoId: number): Promise<LinhaComprovante[]> {
    return linhasDe<LinhaComprovante>(
      await this.db.execute(sql`
        WITH alvo AS (
          SELECT ${CHAVE} FROM pagamentos WHERE pagamentos.id = ${pagamentoId} AND ${this.deste(clienteId)}
        )
        SELECT p.id, p.conta_id, p.valor_centavos, p.principal_centavos, p.multa_centavos, p.juros_centavos,
          p.data::text AS data, p.forma, p.observacao, coalesce(r.horario, p.created_at) AS horario,
          r.end_to_end_id, r.pagador_nome, r.pagador_documento, c.descricao, c.vencimento::text AS vencimento,
          cl.nome AS cliente_nome, cl.documento AS cliente_documento
        FROM alvo a
        JOIN pagamentos p ON p.cliente_id = a.cliente_id AND p.created_at = a.created_at
          AND p.pix_recebido_id IS NOT DISTINCT FROM a.pix_recebido_id AND p.data = a.data
          AND p.forma = a.forma AND p.observacao IS NOT DISTINCT FROM a.observacao
        JOIN contas_receber c ON c.id = p.conta_id
        JOIN clientes cl ON cl.id = p.cliente_id
        LEFT JOIN pix_recebidos r ON r.id = p.pix_recebido_id
        ORDER BY p.id`),
    );
  }
}
