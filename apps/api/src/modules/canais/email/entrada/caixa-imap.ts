import { setTimeout as esperar } from 'node:timers/promises';
import { ImapFlow } from 'imapflow';

// Reads the mailbox where replies, bounces and complaints arrive. A message is claimed by MOVE to
// pastaProcessadas (the node uses the new UID that UIDPLUS reports), handed to `tratar`, then flagged.
// MOVE is not an exclusive claim: Dovecot's maildir lets two sessions both copy the same message before
// either expunges it, so with k nodes reading at once a message may reach `tratar` up to k times (the
// integration test shows it). `tratar` must be idempotent: key it on a hash of the raw bytes, identical
// on every node. A message whose node died mid-`tratar` sits unflagged in pastaProcessadas and goes back
// to the inbox after `prazoAbandonoMs`.

export type ConfigImap = {
  host: string;
  porta: number;
  seguranca: 'nenhuma' | 'starttls' | 'tls';
  usuario: string;
  senha: string;
  /** e.g. INBOX */
  pasta: string;
  /** e.g. 'Processadas' (created if missing) */
  pastaProcessadas: string;
  tempoLimiteMs?: number;
  /** How long a claimed but unfinished message waits before another pass takes it again (10 min). */
  prazoAbandonoMs?: number;
};

export type TratarEmail = (bruto: Buffer, uid: number) => Promise<void>;

/** Set with \Seen once `tratar` succeeded: the message was handled. */
const PALAVRA_LIDA = '$CobrancaLida';
const PRAZO_ABANDONO_MS = 10 * 60_000;

const criarCliente = (cfg: ConfigImap) => {
  const tempoLimite = cfg.tempoLimiteMs ?? 30_000;
  return new ImapFlow({
    host: cfg.host,
    port: cfg.porta,
    secure: cfg.seguranca === 'tls',
    // 'nenhuma' never upgrades; 'starttls' refuses a server that does not offer it.
    ...(cfg.seguranca === 'tls' ? {} : { doSTARTTLS: cfg.seguranca === 'starttls' }),
    auth: { user: cfg.usuario, pass: cfg.senha },
    logger: false,
    disableAutoIdle: true,
    connectionTimeout: tempoLimite,
    greetingTimeout: tempoLimite,
    socketTimeout: Math.max(tempoLimite, 5 * 60_000),
  });
};

const conectado = async <T>(cfg: ConfigImap, usar: (cliente: ImapFlow) => Promise<T>): Promise<T> => {
  const cliente = criarCliente(cfg);
  // A failed connection still emits 'error' events; without a listener they would crash the process.
  cliente.on('error', () => undefined);
  await cliente.connect();
  try {
    return await usar(cliente);
  } finally {
    await cliente.logout().catch(() => cliente.close());
  }
};

const naPasta = async <T>(cliente: ImapFlow, pasta: string, usar: () => Promise<T>): Promise<T> => {
  const trava = await cliente.getMailboxLock(pasta);
  try {
    return await usar();
  } finally {
    trava.release();
  }
};

const garantirPasta = async (cliente: ImapFlow, pasta: string) => {
  const existentes = await cliente.list();
  if (!existentes.some((p) => p.path === pasta)) await cliente.mailboxCreate(pasta);
};

const emOrdem = (uids: number[] | false | undefined) => [...(uids || [])].sort((a, b) => a - b);

/** Claimed messages seen unfinished in pastaProcessadas, by mailbox and UID, with when first seen. */
const pendentesVistas = new Map<string, number>();

/** Sends back to the inbox the messages a node claimed and never finished (it died mid-`tratar`). */
const devolverAbandonadas = (cliente: ImapFlow, cfg: ConfigImap) =>
  naPasta(cliente, cfg.pastaProcessadas, async () => {
    const caixa = cliente.mailbox;
    const prefixo = `${cfg.host}:${cfg.porta}:${cfg.usuario}:${cfg.pastaProcessadas}:${caixa ? caixa.uidValidity : ''}:`;
    const pendentes = emOrdem(await cliente.search({ unKeyword: PALAVRA_LIDA }, { uid: true }));
    const agora = Date.now();
    for (const chave of pendentesVistas.keys()) {
      if (chave.startsWith(prefixo) && !pendentes.includes(Number(chave.slice(prefixo.length)))) {
        pendentesVistas.delete(chave);
      }
    }
    const abandonadas = pendentes.filter((uid) => {
      const vistaEm = pendentesVistas.get(prefixo + uid) ?? agora;
      pendentesVistas.set(prefixo + uid, vistaEm);
      return agora - vistaEm >= (cfg.prazoAbandonoMs ?? PRAZO_ABANDONO_MS);
    });
    if (abandonadas.length > 0) {
      await cliente.messageMove(abandonadas.join(','), cfg.pasta, { uid: true });
      for (const uid of abandonadas) pendentesVistas.delete(prefixo + uid);
    }
  });

