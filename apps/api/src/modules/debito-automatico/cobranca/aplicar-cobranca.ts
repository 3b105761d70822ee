import type { CobrancaRecorrenteStatus } from '@cobranca/contracts';
import { formatarDataBr, hojeNoFuso, proximoPasso } from '@cobranca/dominio';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import {
  clientes,
  cobrancasPix,
  cobrancasRecorrentes,
  contasReceber,
  type PixRecebidoOrigem,
  recorrenciasPix,
  type TentativaArmazenada,
} from '../../../db/schema/index.ts';
import { canaisAtivos } from '../../canais/canais-ativos.ts';
import type { Canais } from '../../canais/canal.ts';
import { buscarSistemaSettings } from '../../configuracoes/configuracoes.repository.ts';
import { codigoDaCobranca, removerCobrancasDasContas } from '../../pix/cobrancas/cobrancas.repository.ts';
import { criarCobrancas } from '../../pix/cobrancas/criar-cobranca.ts';
import { type ProvedorConfigurado, provedorPixAtivo } from '../../pix/configuracao/provedor-ativo.ts';
import { registrarPixConfirmado } from '../../pix/liquidacao/liquidacao.service.ts';
import { ErroApiPix } from '../../pix/psp/api-pix-erros.ts';
import type { CobrancaRecorrenteLida, TentativaLida } from '../../pix/psp/provedor-recorrencias.ts';
import { registrarEventoDebito } from '../adesao/eventos.ts';
import { avisarCliente } from '../avisos/avisos-debito.ts';
import { tentativasArmazenadas } from './tentativas.ts';

// What the PSP says of an instalment's recurring charge, read back, applied (docs/pix-automatico.md §4):
// the PIX it carries settle through the one PIX path (idempotent by endToEndId, so a duplicate callback,
// a replay or the reconciliation meeting it settle once); the attempts are stored, each outcome on the
// timeline; then a rejected attempt is retried while the policy allows, and after that the instalment
// gets an ordinary PIX charge.

type Estado = {
  cobrancaId: number;
  recorrenciaId: number;
  clienteId: number;
  contaId: number;
  txid: string;
  vencimento: string;
  politica: 'NAO_PERMITE' | 'PERMITE_3R_7D';
  pixAvulsoId: number | null;
  tentativas: TentativaArmazenada[];
};

const MUDANCAS: Partial<Record<TentativaLida['status'], 'tentativa_paga' | 'tentativa_recusada'>> = {
  PAGA: 'tentativa_paga',
  REJEITADA: 'tentativa_recusada',
};

/** Stores the charge's status and attempts; the attempts whose outcome is new go on the timeline. */
const registrar = (db: Db, lida: CobrancaRecorrenteLida): Promise<Estado | null> =>
  db.transaction(async (tx) => {
    const [linha] = await tx
      .select({
        cobrancaId: cobrancasRecorrentes.cobrancaId,
        recorrenciaId: cobrancasRecorrentes.recorrenciaId,
        clienteId: cobrancasPix.clienteId,
        contaId: cobrancasRecorrentes.contaId,
        txid: cobrancasPix.txid,
        vencimento: sql<string>`${cobrancasPix.vencimento}`,
        politica: recorrenciasPix.politica,
        pixAvulsoId: cobrancasRecorrentes.pixAvulsoId,
        tentativas: cobrancasRecorrentes.tentativas,
      })
      .from(cobrancasRecorrentes)
      .innerJoin(cobrancasPix, eq(cobrancasPix.id, cobrancasRecorrentes.cobrancaId))
      .innerJoin(recorrenciasPix, eq(recorrenciasPix.id, cobrancasRecorrentes.recorrenciaId))
      .where(eq(cobrancasPix.txid, lida.txid))
      .for('update', { of: cobrancasRecorrentes });
    if (!linha) return null;
    const tentativas = tentativasArmazenadas(lida.tentativas);
    for (const [i, t] of tentativas.entries()) {
      const evento = MUDANCAS[t.status];
      if (!evento || linha.tentativas[i]?.status === t.status) continue;
      await registrarEventoDebito(tx, {
        recorrenciaId: linha.recorrenciaId,
        clienteId: linha.clienteId,
        evento,
        contaId: linha.contaId,
        detalhe: `Tentativa de ${formatarDataBr(t.data)}${t.status === 'PAGA' ? ': paga' : ': recusada pelo banco do cliente'}`,
      });
    }
    await tx
      .update(cobrancasRecorrentes)
      .set({ status: lida.status.toLowerCase() as CobrancaRecorrenteStatus, tentativas })
      .where(eq(cobrancasRecorrentes.cobrancaId, linha.cobrancaId));
    return { ...linha, tentativas };
  });

