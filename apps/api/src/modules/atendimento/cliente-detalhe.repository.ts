import type {
  ChamadaView,
  ClienteDetalhe,
  ContaReceber,
  NegociacaoView,
  PagamentoView,
  PixRecebidoView,
  PromessaView,
} from '@cobranca/contracts';
import { centavosParaReais, reaisParaCentavos } from '@cobranca/dominio';
import { asc, desc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import {
  chamadas,
  contasReceber,
  mensagens,
  negociacaoContas,
  negociacoes,
  pagamentos,
  pixRecebidos,
  promessas,
  usuarios,
} from '../../db/schema/index.ts';
import { type ClienteRow, ClientesDoOperador } from '../clientes/clientes-operador.repository.ts';
import type { EscopoOperador } from '../clientes/escopo-operador.ts';
import { colunasUltimaMensagem, toUltimaMensagem } from '../clientes/ultima-mensagem.ts';
import { type Atualizacao, buscarAtualizacao } from '../clientes/valor-atualizado.ts';
import { toContaReceber } from '../contas-receber/conta-receber.mapper.ts';

// The operator's workspace view of one customer (`clienteDetalhe`), always read through the scope.

type Ref = { id: number; name: string } | null;

const ref = (id: number | null, name: string | null): Ref => (id === null ? null : { id, name: name ?? '' });

const nomeOperador = async (db: DbOrTx, operadorId: number | null): Promise<Ref> => {
  if (operadorId === null) return null;
  const [row] = await db.select({ name: usuarios.name }).from(usuarios).where(eq(usuarios.id, operadorId));
  return ref(operadorId, row?.name ?? null);
};

const loadContas = async (
  db: DbOrTx,
  clienteId: number,
  atualizacao: Atualizacao,
): Promise<ContaReceber[]> => {
  const rows = await db
    .select()
    .from(contasReceber)
    .where(eq(contasReceber.clienteId, clienteId))
    .orderBy(asc(contasReceber.vencimento), asc(contasReceber.id));
  return rows.map((conta) => toContaReceber(conta, atualizacao));
};

const loadNegociacoes = async (
  db: DbOrTx,
  clienteId: number,
  contas: ContaReceber[],
): Promise<NegociacaoView[]> => {
  const rows = await db
    .select()
    .from(negociacoes)
    .where(eq(negociacoes.clienteId, clienteId))
    .orderBy(desc(negociacoes.createdAt), desc(negociacoes.id));
  if (rows.length === 0) return [];
  const cobertas = await db
    .select({ negociacaoId: negociacaoContas.negociacaoId, contaId: negociacaoContas.contaId })
    .from(negociacaoContas)
    .where(
      inArray(
        negociacaoContas.negociacaoId,
        rows.map((n) => n.id),
      ),
    )
    .orderBy(asc(negociacaoContas.contaId));
  return rows.map((n) => ({
    id: n.id,
    status: n.status,
    valor_original: centavosParaReais(n.valorOriginalCentavos),
    encargos: centavosParaReais(n.encargosCentavos),
    desconto: centavosParaReais(n.descontoCentavos),
    encargos_dispensados: centavosParaReais(n.encargosDispensadosCentavos),
    valor_total: centavosParaReais(n.valorTotalCentavos),
    parcelas: n.parcelas,
    primeiro_vencimento: n.primeiroVencimento,
    intervalo_dias: n.intervaloDias,
    observacao: n.observacao,
    created_at: n.createdAt.toISOString(),
    contas_ids: cobertas.filter((c) => c.negociacaoId === n.id).map((c) => c.contaId),
    // Instalments carry the agreement id; the receivables it replaced are linked through negociacao_contas.
    parcelas_ids: contas
      .filter((c) => c.negociacao_id === n.id && c.origem === 'acordo')
      .map((c) => c.id)
      .sort((a, b) => a - b),
  }));
};

const loadPagamentos = async (db: DbOrTx, clienteId: number): Promise<PagamentoView[]> => {
  const rows = await db
    .select({ p: pagamentos, operadorNome: usuarios.name })
    .from(pagamentos)
    .leftJoin(usuarios, eq(usuarios.id, pagamentos.operadorId))
    .where(eq(pagamentos.clienteId, clienteId))
    .orderBy(desc(pagamentos.data), desc(pagamentos.id));
  return rows.map(({ p, operadorNome }) => toPagamentoView(p, ref(p.operadorId, operadorNome)));
};

export const toPagamentoView = (p: typeof pagamentos.$inferSelect, operador: Ref): PagamentoView => ({
  id: p.id,
  conta_id: p.contaId,
  valor: centavosParaReais(p.valorCentavos),
  principal: centavosParaReais(p.principalCentavos),
  multa: centavosParaReais(p.multaCentavos),
  juros: centavosParaReais(p.jurosCentavos),
  data: p.data,
  forma: p.forma,
  observacao: p.observacao,
  created_at: p.createdAt.toISOString(),
  operador,
});

export const toPromessaView = (p: typeof promessas.$inferSelect): PromessaView => ({
  id: p.id,
  data: p.data,
  valor: centavosParaReais(p.valorCentavos),
  status: p.status,
  created_at: p.createdAt.toISOString(),
});

const loadPromessas = async (db: DbOrTx, clienteId: number): Promise<PromessaView[]> => {
  const rows = await db
    .select()
    .from(promessas)
    .where(eq(promessas.clienteId, clienteId))
    .orderBy(desc(promessas.createdAt), desc(promessas.id));
  return rows.map(toPromessaView);
};

export const toChamadaView = (c: typeof chamadas.$inferSelect, operador: Ref): ChamadaView => ({
  id: c.id,
  resultado: c.resultado,
  observacao: c.observacao,
  created_at: c.createdAt.toISOString(),
  operador,
});

const loadChamadas = async (db: DbOrTx, clienteId: number): Promise<ChamadaView[]> => {
  const rows = await db
    .select({ c: chamadas, operadorNome: usuarios.name })
    .from(chamadas)
    .leftJoin(usuarios, eq(usuarios.id, chamadas.operadorId))
    .where(eq(chamadas.clienteId, clienteId))
    .orderBy(desc(chamadas.createdAt), desc(chamadas.id));
  return rows.map(({ c, operadorNome }) => toChamadaView(c, ref(c.operadorId, operadorNome)));
};

/** How many recorded PIX the workspace shows (newest first): the conversation marks each one. */
export const PIX_RECEBIDOS_NO_DETALHE = 50;

export const toPixRecebidoView = (p: typeof pixRecebidos.$inferSelect): PixRecebidoView => ({
  end_to_end_id: p.endToEndId,
  valor: centavosParaReais(p.valorCentavos),
  valor_liquidado: centavosParaReais(p.valorCentavos - p.creditoCentavos),
  credito: centavosParaReais(p.creditoCentavos),
  horario: p.horario.toISOString(),
});

const loadPixRecebidos = async (db: DbOrTx, clienteId: number): Promise<PixRecebidoView[]> => {
  const rows = await db
    .select()
    .from(pixRecebidos)
    .where(eq(pixRecebidos.clienteId, clienteId))
    .orderBy(desc(pixRecebidos.horario), desc(pixRecebidos.id))
    .limit(PIX_RECEBIDOS_NO_DETALHE);
  return rows.map(toPixRecebidoView);
};

const loadUltimaMensagem = async (
  db: DbOrTx,
  clienteId: number,
): Promise<ClienteDetalhe['ultima_mensagem']> => {
  const [row] = await db
    .select(colunasUltimaMensagem)
    .from(mensagens)
    .where(eq(mensagens.clienteId, clienteId))
    .orderBy(desc(mensagens.id))
    .limit(1);
  return row ? toUltimaMensagem(row) : null;
};

const emAberto = (contas: ContaReceber[]) => contas.filter((c) => c.status === 'aberta');

const optOut = (c: ClienteRow): ClienteDetalhe['opt_out'] =>
  c.optOutEm ? { em: c.optOutEm.toISOString(), mensagem: c.optOutMensagem } : null;

const montarDetalhe = (c: ClienteRow, partes: Partes): ClienteDetalhe => ({
  id: c.id,
  nome: c.nome,
  documento: c.documento,
  telefone: c.telefone,
  status: c.status,
  numero_chamadas: c.numeroChamadas,
  // Updated amounts summed in cents from the rows, so the total is exact.
  total_em_aberto: centavosParaReais(
    emAberto(partes.contas).reduce((s, conta) => s + reaisParaCentavos(conta.valor_atualizado), 0),
  ),
  dias_atraso: Math.max(0, ...emAberto(partes.contas).map((conta) => conta.dias_atraso)),
  ultima_mensagem: partes.ultimaMensagem,
  operador: partes.operador,
  aguardando_desde: c.aguardandoDesde?.toISOString() ?? null,
  email: c.email,
  documento_tipo: c.documentoTipo,
  pausa_motivo: c.pausaMotivo,
  opt_out: optOut(c),
  base_legal: c.baseLegal,
  origem_contato: c.origemContato,
  etiquetas: c.etiquetas,
  contas: partes.contas,
  negociacoes: partes.negociacoes,
  pagamentos: partes.pagamentos,
  promessas: partes.promessas,
  chamadas: partes.chamadas,
  pix_recebidos: partes.pixRecebidos,
});

type Partes = {
  contas: ContaReceber[];
  negociacoes: NegociacaoView[];
  pagamentos: PagamentoView[];
  promessas: PromessaView[];
  chamadas: ChamadaView[];
  pixRecebidos: PixRecebidoView[];
  ultimaMensagem: ClienteDetalhe['ultima_mensagem'];
  operador: Ref;
};

/** The operator's workspace view of customers, bound to the caller's scope. */
export class ClienteDetalheRepository {
  private readonly clientes: ClientesDoOperador;

  constructor(
    private readonly db: DbOrTx,
    escopo: EscopoOperador,
  ) {
    this.clientes = new ClientesDoOperador(db, escopo);
  }

  /**
   * The whole workspace of a customer the operator may see (404 otherwise); every child read below
   * is of that customer only. Sequential reads on purpose: inside a transaction they share one connection.
   */
  async buscarOrThrow(clienteId: number, agora: Date = new Date()): Promise<ClienteDetalhe> {
    const db = this.db;
    const cliente = await this.clientes.buscarVisivelOrThrow(clienteId);
    const contas = await loadContas(db, cliente.id, await buscarAtualizacao(db, agora));
    return montarDetalhe(cliente, {
      contas,
      negociacoes: await loadNegociacoes(db, cliente.id, contas),
      pagamentos: await loadPagamentos(db, cliente.id),
      promessas: await loadPromessas(db, cliente.id),
      chamadas: await loadChamadas(db, cliente.id),
      pixRecebidos: await loadPixRecebidos(db, cliente.id),
      ultimaMensagem: await loadUltimaMensagem(db, cliente.id),
      operador: await nomeOperador(db, cliente.operadorId),
    });
  }
}
