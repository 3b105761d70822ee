import type { Db } from '../../db/client.ts';
import {
  agruparPorDocumento,
  type ContextoLote,
  classificar,
  type ItemLote,
  novoCliente,
  type ResultadoItem,
} from './importacao-lote.regras.ts';
import {
  atualizarExistentes,
  boletosEmUso,
  inserirClientes,
  inserirContas,
  marcarSinalDeVida,
  selecionarExistentes,
  somarAosTotais,
} from './importacao-lote.repository.ts';

/**
 * Writes one batch in one transaction: creates the customers it does not know (linked to the
 * importing operator), updates contact data of the operator's own or unassigned ones, adds the
 * receivables not yet present, and brings `concluido` customers with new debt back to `ativo`; adds
 * its outcome to the import's counters, with `rejeitadosAntes` (rows of this stretch of the file
 * refused before the database). Answers, per item and in order, what happened to it.
 */
export const gravarLote = (
  db: Db,
  contexto: ContextoLote,
  todos: ItemLote[],
  rejeitadosAntes = 0,
): Promise<ResultadoItem[]> =>
  db.transaction(async (tx) => {
    await marcarSinalDeVida(tx, contexto.importacaoId);
    // A row whose boleto another receivable holds is refused whole (docs/conciliacao.md §1).
    const recusados = await boletosEmUso(tx, todos);
    const itens = todos.filter((_, i) => !recusados.has(i));
    const grupos = agruparPorDocumento(itens);
    const documentos = [...grupos.keys()];
    const porDocumento = new Map((await selecionarExistentes(tx, documentos)).map((c) => [c.documento, c]));

    const novos = documentos.filter((documento) => !porDocumento.has(documento));
    const criadosAgora = new Set<string>();
    if (novos.length > 0) {
      const valores = novos.map((documento) => novoCliente(contexto, documento, grupos.get(documento)));
      const porNovoDocumento = new Map(valores.map((valor) => [valor.documento, valor]));
      for (const { id, documento } of await inserirClientes(tx, valores)) {
        criadosAgora.add(documento);
        const valor = porNovoDocumento.get(documento);
        if (valor) porDocumento.set(documento, { ...valor, id });
      }
      // A concurrent import created some of them first: from here on they are existing customers.
      const faltando = novos.filter((documento) => !criadosAgora.has(documento));
      if (faltando.length > 0)
        for (const c of await selecionarExistentes(tx, faltando)) porDocumento.set(c.documento, c);
    }

    const contasNovas = await inserirContas(tx, contexto, itens, porDocumento);
    await atualizarExistentes(tx, contexto, grupos, porDocumento, criadosAgora, contasNovas.clientes);
    const aceitos = classificar(contexto, itens, porDocumento, criadosAgora, contasNovas.chaves);
    let proximo = 0;
    const resultados = todos.map((_, i): ResultadoItem => {
      const mensagem = recusados.get(i);
      if (mensagem) return { resultado: 'rejeitado', mensagem };
      const resultado = aceitos[proximo];
      proximo += 1;
      if (!resultado) throw new Error('classificar devolveu menos resultados que itens');
      return resultado;
    });
    await somarAosTotais(tx, contexto.importacaoId, resultados, rejeitadosAntes);
    return resultados;
  });
