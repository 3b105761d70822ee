import type { SistemaSettings } from '@cobranca/contracts';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { linhasDe } from '../../db/linhas.ts';
import { mensagens } from '../../db/schema/index.ts';
import { ErroDominio } from '../../lib/errors.ts';
import type { TemplateCanal } from '../canais/canal.ts';
import { atrasoDaTentativa } from '../mensagens/tentativas.ts';
import { ErroApiPix } from '../pix/api-pix-erros.ts';
import { inserirCobrancas } from '../pix/cobrancas.repository.ts';
import { type CobrancaEmitida, type ContaCobrada, emitirCobranca } from '../pix/emissao-cobranca.ts';
import type { ProvedorConfigurado } from '../pix/provedor-ativo.ts';
import { blocoPix, MARCADOR_PIX } from './mensagem-regua.ts';

// Every collection message carries its own PIX charge (docs/produto.md §21), created just before it
// goes, all of a batch at once so a 30 ms PSP does not slow the sender. A PSP that is slow, down or
// refusing puts the message back in the queue with backoff: it never goes without its charge.

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
};

/** Customer and open receivables of each message (its régua_envios), in one query. */
const carregar = async (db: Db, ids: number[]): Promise<Map<number, Dados>> => {
  const linhas = linhasDe<Dados>(
    await db.execute(sql`
      SELECT m.id, m.cliente_id, m.tentativas, c.nome, c.documento, c.documento_tipo,
        (SELECT jsonb_agg(jsonb_build_object('id', cr.id, 'descricao', cr.descricao,
            'valorCentavos', cr.valor_centavos, 'valorPagoCentavos', cr.valor_pago_centavos,
            'vencimento', cr.vencimento, 'multaPendenteCentavos', cr.multa_pendente_centavos,
            'jurosPendentesCentavos', cr.juros_pendentes_centavos, 'encargosAte', cr.encargos_ate)
          ORDER BY cr.vencimento, cr.id)
         FROM regua_envios re JOIN contas_receber cr ON cr.id = re.conta_id AND cr.status = 'aberta'
         WHERE re.mensagem_id = m.id) AS contas
      FROM mensagens m JOIN clientes c ON c.id = m.cliente_id
      WHERE m.id IN (SELECT jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb)::bigint)`),
  );
  return new Map(linhas.map((l) => [Number(l.id), l]));
};

const preencher = (m: MensagemComPix, copiaECola: string) => ({
  conteudo: m.conteudo.replace(MARCADOR_PIX, blocoPix(copiaECola)),
  template: m.template_canal
    ? {
        ...m.template_canal,
        parametros: m.template_canal.parametros.map((p) => p.replace(MARCADOR_PIX, copiaECola)),
      }
    : null,
});

/** Asks the provider for one message's charge and fills its text; nothing is stored yet. */
const emitirUma = async (
  pix: ProvedorConfigurado,
  settings: SistemaSettings,
  m: MensagemComPix,
  d: Dados,
  agora: Date,
): Promise<Preparada> => {
  const contas = d.contas ?? [];
  if (contas.length === 0) throw new Error(`mensagem ${m.id} sem contas em aberto para a cobrança`);
  const devedor = { nome: d.nome, documento: d.documento, documentoTipo: d.documento_tipo };
  const emitida = await emitirCobranca(pix, settings, devedor, contas, agora);
  return { m, d, emitida, ...preencher(m, emitida.pixCopiaECola) };
};

type Preparada = {
  m: MensagemComPix;
  d: Dados;
  emitida: CobrancaEmitida;
  conteudo: string;
  template: TemplateCanal | null;
};

/** The batch's charges and texts in one transaction: a commit per message would cost the sender its pace. */
const guardar = async (db: Db, preparadas: Preparada[]) => {
  if (preparadas.length === 0) return;
  await db.transaction(async (tx) => {
    await inserirCobrancas(
      tx,
      preparadas.map(({ m, d, emitida }) => ({
        nova: { ...emitida, clienteId: d.cliente_id, origem: 'regua' as const, mensagemId: m.id },
        contasIds: (d.contas ?? []).map((c) => c.id),
      })),
    );
    const textos = preparadas.map(({ m, emitida, conteudo, template }) => ({
      id: m.id,
      conteudo,
      template,
      txid: emitida.txid,
    }));
    await tx.execute(sql`
      UPDATE mensagens m SET conteudo = t.conteudo, template_canal = t.template, pix_txid = t.txid
      FROM jsonb_to_recordset(${JSON.stringify(textos)}::jsonb) AS t(id bigint, conteudo text, template jsonb, txid text)
      WHERE m.id = t.id`);
  });
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
 * Creates the charge of each claimed régua message still carrying the PIX marker; answers the messages
 * ready to send (the others untouched) and how many were put back to wait for the PSP.
 */
export const prepararCobrancas = async <M extends MensagemComPix>(
  db: Db,
  pixDe: () => Promise<ProvedorConfigurado>,
  settings: SistemaSettings,
  lote: M[],
  agora: Date,
): Promise<{ prontas: M[]; adiadas: number }> => {
  const precisam = lote.filter((m) => m.conteudo.includes(MARCADOR_PIX));
  if (precisam.length === 0) return { prontas: lote, adiadas: 0 };
  const dados = await carregar(
    db,
    precisam.map((m) => Number(m.id)),
  );
  let pix: ProvedorConfigurado | null = null;
  let motivoGeral: string | null = null;
  try {
    pix = await pixDe();
  } catch (error) {
    if (!(error instanceof ErroDominio)) throw error;
    motivoGeral = error.message;
  }
  let adiadas = 0;
  const emitir = async (m: M): Promise<Preparada | null> => {
    const d = dados.get(Number(m.id));
    if (!d) return null;
    try {
      if (!pix) throw new ErroDominio('PIX_NAO_CONFIGURADO', motivoGeral ?? 'provedor PIX indisponível');
      return await emitirUma(pix, settings, m, d, agora);
    } catch (error) {
      if (!(error instanceof ErroApiPix || error instanceof ErroDominio)) throw error;
      await adiar(db, d, agora, error.message);
      adiadas += 1;
      return null;
    }
  };
  const emitidas = await Promise.all(precisam.map(emitir));
  const guardadas = emitidas.filter((p): p is Preparada => p !== null);
  await guardar(db, guardadas);
  const preparadas = new Map(guardadas.map((p) => [Number(p.m.id), p]));
  const prontas = lote.flatMap((m) =>
    m.conteudo.includes(MARCADOR_PIX)
      ? ((p) => (p ? [{ ...m, conteudo: p.conteudo, template_canal: p.template }] : []))(
          preparadas.get(Number(m.id)),
        )
      : [m],
  );
  return { prontas, adiadas };
};
