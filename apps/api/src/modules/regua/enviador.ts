import { CANAIS, type Canal, type SistemaSettings } from '@cobranca/contracts';
import { diasEntre, hojeNoFuso, instanteNoFuso } from '@cobranca/dominio';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { linhasDe } from '../../db/linhas.ts';
import type { Relogio } from '../../lib/relogio.ts';
import {
  type Canais,
  type CanalDriver,
  canalNaoConfigurado,
  PROVEDORES_COM_CONFIRMACAO,
  prepararNoCanal,
  type ResultadoEnvio,
} from '../canais/canal.ts';
import { preencherLinkDoPortal } from '../links-portal/links.ts';
import type { LinhaDeSaida } from '../mensagens/despacho.ts';
import type { EnvioAceito } from '../mensagens/envios-aceitos.repository.ts';
import { seguirNoProximoCanal } from '../mensagens/outro-canal.ts';
import { registrarResultadoEnvio } from '../mensagens/resultado-envio.service.ts';
import { type MensagemEnviada, marcarEnvioIniciado } from '../mensagens/saida.repository.ts';
import { LEASE_MS, RECONCILIACAO_MS } from '../mensagens/tentativas.ts';
import { emDebitoAutomatico } from '../pix/cobrancas/parcelas-em-debito.ts';
import { type ProvedorConfigurado, provedorSimulado } from '../pix/configuracao/provedor-ativo.ts';
import { dentroDaJanela } from './calendario.ts';
import { precisaDeCobranca, prepararCobrancas } from './cobrancas-da-regua.ts';
import { criarRegistroEmLote } from './registro-em-lote.ts';
import {
  ATRASO_TOLERADO_MS,
  criarLimitadorDeslizante,
  intervaloEntreEnviosMs,
  reservarSlots,
} from './vazao.ts';

// The outbox sender (docs/produto.md §11): claims due messages with FOR UPDATE SKIP LOCKED under a lease, so
// any number of workers share the queue without sending a message twice; paces the sends on slots
// of the shared allowance; marks each send as started, then records its answer. Régua messages only
// go inside the sending window, while automation is on, and only if their customer and receivables
// still call for them. A message marked and never answered (its sender died mid-send) waits for the
// channel's status webhook to reconcile it (decision 009) before it is sent again.

export type DepsEnvio = {
  db: Db;
  /** APP_KEY: a message and its fallbacks carry one portal link, derived from it (decision 029). */
  appKey: Buffer;
  /** Each channel's driver as configured now (read again every round: the admin may change it). */
  canaisDe: () => Promise<Canais>;
  relogio: Relogio;
  aleatorio?: () => number;
  /** The PIX provider for the messages' charges (default: the embedded simulator). */
  pixDe?: () => Promise<ProvedorConfigurado>;
  /** Failures recording an answer (database down) are reported here; the lease makes them retried. */
  aoFalhar?: (erro: unknown) => void;
  log?: { warn(obj: object, msg: string): void };
};

export type ResultadoEnvios = { enviadas: number; falhas: number; reagendadas: number; canceladas: number };

type Reivindicada = LinhaDeSaida & {
  /** Its send started once and no outcome was recorded: it may have reached the customer. */
  resultado_desconhecido: boolean;
};

/**
 * What a claim takes: `envio`, messages ready to go (a régua message only once it carries a valid
 * charge); `cobranca`, the régua messages still waiting for theirs.
 */
export type ParteDaFila = 'envio' | 'cobranca';

