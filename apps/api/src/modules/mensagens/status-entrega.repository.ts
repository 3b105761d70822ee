import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { mensagens } from '../../db/schema/index.ts';
import { aposFalhaDefinitiva, registrarEnvioAceito } from './saida.repository.ts';
import { type StatusEntrega, statusAvanca } from './status-entrega.ts';

// Delivery statuses the channel reports for our outbound messages (webhook statuses[]). A status can
// name a message still `pendente`: its sender died after the channel took it, or the status overtook
// the send's answer. The reference the send carried (our id) then records it as sent, exactly as the
// answer would have, instead of it being sent again (decision 009).

/**
 * `desconhecida`: no outbound message has that channel id (nor is a pending one named by the
 * reference); `ignorada`: stale or repeated report; `reconciliada`: a pending message learned it was
 * sent from this report (and the report was applied).
 */
export type ResultadoStatusEntrega = 'atualizada' | 'ignorada' | 'desconhecida' | 'reconciliada';

// Each timestamp keeps the first report: a repeated one must not move it.
const primeiro = (coluna: typeof mensagens.enviadaEm, instante: Date): SQL =>
  sql`coalesce(${coluna}, ${instante.toISOString()}::timestamptz)`;

/** A later step implies the earlier ones: a `lida` that overtook its `entregue` fills both. */
const camposDoStatus = (s: StatusEntrega) => {
  const { instante } = s;
  switch (s.status) {
    case 'falhou':
      return {
        status: s.status,
        falhouEm: primeiro(mensagens.falhouEm, instante),
        erroCodigo: s.erroCodigo ?? null,
        erroMensagem: s.erroMensagem ?? null,
      };
    case 'lida':
      return {
        status: s.status,
        enviadaEm: primeiro(mensagens.enviadaEm, instante),
        entregueEm: primeiro(mensagens.entregueEm, instante),
        lidaEm: primeiro(mensagens.lidaEm, instante),
      };
    case 'entregue':
      return {
        status: s.status,
        enviadaEm: primeiro(mensagens.enviadaEm, instante),
        entregueEm: primeiro(mensagens.entregueEm, instante),
      };
    case 'enviada':
      return { status: s.status, enviadaEm: primeiro(mensagens.enviadaEm, instante) };
  }
};

const doCanal = (s: StatusEntrega) => and(eq(mensagens.provedor, s.provedor), eq(mensagens.direcao, 'saida'));

const travar = (tx: DbOrTx, onde: SQL | undefined) =>
  tx
    .select({
      id: mensagens.id,
      status: mensagens.status,
      origem: mensagens.origem,
      clienteId: mensagens.clienteId,
      conteudo: mensagens.conteudo,
    })
    .from(mensagens)
    .where(onde)
    .for('update');

/** The pending message the report's reference names, recorded as sent with the report's channel id. */
const reconciliar = async (tx: DbOrTx, s: StatusEntrega) => {
  if (s.mensagemId === undefined) return undefined;
  const [pendente] = await travar(
    tx,
    and(doCanal(s), eq(mensagens.id, s.mensagemId), eq(mensagens.status, 'pendente')),
  );
  if (!pendente) return undefined;
  await registrarEnvioAceito(tx, pendente, {
    ok: true,
    canalMensagemId: s.canalMensagemId,
    status: 'enviada',
    enviadaEm: s.instante,
    entregueEm: null,
  });
  return { ...pendente, status: 'enviada' as const };
};

/** Applies one status report; idempotent, and never moves a message backwards. */
export const registrarStatusCanal = (db: Db, s: StatusEntrega): Promise<ResultadoStatusEntrega> =>
  db.transaction(async (tx) => {
    const [conhecida] = await travar(tx, and(doCanal(s), eq(mensagens.canalMensagemId, s.canalMensagemId)));
    const reconciliada = conhecida ? undefined : await reconciliar(tx, s);
    const mensagem = conhecida ?? reconciliada;
    if (!mensagem) return 'desconhecida';
    if (!statusAvanca(mensagem.status, s.status)) return reconciliada ? 'reconciliada' : 'ignorada';
    await tx.update(mensagens).set(camposDoStatus(s)).where(eq(mensagens.id, mensagem.id));
    // Undeliverable after all (not a WhatsApp user, an undeliverable SMS): the next channel, or the step
    // failed for the engine (docs/produto.md §11, §12: permanent failures are kept).
    if (s.status === 'falhou') await aposFalhaDefinitiva(tx, mensagem, s.instante);
    return reconciliada ? 'reconciliada' : 'atualizada';
  });
