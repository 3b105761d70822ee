import { comCliente } from '../bench/banco.ts';

// After the load: did every régua message planned go out exactly once? Read straight from the
// database (the simulator keeps no state; what it accepted is what the outbox marks as sent).

export type ChecagemMensagens = {
  /** Régua messages by status (pendente, enviada, entregue, falhou, cancelada…). */
  regua_por_status: Record<string, number>;
  regua_total: number;
  regua_enviadas: number;
  operador_enviadas: number;
  respostas_recebidas: number;
  /** Still `pendente` although older than one pass plus the time to send everything planned. */
  perdidas: number;
  /** (customer, step, São Paulo day) with more than one message that reached the channel. */
  duplicadas: number;
  falhou: number;
  /** Withdrawn before sending (the customer left `ativo`, e.g. replied), by reason. */
  canceladas_por_motivo: Record<string, number>;
  /** Customers still eligible for the due-day message (ativo, under the attempts limit) that never got one. */
  elegiveis_sem_mensagem: number;
  limite_pendente_segundos: number;
  drenagem_segundos: number;
};

const ENVIADA = `('enviada', 'entregue', 'lida')`;
const esperar = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const contar = async (url: string, texto: string, valores: unknown[] = []): Promise<number> =>
  comCliente(url, async (client) => {
    const { rows } = await client.query<{ n: string }>(texto, valores);
    return Number(rows[0]?.n ?? 0);
  });

const pendentesRegua = (url: string) =>
  contar(url, `SELECT count(*) AS n FROM mensagens WHERE origem = 'regua' AND status = 'pendente'`);

/**
 * Waits until no régua message is waiting and at least two engine passes ran since the load ended
 * (anything eligible gets planned and sent), or `limiteSegundos`; returns the seconds waited.
 */
export const drenar = async (url: string, intervaloSegundos: number, limiteSegundos: number) => {
  const inicio = Date.now();
  const minimo = 2 * intervaloSegundos * 1000 + 1_000;
  while (Date.now() - inicio < limiteSegundos * 1000) {
    if (Date.now() - inicio >= minimo && (await pendentesRegua(url)) === 0) break;
    await esperar(500);
  }
  return Math.round((Date.now() - inicio) / 100) / 10;
};

export const checarMensagens = async (
  url: string,
  opcoes: { limitePendenteSegundos: number; tentativasComFalhas: number; drenagemSegundos: number },
): Promise<ChecagemMensagens> => {
  const porStatus = await comCliente(url, async (client) => {
    const { rows } = await client.query<{ status: string; n: string }>(
      `SELECT status, count(*) AS n FROM mensagens WHERE origem = 'regua' GROUP BY status ORDER BY status`,
    );
    return Object.fromEntries(rows.map((r) => [r.status, Number(r.n)]));
  });
  const perdidas = await contar(
    url,
    `SELECT count(*) AS n FROM mensagens WHERE origem = 'regua' AND status = 'pendente'
       AND created_at < now() - make_interval(secs => $1)`,
    [opcoes.limitePendenteSegundos],
  );
  const duplicadas = await contar(
    url,
    `SELECT count(*) AS n FROM (
       SELECT m.cliente_id, re.etapa_dias, (m.enviada_em AT TIME ZONE 'America/Sao_Paulo')::date AS dia
       FROM mensagens m JOIN regua_envios re ON re.mensagem_id = m.id
       WHERE m.origem = 'regua' AND m.direcao = 'saida' AND m.status IN ${ENVIADA}
       GROUP BY 1, 2, 3 HAVING count(DISTINCT m.id) > 1) d`,
  );
  const elegiveisSemMensagem = await contar(
    url,
    `SELECT count(*) AS n FROM clientes c
     WHERE c.status = 'ativo' AND c.opt_out_em IS NULL AND c.telefone IS NOT NULL
       AND c.numero_chamadas < $1
       AND EXISTS (SELECT 1 FROM contas_receber cr WHERE cr.cliente_id = c.id AND cr.status = 'aberta'
         AND cr.vencimento <= (now() AT TIME ZONE 'America/Sao_Paulo')::date)
       AND NOT EXISTS (SELECT 1 FROM mensagens m WHERE m.cliente_id = c.id AND m.origem = 'regua'
         AND m.status IN ${ENVIADA})`,
    [opcoes.tentativasComFalhas],
  );
  const canceladas = await comCliente(url, async (client) => {
    const { rows } = await client.query<{ motivo: string; n: string }>(
      `SELECT coalesce(erro_mensagem, '?') AS motivo, count(*) AS n FROM mensagens
       WHERE origem = 'regua' AND status = 'cancelada' GROUP BY 1 ORDER BY 2 DESC`,
    );
    return Object.fromEntries(rows.map((r) => [r.motivo, Number(r.n)]));
  });
  const porOrigem = async (origem: string, status: string) =>
    contar(url, `SELECT count(*) AS n FROM mensagens WHERE origem = $1 AND status IN ${status}`, [origem]);
  const reguaEnviadas = ['enviada', 'entregue', 'lida'].reduce((t, s) => t + (porStatus[s] ?? 0), 0);
  return {
    regua_por_status: porStatus,
    regua_total: Object.values(porStatus).reduce((a, b) => a + b, 0),
    regua_enviadas: reguaEnviadas,
    operador_enviadas: await porOrigem('operador', ENVIADA),
    respostas_recebidas: await porOrigem('cliente', `('recebida', 'lida')`),
    perdidas,
    duplicadas,
    falhou: porStatus.falhou ?? 0,
    canceladas_por_motivo: canceladas,
    elegiveis_sem_mensagem: elegiveisSemMensagem,
    limite_pendente_segundos: opcoes.limitePendenteSegundos,
    drenagem_segundos: opcoes.drenagemSegundos,
  };
};
