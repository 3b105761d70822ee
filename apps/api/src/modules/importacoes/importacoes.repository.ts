import type {
  ImportacaoDetalhe,
  ImportacaoRelatorio,
  ImportacaoResumo,
  ImportacaoStatus,
  ImportacaoTipo,
} from '@cobranca/contracts';
import { and, count, desc, eq, lt, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { importacoes, usuarios } from '../../db/schema/index.ts';
import type { Ator } from '../../lib/ator.ts';
import { notFound } from '../../lib/errors.ts';
import { registrarAuditoria } from '../auditoria/auditoria.repository.ts';
import type { Relatorio } from './relatorio.ts';

// Starts from what the checks already counted (NF-e files rejected while parsing); each batch then
// adds its own outcome in its transaction (gravarLote).
const criarImportacao = async (
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

const ROTULO_TIPO: Record<ImportacaoTipo, string> = {
  csv: 'clientes (CSV)',
  xml: 'contas a receber (NF-e XML)',
};

/**
 * Stores the final report and writes the one audit entry with the totals, together. The counters are
 * set whole: the batches kept them current, this adds rows refused after the last batch.
 */
const concluirImportacao = (
  db: Db,
  ator: Ator,
  importacao: { id: number; tipo: ImportacaoTipo; arquivoNome: string },
  relatorio: Relatorio,
  status: ImportacaoStatus,
): Promise<void> =>
  db.transaction(async (tx) => {
    const { criados, atualizados, ignorados, rejeitados, contasCriadas } = relatorio.totais;
    await tx
      .update(importacoes)
      .set({
        status,
        criados,
        atualizados,
        ignorados,
        rejeitados,
        contasCriadas,
        erros: relatorio.erros,
        errosOmitidos: relatorio.errosOmitidos,
        concluidaEm: new Date(),
      })
      .where(eq(importacoes.id, importacao.id));
    await registrarAuditoria(tx, {
      usuarioId: ator.usuarioId,
      acao: `importacao.${importacao.tipo}`,
      descricao:
        `Importação de ${ROTULO_TIPO[importacao.tipo]} "${importacao.arquivoNome}" ${status === 'concluida' ? 'concluída' : status}: ` +
        `${criados} criados, ${atualizados} atualizados, ${ignorados} ignorados, ${rejeitados} rejeitados, ` +
        `${contasCriadas} contas criadas.`,
      entidade: 'importacao',
      entidadeId: importacao.id,
      detalhes: { status, criados, atualizados, ignorados, rejeitados, contas_criadas: contasCriadas },
      ip: ator.ip,
    });
  });

/**
 * The life of one import row: created once the upload has passed its checks, then `gravar` writes
 * the data (batch by batch) into `relatorio`; the outcome and its audit entry are stored together.
 * When `gravar` throws, what was committed stays and the import is stored as `falhou`.
 */
export const executarImportacao = async (
  db: Db,
  ator: Ator,
  tipo: ImportacaoTipo,
  arquivoNome: string,
  relatorio: Relatorio,
  gravar: (importacaoId: number) => Promise<void>,
): Promise<ImportacaoRelatorio> => {
  const id = await criarImportacao(db, ator, tipo, arquivoNome, relatorio);
  const importacao = { id, tipo, arquivoNome };
  try {
    await gravar(importacao.id);
  } catch (erro) {
    await concluirImportacao(db, ator, importacao, relatorio, 'falhou').catch(() => {});
    throw erro;
  }
  await concluirImportacao(db, ator, importacao, relatorio, 'concluida');
  return relatorio.resposta(importacao, 'concluida');
};

/** Whose imports a caller sees: an operator only their own; an admin everyone's. */
export type EscopoImportacoes = { usuarioId: number } | 'todas';

const condicaoEscopo = (escopo: EscopoImportacoes): SQL | undefined =>
  escopo === 'todas' ? undefined : eq(importacoes.usuarioId, escopo.usuarioId);

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
  janela: { limit: number; offset: number },
): Promise<{ rows: ImportacaoResumo[]; total: number }> => {
  const onde = condicaoEscopo(escopo);
  const [linhas, [contagem]] = await Promise.all([
    db
      .select(colunasResumo)
      .from(importacoes)
      .leftJoin(usuarios, eq(usuarios.id, importacoes.usuarioId))
      .where(onde)
      .orderBy(desc(importacoes.createdAt), desc(importacoes.id))
      .limit(janela.limit)
      .offset(janela.offset),
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
  if (!linha) throw notFound('Importação não encontrada.');
  return { ...toResumo(linha), erros: linha.erros, erros_omitidos: linha.errosOmitidos };
};

// Far longer than any batch takes (2 000 rows in about a second): no heartbeat for this long means the
// process writing the import is gone (crash, SIGKILL, restart).
const SEM_SINAL_MINUTOS = 10;

/**
 * Marks imports cut short (no batch written for 10 minutes) as `interrompida`, with an audit entry:
 * what their batches wrote stays (each batch is one transaction), the rest never started.
 */
export const marcarImportacoesInterrompidas = (db: Db, agora: Date): Promise<number> =>
  db.transaction(async (tx) => {
    const interrompidas = await tx
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
    for (const i of interrompidas)
      await registrarAuditoria(tx, {
        usuarioId: null,
        acao: 'importacao.interrompida',
        descricao: `Importação de ${i.arquivoNome} interrompida (o processo parou no meio; os lotes gravados ficam)`,
        entidade: 'importacao',
        entidadeId: i.id,
        detalhes: { operador_id: i.usuarioId },
      });
    return interrompidas.length;
  });
