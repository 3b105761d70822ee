import { createHash } from 'node:crypto';
import { formatarReais } from '@cobranca/dominio';
import type { Db } from '../../db/client.ts';
import type { Ator } from '../../lib/ator.ts';
import { registrarAuditoria } from '../auditoria/auditoria.repository.ts';
import { canaisAtivos } from '../canais/canais-ativos.ts';
import { percentuaisDe } from '../clientes/valor-atualizado.ts';
import { buscarSistemaSettings } from '../configuracoes/configuracoes.repository.ts';
import { recusarArquivo } from '../importacoes/upload.ts';
import { efeitosDasLiquidacoes, gravarPagamentos } from '../pix/liquidacao/liquidacao-em-lote.ts';
import { chaveDeAmbiguidade, conciliarLancamento } from './conciliar.ts';
import { lerEstadoDoArquivo } from './estado-do-arquivo.ts';
import { type Identificadores, identificadoresDoLancamento } from './identificadores.ts';
import {
  fecharArquivo,
  registrarDesfechos,
  reservarArquivo,
  reservarLancamentos,
} from './lancamentos.repository.ts';
import { type ArquivoLido, ErroDeArquivo, type Lancamento } from './leitura/lancamento.ts';
import { lerArquivoBancario } from './leitura/ler-arquivo.ts';

// Importing a bank file (docs/conciliacao.md §2): read whole before anything is written (a bad file is
// refused with its line), then in one transaction the file's row (its digest unique: the same bytes
// again write nothing), every entry's row, the state the matching reads (estado-do-arquivo.ts), the
// entries matched in memory in the file's order, and their payments and outcomes written together. Two
// nodes importing the same file at once: the second waits on the digest until the first commits, then
// answers the first's result.

export const CAMPO_ARQUIVO = 'arquivo';

export type ResultadoImportacao = { arquivoId: number; repetido: boolean };

/** `documento:valor:data` of the statement credits that occur more than once in the file. */
const ambiguosDo = (entradas: readonly { l: Lancamento; ids: Identificadores }[]): Set<string> => {
  const vistos = new Map<string, number>();
  for (const { l, ids } of entradas)
    if (l.tipo === 'credito')
      for (const documento of ids.documentos) {
        const chave = chaveDeAmbiguidade(documento, l);
        vistos.set(chave, (vistos.get(chave) ?? 0) + 1);
      }
  return new Set([...vistos].filter(([, n]) => n > 1).map(([chave]) => chave));
};

export const importarArquivoBancario = async (
  db: Db,
  appKey: Buffer,
  entrada: { nome: string; bytes: Uint8Array },
  ator: Ator<number | null>,
): Promise<ResultadoImportacao> => {
  let arquivo: ArquivoLido;
  try {
    arquivo = lerArquivoBancario(entrada.bytes);
  } catch (error) {
    if (!(error instanceof ErroDeArquivo)) throw error;
    throw recusarArquivo(CAMPO_ARQUIVO, `Arquivo recusado, nada foi gravado. ${error.message}`);
  }
  const digest = createHash('sha256').update(entrada.bytes).digest('hex');
  const settings = await buscarSistemaSettings(db);
  const canais = await canaisAtivos(db, appKey);
  const entradas = arquivo.lancamentos.map((l) => ({ l, ids: identificadoresDoLancamento(l) }));
  const ambiguos = ambiguosDo(entradas);
  return db.transaction(async (tx) => {
    const { id: arquivoId, novo } = await reservarArquivo(tx, arquivo, {
      nome: entrada.nome,
      digest,
      tamanhoBytes: entrada.bytes.byteLength,
      usuarioId: ator.usuarioId,
    });
    if (!novo) return { arquivoId, repetido: true };
    const reservados = await reservarLancamentos(tx, arquivoId, arquivo.lancamentos);
    const novos = entradas.flatMap((e, i) => {
      const id = reservados[i];
      return id === null || id === undefined ? [] : [{ ...e, id }];
    });
    const percentuais = percentuaisDe(settings);
    const ctx = {
      percentuais,
      fuso: settings.fuso_horario,
      banco: arquivo.banco,
      arquivoId,
      ambiguos,
      estado: await lerEstadoDoArquivo(tx, novos, { fuso: settings.fuso_horario }),
    };
    const desfechos = novos.map(({ id, l, ids }) => ({
      id,
      l,
      desfecho: conciliarLancamento(ctx, id, l, ids),
    }));
    await gravarPagamentos(tx, ctx.estado.liquidacoes);
    await efeitosDasLiquidacoes(tx, ctx.estado.liquidacoes, { percentuais, canais });
    await registrarDesfechos(tx, desfechos);
    // A settlement with money left over waits for review with what is left.
    const liquidadoCentavos = desfechos.reduce(
      (soma, { l, desfecho }) =>
        soma +
        (desfecho.situacao === 'liquidado' || desfecho.situacao === 'em_revisao'
          ? l.valorCentavos - desfecho.restanteCentavos
          : 0),
      0,
    );
    await fecharArquivo(tx, arquivoId);
    await registrarAuditoria(tx, {
      usuarioId: ator.usuarioId,
      acao: 'conciliacao.arquivo_importado',
      descricao: `Arquivo bancário ${entrada.nome} (${arquivo.formato.toUpperCase()}, banco ${arquivo.banco}) importado: ${formatarReais(liquidadoCentavos)} liquidados`,
      entidade: 'arquivo_bancario',
      entidadeId: arquivoId,
      detalhes: {
        formato: arquivo.formato,
        banco: arquivo.banco,
        lancamentos: arquivo.lancamentos.length,
        digest,
      },
      ip: ator.ip,
    });
    return { arquivoId, repetido: false };
  });
};