/** Claims one message, hands it to `tratar`, then flags it, or returns it to the inbox if `tratar` threw. */
const lerUma = async (cliente: ImapFlow, cfg: ConfigImap, uid: number, tratar: TratarEmail) => {
  const reivindicada = await naPasta(cliente, cfg.pasta, async () => {
    const mensagem = await cliente.fetchOne(String(uid), { source: true }, { uid: true });
    if (mensagem === false || !mensagem.source) return null; // another node moved it meanwhile
    const movida = await cliente.messageMove(String(uid), cfg.pastaProcessadas, { uid: true });
    const novoUid = movida ? movida.uidMap?.get(uid) : undefined;
    return novoUid ? { bruto: mensagem.source, novoUid } : null;
  });
  if (!reivindicada) return 'de outro' as const;
  let tratada = true;
  try {
    await tratar(reivindicada.bruto, uid);
  } catch {
    tratada = false;
  }
  await naPasta(cliente, cfg.pastaProcessadas, async () => {
    const alvo = String(reivindicada.novoUid);
    if (tratada) await cliente.messageFlagsAdd(alvo, ['\\Seen', PALAVRA_LIDA], { uid: true });
    else await cliente.messageMove(alvo, cfg.pasta, { uid: true });
  });
  return tratada ? ('tratada' as const) : ('falhou' as const);
};

/**
 * One pass over `cfg.pasta`: each message not yet flagged is handed to `tratar` in UID order, then
 * flagged \Seen + $CobrancaLida in `pastaProcessadas`; one whose `tratar` threw stays unflagged in the
 * inbox for the next pass. `lidas`: how many `tratar` took.
 */
export const lerCaixa = async (cfg: ConfigImap, tratar: TratarEmail): Promise<{ lidas: number }> => {
  const { lidas } = await passar(cfg, tratar);
  return { lidas };
};

const passar = (cfg: ConfigImap, tratar: TratarEmail) =>
  conectado(cfg, async (cliente) => {
    await garantirPasta(cliente, cfg.pastaProcessadas);
    await devolverAbandonadas(cliente, cfg);
    const { novas, jaLidas } = await naPasta(cliente, cfg.pasta, async () => ({
      novas: emOrdem(await cliente.search({ unKeyword: PALAVRA_LIDA }, { uid: true })),
      jaLidas: emOrdem(await cliente.search({ keyword: PALAVRA_LIDA }, { uid: true })),
    }));
    // Flagged yet still here: handled by a pass whose MOVE then failed; only the move is missing.
    if (jaLidas.length > 0) {
      await naPasta(cliente, cfg.pasta, () =>
        cliente.messageMove(jaLidas.join(','), cfg.pastaProcessadas, { uid: true }),
      );
    }
    let lidas = 0;
    let falhas = 0;
    for (const uid of novas) {
      const resultado = await lerUma(cliente, cfg, uid, tratar);
      if (resultado === 'tratada') lidas++;
      if (resultado === 'falhou') falhas++;
    }
    return { lidas, falhas };
  });

type OpcoesVigia = { sinal: AbortSignal; intervaloPollingMs: number; aoFalhar?: (e: unknown) => void };

/** Resolves after `ms`, or at once when `sinal` aborts. */
const pausa = (ms: number, sinal: AbortSignal) =>
  esperar(ms, undefined, { signal: sinal }).catch(() => undefined);

/**
 * Reads the mailbox until `sinal` aborts: a pass at start, on every new message the server announces
 * while IDLE, and every `intervaloPollingMs` anyway (some servers drop IDLE silently). After an error it
 * reconnects with a growing pause (1 s doubling up to 60 s).
 */
