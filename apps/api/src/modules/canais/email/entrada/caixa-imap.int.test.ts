import { ImapFlow } from 'imapflow';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Dovecot, iniciarDovecot, motivoSemDovecot } from '../../../../../test/dovecot.ts';
import { type ConfigImap, lerCaixa, verificarImap, vigiarCaixa } from './caixa-imap.ts';

if (motivoSemDovecot) console.warn(`caixa-imap.int.test.ts pulado: ${motivoSemDovecot}`);

const mensagem = (id: string) =>
  Buffer.from(
    `From: cliente${id}@cliente.example\r\nTo: cobranca@cobranca.example\r\nMessage-ID: <${id}@cliente.example>\r\n` +
      `Subject: Re: fatura ${id}\r\n\r\nResposta ${id}\r\n`,
  );

const idDe = (bruto: Buffer) => bruto.toString().match(/Message-ID: <([^@]+)@/)?.[1];

describe.skipIf(motivoSemDovecot !== null)('caixa IMAP contra um Dovecot de verdade', () => {
  let dovecot: Dovecot;
  let contador = 0;

  beforeAll(async () => {
    dovecot = await iniciarDovecot();
  });
  afterAll(async () => {
    await dovecot?.fechar();
  });

  /** A fresh inbox folder per test, with the given messages in it. */
  const caixa = async (ids: string[], extra: Partial<ConfigImap> = {}): Promise<ConfigImap> => {
    const pasta = `Entrada${++contador}`;
    for (const id of ids) await dovecot.entregar(mensagem(id), pasta);
    if (ids.length === 0) await dovecot.entregar(mensagem(`semente${contador}`), `${pasta}-semente`);
    return {
      host: dovecot.host,
      porta: dovecot.porta,
      seguranca: 'nenhuma',
      usuario: dovecot.usuario,
      senha: dovecot.senha,
      pasta: ids.length === 0 ? `${pasta}-semente` : pasta,
      pastaProcessadas: `${pasta}-Processadas`,
      tempoLimiteMs: 5000,
      ...extra,
    };
  };

  /** Message ids and flags in a folder, in UID order. */
  const conteudo = async (pasta: string) => {
    const cliente = new ImapFlow({
      host: dovecot.host,
      port: dovecot.porta,
      secure: false,
      doSTARTTLS: false,
      auth: { user: dovecot.usuario, pass: dovecot.senha },
      logger: false,
    });
    await cliente.connect();
    try {
      const trava = await cliente.getMailboxLock(pasta);
      try {
        const lista: { id: string | undefined; flags: string[] }[] = [];
        for await (const m of cliente.fetch('1:*', { source: true, flags: true }, { uid: true })) {
          lista.push({ id: m.source ? idDe(m.source) : undefined, flags: [...(m.flags ?? [])].sort() });
        }
        return lista;
      } finally {
        trava.release();
      }
    } finally {
      await cliente.logout();
    }
  };

  it('hands each message to tratar once, in UID order, then flags it and moves it', async () => {
    const cfg = await caixa(['a', 'b', 'c']);
    const vistas: string[] = [];
    const primeira = await lerCaixa(cfg, async (bruto) => {
      vistas.push(idDe(bruto) ?? '?');
    });
    expect(primeira).toEqual({ lidas: 3 });
    expect(vistas).toEqual(['a', 'b', 'c']);
    expect(await conteudo(cfg.pasta)).toEqual([]);
    expect(await conteudo(cfg.pastaProcessadas)).toEqual(
      ['a', 'b', 'c'].map((id) => ({ id, flags: ['$CobrancaLida', '\\Seen'] })),
    );

    const segunda = await lerCaixa(cfg, async (bruto) => {
      vistas.push(idDe(bruto) ?? '?');
    });
    expect(segunda).toEqual({ lidas: 0 });
    expect(vistas).toHaveLength(3);
  });

  // Dovecot's MOVE on maildir lets two sessions both copy a message before either expunges it, so an
  // exclusive hand-over cannot be guaranteed: every message reaches tratar, at most once per pass.
  it('concurrent passes hand every message over, each at most once per pass', async () => {
    const ids = Array.from({ length: 30 }, (_, i) => `m${i}`);
    for (let rodada = 0; rodada < 2; rodada++) {
      const cfg = await caixa(ids);
      const porPasse: string[][] = [[], []];
      await Promise.all(
        porPasse.map((vistas) =>
          lerCaixa(cfg, async (bruto) => {
            vistas.push(idDe(bruto) ?? '?');
            await new Promise((r) => setTimeout(r, 2));
          }),
        ),
      );
      expect(new Set(porPasse.flat())).toEqual(new Set(ids));
      for (const vistas of porPasse) expect(new Set(vistas).size).toBe(vistas.length);
      expect(await conteudo(cfg.pasta)).toEqual([]);
      const processadas = await conteudo(cfg.pastaProcessadas);
      expect(processadas.every((m) => m.flags.includes('$CobrancaLida'))).toBe(true);
      expect(await lerCaixa(cfg, async () => {})).toEqual({ lidas: 0 });
    }
  });

  it('a message whose tratar throws stays in the inbox, unflagged, for the next pass', async () => {
    const cfg = await caixa(['ok1', 'ruim', 'ok2']);
    const vistas: string[] = [];
    const primeira = await lerCaixa(cfg, async (bruto) => {
      const id = idDe(bruto) ?? '?';
      if (id === 'ruim') throw new Error('banco fora do ar');
      vistas.push(id);
    });
    expect(primeira).toEqual({ lidas: 2 });
    expect(vistas).toEqual(['ok1', 'ok2']);
    expect(await conteudo(cfg.pasta)).toEqual([{ id: 'ruim', flags: [] }]);

    const segunda = await lerCaixa(cfg, async (bruto) => {
      vistas.push(idDe(bruto) ?? '?');
    });
    expect(segunda).toEqual({ lidas: 1 });
    expect(vistas).toEqual(['ok1', 'ok2', 'ruim']);
    expect(await conteudo(cfg.pasta)).toEqual([]);
  });

  it('takes back a message a node claimed and never finished, once the deadline passes', async () => {
    const cfg = await caixa(['nova'], { prazoAbandonoMs: 0 });
    // What a node that died inside tratar leaves: moved to the processed folder, not flagged.
    await dovecot.entregar(mensagem('orfa'), cfg.pastaProcessadas);
    const vistas: string[] = [];
    const passe = await lerCaixa(cfg, async (bruto) => {
      vistas.push(idDe(bruto) ?? '?');
    });
    expect(passe).toEqual({ lidas: 2 });
    expect(vistas.sort()).toEqual(['nova', 'orfa']);
  });

  it('vigiarCaixa reacts to a new message within 2 s through IDLE, and stops on abort', async () => {
    const cfg = await caixa([]);
    const chegadas: { id: string | undefined; em: number }[] = [];
    const controle = new AbortController();
    const vigia = vigiarCaixa(
      cfg,
      async (bruto) => {
        chegadas.push({ id: idDe(bruto), em: Date.now() });
      },
      // Polling only every minute: a reaction within 2 s can only come from IDLE.
      { sinal: controle.signal, intervaloPollingMs: 60_000, aoFalhar: (e) => console.error(e) },
    );
    await expect.poll(() => chegadas.length, { timeout: 5000 }).toBe(1); // the seed, at start
    await new Promise((r) => setTimeout(r, 500));

    const entregueEm = Date.now();
    await dovecot.entregar(mensagem('idle'), cfg.pasta);
    await expect.poll(() => chegadas.map((c) => c.id), { timeout: 2000, interval: 50 }).toContain('idle');
    expect((chegadas.at(-1)?.em ?? Infinity) - entregueEm).toBeLessThan(2000);

    const abortadoEm = Date.now();
    controle.abort();
    await vigia;
    expect(Date.now() - abortadoEm).toBeLessThan(1000);
  });

  it('verificarImap answers what failed, in pt-BR', async () => {
    const cfg = await caixa(['v']);
    expect(await verificarImap(cfg)).toEqual({ ok: true });
    expect(await verificarImap({ ...cfg, senha: 'errada' })).toEqual({
      ok: false,
      erro: 'O servidor IMAP recusou o usuário ou a senha.',
    });
    expect(await verificarImap({ ...cfg, pasta: 'NaoExiste' })).toEqual({
      ok: false,
      erro: 'A pasta "NaoExiste" não existe na caixa de e-mail.',
    });
    expect(await verificarImap({ ...cfg, seguranca: 'starttls' })).toMatchObject({
      ok: false,
      erro: expect.stringContaining('TLS'),
    });
  });
});
