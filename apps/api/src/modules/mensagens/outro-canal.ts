import { CANAIS, CANAL_ROTULOS, type Canal, type ProvedorMensagem } from '@cobranca/contracts';
import { hojeNoFuso } from '@cobranca/dominio';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { linhasDe } from '../../db/linhas.ts';
import { blocoPix, MARCADOR_PIX } from '../../lib/conteudo-mensagem.ts';
import { registrarAuditoria } from '../auditoria/auditoria.repository.ts';
import type { AlternativaDeCanal } from '../canais/canal.ts';
import { contatosDosClientes } from '../canais/rota.repository.ts';
import { motivoIndisponivel } from '../canais/rota.ts';
import { buscarSistemaSettings } from '../configuracoes/configuracoes.repository.ts';

// Fallback (docs/produto.md §12): a message that failed for good on its channel (not a WhatsApp user, a
// hard bounce, an undeliverable SMS) goes out the same day through the next channel it was planned with,
// carrying the same charge: the new row takes the same txid and code, and the receivables' régua records.

type Falhada = {
  id: number;
  cliente_id: number;
  origem: string;
  template_tipo: string | null;
  chave_idempotencia: string | null;
  valor_centavos: number | null;
  pix_txid: string | null;
  codigo: string | null;
  alternativas: AlternativaDeCanal[] | null;
  /** The day the régua planned it for (null: not a régua message). */
  planejada_para: string | null;
  opt_out: boolean;
  erro: string | null;
};

const PROVEDOR_REAL: Record<Canal, ProvedorMensagem> = {
  whatsapp: 'whatsapp_cloud',
  email: 'smtp',
  sms: 'zenvia',
};

/** The service configured for `canal` now (the sender records the one that really carried it). */
const provedorDoCanal = async (tx: DbOrTx, canal: Canal): Promise<ProvedorMensagem> => {
  const [linha] = linhasDe<{ provedor: string | null }>(
    await tx.execute(sql`SELECT valor->>'provedor' AS provedor FROM configuracoes WHERE chave = ${canal}`),
  );
  return linha?.provedor && linha.provedor !== 'simulador' ? PROVEDOR_REAL[canal] : 'simulador';
};

const carregar = async (tx: DbOrTx, id: number): Promise<Falhada | undefined> => {
  const [m] = linhasDe<Falhada>(
    await tx.execute(sql`
      SELECT m.id, m.cliente_id, m.origem, m.template_tipo, m.chave_idempotencia, m.valor_centavos, m.pix_txid,
        (SELECT cp.pix_copia_e_cola FROM cobrancas_pix cp WHERE cp.txid = m.pix_txid) AS codigo,
        m.alternativas, (SELECT max(re.data_referencia)::text FROM regua_envios re WHERE re.mensagem_id = m.id)
          AS planejada_para, c.opt_out_em IS NOT NULL AS opt_out,
        coalesce(m.erro_mensagem, m.erro_codigo) AS erro
      FROM mensagens m JOIN clientes c ON c.id = m.cliente_id
      WHERE m.id = ${id} AND m.direcao = 'saida'`),
  );
  return m;
};

/**
 * In the failure's transaction (or the withdrawal's, when the channel closed before the send): the next
 * channel's message, pending, with the régua records moved to
 * it; null when there is none (no channel left, none reachable now, the day is over, or the customer
 * stopped everything).
 */
export const seguirNoProximoCanal = async (
  tx: DbOrTx,
  mensagemId: number,
  agora: Date,
): Promise<number | null> => {
  const m = await carregar(tx, mensagemId);
  if (!m?.alternativas?.length || m.opt_out) return null;
  const { fuso_horario } = await buscarSistemaSettings(tx);
  // The collection message of another day is planned anew (its amounts and step may have changed).
  if (m.planejada_para !== null && m.planejada_para !== hojeNoFuso(agora, fuso_horario)) return null;
  const contato = (await contatosDosClientes(tx, [m.cliente_id])).get(m.cliente_id);
  if (!contato) return null;
  const todos = new Set<Canal>(CANAIS);
  const possiveis = m.alternativas.filter((a) => motivoIndisponivel(a.canal, contato, todos) === null);
  const [proxima, ...resto] = possiveis;
  if (!proxima) return null;
  const conteudo =
    m.codigo !== null
      ? proxima.conteudo.replace(MARCADOR_PIX, () => blocoPix(m.codigo ?? ''))
      : proxima.conteudo;
  const [nova] = linhasDe<{ id: number }>(
    await tx.execute(sql`
      INSERT INTO mensagens (cliente_id, telefone, email, assunto, direcao, origem, status, conteudo, canal,
        provedor, alternativas, substitui_mensagem_id, template_tipo, template_canal, chave_idempotencia,
        valor_centavos, pix_txid)
      VALUES (${m.cliente_id}, ${proxima.telefone}, ${proxima.email}, ${proxima.assunto}, 'saida', ${m.origem},
        'pendente', ${conteudo}, ${proxima.canal}, ${await provedorDoCanal(tx, proxima.canal)},
        ${resto.length > 0 ? JSON.stringify(resto) : null}::jsonb, ${m.id}, ${m.template_tipo},
        ${proxima.template ? JSON.stringify(proxima.template) : null}::jsonb,
        ${m.chave_idempotencia ? `${m.chave_idempotencia}>${proxima.canal}` : null}, ${m.valor_centavos}, ${m.pix_txid})
      RETURNING id`),
  );
  if (!nova) throw new Error('insert da mensagem no próximo canal não devolveu a linha');
  await tx.execute(
    sql`UPDATE regua_envios SET mensagem_id = ${nova.id}, status = 'planejado' WHERE mensagem_id = ${m.id}`,
  );
  await registrarAuditoria(tx, {
    usuarioId: null,
    acao: 'mensagem.outro_canal',
    descricao: `Mensagem reenviada por ${CANAL_ROTULOS[proxima.canal]}: ${m.erro ?? 'sem detalhe'}`,
    entidade: 'cliente',
    entidadeId: m.cliente_id,
    detalhes: { mensagem_id: m.id, nova_mensagem_id: nova.id, canal: proxima.canal, pix_txid: m.pix_txid },
  });
  return Number(nova.id);
};
