import type { SistemaSettings } from '@cobranca/contracts';
import { formatarReais } from '@cobranca/dominio';
import type { Db, Tx } from '../../../db/client.ts';
import { registrarAuditoria } from '../../auditoria/auditoria.repository.ts';
import type { ProvedorConfigurado } from '../configuracao/provedor-ativo.ts';
import { ErroApiPix } from '../psp/api-pix-erros.ts';
import { type CobrancaRow, inserirCobrancas, type NovaCobranca } from './cobrancas.repository.ts';
import { type ContaCobrada, type DevedorDaCobranca, emitirCobranca } from './emissao-cobranca.ts';

// The one way a PIX charge is created (docs/produto.md §21), whoever asks: the operator, the portal, an
// agreement's instalments or the régua's messages. The PSP is asked with no lock held (a slow PSP must
// not block the customer's other work), every request of a batch at once; then what it made is stored
// in one transaction, with the caller's own writes.

export type PedidoDeCobranca = {
  clienteId: number;
  devedor: DevedorDaCobranca;
  contas: readonly ContaCobrada[];
  origem: NovaCobranca['origem'];
  /** The régua message the charge goes in. */
  mensagemId?: number;
  /** The user who asked (the operator); null for the customer or the system. */
  criadaPor?: number | null;
  /**
   * What the charge is for when a job asks (`acordo:<receivable>`, `regua:<message>:…`): its txid is
   * fixed by it, so a retry after a crash finds the charge at the PSP instead of making another.
   */
  para?: string;
  /** Always an immediate charge (`cob`): journey 3 of PIX Automático needs one (docs/pix-automatico.md §2). */
  imediata?: boolean;
};

export type CobrancaCriada<P> = { pedido: P; cobranca: CobrancaRow };

export type OpcoesCriacao<P> = {
  /**
   * The caller's last look inside the storing transaction (locks taken, a fresh read): a request it
   * answers false for is not stored, and the charge the PSP made for it expires there unpaid.
   */
  manter?: (tx: Tx, pedido: P) => Promise<boolean>;
  /** The caller's writes in the same transaction (the message's text). */
  junto?: (tx: Tx, criadas: CobrancaCriada<P>[]) => Promise<void>;
  /** An audit entry per charge, in the same transaction (a person asked for it: operator, customer). */
  auditoria?: { usuarioId: number | null; ip: string | null; descricao: (valor: string) => string };
};

export type ResultadoCriacao<P> = {
  criadas: CobrancaCriada<P>[];
  /** Requests the PSP refused or did not answer: nothing stored, the caller retries or reports. */
  falhas: { pedido: P; erro: ErroApiPix }[];
};

/**
 * Creates a charge at the PSP for each request and stores the ones it made (in `db`'s transaction: the
 * operator passes its idempotent handle). A request with `para` survives a crash between the PSP's
 * answer and this commit (its retry finds the same charge); one without is a person's, who asks again.
 */
export const criarCobrancas = async <P extends PedidoDeCobranca>(
  db: Db,
  pix: ProvedorConfigurado,
  settings: SistemaSettings,
  pedidos: readonly P[],
  agora: Date,
  opcoes: OpcoesCriacao<P> = {},
): Promise<ResultadoCriacao<P>> => {
  // Every request settles before anything else happens, so no call to the PSP outlives this one.
  const respostas = await Promise.allSettled(
    pedidos.map(async (pedido) => ({
      pedido,
      emitida: await emitirCobranca(pix, settings, pedido.devedor, pedido.contas, agora, {
        para: pedido.para,
        imediata: pedido.imediata === true,
      }),
    })),
  );
  const falhas: ResultadoCriacao<P>['falhas'] = [];
  const emitidas = respostas.map((r, i) => {
    if (r.status === 'fulfilled') return r.value;
    if (!(r.reason instanceof ErroApiPix)) throw r.reason;
    falhas.push({ pedido: pedidos[i] as P, erro: r.reason });
    return null;
  });
  const prontas = emitidas.filter((e) => e !== null);
  if (prontas.length === 0) return { criadas: [], falhas };
  const criadas = await db.transaction(async (tx) => {
    const mantidas = [];
    for (const e of prontas) if (!opcoes.manter || (await opcoes.manter(tx, e.pedido))) mantidas.push(e);
    const rows = await inserirCobrancas(
      tx,
      mantidas.map(({ pedido, emitida }) => ({
        nova: {
          ...emitida,
          clienteId: pedido.clienteId,
          origem: pedido.origem,
          mensagemId: pedido.mensagemId ?? null,
          criadaPor: pedido.criadaPor ?? null,
        },
        contasIds: pedido.contas.map((c) => c.id),
      })),
    );
    const porTxid = new Map(rows.map((r) => [r.txid, r]));
    const juntas = mantidas.map(({ pedido, emitida }) => ({
      pedido,
      cobranca: porTxid.get(emitida.txid) as CobrancaRow,
    }));
    await opcoes.junto?.(tx, juntas);
    const { auditoria } = opcoes;
    if (auditoria)
      for (const { pedido, cobranca } of juntas)
        await registrarAuditoria(tx, {
          usuarioId: auditoria.usuarioId,
          acao: 'cobranca_pix.criada',
          descricao: auditoria.descricao(formatarReais(cobranca.valorCentavos)),
          entidade: 'cobranca_pix',
          entidadeId: cobranca.id,
          detalhes: {
            cliente_id: pedido.clienteId,
            txid: cobranca.txid,
            tipo: cobranca.tipo,
            contas_ids: pedido.contas.map((c) => c.id),
            origem: pedido.origem,
          },
          ip: auditoria.ip,
        });
    return juntas;
  });
  return { criadas, falhas };
};

/** One request: its charge, or the PSP's error thrown as `erroDoPsp` makes it for the caller. */
export const criarCobranca = async <P extends PedidoDeCobranca>(
  db: Db,
  pix: ProvedorConfigurado,
  settings: SistemaSettings,
  pedido: P,
  agora: Date,
  opcoes: OpcoesCriacao<P> & { erroDoPsp: (erro: ErroApiPix) => Error },
): Promise<CobrancaRow | null> => {
  const { criadas, falhas } = await criarCobrancas(db, pix, settings, [pedido], agora, opcoes);
  const [falha] = falhas;
  if (falha) throw opcoes.erroDoPsp(falha.erro);
  return criadas[0]?.cobranca ?? null;
};
