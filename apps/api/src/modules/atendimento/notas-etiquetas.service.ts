import { NOTA_PRAZO_EXCLUSAO_MINUTOS, type NotaItem } from '@cobranca/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { clientes, notasCliente } from '../../db/schema/index.ts';
import type { Ator } from '../../lib/ator.ts';
import { ErroDominio } from '../../lib/errors.ts';
import { registrarAuditoria } from '../auditoria/auditoria.repository.ts';
import { CLIENTE_NAO_ENCONTRADO, ClientesDoOperador } from '../clientes/clientes-operador.repository.ts';
import type { EscopoOperador } from '../clientes/escopo-operador.ts';
import { LinhaDoTempoDoOperador } from './linha-do-tempo.repository.ts';

// Internal notes and tags of a customer (docs/produto.md §5, decision 022): never sent to the customer,
// each write in one transaction with its audit entry; another operator's customer is a 404.

export const NOTA_NAO_ENCONTRADA = 'Nota não encontrada.';
export const SO_O_AUTOR = 'Só quem escreveu a nota pode excluí-la (ou um administrador).';
export const PRAZO_ENCERRADO = `A nota só pode ser excluída nos primeiros ${NOTA_PRAZO_EXCLUSAO_MINUTOS} minutos. Peça a um administrador.`;

/** Writes a note on a customer the operator owns (the shared queue is for reading: take it over first). */
export const criarNota = (
  db: Db,
  escopo: EscopoOperador,
  clienteId: number,
  texto: string,
  ator: Ator,
): Promise<NotaItem> =>
  db.transaction(async (tx) => {
    const cliente = await new ClientesDoOperador(tx, escopo).buscarParaAgirOrThrow(clienteId);
    const [row] = await tx
      .insert(notasCliente)
      .values({ clienteId, autorId: ator.usuarioId, texto })
      .returning({ id: notasCliente.id });
    if (!row) throw new Error('insert de nota não devolveu a linha');
    await registrarAuditoria(tx, {
      usuarioId: ator.usuarioId,
      acao: 'nota.criada',
      descricao: `Nota interna registrada: ${cliente.nome}`,
      entidade: 'cliente',
      entidadeId: clienteId,
      detalhes: { nota_id: row.id, caracteres: texto.length },
      ip: ator.ip,
    });
    const nota = await new LinhaDoTempoDoOperador(tx, escopo).nota(clienteId, row.id);
    if (!nota) throw new Error(`nota ${row.id} não encontrada após o insert`);
    return nota;
  });

type Exclusao = { por: 'autor'; escopo: EscopoOperador } | { por: 'admin' };

/**
 * Deletes a note: its author within 15 minutes of writing it (the database's clock, the one that
 * stamped it), an admin at any time. The audit entry keeps the text, so a deletion loses nothing.
 */
export const excluirNota = (
  db: Db,
  quem: Exclusao,
  clienteId: number,
  notaId: number,
  ator: Ator,
): Promise<void> =>
  db.transaction(async (tx) => {
    const cliente =
      quem.por === 'autor'
        ? await new ClientesDoOperador(tx, quem.escopo).buscarVisivelOrThrow(clienteId, { forUpdate: true })
        : (await tx.select().from(clientes).where(eq(clientes.id, clienteId)))[0];
    if (!cliente) throw new ErroDominio('CLIENTE_NAO_ENCONTRADO', CLIENTE_NAO_ENCONTRADO);
    const [nota] = await tx
      .select({
        id: notasCliente.id,
        autorId: notasCliente.autorId,
        texto: notasCliente.texto,
        noPrazo: sql<boolean>`${notasCliente.createdAt} > now() - make_interval(mins => ${NOTA_PRAZO_EXCLUSAO_MINUTOS})`,
      })
      .from(notasCliente)
      .where(and(eq(notasCliente.id, notaId), eq(notasCliente.clienteId, clienteId)))
      .for('update');
    if (!nota) throw new ErroDominio('NOTA_NAO_ENCONTRADA', NOTA_NAO_ENCONTRADA);
    if (quem.por === 'autor') {
      if (nota.autorId !== ator.usuarioId) throw new ErroDominio('SEM_PERMISSAO', SO_O_AUTOR);
      if (!nota.noPrazo) throw new ErroDominio('NOTA_PRAZO_ENCERRADO', PRAZO_ENCERRADO);
    }
    await tx.delete(notasCliente).where(eq(notasCliente.id, notaId));
    await registrarAuditoria(tx, {
      usuarioId: ator.usuarioId,
      acao: 'nota.excluida',
      descricao: `Nota interna excluída: ${cliente.nome}`,
      entidade: 'cliente',
      entidadeId: clienteId,
      detalhes: { nota_id: notaId, autor_id: nota.autorId, texto: nota.texto, por: quem.por },
      ip: ator.ip,
    });
  });

/** Replaces the customer's tags (already trimmed and checked by the contract); unchanged writes nothing. */
export const definirEtiquetas = (
  db: Db,
  escopo: EscopoOperador,
  clienteId: number,
  etiquetas: string[],
  ator: Ator,
): Promise<string[]> =>
  db.transaction(async (tx) => {
    const clientesDoOperador = new ClientesDoOperador(tx, escopo);
    const cliente = await clientesDoOperador.buscarParaAgirOrThrow(clienteId);
    const anteriores = cliente.etiquetas;
    if (anteriores.length === etiquetas.length && anteriores.every((e, i) => e === etiquetas[i]))
      return anteriores;
    await clientesDoOperador.atualizar(clienteId, { etiquetas });
    await registrarAuditoria(tx, {
      usuarioId: ator.usuarioId,
      acao: 'cliente.etiquetas_alteradas',
      descricao: `Etiquetas alteradas: ${cliente.nome}`,
      entidade: 'cliente',
      entidadeId: clienteId,
      detalhes: {
        adicionadas: etiquetas.filter((e) => !anteriores.includes(e)),
        removidas: anteriores.filter((e) => !etiquetas.includes(e)),
        etiquetas,
      },
      ip: ator.ip,
    });
    return etiquetas;
  });
