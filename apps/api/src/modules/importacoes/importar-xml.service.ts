import { open, readFile } from 'node:fs/promises';
import type { ImportacaoRelatorio } from '@cobranca/contracts';
import { contagem, estaPrescrita, formatarReais } from '@cobranca/dominio';
import type { Db } from '../../db/client.ts';
import type { Ator } from '../../lib/ator.ts';
import { normalizarCelular } from '../../lib/telefone.ts';
import type { EscopoOperador } from '../clientes/escopo-operador.ts';
import { buscarAtualizacao } from '../clientes/valor-atualizado.ts';
import { lerEmail } from './csv/campos-csv.ts';
import { gravarLote } from './gravar-lote.service.ts';
import { executarImportacao } from './importacao.service.ts';
import type { ItemLote } from './importacao-lote.regras.ts';
import { ArquivoHostilError } from './nfe/arquivo-hostil.ts';
import { leitorNfe } from './nfe/leitor-nfe.ts';
import type { NotaFiscal } from './nfe/nfe-parser.ts';
import { ehZip, lerZip, ZipInvalidoError } from './nfe/zip-seguro.ts';
import { avisoDePrescrita, type Problema, Relatorio } from './relatorio.ts';
import { type ArquivoRecebido, recusarArquivo } from './upload.ts';

export const LOTE_XML = 500;
export const CAMPO_XML = 'arquivo_xml';

type NotaLida = { arquivo: string; nota: NotaFiscal };