/** Claims up to `limite` due messages for this sender until `prazo`, the end of its lease. */
export const reivindicar = async (
  db: Db,
  agora: Date,
  limite: number,
  incluirRegua: boolean,
  prazo = new Date(agora.getTime() + LEASE_MS),
  parte: ParteDaFila = 'envio',
  canal: Canal | null = null,
): Promise<Reivindicada[]> => {
  const instante = agora.toISOString();
  const confirmados = JSON.stringify(PROVEDORES_COM_CONFIRMACAO);
  const semCobranca = precisaDeCobranca(sql.raw('mensagens'), agora);
  const daParte =
    parte === 'cobranca'
      ? sql`origem = 'regua' AND ${semCobranca}`
      : sql`(origem <> 'regua' OR NOT ${semCobranca})`;
  return linhasDe<Reivindicada>(
    await db.execute(sql`
      WITH alvo AS (
        SELECT id FROM mensagens
        WHERE status = 'pendente'
          AND (proxima_tentativa_em IS NULL OR proxima_tentativa_em <= ${instante}::timestamptz)
          AND (bloqueada_ate IS NULL OR bloqueada_ate <= ${instante}::timestamptz)
          AND (envio_iniciado_em IS NULL
            OR provedor NOT IN (SELECT jsonb_array_elements_text(${confirmados}::jsonb))
            OR envio_iniciado_em <= ${instante}::timestamptz - ${`${RECONCILIACAO_MS} milliseconds`}::interval)
          AND (${incluirRegua}::boolean OR origem <> 'regua')
          AND ${daParte}
          AND (${canal}::text IS NULL OR canal = ${canal}::text)
        ORDER BY proxima_tentativa_em NULLS FIRST, id
        LIMIT ${limite}
        FOR UPDATE SKIP LOCKED)
      UPDATE mensagens m SET bloqueada_ate = ${prazo.toISOString()}::timestamptz
      FROM alvo WHERE m.id = alvo.id
      RETURNING m.id, m.cliente_id, m.telefone, m.email, m.assunto, m.conteudo, m.origem, m.template_canal,
        m.envio_iniciado_em IS NOT NULL AS resultado_desconhecido`),
  );
};

type Situacao = {
  id: number;
  status: string | null;
  opt_out: boolean;
  soneca_ate: string | null;
  numero_chamadas: number;
  conta_fechada: boolean;
  /** One of its receivables went into automatic debit after planning. */
  em_debito: boolean;
  termos_hoje: boolean;
  /** A fallback made on an earlier day: that day's message is planned anew. */
  dia_passou: boolean;
  /** The customer opted out of this message's channel, or its e-mail bounced, since it was planned. */
  canal_bloqueado: boolean;
  ultima_entrada: string | Date | null;
};

const situacoes = async (
  db: Db,
  ids: number[],
  inicioDoDia: Date,
  hoje: string,
): Promise<Map<number, Situacao>> => {
  const linhas = linhasDe<Situacao>(
    await db.execute(sql`
      SELECT m.id, c.status, c.opt_out_em IS NOT NULL AS opt_out, c.soneca_ate::text AS soneca_ate,
        coalesce(c.numero_chamadas, 0) AS numero_chamadas,
        EXISTS (SELECT 1 FROM regua_envios re JOIN contas_receber cr ON cr.id = re.conta_id
          WHERE re.mensagem_id = m.id AND cr.status <> 'aberta') AS conta_fechada,
        EXISTS (SELECT 1 FROM regua_envios re JOIN contas_receber cr ON cr.id = re.conta_id
          WHERE re.mensagem_id = m.id AND ${emDebitoAutomatico('cr')}) AS em_debito,
        EXISTS (SELECT 1 FROM mensagens t WHERE t.cliente_id = m.cliente_id AND t.template_tipo = 'negociacao'
          AND t.direcao = 'saida' AND t.status NOT IN ('falhou', 'cancelada')
          AND coalesce(t.enviada_em, t.created_at) >= ${inicioDoDia.toISOString()}::timestamptz) AS termos_hoje,
        (m.substitui_mensagem_id IS NOT NULL AND EXISTS (SELECT 1 FROM regua_envios re
          WHERE re.mensagem_id = m.id AND re.data_referencia < ${hoje}::date)) AS dia_passou,
        (EXISTS (SELECT 1 FROM opt_outs_canal o WHERE o.cliente_id = m.cliente_id AND o.canal = m.canal)
          OR (m.canal = 'email' AND EXISTS (SELECT 1 FROM emails_devolvidos d WHERE d.email = lower(m.email))))
          AS canal_bloqueado,
        (SELECT e.created_at FROM mensagens e WHERE e.cliente_id = m.cliente_id AND e.direcao = 'entrada'
          AND e.canal = 'whatsapp' ORDER BY e.id DESC LIMIT 1) AS ultima_entrada
      FROM mensagens m LEFT JOIN clientes c ON c.id = m.cliente_id
      WHERE m.id IN (SELECT jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb)::bigint)`),
  );
  return new Map(linhas.map((l) => [Number(l.id), l]));
};

/** Why a planned régua message must not go out any more (null: it still should). Pure. */
const MOTIVO_CANAL_BLOQUEADO =
  'O cliente deixou de receber por este canal (descadastro ou e-mail devolvido); a mensagem segue pelo próximo canal da etapa, se houver.';

