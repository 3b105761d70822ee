import { Agent, request } from 'node:http';
import { percentil } from '../resultado.ts';

// Latency at a fixed rate (README.md § Performance, API rows; docs/decisions/052-latencia-a-taxa-fixa.md):
// an open loop that sends request i at t0 + i/rate, evenly spaced, whatever the earlier answers did, and
// times each answer from the moment it was due. A slow answer therefore counts every request it held
// back (no coordinated omission), and no burst is made that a steady 300 req/s would not make.
// autocannon's `overallRate` sends each connection's share back to back at the top of every second and
// corrects for omission with a 1 ms interval, so its p99 measured its own bursts (the bare floor's was
// 24 ms on a machine that answers it in 0.3 ms).

export type Pedido = {
  url: string;
  metodo: 'GET' | 'POST';
  cabecalhos: Record<string, string>;
  corpo?: string;
};
export type Medida = { reqS: number; p50: number; p99: number; falhas: number };

/** One request on a kept-alive socket; resolves with its status (0 on a network error). */
const enviar = (agente: Agent, pedido: Pedido): Promise<number> =>
  new Promise((resolve) => {
    const req = request(
      pedido.url,
      { method: pedido.metodo, headers: pedido.cabecalhos, agent: agente },
      (res) => {
        res.on('data', () => {});
        res.on('end', () => resolve(res.statusCode ?? 0));
        res.on('error', () => resolve(0));
      },
    );
    req.on('error', () => resolve(0));
    req.end(pedido.corpo);
  });

/** `taxa` requests per second for `segundos`, evenly spaced; latencies in ms from each one's due time. */
export const medirNaTaxa = async (pedido: Pedido, taxa: number, segundos: number): Promise<Medida> => {
  // Enough sockets that a slow answer never holds the next due request back on the client's side.
  const agente = new Agent({ keepAlive: true, maxSockets: 256 });
  const intervaloMs = 1000 / taxa;
  const total = Math.round(taxa * segundos);
  const latencias: number[] = [];
  let falhas = 0;
  const pendentes: Promise<void>[] = [];
  const inicio = performance.now();
  try {
    for (let i = 0; i < total; i++) {
      const devido = inicio + i * intervaloMs;
      const espera = devido - performance.now();
      if (espera > 1) await new Promise((r) => setTimeout(r, espera));
      // Timed from its due time when late (the wait counts), from its sending when a timer woke early.
      const desde = Math.min(devido, performance.now());
      pendentes.push(
        enviar(agente, pedido).then((status) => {
          if (status >= 200 && status < 300) latencias.push(performance.now() - desde);
          else falhas += 1;
        }),
      );
    }
    await Promise.all(pendentes);
  } finally {
    agente.destroy();
  }
  const duracaoS = (performance.now() - inicio) / 1000;
  return {
    reqS: latencias.length / duracaoS,
    p50: percentil(latencias, 50),
    p99: percentil(latencias, 99),
    falhas,
  };
};
