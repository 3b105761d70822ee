import { type RespostaRapidaRenderizada, type RespostaRapidaView, renderTemplate } from '@cobranca/contracts';
import type { Db } from '../../db/client.ts';
import type { Ator } from '../../lib/ator.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { ErroDominio, erroDeCampo } from '../../lib/errors.ts';
import { registrarAuditoria } from '../auditoria/auditoria.repository.ts';
import { ClientesDoOperador } from '../clientes/clientes-operador.repository.ts';
import { diasAtraso } from '../clientes/dias-atraso.ts';
import type { EscopoOperador } from '../clientes/escopo-operador.ts';
import { atualizacaoDe, encargosDaConta } from '../clientes/valor-atualizado.ts';
import { buscarSistemaSettings } from '../configuracoes/configuracoes.repository.ts';
import {
  atualizarRespostaRapida,
  buscarRespostaRapida,
  contasAbertasVisiveis,
  excluirRespostaRapida,
  inserirRespostaRapida,
  listarRespostasRapidas,
  type RespostaRapidaRow,
  type RespostaRapidaValores,
} from './respostas-rapidas.repository.ts';
import { valoresDaResposta } from './valores-resposta.ts';

// Quick replies (docs/produto.md §13): the admin's CRUD, audited, and the operator's list rendered
// for one customer they may see.

export const RESPOSTA_NAO_ENCONTRADA = 'Resposta rápida não encontrada.';
export const ATALHO_EM_USO = 'Já existe uma resposta rápida com este atalho.';

const naoEncontrada = () => new ErroDominio('RESPOSTA_RAPIDA_NAO_ENCONTRADA', RESPOSTA_NAO_ENCONTRADA);
const atalhoEmUso = () => erroDeCampo('ATALHO_EM_USO', 'atalho', ATALHO_EM_USO);

const toView = (row: RespostaRapidaRow): RespostaRapidaView => ({
  id: row.id,
  atalho: row.atalho,
  texto: row.texto,
  created_at: row.createdAt.toISOString(),
  updated_at: row.updatedAt.toISOString(),
});

export const listarRespostas = async (db: Db): Promise<RespostaRapidaView[]> =>
  (await listarRespostasRapidas(db)).map(toView);

/** The unique index decides between two admins saving the same shortcut at once. */
const comAtalhoUnico = async <T>(gravar: () => Promise<T>): Promise<T> => {
  try {
    return await gravar();
  } catch (error) {
    if (isUniqueViolation(error, 'respostas_rapidas_atalho_uq')) throw atalhoEmUso();
    throw error;
  }
};

const base = (ator: Ator, id: number) => ({
  usuarioId: ator.usuarioId,
  entidade: 'resposta_rapida',
  entidadeId: id,
  ip: ator.ip ?? null,
});

export const criarResposta = (db: Db, body: RespostaRapidaValores, ator: Ator): Promise<RespostaRapidaView> =>
  comAtalhoUnico(() =>
    db.transaction(async (tx) => {
      const row = await inserirRespostaRapida(tx, body, ator.usuarioId);
      await registrarAuditoria(tx, {
        ...base(ator, row.id),
        acao: 'resposta_rapida.criada',
        descricao: `Resposta rápida "/${row.atalho}" criada`,
        detalhes: { atalho: row.atalho, texto: row.texto },
      });
      return toView(row);
    }),
  );

export const atualizarResposta = (
  db: Db,
  id: number,
  body: RespostaRapidaValores,
  ator: Ator,
): Promise<RespostaRapidaView> =>
  comAtalhoUnico(() =>
    db.transaction(async (tx) => {
      const antes = await buscarRespostaRapida(tx, id, { forUpdate: true });
      if (!antes) throw naoEncontrada();
      if (antes.atalho === body.atalho && antes.texto === body.texto) return toView(antes);
      const row = await atualizarRespostaRapida(tx, id, body, ator.usuarioId);
      if (!row) throw naoEncontrada();
      const detalhes: Record<string, { de: string; para: string }> = {};
      for (const campo of ['atalho', 'texto'] as const)
        if (antes[campo] !== row[campo]) detalhes[campo] = { de: antes[campo], para: row[campo] };
      await registrarAuditoria(tx, {
        ...base(ator, id),
        acao: 'resposta_rapida.alterada',
        descricao: `Resposta rápida "/${row.atalho}" alterada`,
        detalhes,
      });
      return toView(row);
    }),
  );

export const excluirResposta = (db: Db, id: number, ator: Ator): Promise<void> =>
  db.transaction(async (tx) => {
    const row = await excluirRespostaRapida(tx, id);
    if (!row) throw naoEncontrada();
    // The text goes into the audit entry: the only trace left of what operators could send.
    await registrarAuditoria(tx, {
      ...base(ator, id),
      acao: 'resposta_rapida.excluida',
      descricao: `Resposta rápida "/${row.atalho}" excluída`,
      detalhes: { atalho: row.atalho, texto: row.texto },
    });
  });

/** The quick replies with their placeholders filled for one customer the operator may see (404 otherwise). */
export const respostasParaCliente = async (
  db: Db,
  escopo: EscopoOperador,
  clienteId: number,
  agora = new Date(),
): Promise<RespostaRapidaRenderizada[]> => {
  const cliente = await new ClientesDoOperador(db, escopo).buscarVisivelOrThrow(clienteId);
  const [settings, contas, respostas] = await Promise.all([
    buscarSistemaSettings(db),
    contasAbertasVisiveis(db, escopo, clienteId),
    listarRespostasRapidas(db),
  ]);
  const atualizacao = atualizacaoDe(settings, agora);
  const valores = valoresDaResposta({
    nome: cliente.nome,
    credor: settings.empresa,
    contas: contas.map((conta) => ({
      vencimento: conta.vencimento,
      totalCentavos: encargosDaConta(conta, atualizacao).totalCentavos,
      diasAtraso: diasAtraso(conta, atualizacao.hoje),
    })),
  });
  return respostas.map((r) => ({ id: r.id, atalho: r.atalho, texto: renderTemplate(r.texto, valores) }));
};
