import type { ClienteDetalhe, DebitoSimulacao } from '@cobranca/contracts';
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { cobrancasPix, cobrancasRecorrentes, contasReceber } from '../../../db/schema/index.ts';
import type { Ator } from '../../../lib/ator.ts';
import { ErroDominio } from '../../../lib/errors.ts';
import { ClienteDetalheRepository } from '../../atendimento/cliente-detalhe.repository.ts';
import { registrarAuditoria } from '../../auditoria/auditoria.repository.ts';
import { ClientesDoOperador } from '../../clientes/clientes-operador.repository.ts';
import type { EscopoOperador } from '../../clientes/escopo-operador.ts';
import { buscarCobranca } from '../../pix/cobrancas/cobrancas.repository.ts';
import { buscarPixArmazenado } from '../../pix/configuracao/pix-settings.repository.ts';
import { provedorPixAtivo } from '../../pix/configuracao/provedor-ativo.ts';
import { endToEndSimulado, pagarCobrancaSimulada } from '../../pix/liquidacao/simulacao-pix.service.ts';
import type { CobrancaRecorrenteLida } from '../../pix/psp/provedor-recorrencias.ts';
import { type RecorrenciaRow, recorrenciaVigente } from '../adesao/recorrencias.repository.ts';
import { aplicarCobrancaRecorrente } from './aplicar-cobranca.ts';
import { aplicarRecorrencia } from './aplicar-recorrencia.ts';
import { cobrarProximaParcela } from './cobrar-parcelas-recorrentes.ts';
import { tentativasLidas } from './tentativas.ts';

// The payer's side of PIX Automático on the embedded simulator (docs/pix-automatico.md §6), from the
// workspace: approve (paying the first instalment), refuse, cancel, and the next instalment debited or
// refused by the bank. Each goes through the same path as a PSP's answer read back.

const SIMULADOR_INATIVO =
  'O provedor PIX ativo é a API Pix de um PSP: o débito automático só pode ser simulado com o simulador (Config. PIX).';

const DESCRICAO: Record<DebitoSimulacao, string> = {
  aprovar: 'aprovação do débito automático',
  recusar: 'recusa do débito automático',
  cancelar: 'cancelamento do débito automático pelo cliente',
  debitar: 'débito da próxima parcela',
  recusar_debito: 'recusa do débito da próxima parcela pelo banco',
};

/** The next instalment's recurring charge with its open attempt settled as `status`. */
const tentativaDaProxima = async (
  db: Db,
  appKey: Buffer,
  rec: RecorrenciaRow,
  status: 'PAGA' | 'REJEITADA',
  agora: Date,
): Promise<CobrancaRecorrenteLida> => {
  const daProxima = () =>
    db
      .select({
        txid: cobrancasPix.txid,
        valor: cobrancasPix.valorCentavos,
        tentativas: cobrancasRecorrentes.tentativas,
      })
      .from(cobrancasRecorrentes)
      .innerJoin(cobrancasPix, eq(cobrancasPix.id, cobrancasRecorrentes.cobrancaId))
      .innerJoin(contasReceber, eq(contasReceber.id, cobrancasRecorrentes.contaId))
      .where(
        and(
          eq(cobrancasRecorrentes.recorrenciaId, rec.id),
          eq(cobrancasPix.status, 'ativa'),
          eq(contasReceber.status, 'aberta'),
        ),
      )
      .orderBy(asc(contasReceber.vencimento))
      .limit(1);
  let [cobr] = await daProxima();
  if (!cobr) {
    // Time passes on the simulator: the next instalment gets its charge now, not at D-10.
    if (!(await cobrarProximaParcela(db, appKey, await provedorPixAtivo(db, appKey), rec.negociacaoId)))
      throw new ErroDominio('DEBITO_AUTOMATICO_INATIVO', 'Não há parcela em aberto para debitar.');
    [cobr] = await daProxima();
    if (!cobr) throw new Error('cobrança recorrente não criada');
  }
  const tentativas = tentativasLidas(cobr.tentativas);
  const aberta = tentativas.findLast((t) => t.status === 'AGENDADA' || t.status === 'SOLICITADA');
  if (!aberta)
    throw new ErroDominio('DEBITO_AUTOMATICO_INATIVO', 'A parcela não tem tentativa de débito em aberto.');
  aberta.status = status;
  return {
    txid: cobr.txid,
    status: status === 'PAGA' ? 'CONCLUIDA' : 'ATIVA',
    tentativas,
    pix:
      status === 'PAGA'
        ? [
            {
              endToEndId: endToEndSimulado(agora),
              txid: cobr.txid,
              valorCentavos: cobr.valor,
              horario: agora,
              pagador: null,
            },
          ]
        : [],
  };
};

export const simularDebitoAutomatico = async (
  db: Db,
  appKey: Buffer,
  escopo: EscopoOperador,
  clienteId: number,
  negociacaoId: number,
  acao: DebitoSimulacao,
  ator: Ator,
  agora = new Date(),
): Promise<{ cliente: ClienteDetalhe }> => {
  if ((await buscarPixArmazenado(db)).provedor !== 'simulador')
    throw new ErroDominio('SIMULADOR_INATIVO', SIMULADOR_INATIVO);
  await new ClientesDoOperador(db, escopo).buscarParaAgirOrThrow(clienteId);
  const rec = await recorrenciaVigente(db, negociacaoId);
  if (!rec || rec.clienteId !== clienteId)
    throw new ErroDominio('DEBITO_AUTOMATICO_INATIVO', 'Este acordo não tem débito automático em vigor.');
  if (!rec.idRec)
    throw new ErroDominio('DEBITO_AUTOMATICO_INATIVO', 'O débito automático ainda está sendo criado.');
  const aprovada = rec.status === 'aprovada';
  // The payer may cancel at any time; the other actions belong before or after the approval.
  if (acao !== 'cancelar' && (acao === 'debitar' || acao === 'recusar_debito') !== aprovada)
    throw new ErroDominio(
      'DEBITO_AUTOMATICO_INATIVO',
      aprovada ? 'O débito automático já foi aprovado.' : 'O cliente ainda não aprovou o débito automático.',
    );
  if (acao === 'aprovar') {
    const cob = rec.txidJornada ? await buscarCobranca(db, rec.txidJornada) : undefined;
    if (cob?.status === 'ativa')
      await pagarCobrancaSimulada(db, appKey, cob.txid, ator, { clienteId, agora });
    await aplicarRecorrencia(db, { idRec: rec.idRec, status: 'APROVADA', encerramento: null });
  } else if (acao === 'recusar' || acao === 'cancelar')
    await aplicarRecorrencia(db, {
      idRec: rec.idRec,
      status: acao === 'recusar' ? 'REJEITADA' : 'CANCELADA',
      encerramento: { pelaPagadora: true, motivo: `${DESCRICAO[acao]} (simulado)` },
    });
  else
    await aplicarCobrancaRecorrente(
      db,
      appKey,
      await tentativaDaProxima(db, appKey, rec, acao === 'debitar' ? 'PAGA' : 'REJEITADA', agora),
      { origem: 'simulador', agora },
    );
  await registrarAuditoria(db, {
    usuarioId: ator.usuarioId,
    acao: 'debito_automatico.simulado',
    descricao: `Simulada a ${DESCRICAO[acao]} do acordo #${negociacaoId}`,
    entidade: 'negociacao',
    entidadeId: negociacaoId,
    detalhes: { acao, recorrencia_id: rec.id },
    ip: ator.ip,
  });
  return { cliente: await new ClienteDetalheRepository(db, escopo).buscarOrThrow(clienteId) };
};