export const motivoCancelamento = (
  s: Pick<
    Situacao,
    | 'status'
    | 'opt_out'
    | 'soneca_ate'
    | 'numero_chamadas'
    | 'conta_fechada'
    | 'em_debito'
    | 'termos_hoje'
    | 'dia_passou'
    | 'canal_bloqueado'
  >,
  settings: Pick<SistemaSettings, 'tentativas_com_falhas'>,
  hoje: string,
): string | null => {
  if (s.status !== 'ativo') return 'O cliente saiu da cobrança automática antes do envio.';
  if (s.opt_out) return 'O cliente pediu para não receber mensagens.';
  if (s.soneca_ate && diasEntre(hoje, s.soneca_ate) >= 0) return 'Há uma promessa de pagamento em curso.';
  if (s.numero_chamadas >= settings.tentativas_com_falhas)
    return 'O cliente atingiu o limite de tentativas sem resposta.';
  if (s.conta_fechada) return 'Uma das contas da mensagem foi paga ou negociada; a régua refaz o plano.';
  if (s.em_debito)
    return 'Uma das parcelas da mensagem passou ao débito automático; o cliente recebe só o aviso do débito.';
  // The agreement's terms are that day's collection message (docs/produto.md §11).
  if (s.termos_hoje)
    return 'O cliente recebeu hoje os termos de um acordo; a régua volta a partir de amanhã.';
  if (s.canal_bloqueado) return MOTIVO_CANAL_BLOQUEADO;
  if (s.dia_passou) return 'O dia desta mensagem passou sem envio; a régua refaz o plano.';
  return null;
};

/**
 * Withdraws a planned message: its (receivable, step) records go, so the next planning pass decides
 * again from what is open now; the key is freed for that new plan. With `outroCanalEm` (its channel
 * closed after planning: an opt-out, a bounce) the message first goes on to the next channel of its
 * step, as a fallback does, taking the records along.
 */
const cancelar = (db: Db, id: number, motivo: string, outroCanalEm?: Date) =>
  db.transaction(async (tx) => {
    await tx.execute(sql`
      UPDATE mensagens SET status = 'cancelada', erro_codigo = 'cancelada', erro_mensagem = ${motivo},
        bloqueada_ate = NULL, envio_iniciado_em = NULL
      WHERE id = ${id}`);
    const seguiu = outroCanalEm !== undefined && (await seguirNoProximoCanal(tx, id, outroCanalEm)) !== null;
    if (!seguiu) await tx.execute(sql`DELETE FROM regua_envios WHERE mensagem_id = ${id}`);
    await tx.execute(
      sql`UPDATE mensagens SET chave_idempotencia = chave_idempotencia || '#cancelada-' || id WHERE id = ${id}`,
    );
  });

type AEnviar = Reivindicada & { ultimaEntradaEm: Date | null };

/**
 * Marks the send as started, waits for its turn (`naVez`), hands the message to the channel and records
 * the answer; null: the lease was lost.
 */
const enviarUma = async (
  deps: DepsEnvio,
  canal: CanalDriver,
  m: AEnviar,
  prazo: Date,
  naVez: () => Promise<void>,
  validadeLinkDias: number,
  registrarAceito: (aceito: EnvioAceito) => Promise<boolean>,
): Promise<ResultadoEnvio | null> => {
  const { db, relogio } = deps;
  const id = Number(m.id);
  if (!(await marcarEnvioIniciado(db, { id, provedor: canal.provedor, prazo, agora: relogio.agora() }))) {
    deps.log?.warn({ mensagem_id: id }, 'envio: a reserva da mensagem acabou antes do envio; não enviada');
    return null;
  }
  // The residual at-least-once case (decision 009): no answer recorded and no confirmation came.
  if (m.resultado_desconhecido)
    deps.log?.warn(
      { mensagem_id: id },
      'envio: resultado desconhecido de um envio anterior (sem resposta nem confirmação do canal); enviando de novo',
    );
  const envio = await preencherLinkDoPortal(
    db,
    deps.appKey,
    {
      telefone: m.telefone,
      email: m.email,
      assunto: m.assunto,
      clienteId: m.cliente_id,
      conteudo: m.conteudo,
      mensagemId: id,
      template: m.template_canal,
      ultimaEntradaEm: m.ultimaEntradaEm,
    },
    { clienteId: m.cliente_id, agora: relogio.agora(), validadeDias: validadeLinkDias },
  );
  const entregar = await prepararNoCanal(canal, envio);
  await naVez();
  const resultado = await entregar();
  const mensagem: MensagemEnviada = { id, origem: m.origem, clienteId: m.cliente_id, conteudo: m.conteudo };
  if (resultado.ok) await registrarAceito({ m: mensagem, r: resultado });
  else
    await registrarResultadoEnvio(db, mensagem, resultado, {
      agora: relogio.agora(),
      aleatorio: deps.aleatorio,
    });
  return resultado;
};