const cabecalho = async (caminho: string): Promise<Buffer> => {
  const arquivo = await open(caminho, 'r');
  try {
    const { buffer, bytesRead } = await arquivo.read(Buffer.alloc(512), 0, 512, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await arquivo.close();
  }
};

// An XML file starts with `<` after an optional BOM and whitespace, whatever its name says.
const pareceXml = (inicio: Buffer): boolean =>
  inicio
    .toString('latin1')
    .replace(/^\xEF\xBB\xBF/, '')
    .trimStart()
    .startsWith('<');

// Files parse in the workers while the next ones are read (disk, ZIP inflation); their outcomes are
// recorded in upload order. At most this many wait, each 5 MB at most.
const LEITURAS_EM_CURSO = 4;

/** Outcomes recorded in the order they were queued, whenever each becomes known. */
const emOrdem = () => {
  const fila: Promise<() => void>[] = [];
  const registrarProximo = async () => (await fila.shift())?.();
  return {
    // A parse that fails becomes an outcome that throws: nothing rejects unheard while it waits.
    anotar: async (resultado: Promise<() => void>) => {
      fila.push(resultado.catch((erro: unknown) => () => Promise.reject(erro)));
      if (fila.length >= LEITURAS_EM_CURSO) await registrarProximo();
    },
    esvaziar: async () => {
      while (fila.length > 0) await registrarProximo();
    },
  };
};

/**
 * Phase one, before anything is written: every file (and every ZIP entry) is read and parsed, in
 * worker threads (leitor-nfe.ts). A hostile file stops the whole upload with a 422; an ordinary bad
 * one, or one beyond the structure limits of an NF-e, is reported and skipped.
 */
const lerNotas = async (arquivos: ArquivoRecebido[], relatorio: Relatorio): Promise<NotaLida[]> => {
  const notas: NotaLida[] = [];
  let algumXml = false;
  const ordem = emOrdem();
  const rejeitar = (arquivo: string, mensagem: string) =>
    ordem.anotar(Promise.resolve(() => relatorio.rejeitar({ arquivo }, [{ mensagem }])));
  const ler = (arquivo: string, conteudo: Buffer) => {
    algumXml = true;
    return ordem.anotar(
      leitorNfe.ler(arquivo, conteudo).then((leitura) => () => {
        if (leitura.ok) notas.push({ arquivo, nota: leitura.nota });
        else relatorio.rejeitar({ arquivo }, leitura.problemas);
      }),
    );
  };
  for (const recebido of arquivos) {
    const inicio = await cabecalho(recebido.caminho);
    if (ehZip(inicio)) {
      try {
        for await (const entrada of lerZip(recebido.caminho, recebido.nome)) {
          const arquivo = `${recebido.nome}/${entrada.nome}`;
          await ('conteudo' in entrada
            ? ler(arquivo, entrada.conteudo)
            : rejeitar(arquivo, entrada.mensagem));
        }
      } catch (erro) {
        if (!(erro instanceof ZipInvalidoError)) throw erro;
        await rejeitar(recebido.nome, erro.message);
      }
    } else if (pareceXml(inicio)) {
      await ler(recebido.nome, await readFile(recebido.caminho));
    } else {
      await rejeitar(recebido.nome, 'Não é um arquivo XML de NF-e nem um ZIP.');
    }
  }
  await ordem.esvaziar();
  if (!algumXml) {
    const motivos = relatorio.erros.map((e) => `${e.arquivo}: ${e.mensagem}`);
    throw recusarArquivo(CAMPO_XML, 'Nenhum arquivo XML de NF-e foi encontrado no envio.', motivos);
  }
  return notas;
};

/**
 * The customer and receivables one note brings. Contact data the channel cannot use is left out,
 * with notes that only reach the report if the note is imported (a rejected note says only why).
 */
const itemDaNota = ({ nota }: NotaLida, hoje: string): { item: ItemLote; avisos: Problema[] } => {
  const { destinatario } = nota;
  const avisos: Problema[] = avisosDaCobranca(nota, hoje);
  const telefone = destinatario.telefone ? normalizarCelular(destinatario.telefone) : null;
  if (destinatario.telefone && !telefone)
    avisos.push({
      campo: 'fone',
      mensagem: `Telefone "${destinatario.telefone}" não é um celular válido; cliente sem WhatsApp.`,
    });
  const email = lerEmail(destinatario.email ?? '');
  if (!email.ok) avisos.push({ campo: 'email', mensagem: `${email.mensagem} Ignorado.` });
  if (nota.homologacao)
    avisos.push({ mensagem: 'Nota de homologação (sem valor fiscal), importada mesmo assim.' });
  const item: ItemLote = {
    cliente: {
      nome: destinatario.nome,
      documento: destinatario.documento,
      documentoTipo: destinatario.documentoTipo,
      telefone,
      email: email.ok ? email.valor : null,
      endereco: destinatario.endereco,
    },
    contas: nota.duplicatas.map((dup) => ({
      descricao: `NF-e ${nota.numero} série ${nota.serie}, parcela ${dup.numero}`,
      valorCentavos: dup.valorCentavos,
      vencimento: dup.vencimento,
      chaveNfe: nota.chave,
      numeroParcela: dup.numero,
    })),
  };
  return { item, avisos };
};

/**
 * Sanity notes on what the note asks to collect (issue 31): they never refuse it. The duplicatas may
 * legitimately differ from vNF (a down payment, a discount in <fat>), so the operator is only told.
 */
const avisosDaCobranca = (nota: NotaFiscal, hoje: string): Problema[] => {
  const avisos: Problema[] = [];
  const soma = nota.duplicatas.reduce((total, dup) => total + dup.valorCentavos, 0);
  if (nota.duplicatas.length > 0 && soma !== nota.valorTotalCentavos)
    avisos.push({
      campo: 'dup',
      mensagem: `A soma das duplicatas (${formatarReais(soma)}) difere do valor total da nota (vNF ${formatarReais(nota.valorTotalCentavos)}); importadas as duplicatas.`,
    });
  for (const dup of nota.duplicatas)
    if (estaPrescrita(dup.vencimento, hoje))
      avisos.push(avisoDePrescrita('dVenc', `Parcela ${dup.numero}`, dup.vencimento));
  return avisos;
};

const nomeDoEnvio = (arquivos: ArquivoRecebido[]): string => {
  const [primeiro, ...outros] = arquivos;
  const nome = primeiro?.nome ?? 'arquivo';
  return outros.length === 0 ? nome : `${nome} e mais ${contagem(outros.length, 'arquivo', 'arquivos')}`;
};

/**
 * docs/produto.md §14 receivables from NF-e: parse everything first (all-or-nothing against hostile
 * input), then write in batches; one receivable per `dup`, unique by access key + `nDup`.
 */
export const importarXml = async (
  db: Db,
  escopo: EscopoOperador,
  ator: Ator,
  arquivos: ArquivoRecebido[],
): Promise<ImportacaoRelatorio> => {
  const relatorio = new Relatorio();
  let notas: NotaLida[];
  try {
    notas = await lerNotas(arquivos, relatorio);
  } catch (erro) {
    if (!(erro instanceof ArquivoHostilError)) throw erro;
    const motivo = `${erro.arquivo}: ${erro.message}`;
    throw recusarArquivo(CAMPO_XML, `Envio recusado: ${erro.message}`, [motivo]);
  }

  const { hoje } = await buscarAtualizacao(db);
  return executarImportacao(db, ator, 'xml', nomeDoEnvio(arquivos), relatorio, async (importacaoId) => {
    const contexto = { escopo, importacaoId, origem: 'nfe' as const, hoje };
    for (let inicio = 0; inicio < notas.length; inicio += LOTE_XML) {
      const lote = notas.slice(inicio, inicio + LOTE_XML);
      const preparados = lote.map((nota) => itemDaNota(nota, hoje));
      const resultados = await gravarLote(
        db,
        contexto,
        preparados.map((p) => p.item),
      );
      for (const [i, resultado] of resultados.entries()) {
        const referencia = { arquivo: lote[i]?.arquivo ?? '' };
        relatorio.registrar(referencia, resultado);
        if (resultado.resultado !== 'rejeitado')
          for (const aviso of preparados[i]?.avisos ?? []) relatorio.anotar(referencia, aviso);
      }
    }
  });
};
