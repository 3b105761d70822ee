import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { recorrenciasPix } from '../../../db/schema/index.ts';
import { registrarAuditoria } from '../../auditoria/auditoria.repository.ts';
import { type ProvedorConfigurado, provedorPixAtivo } from '../../pix/configuracao/provedor-ativo.ts';
import { ErroApiPix } from '../../pix/psp/api-pix-erros.ts';
import type { StatusRecorrenciaPsp } from '../../pix/psp/provedor-recorrencias.ts';
import { registrarEventoDebito } from './eventos.ts';
import { recorrenciaVigente } from './recorrencias.repository.ts';

// Ending a recurrence from our side (docs/pix-automatico.md §4): PATCH at the PSP first. A refusal is
// trusted only when the PSP, read back, holds the recurrence already ended: a refused request (a field,
// an attempt in progress) leaves it approved there, and ending it here would have the customer pay twice.

const ENCERRADAS: ReadonlySet<StatusRecorrenciaPsp> = new Set(['REJEITADA', 'EXPIRADA', 'CANCELADA']);

export const cancelarNoPsp = async (pix: ProvedorConfigurado, idRec: string): Promise<void> => {
  const { recorrencias } = pix.provedor;
  try {
    await recorrencias.cancelarRecorrencia(idRec);
  } catch (erro) {
    if (!(erro instanceof ErroApiPix) || erro.transitorio) throw erro;
    const lida = await recorrencias.consultarRecorrencia(idRec);
    if (!lida || !ENCERRADAS.has(lida.status)) throw erro;
  }
};

/**
 * A settled agreement's automatic debit ends: nothing is left to debit, and the recurrence would stay
 * approved at the PSP until its last date.
 */
export const encerrarDebitoDoAcordoQuitado = async (
  db: Db,
  appKey: Buffer,
  negociacaoId: number,
): Promise<boolean> => {
  const rec = await recorrenciaVigente(db, negociacaoId);
  if (!rec) return false;
  if (rec.idRec) await cancelarNoPsp(await provedorPixAtivo(db, appKey), rec.idRec);
  return db.transaction(async (tx) => {
    const atual = await recorrenciaVigente(tx, negociacaoId, { forUpdate: true });
    if (!atual) return false;
    const motivo = 'Acordo quitado: não há mais parcelas a debitar';
    await tx
      .update(recorrenciasPix)
      .set({ status: 'cancelada', canceladaPor: 'sistema', encerradaEm: new Date(), motivo })
      .where(eq(recorrenciasPix.id, atual.id));
    await registrarEventoDebito(tx, {
      recorrenciaId: atual.id,
      clienteId: atual.clienteId,
      evento: 'cancelado',
      detalhe: motivo,
    });
    await registrarAuditoria(tx, {
      usuarioId: null,
      acao: 'debito_automatico.cancelado',
      descricao: `Débito automático do acordo #${negociacaoId} encerrado: o acordo foi quitado`,
      entidade: 'negociacao',
      entidadeId: negociacaoId,
      detalhes: { recorrencia_id: atual.id, id_rec: atual.idRec },
    });
    return true;
  });
};
