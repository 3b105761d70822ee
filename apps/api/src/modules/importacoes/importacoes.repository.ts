import type {
  ImportacaoDetalhe,
  ImportacaoResumo,
  ImportacaoStatus,
  ImportacaoTipo,
} from '@cobranca/contracts';
import { and, count, desc, eq, lt, type SQL } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { importacoes, usuarios } from '../../db/schema/index.ts';
import type { Ator } from '../../lib/ator.ts';
import { ErroDominio } from '../../lib/errors.ts';
import type { EscopoOperador } from '../clientes/escopo-operador.ts';
import type { Relatorio } from './relatorio.ts';

// SQL of the imports table: the import's row, its final report, the history and the stalled ones.

// Starts from what the checks already counted (NF-e files rejected while parsing); each batch then
// adds its own outcome in its transaction (gravarLote).
export const inserirImportacao = async (
  db: Db,
  ator: Ator,
  tipo: ImportacaoTipo,
  arquivoNome: string,
  relatorio: Relatorio,
): Promise<number> => {
  const [criada] = await db
    .insert(importacoes)
    .values({ tipo, usuarioId: ator.usuarioId, arquivoNome, ...relatorio.totais })
    .returning({ id: importacoes.id });
  if (!criada) throw new Error('importação não criada');
  return criada.id;
};

/** The final report: the counters set whole (the batches kept them current, this adds later refusals). */
export const gravarConclusao = async (
  tx: DbOrTx,
  importacaoId: number,
  relatorio: Relatorio,
  status: ImportacaoStatus,
): Promise<void> => {
  await tx
    .update(importacoes)
    .set({
      status,
      ...relatorio.totais,
      erros: relatorio.erros,
      errosOmitidos: relatorio.errosOmitidos,
      concluidaEm: new Date(),
    })
    .where(eq(importacoes.id, importacaoId));
};

/** Whose imports a caller sees: an operator only their own; an admin everyone's. */
export type EscopoImportacoes = EscopoOperador | 'todas';

const condicaoEscopo = (escopo: EscopoImportacoes): SQL | undefined =>
  escopo === 'todas' ? undefined : eq(importacoes.usuarioId, escopo.operadorId);

const colunasResumo = {
  id: importacoes.id,
  tipo: importacoes.tipo,
  status: importacoes.status,
  arquivoNome: importacoes.arquivoNome,
  usuarioId: importacoes.usuarioId,
  usuarioNome: usuarios.name,
  criados: importacoes.criados,
  atualizados: importacoes.atualizados,
  ignorados: importacoes.ignorados,
  rejeitados: importacoes.rejeitados,
  contasCriadas: importacoes.contasCriadas,
  createdAt: importacoes.createdAt,
  concluidaEm: importacoes.concluidaEm,
};

type LinhaResumo = {
  id: number;
  tipo: ImportacaoTipo;
  status: ImportacaoStatus;
  arquivoNome: string;
  usuarioId: number | null;
  usuarioNome: string | null;
  criados: number;
  atualizados: number;
  ignorados: number;
  rejeitados: number;
  contasCriadas: number;
  createdAt: Date;
  concluidaEm: Date | null;
};

const toResumo = (linha: LinhaResumo): ImportacaoResumo => ({
  id: linha.id,
  tipo: linha.tipo,
  status: linha.status,
  arquivo_nome: linha.arquivoNome,
  usuario:
    linha.usuarioId !== null && linha.usuarioNome !== null
      ? { id: linha.usuarioId, nome: linha.usuarioNome }
      : null,
  criados: linha.criados,
  atualizados: linha.atualizados,
  ignorados: linha.ignorados,
  rejeitados: linha.rejeitados,
  contas_criadas: linha.contasCriadas,
  created_at: linha.createdAt.toISOString(),
  concluida_em: linha.concluidaEm?.toISOString() ?? null,
});

export const listarImportacoes = async (
  db: Db,
  escopo: EscopoImportacoes,
  pagina: { limit: number; offset: number },
): Promise<{ rows: ImportacaoResumo[]; total: number }> => {
  const onde = condicaoEscopo(escopo);
  const [linhas, [contagem]] = await Promise.all([
    db
      .select(colunasResumo)
      .from(importacoes)
      .leftJoin(usuarios, eq(usuarios.id, importacoes.usuarioId))
      .where(onde)
      .orderBy(desc(importacoes.createdAt), desc(importacoes.id))
      .limit(pagina.limit)
      .offset(pagina.offset),
    db.select({ total: count() }).from(importacoes).where(onde),
  ]);
  return { rows: linhas.map(toResumo), total: contagem?.total ?? 0 };
};

export const detalharImportacao = async (
  db: Db,
  escopo: EscopoImportacoes,
  id: number,
): Promise<ImportacaoDetalhe> => {
  const [linha] = await db
    .select({ ...colunasResumo, erros: importacoes.erros, errosOmitidos: importacoes.errosOmitidos })
    .from(importacoes)
    .leftJoin(usuarios, eq(usuarios.id, importacoes.usuarioId))
    .where(and(eq(importacoes.id, id), condicaoEscopo(escopo)));
  if (!linha) throw new ErroDominio('IMPORTACAO_NAO_ENCONTRADA', 'Importação não encontrada.');
  return { ...toResumo(linha), erros: linha.erros, erros_omitidos: linha.errosOmitidos };
};

// Far longer than any batch takes (2 000 rows in about a second): no heartbeat for this long means the
// process writing the import is gone (crash, SIGKILL, restart).
const SEM_SINAL_MINUTOS = 10;

/** Imports with no batch written for 10 minutes become `interrompida`; answers which. */
export const marcarInterrompidas = (tx: DbOrTx, agora: Date) =>
  tx
    .update(importacoes)
    .set({ status: 'interrompida', concluidaEm: agora })
    .where(
      and(
        eq(importacoes.status, 'processando'),
        lt(importacoes.atualizadaEm, new Date(agora.getTime() - SEM_SINAL_MINUTOS * 60_000)),
      ),
    )
    .returning({
      id: importacoes.id,
      arquivoNome: importacoes.arquivoNome,
      usuarioId: importacoes.usuarioId,
    });
