import type { Canal, MensagemOrigem, MensagemView, TemplateTipo } from '@cobranca/contracts';
import { desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { clientes, mensagens, usuarios } from '../../db/schema/index.ts';
import type { ResultadoEnvio } from '../canais/canal.ts';

// The message thread of a customer and the outbound rows the services create and then send.

export const LIMITE_THREAD = 500;

type MensagemRow = typeof mensagens.$inferSelect;

const toMensagemView = (m: MensagemRow, autorNome: string | null): MensagemView => ({
  id: m.id,
  direcao: m.direcao,
  origem: m.origem,
  status: m.status,
  conteudo: m.conteudo,
  autor: m.autorId === null ? null : { id: m.autorId, name: autorNome ?? '' },
  created_at: m.createdAt.toISOString(),
  enviada_em: m.enviadaEm?.toISOString() ?? null,
  entregue_em: m.entregueEm?.toISOString() ?? null,
  lida_em: m.lidaEm?.toISOString() ?? null,
  erro: m.erroMensagem ?? m.erroCodigo,
});

const comAutor = (db: DbOrTx) =>
  db
    .select({ m: mensagens, autorNome: usuarios.name })
    .from(mensagens)
    .leftJoin(usuarios, eq(usuarios.id, mensagens.autorId));

/** The latest `LIMITE_THREAD` messages of the customer, oldest first (newest last). */
export const listarThread = async (db: DbOrTx, clienteId: number): Promise<MensagemView[]> => {
  const rows = await comAutor(db)
    .where(eq(mensagens.clienteId, clienteId))
    .orderBy(desc(mensagens.id))
    .limit(LIMITE_THREAD);
  return rows.reverse().map(({ m, autorNome }) => toMensagemView(m, autorNome));
};

export const findMensagemView = async (db: DbOrTx, id: number): Promise<MensagemView> => {
  const [row] = await comAutor(db).where(eq(mensagens.id, id));
  if (!row) throw new Error(`mensagem ${id} não encontrada`);
  return toMensagemView(row.m, row.autorNome);
};

export type NovaMensagemSaida = {
  clienteId: number;
  telefone: string;
  conteudo: string;
  origem: MensagemOrigem;
  autorId: number | null;
  canal: Canal;
  templateTipo?: TemplateTipo;
  valorCentavos?: number;
};

/** Inserts an outbound message as `pendente` and makes it the customer's latest message. */
export const inserirMensagemSaida = async (tx: DbOrTx, nova: NovaMensagemSaida): Promise<number> => {
  const [row] = await tx
    .insert(mensagens)
    .values({
      clienteId: nova.clienteId,
      telefone: nova.telefone,
      direcao: 'saida',
      origem: nova.origem,
      status: 'pendente',
      conteudo: nova.conteudo,
      autorId: nova.autorId,
      canal: nova.canal,
      templateTipo: nova.templateTipo ?? null,
      valorCentavos: nova.valorCentavos ?? null,
    })
    .returning({ id: mensagens.id, createdAt: mensagens.createdAt });
  if (!row) throw new Error('insert de mensagem não devolveu a linha');
  await tx
    .update(clientes)
    .set({ ultimaMensagemEm: row.createdAt, ultimaMensagemTexto: nova.conteudo })
    .where(eq(clientes.id, nova.clienteId));
  return row.id;
};

/** Records what the channel answered for message `id`. */
export const registrarResultadoEnvio = async (
  db: DbOrTx,
  id: number,
  resultado: ResultadoEnvio,
): Promise<void> => {
  await db
    .update(mensagens)
    .set(
      resultado.ok
        ? {
            status: resultado.status,
            canalMensagemId: resultado.canalMensagemId,
            enviadaEm: resultado.enviadaEm,
            entregueEm: resultado.entregueEm,
            tentativas: 1,
          }
        : {
            status: 'falhou',
            erroCodigo: resultado.erroCodigo,
            erroMensagem: resultado.erroMensagem,
            falhouEm: new Date(),
            tentativas: 1,
          },
    )
    .where(eq(mensagens.id, id));
};
