import { CANAIS, type Canal, type MensagemView } from '@cobranca/contracts';
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { mensagens, usuarios } from '../../db/schema/index.ts';
import { conteudoNaTela } from '../../lib/conteudo-mensagem.ts';
import { deClienteVisivel, type EscopoOperador } from '../clientes/escopo-operador.ts';

// The message thread of a customer as the operator area shows it (docs/produto.md §12).

export const LIMITE_THREAD = 500;

type MensagemRow = typeof mensagens.$inferSelect;

const toMensagemView = (m: MensagemRow, autorNome: string | null): MensagemView => ({
  id: m.id,
  direcao: m.direcao,
  origem: m.origem,
  status: m.status,
  canal: m.canal,
  assunto: m.assunto,
  conteudo: conteudoNaTela(m.conteudo, m.status),
  autor: m.autorId === null ? null : { id: m.autorId, name: autorNome ?? '' },
  created_at: m.createdAt.toISOString(),
  enviada_em: m.enviadaEm?.toISOString() ?? null,
  entregue_em: m.entregueEm?.toISOString() ?? null,
  lida_em: m.lidaEm?.toISOString() ?? null,
  erro: m.erroMensagem ?? m.erroCodigo,
  proxima_tentativa_em: m.status === 'pendente' ? (m.proximaTentativaEm?.toISOString() ?? null) : null,
});

const comAutor = (db: DbOrTx) =>
  db
    .select({ m: mensagens, autorNome: usuarios.name })
    .from(mensagens)
    .leftJoin(usuarios, eq(usuarios.id, mensagens.autorId));

/**
 * A customer's thread as the operator reads it, bound to the caller: only customers the operator may
 * see (own, or unassigned in the shared queue) answer with messages.
 */
export class ThreadDoOperador {
  constructor(
    private readonly db: DbOrTx,
    private readonly escopo: EscopoOperador,
  ) {}

  /** The latest `LIMITE_THREAD` messages of the customer, oldest first (newest last). */
  async listar(clienteId: number): Promise<MensagemView[]> {
    const rows = await comAutor(this.db)
      .where(and(eq(mensagens.clienteId, clienteId), deClienteVisivel(mensagens.clienteId, this.escopo)))
      .orderBy(desc(mensagens.id))
      .limit(LIMITE_THREAD);
    return rows.reverse().map(({ m, autorNome }) => toMensagemView(m, autorNome));
  }

  /** One message of a visible customer's thread (a message just written by the caller). */
  async buscar(id: number): Promise<MensagemView> {
    const [row] = await comAutor(this.db).where(
      and(eq(mensagens.id, id), deClienteVisivel(mensagens.clienteId, this.escopo)),
    );
    if (!row) throw new Error(`mensagem ${id} não encontrada no escopo do operador`);
    return toMensagemView(row.m, row.autorNome);
  }
}

/** When the customer last wrote (opens the WhatsApp 24-hour window); null when never. */
export const ultimaEntradaDoCliente = async (db: DbOrTx, clienteId: number): Promise<Date | null> => {
  // Only a WhatsApp message opens WhatsApp's window (an e-mail or the portal does not).
  const [row] = await db
    .select({ em: mensagens.createdAt })
    .from(mensagens)
    .where(
      and(
        eq(mensagens.clienteId, clienteId),
        eq(mensagens.direcao, 'entrada'),
        eq(mensagens.canal, 'whatsapp'),
      ),
    )
    .orderBy(desc(mensagens.id))
    .limit(1);
  return row?.em ?? null;
};

/** The channel of the customer's last message to us (null: never wrote, or only through the portal). */
export const canalDaUltimaEntrada = async (db: DbOrTx, clienteId: number): Promise<Canal | null> => {
  const [row] = await db
    .select({ canal: mensagens.canal })
    .from(mensagens)
    .where(
      and(
        eq(mensagens.clienteId, clienteId),
        eq(mensagens.direcao, 'entrada'),
        inArray(mensagens.canal, [...CANAIS]),
      ),
    )
    .orderBy(desc(mensagens.id))
    .limit(1);
  return row && row.canal !== 'portal' ? row.canal : null;
};
