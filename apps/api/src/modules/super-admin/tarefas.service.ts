import type { TarefaMorta as TarefaMortaView, TarefasResponse } from '@cobranca/contracts';
import type { Db, DbOrTx } from '../../db/client.ts';
import {
  buscarMorta,
  descartarMorta,
  repetirMorta,
  resumoPorTipo,
  type TarefaMorta,
  tarefasMortas,
} from '../../fila/painel.ts';
import type { Tarefa } from '../../fila/tarefa.ts';
import type { Ator } from '../../lib/ator.ts';
import { ErroDominio } from '../../lib/errors.ts';
import { registrarAuditoria } from '../auditoria/auditoria.repository.ts';

// The queue as the super admin sees and operates it (docs/efeitos-colaterais.md §5): the health panel's
// card and `npm run cli -- tarefas:…` call the same functions.

const NAO_ENCONTRADA = 'Tarefa não encontrada entre as que falharam de vez.';

const paraView = (t: TarefaMorta): TarefaMortaView => ({
  id: t.id,
  nome: t.nome,
  chave: t.chave,
  tentativas: t.tentativas,
  erro: t.erro,
  criada_em: t.criadaEm.toISOString(),
  morreu_em: t.morreuEm?.toISOString() ?? null,
});

export const painelDeTarefas = async (
  db: Db,
  tarefas: readonly Tarefa[],
  agora = new Date(),
): Promise<TarefasResponse> => {
  const descricoes = new Map(tarefas.map((t) => [t.nome, t.descricao]));
  const [tipos, mortas] = await Promise.all([
    resumoPorTipo(
      db,
      tarefas.map((t) => t.nome),
    ),
    tarefasMortas(db),
  ]);
  return {
    tipos: tipos.map((t) => ({
      nome: t.nome,
      descricao: descricoes.get(t.nome) ?? t.nome,
      aguardando: t.aguardando,
      em_execucao: t.emExecucao,
      falhas_24h: t.falhas24h,
      mortas: t.mortas,
      mais_antiga_aguardando_ha_segundos:
        t.maisAntigaAguardandoEm &&
        Math.max(0, Math.floor((agora.getTime() - t.maisAntigaAguardandoEm.getTime()) / 1000)),
    })),
    mortas: mortas.map(paraView),
  };
};

const agirSobreMorta = (
  acao: 'repetir' | 'descartar',
  fazer: (db: DbOrTx, morta: TarefaMorta) => Promise<void>,
  descrever: (morta: TarefaMorta) => string,
) => {
  return (db: Db, id: string, ator: Ator<number | null>): Promise<TarefaMortaView> =>
    db.transaction(async (tx) => {
      const morta = await buscarMorta(tx, id);
      if (!morta) throw new ErroDominio('TAREFA_NAO_ENCONTRADA', NAO_ENCONTRADA);
      await fazer(tx, morta);
      await registrarAuditoria(tx, {
        usuarioId: ator.usuarioId,
        acao: `tarefa.${acao}`,
        descricao: descrever(morta),
        entidade: 'tarefa',
        entidadeId: morta.id,
        detalhes: { nome: morta.nome, chave: morta.chave, tentativas: morta.tentativas, erro: morta.erro },
        ip: ator.ip,
      });
      return paraView(morta);
    });
};

/** A dead job gets one more try now, audited. */
export const repetirTarefa = agirSobreMorta(
  'repetir',
  repetirMorta,
  (m) => `Tarefa ${m.nome} (${m.chave ?? 'sem chave'}) posta para tentar de novo`,
);

/** A dead job given up for good, audited with what it was. */
export const descartarTarefa = agirSobreMorta(
  'descartar',
  descartarMorta,
  (m) => `Tarefa ${m.nome} (${m.chave ?? 'sem chave'}) descartada; último erro: ${m.erro ?? '—'}`,
);
