import type { SistemaSettings } from '@cobranca/contracts';
import { hojeNoFuso, instanteNoFuso } from '@cobranca/dominio';
import { eq, type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { linhasDe } from '../../db/linhas.ts';
import { mensagens } from '../../db/schema/index.ts';
import { ErroDominio } from '../../lib/errors.ts';
import type { TemplateCanal } from '../canais/canal.ts';
import { atrasoDaTentativa } from '../mensagens/tentativas.ts';
import { codigoDaCobranca } from '../pix/cobrancas/cobrancas.repository.ts';
import { criarCobrancas, type PedidoDeCobranca } from '../pix/cobrancas/criar-cobranca.ts';
import type { ContaCobrada } from '../pix/cobrancas/emissao-cobranca.ts';
import type { ProvedorConfigurado } from '../pix/configuracao/provedor-ativo.ts';
import { blocoPix, MARCADOR_PIX } from './mensagem-regua.ts';

// Every collection message carries a PIX charge (docs/produto.md §21), valid when it goes: the sender
// creates the charges of the messages due now before it starts sending them (decision 017), and a
// message whose charge expired or was removed while it waited (a retry on another day, a partial
// payment) gets a new one. A live charge over exactly the message's receivables (an instalment's own, one
// an earlier message or the portal showed) is reused: the customer keeps one code per debt
// (docs/decisions/038-um-codigo-por-divida.md). A PSP that is slow, down or refusing puts the message
// back in the queue with backoff: it never goes without a valid charge.

/**
 * SQL: the régua message in `tabela` still needs a charge (it carries the marker, or its charge is no
 * longer payable as it stands).
 */
export const precisaDeCobranca = (tabela: SQL, agora: Date): SQL => sql`(
  strpos(${tabela}.conteudo, ${MARCADOR_PIX}) > 0
  OR EXISTS (SELECT 1 FROM cobrancas_pix cp WHERE cp.txid = ${tabela}.pix_txid
    AND (cp.status <> 'ativa' OR cp.valida_ate <= ${agora.toISOString()}::timestamptz)))`;

export type MensagemComPix = {
  id: number;
  conteudo: string;
  origem: string;
  template_canal: TemplateCanal | null;
};

type Dados = {
  id: number;
  cliente_id: number;
  tentativas: number;
  nome: string;
  documento: string;
  documento_tipo: string;
  contas: ContaCobrada[] | null;
  /** The copia e cola of the charge the message carries now, when it needs a new one. */
  codigo_anterior: string | null;
  /** A live charge over exactly the message's open receivables, which the message carries instead of a new one. */
  viva: { txid: string; codigo: string } | null;
};

/** Customer and open receivables of each message (its régua_envios), in one query. */
const carregar = async (
  db: Db,
  ids: number[],
  agora: Date,
  inicioDoDia: Date,
): Promise<Map<number, Dados>> => {
  const linhas = linhasDe<Dados>(
    await db.execute(sql`
      SELECT m.id, m.cliente_id, m.tentativas, c.nome, c.documento, c.documento_tipo,
        (SELECT jsonb_agg(jsonb_build_object('id', cr.id, 'descricao', cr.descricao,
            'valorCentavos', cr.valor_centavos, 'valorPagoCentavos', cr.valor_pago_centavos,
            'vencimento', cr.vencimento, 'multaPendenteCentavos', cr.multa_pendente_centavos,
            'jurosPendentesCentavos', cr.juros_pendentes_centavos, 'encargosAte', cr.encargos_ate)
          ORDER BY cr.vencimento, cr.id)
         FROM regua_envios re JOIN contas_receber cr ON cr.id = re.conta_id AND cr.status = 'aberta'
         WHERE re.mensagem_id = m.id) AS contas,
        (SELECT cp.pix_copia_e_cola FROM cobrancas_pix cp WHERE cp.txid = m.pix_txid) AS codigo_anterior,
        (SELECT jsonb_build_object('txid', cp.txid, 'codigo', cp.pix_copia_e_cola)
         FROM cobrancas_pix cp
         WHERE cp.cliente_id = m.cliente_id AND cp.status = 'ativa' AND cp.valida_ate > ${agora.toISOString()}::timestamptz
           -- A cob's amount is the day it was made (as the portal's reuse, portal/pix-portal.ts).
           AND (cp.tipo = 'cobv' OR cp.created_at >= ${inicioDoDia.toISOString()}::timestamptz)
           AND ARRAY(SELECT cpc.conta_id FROM cobranca_pix_contas cpc WHERE cpc.cobranca_id = cp.id ORDER BY 1)
             = ARRAY(SELECT re.conta_id FROM regua_envios re JOIN contas_receber cr ON cr.id = re.conta_id
                 AND cr.status = 'aberta' WHERE re.mensagem_id = m.id ORDER BY 1)
         ORDER BY cp.valida_ate DESC, cp.id DESC LIMIT 1) AS viva
      FROM mensagens m JOIN clientes c ON c.id = m.cliente_id
      WHERE m.id IN (SELECT jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb)::bigint)`),
  );
  return new Map(linhas.map((l) => [Number(l.id), l]));
};

/** The message's text with the new code where the marker, or the expired code, was. */
const preencher = (m: MensagemComPix, anterior: string | null, copiaECola: string) => {
  const trocar = (texto: string, noMarcador: string) =>
    texto.includes(MARCADOR_PIX)
      ? texto.replace(MARCADOR_PIX, () => noMarcador)
      : anterior
        ? texto.replaceAll(anterior, () => copiaECola)
        : texto;
  return {
    conteudo: trocar(m.conteudo, blocoPix(copiaECola)),
    template: m.template_canal
      ? { ...m.template_canal, parametros: m.template_canal.parametros.map((p) => trocar(p, copiaECola)) }
      : null,
  };
};

type Pedido = PedidoDeCobranca & Carregada;

type Carregada = { m: MensagemComPix; d: Dados };

/** The batch's new texts, in the charges' transaction (a commit per message would cost the sender its pace). */
const guardarTextos = async (tx: Db | Tx, comCobranca: (Carregada & { txid: string; codigo: string })[]) => {
  if (comCobranca.length === 0) return;
  const textos = comCobranca.map(({ m, d, txid, codigo }) => ({
    id: m.id,
    ...preencher(m, d.codigo_anterior, codigo),
    txid,
  }));
  // Each message leaves the lease, ready for any sender.
  await tx.execute(sql`
    UPDATE mensagens m SET conteudo = t.conteudo, template_canal = t.template, pix_txid = t.txid,
      bloqueada_ate = NULL
    FROM jsonb_to_recordset(${JSON.stringify(textos)}::jsonb) AS t(id bigint, conteudo text, template jsonb, txid text)
    WHERE m.id = t.id`);
};

/** What `erro_mensagem` starts with while a message waits for its charge (the health panel counts them). */
export const PREFIXO_AGUARDANDO_COBRANCA = 'Aguardando a cobrança PIX: ';

const adiar = async (db: Db, d: Dados, agora: Date, motivo: string) => {
  await db
    .update(mensagens)
    .set({
      tentativas: d.tentativas + 1,
      proximaTentativaEm: new Date(agora.getTime() + atrasoDaTentativa(d.tentativas + 1)),
      bloqueadaAte: null,
      erroMensagem: `${PREFIXO_AGUARDANDO_COBRANCA}${motivo}`,
    })
    .where(eq(mensagens.id, d.id));
};

/**
 * Creates the charge of each claimed régua message that needs one (`precisaDeCobranca`) and stores it
 * with the message's text; answers how many are ready to send and how many were put back to wait for
 * the PSP.
 */
export const prepararCobrancas = async (
  db: Db,
  pixDe: () => Promise<ProvedorConfigurado>,
  settings: SistemaSettings,
  lote: MensagemComPix[],
  agora: Date,
): Promise<{ prontas: number; adiadas: number }> => {
  if (lote.length === 0) return { prontas: 0, adiadas: 0 };
  const dados = await carregar(
    db,
    lote.map((m) => Number(m.id)),
    agora,
    instanteNoFuso(hojeNoFuso(agora, settings.fuso_horario), 0, settings.fuso_horario),
  );
  const pedidos: Pedido[] = [];
  const reusadas: Parameters<typeof guardarTextos>[1] = [];
  for (const m of lote) {
    const d = dados.get(Number(m.id));
    if (!d) continue;
    if (d.viva) {
      reusadas.push({ m, d, ...d.viva });
      continue;
    }
    const contas = d.contas ?? [];
    if (contas.length === 0) throw new Error(`mensagem ${m.id} sem contas em aberto para a cobrança`);
    const devedor = { nome: d.nome, documento: d.documento, documentoTipo: d.documento_tipo };
    // Keyed by the code it replaces too: a message whose charge lapsed gets a new one, a retry the same.
    const para = `regua:${m.id}:${d.codigo_anterior ?? ''}`;
    pedidos.push({ clienteId: d.cliente_id, devedor, contas, origem: 'regua', mensagemId: m.id, para, m, d });
  }
  await guardarTextos(db, reusadas);
  if (pedidos.length === 0) return { prontas: reusadas.length, adiadas: 0 };
  let pix: ProvedorConfigurado;
  try {
    pix = await pixDe();
  } catch (error) {
    if (!(error instanceof ErroDominio)) throw error;
    for (const { d } of pedidos) await adiar(db, d, agora, error.message);
    return { prontas: reusadas.length, adiadas: pedidos.length };
  }
  const { criadas, falhas } = await criarCobrancas(db, pix, settings, pedidos, agora, {
    junto: (tx, feitas) =>
      guardarTextos(
        tx,
        feitas.map(({ pedido, cobranca }) => ({
          ...pedido,
          txid: cobranca.txid,
          codigo: codigoDaCobranca(cobranca),
        })),
      ),
  });
  for (const { pedido, erro } of falhas) await adiar(db, pedido.d, agora, erro.message);
  return { prontas: reusadas.length + criadas.length, adiadas: falhas.length };
};