const MAX_RESERVAS = 10;

// The next batch is claimed a little before the current one's slots run out, so sending never pauses.
const ANTECEDENCIA_MS = 50;
// How long before its slot a send is marked as started (a crash in between only delays that message).
const MARCA_ANTECEDENCIA_MS = 30;
/** Seconds of sending whose charges are created before sending them (docs/decisions/017). */
const SEGUNDOS_DE_COBRANCAS = 60;

type Estado = () => Promise<{ settings: SistemaSettings; automacaoLigada: boolean }>;

/** One claim of `parte` under the current settings; null when there is nothing to claim. */
const reivindicarLote = async (
  deps: DepsEnvio,
  carregar: Estado,
  parte: ParteDaFila,
  canal: CanalDriver | null = null,
) => {
  const agora = deps.relogio.agora();
  const { settings, automacaoLigada } = await carregar();
  const incluirRegua = automacaoLigada && dentroDaJanela(agora, settings.janela_envio, settings.fuso_horario);
  if (parte === 'cobranca' && !incluirRegua) return null;
  const prazo = new Date(agora.getTime() + LEASE_MS);
  const limite = Math.min(100, Math.ceil(porSegundoDe(canal, settings) / 4));
  const lote = await reivindicar(deps.db, agora, limite, incluirRegua, prazo, parte, canal?.canal ?? null);
  return lote.length === 0 ? null : { lote, settings, agora, prazo };
};

type Lote = NonNullable<Awaited<ReturnType<typeof reivindicarLote>>>;

/**
 * Claims batch after batch of `parte` and hands each to `tratar`, until nothing is left to claim,
 * `tratar` answers false or `sinal` aborts; answers how many batches were claimed.
 */
const aCadaLote = async (
  deps: DepsEnvio,
  carregar: Estado,
  parte: ParteDaFila,
  tratar: (lote: Lote) => Promise<boolean>,
  sinal?: AbortSignal,
  canal: CanalDriver | null = null,
): Promise<number> => {
  let lotes = 0;
  while (!sinal?.aborted) {
    const reivindicado = await reivindicarLote(deps, carregar, parte, canal);
    if (!reivindicado) break;
    lotes += 1;
    if (!(await tratar(reivindicado))) break;
  }
  return lotes;
};

/** Withdraws the claimed régua messages that must not go any more; answers the others. */
const triar = async (
  db: Db,
  lote: Reivindicada[],
  settings: SistemaSettings,
  agora: Date,
  total: ResultadoEnvios,
): Promise<AEnviar[]> => {
  const hoje = hojeNoFuso(agora, settings.fuso_horario);
  const situacao = await situacoes(
    db,
    lote.map((m) => m.id),
    instanteNoFuso(hoje, 0, settings.fuso_horario),
    hoje,
  );
  const validas: AEnviar[] = [];
  for (const m of lote) {
    const s = situacao.get(Number(m.id));
    const motivo = m.origem === 'regua' && s ? motivoCancelamento(s, settings, hoje) : null;
    if (motivo) {
      await cancelar(db, m.id, motivo, motivo === MOTIVO_CANAL_BLOQUEADO ? agora : undefined);
      total.canceladas += 1;
    } else validas.push({ ...m, ultimaEntradaEm: s?.ultima_entrada ? new Date(s.ultima_entrada) : null });
  }
  return validas;
};

/**
 * Creates the charges of the régua messages due now, up to a minute of sending, batch after batch,
 * and leaves them in the queue ready to go; answers how many batches were claimed. Sending waits for
 * this: handling the PSP's answers while sends are due made them late (decision 017).
 */
const emitirCobrancasDaFila = async (
  deps: DepsEnvio,
  carregar: Estado,
  total: ResultadoEnvios,
  sinal?: AbortSignal,
): Promise<number> => {
  let emitidas = 0;
  return aCadaLote(
    deps,
    carregar,
    'cobranca',
    async ({ lote, settings, agora }) => {
      const validas = await triar(deps.db, lote, settings, agora, total);
      const { prontas, adiadas } = await prepararCobrancas(
        deps.db,
        deps.pixDe ?? (() => provedorSimulado(deps.db)),
        settings,
        validas,
        agora,
      );
      total.reagendadas += adiadas;
      emitidas += prontas;
      return emitidas < settings.vazao_canal_por_segundo * SEGUNDOS_DE_COBRANCAS;
    },
    sinal,
  );
};

