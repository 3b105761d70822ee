import type { ImportacaoRelatorio } from '@cobranca/contracts';
import type { Db } from '../../db/client.ts';
import type { Ator } from '../../lib/ator.ts';
import type { EscopoOperador } from '../clientes/escopo-operador.ts';
import { buscarAtualizacao } from '../clientes/valor-atualizado.ts';
import { mapearCabecalho } from './csv/cabecalho-csv.ts';
import { conflitoComPrimeira, PrimeirasLinhas } from './csv/documento-repetido.ts';
import { lerCsv, naoCsv, type RegistroCsv } from './csv/ler-csv.ts';
import { validarLinhaCliente } from './csv/linha-cliente.ts';
import { gravarLote } from './gravar-lote.service.ts';
import { executarImportacao } from './importacao.service.ts';
import { type ItemLote, statusAoImportar } from './importacao-lote.regras.ts';
import { avisoDePrescrita, type Problema, Relatorio } from './relatorio.ts';
import type { ArquivoRecebido } from './upload.ts';

// Rows per transaction: large enough for multi-row statements to pay off, small enough that a
// crash loses at most one batch and memory stays flat.
export const LOTE_CSV = 2000;

/**
 * docs/produto.md §14 customers CSV: the file is checked (encoding, header, at least one row) before anything
 * is written; then rows stream through validation into batched upserts, and a bad row is reported
 * without blocking the good ones.
 */
export const importarCsv = async (
  db: Db,
  escopo: EscopoOperador,
  ator: Ator,
  arquivo: ArquivoRecebido,
): Promise<ImportacaoRelatorio> => {
  const registros = lerCsv(arquivo.caminho);
  const cabecalho = await registros.next();
  if (cabecalho.done) throw naoCsv('O arquivo está vazio.');
  if (!('campos' in cabecalho.value)) throw naoCsv('O cabeçalho do arquivo está malformado.');
  const colunas = mapearCabecalho(cabecalho.value.campos);
  if (!colunas.ok) throw naoCsv(colunas.mensagem);
  const primeira = await registros.next();
  if (primeira.done) throw naoCsv('O arquivo tem só o cabeçalho: inclua ao menos uma linha de cliente.');

  const relatorio = new Relatorio();
  const { hoje } = await buscarAtualizacao(db);
  return executarImportacao(db, ator, 'csv', arquivo.nome, relatorio, async (importacaoId) => {
    const contexto = { escopo, importacaoId, origem: 'importacao_csv' as const, hoje };
    let lote: { linha: number; item: ItemLote }[] = [];
    // Rows refused since the last batch: they are counted on the import with the next one.
    let rejeitadosAntes = 0;
    const rejeitar = (linha: number, problemas: readonly Problema[]) => {
      relatorio.rejeitar({ linha }, problemas);
      rejeitadosAntes += 1;
    };
    // One batch is written while the next is parsed: the database works on the other core.
    let escrevendo: Promise<void> = Promise.resolve();
    const gravar = async () => {
      if (lote.length === 0) return;
      const atual = lote;
      const rejeitados = rejeitadosAntes;
      lote = [];
      rejeitadosAntes = 0;
      await escrevendo;
      escrevendo = gravarLote(
        db,
        contexto,
        atual.map((l) => l.item),
        rejeitados,
      ).then((resultados) => {
        for (const [i, resultado] of resultados.entries()) {
          const referencia = { linha: atual[i]?.linha ?? 0 };
          relatorio.registrar(referencia, resultado);
          const conta = atual[i]?.item.contas[0];
          if (resultado.resultado !== 'rejeitado' && conta && statusAoImportar(conta, hoje) === 'prescrita')
            relatorio.anotar(referencia, avisoDePrescrita('vencimento', 'Conta', conta.vencimento));
        }
      });
      // Awaited before the next batch or at the end; this only stops Node calling it unhandled meanwhile.
      escrevendo.catch(() => {});
    };
    // The first row of each document sets the customer; a later one adds its receivable, unless its
    // phone or e-mail differs (csv/documento-repetido.ts).
    const primeiras = new PrimeirasLinhas();
    const processar = async (registro: RegistroCsv) => {
      if ('erro' in registro) {
        rejeitar(registro.linha, [{ mensagem: registro.erro }]);
        return;
      }
      const linha = validarLinhaCliente(registro.campos, colunas.colunas);
      if (!linha.ok) {
        rejeitar(registro.linha, linha.problemas);
        return;
      }
      const primeira = primeiras.buscar(linha.cliente.documento);
      const conflito = primeira ? conflitoComPrimeira(primeira, linha.cliente) : null;
      if (conflito) {
        rejeitar(registro.linha, [{ campo: 'documento', mensagem: conflito }]);
        return;
      }
      if (!primeira) primeiras.guardar(registro.linha, linha.cliente);
      lote.push({
        linha: registro.linha,
        item: { cliente: primeira?.cliente ?? linha.cliente, contas: linha.conta ? [linha.conta] : [] },
      });
      if (lote.length >= LOTE_CSV) await gravar();
    };

    try {
      await processar(primeira.value);
      for await (const registro of registros) await processar(registro);
      await gravar();
      await escrevendo;
    } catch (erro) {
      // The batch in flight settles before the import is concluded as failed.
      await escrevendo.catch(() => {});
      throw erro;
    }
  });
};
