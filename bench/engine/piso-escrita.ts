import type { Consultor } from '../banco.ts';

// README.md § Performance, the planning pass's own floor (issue 35): what the pass must write, written
// set-based. Right after the pass, its rows are copied in three statements — one INSERT … SELECT of its
// messages, one of its step records, one UPDATE of as many next-visit dates — into the same tables, with
// their indexes, constraints and triggers, inside a transaction that is rolled back. Reading the
// candidates and deciding are not in it: that is the work the pass adds over this floor.

export type PisoEscrita = {
  ms: number;
  mensagens: number;
  envios: number;
  proximasVisitas: number;
  porComando: { mensagens_ms: number; envios_ms: number; proximas_visitas_ms: number };
};

const COLUNAS_MENSAGEM = `cliente_id, telefone, email, assunto, direcao, origem, status, conteudo, canal, provedor,
  alternativas, template_tipo, valor_centavos, template_canal`;

const umaVez = async (client: Consultor, hoje: string): Promise<PisoEscrita> => {
  await client.query('BEGIN');
  try {
    const medir = async (texto: string, valores: unknown[] = []) => {
      const inicio = performance.now();
      const r = await client.query(texto, valores);
      return { ms: performance.now() - inicio, linhas: r.rowCount ?? 0 };
    };
    // The pass's messages are the régua's pending ones (yesterday's were delivered); new keys, same rows.
    const mensagens = await medir(
      `INSERT INTO mensagens (${COLUNAS_MENSAGEM}, chave_idempotencia)
       SELECT ${COLUNAS_MENSAGEM}, chave_idempotencia || ':piso' FROM mensagens
       WHERE origem = 'regua' AND status = 'pendente'`,
    );
    // Its step records, each under another step number (the key is the receivable and the step).
    const envios = await medir(
      `INSERT INTO regua_envios (conta_id, etapa_dias, mensagem_id, status, data_referencia)
       SELECT conta_id, etapa_dias + 100000, mensagem_id, status, data_referencia FROM regua_envios
       WHERE data_referencia = $1::date`,
      [hoje],
    );
    // As many next visits as receivables the pass recorded a step for.
    const proximas = await medir(
      `UPDATE contas_receber SET regua_proxima_em = regua_proxima_em + 1
       WHERE id IN (SELECT conta_id FROM regua_envios WHERE data_referencia = $1::date AND etapa_dias < 100000)`,
      [hoje],
    );
    return {
      ms: mensagens.ms + envios.ms + proximas.ms,
      mensagens: mensagens.linhas,
      envios: envios.linhas,
      proximasVisitas: proximas.linhas,
      porComando: { mensagens_ms: mensagens.ms, envios_ms: envios.ms, proximas_visitas_ms: proximas.ms },
    };
  } finally {
    await client.query('ROLLBACK');
  }
};

/** The floor after the pass of `hoje`, best of two (the first also warms what the second reads). */
export const pisoEscritaPlanejamento = async (client: Consultor, hoje: string): Promise<PisoEscrita> => {
  const primeira = await umaVez(client, hoje);
  const segunda = await umaVez(client, hoje);
  return segunda.ms < primeira.ms ? segunda : primeira;
};