/**
 * Sends every message of `canal` ready now, paced on that channel's shared slots; answers how many
 * batches were claimed.
 */
const enviarProntas = async (
  deps: DepsEnvio,
  canal: CanalDriver,
  carregar: Estado,
  total: ResultadoEnvios,
  sinal?: AbortSignal,
): Promise<number> => {
  const { db, relogio } = deps;
  const emVoo = new Set<Promise<void>>();
  const registrarAceito = criarRegistroEmLote(db, relogio);
  let vazaoAtual = 0;
  let aguardarVez = async () => {};
  const lotes = await aCadaLote(
    deps,
    carregar,
    'envio',
    async ({ lote, settings, agora, prazo }) => {
      const aEnviar = await triar(db, lote, settings, agora, total);
      if (aEnviar.length === 0) return true;
      const porSegundo = porSegundoDe(canal, settings);
      const intervalo = intervaloEntreEnviosMs(porSegundo);
      // Reserved from the time now, not the loop's start: slots already past would go out in a bunch.
      const inicio = await reservarSlots(db, canal.canal, aEnviar.length, relogio.agora(), intervalo);
      const esperarSlot = async (slot: number) => {
        let alvo = slot;
        for (let i = 0; i < MAX_RESERVAS; i += 1) {
          await relogio.esperar(alvo - relogio.agora().getTime());
          if (relogio.agora().getTime() - alvo <= ATRASO_TOLERADO_MS) return;
          // The timer fired late (busy process): take a fresh slot rather than crowd the next ones.
          alvo = await reservarSlots(db, canal.canal, 1, relogio.agora(), intervalo);
        }
      };
      if (porSegundo !== vazaoAtual) {
        vazaoAtual = porSegundo;
        aguardarVez = criarLimitadorDeslizante(relogio, porSegundo);
      }
      const vez = aguardarVez;
      aEnviar.forEach((m, i) => {
        const envio = (async () => {
          const slot = inicio + i * intervalo;
          // The mark is written just ahead of the slot, so its round trip does not delay the send (sends
          // delayed unevenly would bunch past the allowance); a mark slower than that lead still meets
          // esperarSlot's lateness check and takes a fresh slot.
          await relogio.esperar(slot - MARCA_ANTECEDENCIA_MS - relogio.agora().getTime());
          const resultado = await enviarUma(
            deps,
            canal,
            m,
            prazo,
            async () => {
              await esperarSlot(slot);
              await vez();
            },
            settings.portal.validade_link_dias,
            registrarAceito,
          );
          if (!resultado) return;
          if (resultado.ok) total.enviadas += 1;
          else if (resultado.transitorio) total.reagendadas += 1;
          else total.falhas += 1;
        })().catch((erro: unknown) => deps.aoFalhar?.(erro));
        emVoo.add(envio);
        void envio.finally(() => emVoo.delete(envio));
      });
      await relogio.esperar(
        inicio + aEnviar.length * intervalo - ANTECEDENCIA_MS - relogio.agora().getTime(),
      );
      return true;
    },
    sinal,
    canal,
  );
  await Promise.all(emVoo);
  return lotes;
};

/** The channel's own pace (an e-mail relay's per-minute rate), else the system's channel rate. */
const porSegundoDe = (canal: CanalDriver | null, settings: SistemaSettings): number =>
  canal?.porSegundo ?? settings.vazao_canal_por_segundo;

/**
 * Sends everything due now: the charges of a minute of régua messages first, then whatever is ready,
 * round after round; returns when nothing more can be claimed (or `sinal` aborts).
 */
export const enviarPendentes = async (
  deps: DepsEnvio,
  carregar: Estado,
  sinal?: AbortSignal,
): Promise<ResultadoEnvios> => {
  const total: ResultadoEnvios = { enviadas: 0, falhas: 0, reagendadas: 0, canceladas: 0 };
  while (!sinal?.aborted) {
    const cobrancas = await emitirCobrancasDaFila(deps, carregar, total, sinal);
    const canais = await deps.canaisDe();
    // Each channel at its own pace, side by side: a slow relay does not hold WhatsApp back.
    const envios = await Promise.all(
      CANAIS.map((c) => enviarProntas(deps, canais[c] ?? canalNaoConfigurado(c), carregar, total, sinal)),
    );
    if (cobrancas === 0 && envios.every((n) => n === 0)) break;
  }
  return total;
};
