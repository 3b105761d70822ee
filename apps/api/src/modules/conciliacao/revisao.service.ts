import type {
  AtribuirLancamentoBody,
  DecisaoLancamentoResponse,
  DescartarLancamentoBody,
} from '@cobranca/contracts';
import { centavosParaReais, formatarReais, hojeNoFuso, reaisParaCentavos } from '@cobranca/dominio';
import { eq } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { contasReceber, lancamentosBancarios } from '../../db/schema/index.ts';
import type { Ator } from '../../lib/ator.ts';
import { ErroDominio, erroDeCampo } from '../../lib/errors.ts';
import { registrarAuditoria } from '../auditoria/auditoria.repository.ts';
import { canaisAtivos } from '../canais/canais-ativos.ts';
import { percentuaisDe } from '../clientes/valor-atualizado.ts';
import { buscarSistemaSettings } from '../configuracoes/configuracoes.repository.ts';
import { buscarLancamentoView, LANCAMENTO_NAO_ENCONTRADO } from './conciliacao.views.ts';
import { formaDoCredito, liquidarLancamento } from './conciliar.ts';

// The review queue's decisions (docs/conciliacao.md §6): an admin assigns an entry, or part of it (a
// split is several assignments), to a receivable or to a customer's open receivables, or says it is
// not a collection. Each decision is audited; the entry is locked first, so two admins at once see
// what the other left.

export const LANCAMENTO_DECIDIDO =
  'Este lançamento não está mais em revisão: outra pessoa já decidiu sobre ele.';

const travarEmRevisao = async (tx: DbOrTx, id: number) => {
  const [l] = await tx
    .select()
    .from(lancamentosBancarios)
    .where(eq(lancamentosBancarios.id, id))
    .for('update');
  if (!l) throw new ErroDominio('LANCAMENTO_NAO_ENCONTRADO', LANCAMENTO_NAO_ENCONTRADO);
  if (l.situacao !== 'em_revisao' || l.restanteCentavos === 0)
    throw new ErroDominio('LANCAMENTO_JA_DECIDIDO', LANCAMENTO_DECIDIDO);
  return l;
};

export const atribuirLancamento = async (
  db: Db,
  appKey: Buffer,
  id: number,
  body: AtribuirLancamentoBody,
  ator: Ator,
): Promise<DecisaoLancamentoResponse> => {
  const settings = await buscarSistemaSettings(db);
  const canais = await canaisAtivos(db, appKey);
  const valorCentavos = reaisParaCentavos(body.valor);
  return db.transaction(async (tx) => {
    const l = await travarEmRevisao(tx, id);
    if (valorCentavos > l.restanteCentavos)
      throw erroDeCampo(
        'DADOS_INVALIDOS',
        'valor',
        `O valor passa do que resta a atribuir deste lançamento (${formatarReais(l.restanteCentavos)}).`,
      );
    const [conta] = body.conta_id
      ? await tx.select().from(contasReceber).where(eq(contasReceber.id, body.conta_id))
      : [];
    if (body.conta_id && conta?.status !== 'aberta')
      throw erroDeCampo(
        'DADOS_INVALIDOS',
        'conta_id',
        conta ? 'Esta conta não está em aberto.' : 'Conta a receber não encontrada.',
      );
    const clienteId = conta?.clienteId ?? body.cliente_id;
    if (!clienteId) throw erroDeCampo('DADOS_INVALIDOS', 'cliente_id', 'Escolha o cliente.');
    const hoje = hojeNoFuso(new Date(), settings.fuso_horario);
    let pago: Awaited<ReturnType<typeof liquidarLancamento>>;
    try {
      pago = await liquidarLancamento(
        { tx, percentuais: percentuaisDe(settings), canais },
        { clienteId, contasIds: conta ? [conta.id] : 'abertas', valorCentavos, data: hoje },
        {
          forma: formaDoCredito(l),
          observacao: `Atribuído da conciliação bancária (arquivo nº ${l.arquivoId}, linha ${l.linha})`,
          lancamentoBancarioId: l.id,
        },
      );
    } catch (error) {
      if (error instanceof ErroDominio && error.code === 'CLIENTE_NAO_ENCONTRADO')
        throw erroDeCampo('DADOS_INVALIDOS', 'cliente_id', 'Cliente não encontrado.');
      throw error;
    }
    if (pago.pagoCentavos === 0)
      throw erroDeCampo(
        'DADOS_INVALIDOS',
        body.conta_id ? 'conta_id' : 'cliente_id',
        'O cliente não tem contas em aberto para receber este valor.',
      );
    const restante = l.restanteCentavos - pago.pagoCentavos;
    await tx
      .update(lancamentosBancarios)
      .set({
        restanteCentavos: restante,
        situacao: restante === 0 ? 'atribuido' : 'em_revisao',
        regra: 'manual',
        clienteId: l.clienteId ?? clienteId,
        contaId: conta?.id ?? l.contaId,
        decididoPor: ator.usuarioId,
        decididoEm: new Date(),
        motivo:
          restante === 0
            ? `Atribuído por um administrador: ${formatarReais(l.valorCentavos)}.`
            : `${formatarReais(l.valorCentavos - restante)} atribuídos; restam ${formatarReais(restante)}.`,
      })
      .where(eq(lancamentosBancarios.id, l.id));
    await registrarAuditoria(tx, {
      usuarioId: ator.usuarioId,
      acao: 'conciliacao.lancamento_atribuido',
      descricao: `Lançamento bancário de ${formatarReais(l.valorCentavos)} (linha ${l.linha}): ${formatarReais(pago.pagoCentavos)} atribuídos ao cliente nº ${clienteId}`,
      entidade: 'lancamento_bancario',
      entidadeId: l.id,
      detalhes: {
        cliente_id: clienteId,
        conta_id: conta?.id ?? null,
        aplicado_centavos: pago.pagoCentavos,
        restante_centavos: restante,
        contas_quitadas: pago.quitadas,
      },
      ip: ator.ip,
    });
    return {
      lancamento: await buscarLancamentoView(tx, l.id),
      aplicado: centavosParaReais(pago.pagoCentavos),
      cliente_concluido: pago.clienteConcluido,
    };
  });
};

export const descartarLancamento = async (
  db: Db,
  id: number,
  body: DescartarLancamentoBody,
  ator: Ator,
): Promise<DecisaoLancamentoResponse> =>
  db.transaction(async (tx) => {
    const l = await travarEmRevisao(tx, id);
    const motivo = body.motivo
      ? `Não é cobrança: ${body.motivo}`
      : 'Não é cobrança (marcado por um administrador).';
    await tx
      .update(lancamentosBancarios)
      .set({ situacao: 'descartado', decididoPor: ator.usuarioId, decididoEm: new Date(), motivo })
      .where(eq(lancamentosBancarios.id, l.id));
    await registrarAuditoria(tx, {
      usuarioId: ator.usuarioId,
      acao: 'conciliacao.lancamento_descartado',
      descricao: `Lançamento bancário de ${formatarReais(l.valorCentavos)} (linha ${l.linha}) marcado como não sendo cobrança`,
      entidade: 'lancamento_bancario',
      entidadeId: l.id,
      detalhes: { restante_centavos: l.restanteCentavos, motivo: body.motivo ?? null },
      ip: ator.ip,
    });
    return { lancamento: await buscarLancamentoView(tx, l.id), aplicado: 0, cliente_concluido: false };
  });