const retentar = async (db: Db, pix: ProvedorConfigurado, e: Estado, data: string): Promise<void> => {
  const { recorrencias } = pix.provedor;
  let lida: CobrancaRecorrenteLida | null;
  try {
    lida = await recorrencias.retentar(e.txid, data);
  } catch (erro) {
    // A concurrent run asked first: the PSP refuses a retry while one is open; read what it holds.
    if (!(erro instanceof ErroApiPix) || erro.transitorio) throw erro;
    lida = await recorrencias.consultarCobranca(e.txid);
    if (!lida) throw erro;
  }
  const tentativas: TentativaArmazenada[] = lida
    ? tentativasArmazenadas(lida.tentativas)
    : [...e.tentativas, { data, tipo: 'NTAG', status: 'AGENDADA', end_to_end_id: null }];
  await db.transaction(async (tx) => {
    await tx
      .update(cobrancasRecorrentes)
      .set({ tentativas })
      .where(eq(cobrancasRecorrentes.cobrancaId, e.cobrancaId));
    await registrarEventoDebito(tx, {
      recorrenciaId: e.recorrenciaId,
      clienteId: e.clienteId,
      evento: 'retentativa',
      contaId: e.contaId,
      detalhe: `Nova tentativa de débito em ${formatarDataBr(data)}`,
    });
  });
};

/** The automatic debit gave up on this instalment: its recurring charge stops, an ordinary one takes over. */
const recorrerAoPixAvulso = async (
  db: Db,
  pix: ProvedorConfigurado,
  canais: Canais,
  e: Estado,
  agora: Date,
): Promise<void> => {
  if (e.pixAvulsoId !== null) return;
  const [linha] = await db
    .select({
      conta: contasReceber,
      nome: clientes.nome,
      documento: clientes.documento,
      documentoTipo: clientes.documentoTipo,
    })
    .from(contasReceber)
    .innerJoin(clientes, eq(clientes.id, contasReceber.clienteId))
    .where(and(eq(contasReceber.id, e.contaId), eq(contasReceber.status, 'aberta')));
  if (!linha) return;
  const { conta, ...devedor } = linha;
  const { falhas } = await criarCobrancas(
    db,
    pix,
    await buscarSistemaSettings(db),
    [
      {
        clienteId: e.clienteId,
        devedor,
        contas: [conta],
        origem: 'acordo' as const,
        para: `avulso:${conta.id}`,
      },
    ],
    agora,
    {
      manter: async (tx) => {
        const [ainda] = await tx
          .select({ avulso: cobrancasRecorrentes.pixAvulsoId })
          .from(cobrancasRecorrentes)
          .where(eq(cobrancasRecorrentes.cobrancaId, e.cobrancaId))
          .for('update');
        return ainda?.avulso === null;
      },
      junto: async (tx, [criada]) => {
        if (!criada) return;
        await tx
          .update(cobrancasRecorrentes)
          .set({ pixAvulsoId: criada.cobranca.id })
          .where(eq(cobrancasRecorrentes.cobrancaId, e.cobrancaId));
        // The recurring charge stops (and is cancelled at the PSP): the new one takes over.
        await removerCobrancasDasContas(tx, [e.contaId], [criada.cobranca.id], 'cobr');
        await registrarEventoDebito(tx, {
          recorrenciaId: e.recorrenciaId,
          clienteId: e.clienteId,
          evento: 'pix_avulso',
          contaId: e.contaId,
          detalhe: 'O débito automático não conseguiu debitar a parcela: ela passa a ter um PIX comum.',
        });
        await avisarCliente(tx, canais, {
          tipo: 'debito_recusado',
          clienteId: e.clienteId,
          valorCentavos: Number(criada.cobranca.valorCentavos),
          vencimento: e.vencimento,
          agora,
          pix: { txid: criada.cobranca.txid, copiaECola: codigoDaCobranca(criada.cobranca) },
        });
      },
    },
  );
  // The PSP failed: the job's retry asks again, under the same txid.
  const [falha] = falhas;
  if (falha) throw falha.erro;
};

/** Applies what the PSP holds for a recurring charge now; `origem` says how we learnt of it. */
export const aplicarCobrancaRecorrente = async (
  db: Db,
  appKey: Buffer,
  lida: CobrancaRecorrenteLida,
  opcoes: { origem?: PixRecebidoOrigem; agora?: Date; pixDe?: () => Promise<ProvedorConfigurado> } = {},
): Promise<void> => {
  const { origem = 'webhook', agora = new Date(), pixDe = () => provedorPixAtivo(db, appKey) } = opcoes;
  for (const pix of lida.pix) await registrarPixConfirmado(db, appKey, pix, origem);
  const estado = await registrar(db, lida);
  if (!estado) return;
  const { fuso_horario } = await buscarSistemaSettings(db);
  const passo = proximoPasso(
    {
      vencimento: estado.vencimento,
      politica: estado.politica,
      status: lida.status,
      tentativas: lida.tentativas,
    },
    hojeNoFuso(agora, fuso_horario),
  );
  if (passo.passo === 'retentar') await retentar(db, await pixDe(), estado, passo.data);
  else if (passo.passo === 'pix_avulso')
    await recorrerAoPixAvulso(db, await pixDe(), await canaisAtivos(db, appKey), estado, agora);
};
