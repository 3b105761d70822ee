import type { ClienteDetalhe, NegociacaoView } from '@cobranca/contracts';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { negociacoes, recorrenciasPix } from '../../../db/schema/index.ts';
import type { Ator } from '../../../lib/ator.ts';
import { ErroDominio } from '../../../lib/errors.ts';
import { ClienteDetalheRepository } from '../../atendimento/cliente-detalhe.repository.ts';
import { registrarAuditoria } from '../../auditoria/auditoria.repository.ts';
import { ClientesDoOperador } from '../../clientes/clientes-operador.repository.ts';
import type { EscopoOperador } from '../../clientes/escopo-operador.ts';
import { provedorPixAtivo } from '../../pix/configuracao/provedor-ativo.ts';
import { cancelarNoPsp } from '../adesao/encerrar-recorrencia.ts';
import { registrarEventoDebito } from '../adesao/eventos.ts';
import { recorrenciaVigente } from '../adesao/recorrencias.repository.ts';
import { voltarACobrancaComum } from './aplicar-recorrencia.ts';

// The operator cancels an agreement's automatic debit (docs/pix-automatico.md §4): the recurrence is
// cancelled at the PSP first (PATCH; one the PSP, read back, already ended counts as cancelled), then
// here, and the agreement's open instalments go back to ordinary collection.

const SEM_DEBITO = 'Este acordo não tem débito automático em vigor.';

export const cancelarDebitoAutomatico = async (
  db: Db,
  appKey: Buffer,
  escopo: EscopoOperador,
  clienteId: number,
  negociacaoId: number,
  ator: Ator,
): Promise<{ negociacao: NegociacaoView; cliente: ClienteDetalhe }> => {
  const antes = await db.transaction(async (tx) => {
    await new ClientesDoOperador(tx, escopo).buscarParaAgirOrThrow(clienteId);
    const [acordo] = await tx
      .select({ id: negociacoes.id })
      .from(negociacoes)
      .where(and(eq(negociacoes.id, negociacaoId), eq(negociacoes.clienteId, clienteId)));
    if (!acordo)
      throw new ErroDominio('NEGOCIACAO_NAO_ENCONTRADA', 'Acordo não encontrado para este cliente.');
    const rec = await recorrenciaVigente(tx, negociacaoId);
    if (!rec) throw new ErroDominio('DEBITO_AUTOMATICO_INATIVO', SEM_DEBITO);
    return rec;
  });
  if (antes.idRec) await cancelarNoPsp(await provedorPixAtivo(db, appKey), antes.idRec);
  return db.transaction(async (tx) => {
    await new ClientesDoOperador(tx, escopo).buscarParaAgirOrThrow(clienteId);
    const rec = await recorrenciaVigente(tx, negociacaoId, { forUpdate: true });
    if (rec) {
      await tx
        .update(recorrenciasPix)
        .set({
          status: 'cancelada',
          canceladaPor: 'operador',
          encerradaEm: new Date(),
          motivo: 'Cancelado pelo operador',
        })
        .where(eq(recorrenciasPix.id, rec.id));
      await registrarEventoDebito(tx, {
        recorrenciaId: rec.id,
        clienteId,
        evento: 'cancelado',
        detalhe: 'Cancelado pelo operador',
      });
      await registrarAuditoria(tx, {
        usuarioId: ator.usuarioId,
        acao: 'debito_automatico.cancelado',
        descricao: `Débito automático do acordo #${negociacaoId} cancelado pelo operador: volta à cobrança comum`,
        entidade: 'negociacao',
        entidadeId: negociacaoId,
        detalhes: { recorrencia_id: rec.id, id_rec: rec.idRec },
        ip: ator.ip,
      });
      await voltarACobrancaComum(tx, rec);
    }
    const cliente = await new ClienteDetalheRepository(tx, escopo).buscarOrThrow(clienteId);
    const negociacao = cliente.negociacoes.find((n) => n.id === negociacaoId);
    if (!negociacao) throw new Error(`negociação ${negociacaoId} sumiu`);
    return { negociacao, cliente };
  });
};
