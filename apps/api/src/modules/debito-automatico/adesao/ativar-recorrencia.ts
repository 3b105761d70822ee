import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import {
  clientes,
  cobrancaPixContas,
  cobrancasPix,
  contasReceber,
  recorrenciasPix,
} from '../../../db/schema/index.ts';
import { registrarAuditoria } from '../../auditoria/auditoria.repository.ts';
import { type ProvedorConfigurado, provedorPixAtivo } from '../../pix/configuracao/provedor-ativo.ts';
import { ErroApiPix } from '../../pix/psp/api-pix-erros.ts';
import { buscarRecorrencia, type RecorrenciaRow, recorrenciaVigente } from './recorrencias.repository.ts';

// Journey 3 (docs/pix-automatico.md §2, decision 043): the first instalment's immediate charge, then the
// recurrence's location, the recurrence naming both, and the composite code that pays the one and
// approves the other. Each step is stored before the next; the PSP is called with no lock held. Two
// runs at once are safe: the location is stored only if none was, and the PSP binds a location to one
// recurrence, so the loser of a race finds the winner's recurrence through it.

/** The agreement's first instalment: whether it is open, and its active immediate charge if it has one. */
const primeiraParcela = async (db: Db, negociacaoId: number) => {
  const [primeira] = await db
    .select({ id: contasReceber.id, status: contasReceber.status })
    .from(contasReceber)
    .where(and(eq(contasReceber.negociacaoId, negociacaoId), eq(contasReceber.origem, 'acordo')))
    .orderBy(asc(contasReceber.vencimento), asc(contasReceber.id))
    .limit(1);
  if (!primeira) return { aberta: false, cob: undefined };
  const [cobranca] = await db
    .select({ txid: cobrancasPix.txid, tipo: cobrancasPix.tipo, pixCopiaECola: cobrancasPix.pixCopiaECola })
    .from(cobrancasPix)
    .innerJoin(cobrancaPixContas, eq(cobrancaPixContas.cobrancaId, cobrancasPix.id))
    .where(
      and(
        eq(cobrancaPixContas.contaId, primeira.id),
        eq(cobrancasPix.origem, 'acordo'),
        eq(cobrancasPix.status, 'ativa'),
        eq(cobrancasPix.tipo, 'cob'),
      ),
    )
    .limit(1);
  return {
    aberta: primeira.status === 'aberta',
    cob: cobranca?.pixCopiaECola ? { txid: cobranca.txid, pixCopiaECola: cobranca.pixCopiaECola } : undefined,
  };
};

const devedorDa = async (db: Db, clienteId: number) => {
  const [cliente] = await db
    .select({ nome: clientes.nome, documento: clientes.documento })
    .from(clientes)
    .where(eq(clientes.id, clienteId));
  if (!cliente?.documento) throw new Error(`cliente ${clienteId} sem CPF/CNPJ para a recorrência`);
  return { nome: cliente.nome.slice(0, 140), documento: cliente.documento.replace(/\D/g, '') };
};

const locationDa = async (db: Db, rec: RecorrenciaRow, pix: ProvedorConfigurado) => {
  if (rec.locId !== null && rec.location !== null) return { id: rec.locId, location: rec.location };
  const nova = await pix.provedor.recorrencias.criarLocation();
  await db
    .update(recorrenciasPix)
    .set({ locId: nova.id, location: nova.location })
    .where(and(eq(recorrenciasPix.id, rec.id), isNull(recorrenciasPix.locId)));
  const atual = await buscarRecorrencia(db, { id: rec.id });
  if (atual?.locId == null || atual.location === null) throw new Error('recorrência sem location');
  return { id: atual.locId, location: atual.location };
};

/** The recurrence at the PSP for this location: the one a previous run created, or a new one. */
const idRecDa = async (
  db: Db,
  rec: RecorrenciaRow,
  pix: ProvedorConfigurado,
  location: { id: number },
  txidJornada: string,
): Promise<string> => {
  if (rec.idRec) return rec.idRec;
  const { recorrencias } = pix.provedor;
  let idRec = await recorrencias.recorrenciaDaLocation(location.id);
  if (!idRec)
    try {
      idRec = (
        await recorrencias.criarRecorrencia({
          contrato: `ACORDO-${rec.negociacaoId}`,
          objeto: `Acordo nº ${rec.negociacaoId}`,
          devedor: await devedorDa(db, rec.clienteId),
          dataInicial: rec.dataInicial,
          dataFinal: rec.dataFinal,
          valorCentavos: rec.valorCentavos,
          politica: rec.politica,
          locId: location.id,
          txidJornada,
        })
      ).idRec;
    } catch (erro) {
      // A concurrent run bound the location first: its recurrence is the one.
      const vencedora =
        erro instanceof ErroApiPix ? await recorrencias.recorrenciaDaLocation(location.id) : null;
      if (!vencedora) throw erro;
      idRec = vencedora;
    }
  await db
    .update(recorrenciasPix)
    .set({ idRec, status: 'criada', txidJornada })
    .where(and(eq(recorrenciasPix.id, rec.id), isNull(recorrenciasPix.idRec)));
  const atual = await buscarRecorrencia(db, { id: rec.id });
  if (!atual?.idRec) throw new Error('recorrência sem idRec');
  if (atual.idRec === idRec && rec.idRec === null)
    await registrarAuditoria(db, {
      usuarioId: null,
      acao: 'debito_automatico.criado',
      descricao: `Débito automático do acordo #${rec.negociacaoId} criado no PSP, aguardando a aprovação do cliente`,
      entidade: 'negociacao',
      entidadeId: rec.negociacaoId,
      detalhes: { recorrencia_id: rec.id, id_rec: idRec, txid_jornada: txidJornada },
    });
  return atual.idRec;
};

export type Ativacao =
  | { situacao: 'criada'; codigo: string }
  /** No recurrence waiting to be created (none, approved, ended), or its first instalment is no longer open. */
  | { situacao: 'nada_a_fazer' }
  /** The first instalment is open but has no immediate charge yet (its job makes it). */
  | { situacao: 'sem_cobranca' };

/** Creates the agreement's recurrence at the PSP as far as it can. Throws the PSP's errors. */
export const ativarDebitoAutomatico = async (
  db: Db,
  appKey: Buffer,
  negociacaoId: number,
  pixDe: () => Promise<ProvedorConfigurado> = () => provedorPixAtivo(db, appKey),
): Promise<Ativacao> => {
  const rec = await recorrenciaVigente(db, negociacaoId);
  if (!rec || rec.status === 'aprovada') return { situacao: 'nada_a_fazer' };
  if (rec.pixCopiaECola) return { situacao: 'criada', codigo: rec.pixCopiaECola };
  const { aberta, cob } = await primeiraParcela(db, negociacaoId);
  if (!cob) return { situacao: aberta ? 'sem_cobranca' : 'nada_a_fazer' };
  const pix = await pixDe();
  const location = await locationDa(db, rec, pix);
  const idRec = await idRecDa(db, rec, pix, location, cob.txid);
  const codigo = await pix.provedor.recorrencias.codigoDaJornada3(
    { idRec, location: location.location },
    cob,
  );
  if (!codigo) return { situacao: 'sem_cobranca' };
  await db
    .update(recorrenciasPix)
    .set({ pixCopiaECola: codigo })
    .where(and(eq(recorrenciasPix.id, rec.id), eq(recorrenciasPix.idRec, idRec)));
  return { situacao: 'criada', codigo };
};
