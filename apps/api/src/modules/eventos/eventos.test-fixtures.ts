import { EventSourceParserStream } from 'eventsource-parser/stream';
import { bearer } from '../../../test/build-test-app.ts';

// An event stream over real HTTP (the streams need a listening server), for the tests of
// docs/decisions/018 and 035.

export type Evento = { evento: string; dados: unknown };

/** An open event stream over real HTTP: the events read so far, and a wait for the next matching one. */
export const abrirFluxo = async (base: string, token: string) => {
  const controle = new AbortController();
  const resposta = await fetch(`${base}/api/operador/eventos`, {
    headers: bearer(token),
    signal: controle.signal,
  });
  const eventos: Evento[] = [];
  const esperas: { teste: (e: Evento) => boolean; resolver: (e: Evento) => void }[] = [];
  let encerrado = false;
  let retry: number | undefined;
  const encerramento = (async () => {
    if (!resposta.body) return;
    const fluxo = resposta.body
      .pipeThrough(new TextDecoderStream())
      .pipeThrough(new EventSourceParserStream({ onRetry: (ms) => (retry = ms) }));
    try {
      for await (const { event, data } of fluxo) {
        if (!event) continue;
        const lido = { evento: event, dados: JSON.parse(data) };
        eventos.push(lido);
        for (const espera of esperas.filter((e) => e.teste(lido))) espera.resolver(lido);
      }
    } catch {
      // aborted by the test
    }
    encerrado = true;
  })();
  const proximo = (teste: (e: Evento) => boolean, ms = 2_000) =>
    new Promise<Evento>((resolver, rejeitar) => {
      const achado = eventos.find(teste);
      if (achado) return resolver(achado);
      const timer = setTimeout(() => rejeitar(new Error(`nenhum evento em ${ms} ms`)), ms);
      const resolverAntes = (e: Evento) => {
        clearTimeout(timer);
        resolver(e);
      };
      esperas.push({ teste, resolver: resolverAntes });
    });
  return {
    resposta,
    eventos,
    proximo,
    encerrado: () => encerrado,
    /** The last `retry:` the server sent (when to reconnect). */
    retry: () => retry,
    /** Resolves once the server ended the stream, or after `ms`: answers whether it ended. */
    terminou: (ms: number) =>
      Promise.race([
        encerramento.then(() => true),
        new Promise<boolean>((r) => setTimeout(() => r(false), ms)),
      ]),
    fechar: async () => {
      controle.abort();
      await encerramento;
    },
  };
};