export const vigiarCaixa = async (
  cfg: ConfigImap,
  tratar: TratarEmail,
  opcoes: OpcoesVigia,
): Promise<void> => {
  const { sinal } = opcoes;
  let errosSeguidos = 0;
  while (!sinal.aborted) {
    const vigia = criarCliente(cfg);
    vigia.on('error', () => undefined);
    const fechar = () => vigia.close();
    sinal.addEventListener('abort', fechar, { once: true });
    try {
      await vigia.connect();
      await vigia.mailboxOpen(cfg.pasta);
      let novidade = true;
      let acordar = () => {};
      vigia.on('exists', () => {
        novidade = true;
        acordar();
      });
      const caiu = new Promise<never>((_, rejeitar) =>
        vigia.once('close', () => rejeitar(new Error('conexão IMAP encerrada'))),
      );
      caiu.catch(() => undefined);
      let proximaVarredura = 0;
      while (!sinal.aborted) {
        if (novidade || Date.now() >= proximaVarredura) {
          novidade = false;
          proximaVarredura = Date.now() + opcoes.intervaloPollingMs;
          const passe = await passar(cfg, tratar);
          // A failed message goes back to the inbox and the server announces it: wait for the next
          // poll rather than retrying it at once, again and again.
          if (passe.falhas > 0) novidade = false;
          errosSeguidos = 0;
          continue;
        }
        const acordou = new Promise<void>((resolve) => {
          acordar = resolve;
        });
        const ocioso = vigia.capabilities.has('IDLE') ? vigia.idle() : null;
        await Promise.race([acordou, pausa(proximaVarredura - Date.now(), sinal), caiu]);
        // Any command ends IDLE; NOOP also asks servers without IDLE for news.
        if (!sinal.aborted) await vigia.noop();
        await ocioso;
      }
    } catch (erro) {
      if (sinal.aborted) break;
      opcoes.aoFalhar?.(erro);
      errosSeguidos++;
      await pausa(Math.min(60_000, 1000 * 2 ** (errosSeguidos - 1)), sinal);
    } finally {
      sinal.removeEventListener('abort', fechar);
      vigia.close();
    }
  }
};

const mensagemDeErro = (erro: unknown, cfg: ConfigImap): string => {
  const e = (erro ?? {}) as {
    code?: string;
    authenticationFailed?: boolean;
    tlsFailed?: boolean;
    message?: string;
  };
  const codigo = e.code ?? '';
  if (e.authenticationFailed) return 'O servidor IMAP recusou o usuário ou a senha.';
  if (e.tlsFailed || /^(ERR_SSL|ERR_TLS|CERT_|UNABLE_TO_|DEPTH_ZERO|SELF_SIGNED|EPROTO)/.test(codigo)) {
    return `Falha na conexão segura (TLS) com ${cfg.host}:${cfg.porta}: ${e.message ?? codigo}.`;
  }
  if (codigo === 'ECONNREFUSED')
    return `Não foi possível conectar a ${cfg.host}:${cfg.porta}: conexão recusada.`;
  if (codigo === 'ENOTFOUND' || codigo === 'EAI_AGAIN') return `Servidor IMAP não encontrado: ${cfg.host}.`;
  if (/TIMEOUT|ETIMEDOUT/.test(codigo))
    return `O servidor IMAP ${cfg.host}:${cfg.porta} não respondeu a tempo.`;
  return `Não foi possível conectar ao servidor IMAP ${cfg.host}:${cfg.porta}: ${e.message ?? String(erro)}.`;
};

/** Checks connection, TLS, login and the inbox folder; the error is for the admin, in pt-BR. */
export const verificarImap = async (cfg: ConfigImap): Promise<{ ok: true } | { ok: false; erro: string }> => {
  const cliente = criarCliente(cfg);
  cliente.on('error', () => undefined);
  try {
    await cliente.connect();
  } catch (erro) {
    cliente.close();
    return { ok: false, erro: mensagemDeErro(erro, cfg) };
  }
  try {
    const existe = await cliente.mailboxOpen(cfg.pasta).then(
      () => true,
      () => false,
    );
    if (!existe) return { ok: false, erro: `A pasta "${cfg.pasta}" não existe na caixa de e-mail.` };
    if (!cliente.capabilities.has('UIDPLUS')) {
      return {
        ok: false,
        erro: 'O servidor IMAP não oferece UIDPLUS, necessário para ler cada mensagem uma só vez.',
      };
    }
    return { ok: true };
  } finally {
    await cliente.logout().catch(() => cliente.close());
  }
};
