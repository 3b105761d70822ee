import type { ImportacaoRelatorio, ImportacaoStatus, ImportacaoTipo } from '@cobranca/contracts';
import type { Db } from '../../db/client.ts';
import type { Ator } from '../../lib/ator.ts';
import { registrarAuditoria } from '../auditoria/auditoria.repository.ts';
import { gravarConclusao, inserirImportacao, marcarInterrompidas } from './importacoes.repository.ts';
import type { Relatorio } from './relatorio.ts';

// The life of an import (docs/produto.md §14): its row, the batches, the outcome with its audit entry.

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
    await gravarConclusao(tx, importacao.id, relatorio, status);
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
  const id = await inserirImportacao(db, ator, tipo, arquivoNome, relatorio);
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

/**
 * Marks imports cut short (no batch written for 10 minutes) as `interrompida`, with an audit entry:
 * what their batches wrote stays (each batch is one transaction), the rest never started.
 */
export const marcarImportacoesInterrompidas = (db: Db, agora: Date): Promise<number> =>
  db.transaction(async (tx) => {
    const interrompidas = await marcarInterrompidas(tx, agora);
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
