import type { DebitoEvento, RecorrenciaStatus } from '@cobranca/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../../db/client.ts';
import { cobrancasRecorrentes, recorrenciasPix } from '../../../db/schema/index.ts';
import { enfileirar } from '../../../fila/enfileirar.ts';
import { registrarAuditoria } from '../../auditoria/auditoria.repository.ts';
import { removerCobrancasDasContas } from '../../pix/cobrancas/cobrancas.repository.ts';
import { cobrarParcelasAposCommit } from '../../pix/cobrancas/jobs/cobrar-parcelas.job.ts';
import type { RecorrenciaLida, StatusRecorrenciaPsp } from '../../pix/psp/provedor-recorrencias.ts';
import { registrarEventoDebito } from '../adesao/eventos.ts';
import { buscarRecorrencia, type RecorrenciaRow } from '../adesao/recorrencias.repository.ts';
import { cobrarDebitos } from './jobs/cobrar.job.ts';

// What the PSP says of a recurrence, read back (never a callback's word), applied once
// (docs/pix-automatico.md §3): approved, the agreement is in automatic debit; rejected, expired or
// cancelled, it goes back to ordinary collection — its open instalments get PIX charges again (the
// agreement's job) and the régua collects them — and the operator sees it on the timeline, live.

const LOCAL: Record<StatusRecorrenciaPsp, Exclude<RecorrenciaStatus, 'pendente'>> = {
  CRIADA: 'criada',
  APROVADA: 'aprovada',
  REJEITADA: 'rejeitada',
  EXPIRADA: 'expirada',
  CANCELADA: 'cancelada',
};

const FINAIS: ReadonlySet<RecorrenciaStatus> = new Set(['rejeitada', 'expirada', 'cancelada']);

const DESCRICAO: Record<'aprovada' | 'rejeitada' | 'expirada' | 'cancelada', (n: number) => string> = {
  aprovada: (n) => `Débito automático do acordo #${n} aprovado pelo cliente`,
  rejeitada: (n) => `Débito automático do acordo #${n} recusado pelo cliente: volta à cobrança comum`,
  expirada: (n) => `Débito automático do acordo #${n} expirou sem aprovação: volta à cobrança comum`,
  cancelada: (n) => `Débito automático do acordo #${n} cancelado: volta à cobrança comum`,
};

/**
 * Ends a recurrence here (the PSP already ended it, or is being told to): its recurring charges still
 * active stop and are cancelled at the PSP, and the agreement's open instalments get ordinary charges.
 */
export const voltarACobrancaComum = async (tx: DbOrTx, rec: RecorrenciaRow): Promise<void> => {
  const contas = await tx
    .update(cobrancasRecorrentes)
    .set({ status: 'cancelada' })
    .where(
      and(
        eq(cobrancasRecorrentes.recorrenciaId, rec.id),
        inArray(cobrancasRecorrentes.status, ['criada', 'ativa']),
      ),
    )
    .returning({ contaId: cobrancasRecorrentes.contaId });
  await removerCobrancasDasContas(
    tx,
    contas.map((c) => c.contaId),
    [],
    'cobr',
  );
  await cobrarParcelasAposCommit(tx, rec.negociacaoId);
};

const eventoDe = (status: RecorrenciaStatus, pelaPagadora: boolean): DebitoEvento => {
  if (status === 'aprovada') return 'aprovado';
  if (status === 'rejeitada') return 'recusado';
  if (status === 'expirada') return 'expirado';
  return pelaPagadora ? 'cancelado_pelo_cliente' : 'cancelado';
};

/** Applies the PSP's answer; a recurrence already ended never changes again. Answers whether anything did. */
export const aplicarRecorrencia = async (db: Db, lida: RecorrenciaLida): Promise<boolean> =>
  db.transaction(async (tx) => {
    const rec = await buscarRecorrencia(tx, { idRec: lida.idRec }, { forUpdate: true });
    if (!rec) return false;
    const status = LOCAL[lida.status];
    if (status === rec.status || FINAIS.has(rec.status) || status === 'criada') return false;
    const pelaPagadora = lida.encerramento?.pelaPagadora === true;
    const agora = new Date();
    await tx
      .update(recorrenciasPix)
      .set(
        status === 'aprovada'
          ? { status, aprovadaEm: agora }
          : {
              status,
              encerradaEm: agora,
              canceladaPor: status === 'cancelada' ? (pelaPagadora ? 'cliente' : 'sistema') : null,
              motivo: lida.encerramento?.motivo ?? null,
            },
      )
      .where(eq(recorrenciasPix.id, rec.id));
    const evento = eventoDe(status, pelaPagadora);
    await registrarEventoDebito(tx, {
      recorrenciaId: rec.id,
      clienteId: rec.clienteId,
      evento,
      detalhe: lida.encerramento?.motivo ?? null,
    });
    await registrarAuditoria(tx, {
      usuarioId: null,
      acao: `debito_automatico.${evento}`,
      descricao: DESCRICAO[status](rec.negociacaoId),
      entidade: 'negociacao',
      entidadeId: rec.negociacaoId,
      detalhes: {
        recorrencia_id: rec.id,
        id_rec: rec.idRec,
        status: lida.status,
        motivo: lida.encerramento?.motivo ?? null,
      },
    });
    // Approved: an instalment already inside D-10…D-2 gets its charge now, not at the next hourly run.
    if (status === 'aprovada') await enfileirar(tx, cobrarDebitos, {});
    else await voltarACobrancaComum(tx, rec);
    return true;
  });
