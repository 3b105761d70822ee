import type { Canal } from '@cobranca/contracts';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { mensagens, reguaEnvios } from '../../db/schema/index.ts';
import { type StatusCanal, statusAvanca } from './status-entrega.ts';

// Delivery statuses the channel reports for our outbound messages (webhook statuses[]).

export type StatusEntrega = {
  canal: Canal;
  canalMensagemId: string;
  status: StatusCanal;
  instante: Date;
  erroCodigo?: string;
  erroMensagem?: string;
};

/** `desconhecida`: no outbound message has that channel id; `ignorada`: stale or repeated report. */
export type ResultadoStatusEntrega = 'atualizada' | 'ignorada' | 'desconhecida';

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

/** Applies one status report; idempotent, and never moves a message backwards. */
export const registrarStatusCanal = (db: Db, s: StatusEntrega): Promise<ResultadoStatusEntrega> =>
  db.transaction(async (tx) => {
    const [mensagem] = await tx
      .select({ id: mensagens.id, status: mensagens.status, origem: mensagens.origem })
      .from(mensagens)
      .where(
        and(
          eq(mensagens.canal, s.canal),
          eq(mensagens.canalMensagemId, s.canalMensagemId),
          eq(mensagens.direcao, 'saida'),
        ),
      )
      .for('update');
    if (!mensagem) return 'desconhecida';
    if (!statusAvanca(mensagem.status, s.status)) return 'ignorada';
    await tx.update(mensagens).set(camposDoStatus(s)).where(eq(mensagens.id, mensagem.id));
    // The engine reads regua_envios to know a step failed (PRODUCT §4: permanent failures are kept).
    if (s.status === 'falhou' && mensagem.origem === 'regua')
      await tx.update(reguaEnvios).set({ status: 'falhou' }).where(eq(reguaEnvios.mensagemId, mensagem.id));
    return 'atualizada';
  });
