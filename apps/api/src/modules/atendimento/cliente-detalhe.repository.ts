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
import { and, eq, getTableColumns, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { campo, lerLinha, linhaJson } from '../../db/linhas-json.ts';
import { preparadasPorBanco } from '../../db/preparadas.ts';
import {
  chamadas,
  clientes,
  configuracoes,
  contasReceber,
  mensagens,
  negociacaoContas,
  negociacoes,
  pagamentos,
  pixRecebidos,
  portalLinks,
  promessas,
  usuarios,
} from '../../db/schema/index.ts';
import { ErroDominio } from '../../lib/errors.ts';
import { type CanaisArmazenados, canaisArmazenadosSql, canaisDaLinha } from '../canais/rota.repository.ts';
import { CLIENTE_NAO_ENCONTRADO, type ClienteRow } from '../clientes/clientes-operador.repository.ts';
import { type EscopoOperador, visivelAoOperador } from '../clientes/escopo-operador.ts';
import { colunasUltimaMensagem, toUltimaMensagem } from '../clientes/ultima-mensagem.ts';
import { atualizacaoDe } from '../clientes/valor-atualizado.ts';
import { SISTEMA_KEY, sistemaDoTexto } from '../configuracoes/configuracoes.repository.ts';
import { toContaReceber } from '../contas-receber/conta-receber.mapper.ts';
import {
  type DebitoLido,
  debitoDaNegociacao,
  toDebitoAutomaticoView,
} from '../debito-automatico/adesao/debito-automatico.view.ts';

// The operator's workspace view of one customer (`clienteDetalhe`), always read through the scope.

type Ref = { id: number; name: string } | null;

const ref = (id: number | null, name: string | null): Ref => (id === null ? null : { id, name: name ?? '' });

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

export const toChamadaView = (c: typeof chamadas.$inferSelect, operador: Ref): ChamadaView => ({
  id: c.id,
  resultado: c.resultado,
  observacao: c.observacao,
  created_at: c.createdAt.toISOString(),
  operador,
});

/** How many recorded PIX the workspace shows (newest first): the conversation marks each one. */
export const PIX_RECEBIDOS_NO_DETALHE = 50;

export const toPixRecebidoView = (p: typeof pixRecebidos.$inferSelect): PixRecebidoView => ({
  end_to_end_id: p.endToEndId,
  valor: centavosParaReais(p.valorCentavos),
  valor_liquidado: centavosParaReais(p.valorCentavos - p.creditoCentavos),
  credito: centavosParaReais(p.creditoCentavos),
  horario: p.horario.toISOString(),
});

const colContas = getTableColumns(contasReceber);
const colNegociacoes = getTableColumns(negociacoes);
const colPagamentos = getTableColumns(pagamentos);
const colPromessas = getTableColumns(promessas);
const colChamadas = getTableColumns(chamadas);
const colPix = getTableColumns(pixRecebidos);

/** The JSON array of `linha` over the customer's rows of a child table, in `ordem` ('[]' when none). */
const filhos = (linha: SQL, tabela: SQL, clienteId: SQL, ordem: SQL): SQL =>
  sql`(SELECT coalesce(json_agg(${linha} ORDER BY ${ordem}), '[]') FROM ${tabela} WHERE ${clienteId} = ${clientes.id})`;

/** Who recorded a payment or a call: the name beside the row, as the LEFT JOIN on usuarios gave it. */
const nomeDoUsuario = (usuarioId: SQL) =>
  sql`(SELECT ${usuarios.name} FROM ${usuarios} WHERE ${usuarios.id} = ${usuarioId})`;

// Built once: the statement differs per request only in its parameters.
const sistema = sql`(SELECT ${configuracoes.valor}::text FROM ${configuracoes} WHERE ${configuracoes.chave} = ${SISTEMA_KEY})`;

const contasDoCliente = filhos(
  linhaJson(colContas),
  sql`${contasReceber}`,
  sql`${contasReceber.clienteId}`,
  sql`${contasReceber.vencimento}, ${contasReceber.id}`,
);

// [row, ids of the receivables it replaced in id order, its automatic debit]
const negociacoesDoCliente = filhos(
  sql`json_build_array(${linhaJson(colNegociacoes)}, (SELECT coalesce(json_agg(${negociacaoContas.contaId} ORDER BY ${negociacaoContas.contaId}), '[]') FROM ${negociacaoContas} WHERE ${negociacaoContas.negociacaoId} = ${negociacoes.id}), ${debitoDaNegociacao})`,
  sql`${negociacoes}`,
  sql`${negociacoes.clienteId}`,
  sql`${negociacoes.createdAt} DESC, ${negociacoes.id} DESC`,
);

const pagamentosDoCliente = filhos(
  sql`json_build_array(${linhaJson(colPagamentos)}, ${nomeDoUsuario(sql`${pagamentos.operadorId}`)})`,
  sql`${pagamentos}`,
  sql`${pagamentos.clienteId}`,
  sql`${pagamentos.data} DESC, ${pagamentos.id} DESC`,
);

const promessasDoCliente = filhos(
  linhaJson(colPromessas),
  sql`${promessas}`,
  sql`${promessas.clienteId}`,
  sql`${promessas.createdAt} DESC, ${promessas.id} DESC`,
);

const chamadasDoCliente = filhos(
  sql`json_build_array(${linhaJson(colChamadas)}, ${nomeDoUsuario(sql`${chamadas.operadorId}`)})`,
  sql`${chamadas}`,
  sql`${chamadas.clienteId}`,
  sql`${chamadas.createdAt} DESC, ${chamadas.id} DESC`,
);

// The newest PIX only: the LIMIT needs its own ordered subquery, the aggregate keeps that order.
const pixDoCliente = sql`(SELECT coalesce(json_agg(x.linha ORDER BY x.horario DESC, x.id DESC), '[]') FROM (SELECT ${linhaJson(colPix)} AS linha, ${pixRecebidos.horario} AS horario, ${pixRecebidos.id} AS id FROM ${pixRecebidos} WHERE ${pixRecebidos.clienteId} = ${clientes.id} ORDER BY ${pixRecebidos.horario} DESC, ${pixRecebidos.id} DESC LIMIT ${PIX_RECEBIDOS_NO_DETALHE}) x)`;

const ultimaMensagemDoCliente = sql`(SELECT ${linhaJson(colunasUltimaMensagem)} FROM ${mensagens} WHERE ${mensagens.clienteId} = ${clientes.id} ORDER BY ${mensagens.id} DESC LIMIT 1)`;

// The portal link's state (docs/produto.md §22): the latest usable link's end, and the latest revocation.
const portalDoCliente = sql`(SELECT json_build_array(
    max(${portalLinks.expiraEm}) FILTER (WHERE ${portalLinks.revogadoEm} IS NULL AND ${portalLinks.expiraEm} > statement_timestamp()),
    max(${portalLinks.revogadoEm}))
  FROM ${portalLinks} WHERE ${portalLinks.clienteId} = ${clientes.id})`;

// Each channel's state (docs/produto.md §12): opt-outs, the e-mail's bounce, and the channels' settings.
const canaisDoCliente = canaisArmazenadosSql(sql`${clientes.id}`, sql`${clientes.email}`);

// The scope rule of every operator read (escopo-operador.ts), with the operator as a parameter.
const ESCOPO_DA_CONSULTA = { operadorId: sql.placeholder('operadorId') } as unknown as EscopoOperador;

/**
 * The whole workspace in one statement (issue 18): the customer row under the operator's scope, the
 * system settings the updated amounts need, and every child collection as a JSON aggregate in the order
 * the screen shows it. No row means a customer out of reach.
 */
const consultaDetalhe = (db: DbOrTx) =>
  db
    .select({
      cliente: clientes,
      sistema: campo<string | null>(sistema),
      operadorNome: campo<string | null>(nomeDoUsuario(sql`${clientes.operadorId}`)),
      contas: campo<unknown[][]>(contasDoCliente),
      negociacoes: campo<[unknown[], number[], DebitoLido][]>(negociacoesDoCliente),
      pagamentos: campo<[unknown[], string | null][]>(pagamentosDoCliente),
      promessas: campo<unknown[][]>(promessasDoCliente),
      chamadas: campo<[unknown[], string | null][]>(chamadasDoCliente),
      pixRecebidos: campo<unknown[][]>(pixDoCliente),
      ultimaMensagem: campo<unknown[] | null>(ultimaMensagemDoCliente),
      portal: campo<[string | null, string | null]>(portalDoCliente),
      canais: campo<CanaisArmazenados>(canaisDoCliente),
    })
    .from(clientes)
    .where(and(eq(clientes.id, sql.placeholder('clienteId')), visivelAoOperador(ESCOPO_DA_CONSULTA)));

// Prepared once per database handle: building the SQL text was a tenth of the request's CPU.
const preparadas = preparadasPorBanco<ReturnType<ReturnType<typeof consultaDetalhe>['prepare']>>();
const preparadaPara = (db: DbOrTx) =>
  preparadas(db, 'cliente_detalhe', () => consultaDetalhe(db).prepare('cliente_detalhe'));

type LinhaDetalhe = Awaited<ReturnType<typeof consultaDetalhe>>[number];

const toNegociacaoView = (
  n: typeof negociacoes.$inferSelect,
  contasIds: number[],
  contas: ContaReceber[],
  debito: DebitoLido,
): NegociacaoView => {
  // Instalments carry the agreement id; the receivables it replaced are linked through negociacao_contas.
  const parcelas = contas
    .filter((c) => c.negociacao_id === n.id && c.origem === 'acordo')
    .sort((a, b) => (a.vencimento === b.vencimento ? a.id - b.id : a.vencimento < b.vencimento ? -1 : 1));
  return {
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
    contas_ids: contasIds,
    parcelas_ids: parcelas.map((c) => c.id).sort((a, b) => a - b),
    debito_automatico: toDebitoAutomaticoView(debito, parcelas),
  };
};

const emAberto = (contas: ContaReceber[]) => contas.filter((c) => c.status === 'aberta');

const optOut = (c: ClienteRow): ClienteDetalhe['opt_out'] =>
  c.optOutEm ? { em: c.optOutEm.toISOString(), mensagem: c.optOutMensagem, canal: c.optOutCanal } : null;

// json_build_array gives timestamptz as PostgreSQL text; the wire wants ISO.
const instante = (texto: string | null) => (texto ? new Date(texto).toISOString() : null);

const montarDetalhe = (linha: LinhaDetalhe, agora: Date): ClienteDetalhe => {
  const c = linha.cliente;
  const atualizacao = atualizacaoDe(sistemaDoTexto(linha.sistema), agora);
  const contas = linha.contas.map((v) => toContaReceber(lerLinha(colContas, v), atualizacao));
  const abertas = emAberto(contas);
  const ultima = linha.ultimaMensagem;
  return {
    id: c.id,
    nome: c.nome,
    documento: c.documento,
    telefone: c.telefone,
    status: c.status,
    numero_chamadas: c.numeroChamadas,
    // Updated amounts summed in cents from the rows, so the total is exact.
    total_em_aberto: centavosParaReais(
      abertas.reduce((s, conta) => s + reaisParaCentavos(conta.valor_atualizado), 0),
    ),
    dias_atraso: Math.max(0, ...abertas.map((conta) => conta.dias_atraso)),
    ultima_mensagem: ultima ? toUltimaMensagem(lerLinha(colunasUltimaMensagem, ultima)) : null,
    operador: ref(c.operadorId, linha.operadorNome),
    aguardando_desde: c.aguardandoDesde?.toISOString() ?? null,
    email: c.email,
    documento_tipo: c.documentoTipo,
    pausa_motivo: c.pausaMotivo,
    opt_out: optOut(c),
    canal_preferido: c.canalPreferido,
    canais: canaisDaLinha(c, linha.canais),
    portal: { valido_ate: instante(linha.portal[0]), revogado_em: instante(linha.portal[1]) },
    base_legal: c.baseLegal,
    origem_contato: c.origemContato,
    etiquetas: c.etiquetas,
    contas,
    negociacoes: linha.negociacoes.map(([n, contasIds, debito]) =>
      toNegociacaoView(lerLinha(colNegociacoes, n), contasIds, contas, debito),
    ),
    pagamentos: linha.pagamentos.map(([v, nome]) => {
      const p = lerLinha(colPagamentos, v);
      return toPagamentoView(p, ref(p.operadorId, nome));
    }),
    promessas: linha.promessas.map((v) => toPromessaView(lerLinha(colPromessas, v))),
    chamadas: linha.chamadas.map(([v, nome]) => {
      const ch = lerLinha(colChamadas, v);
      return toChamadaView(ch, ref(ch.operadorId, nome));
    }),
    pix_recebidos: linha.pixRecebidos.map((v) => toPixRecebidoView(lerLinha(colPix, v))),
  };
};

/** The operator's workspace view of customers, bound to the caller's scope. */
export class ClienteDetalheRepository {
  constructor(
    private readonly db: DbOrTx,
    private readonly escopo: EscopoOperador,
  ) {}

  /**
   * The whole workspace of a customer the operator may see (404 otherwise, like
   * `ClientesDoOperador.buscarVisivelOrThrow`), from one statement: the scope is in its WHERE.
   */
  async buscarOrThrow(clienteId: number, agora: Date = new Date()): Promise<ClienteDetalhe> {
    const [linha] = await preparadaPara(this.db).execute({ clienteId, operadorId: this.escopo.operadorId });
    if (!linha) throw new ErroDominio('CLIENTE_NAO_ENCONTRADO', CLIENTE_NAO_ENCONTRADO);
    return montarDetalhe(linha, agora);
  }
}
