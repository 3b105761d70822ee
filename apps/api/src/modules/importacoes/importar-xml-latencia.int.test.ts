import { spawn } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import type { ImportacaoRelatorio } from '@cobranca/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  buildTestApp,
  createTestUser,
  issueToken,
  type TestApp,
} from '../../../test/build-test-app.ts';
import { multipart } from '../../../test/multipart.ts';
import type { ArquivoTeste } from './importacoes.test-fixtures.ts';
import {
  chaveDaNota,
  montarNfe,
  montarZip,
  nfeAninhada,
  nfeComAtributos,
  nfeComTexto,
  nfePesada,
} from './nfe/nfe.test-fixtures.ts';

// One operator's upload must not stall everyone else. While it is being processed, a separate
// process asks GET /api/health over a real socket, one request after the other: a blocked event
// loop shows as a slow answer there (an in-process probe would only run after the block).

const LATENCIA_MAXIMA_MS = 500;

// The probe: requests in sequence, 10 ms apart, until its stdin closes; then [start, ms] of each.
const SONDA = `
const latencias = [];
let parar = false;
process.stdin.on('end', () => { parar = true; }).resume();
while (!parar) {
  const inicio = Date.now();
  const resposta = await fetch(process.env.SONDA_URL);
  await resposta.arrayBuffer();
  if (resposta.status !== 200) throw new Error('health ' + resposta.status);
  latencias.push([inicio, Date.now() - inicio]);
  if (latencias.length === 1) process.stdout.write('pronto\\n');
  await new Promise((ok) => setTimeout(ok, 10));
}
process.stdout.write(JSON.stringify(latencias) + '\\n');
`;

type Sondagem = { durante: number; maximaMs: number; medianaMs: number };

let t: TestApp;
let token = '';
let saude = '';

/** Runs `trabalho` while the probe asks for /api/health; answers its result and the probe's figures. */
const sondar = async <T>(trabalho: () => Promise<T>): Promise<{ resultado: T; sondagem: Sondagem }> => {
  const sonda = spawn(process.execPath, ['--input-type=module', '-e', SONDA], {
    env: { ...process.env, SONDA_URL: saude },
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  let saida = '';
  const terminou = new Promise<number | null>((resolve) => sonda.once('exit', resolve));
  await new Promise<void>((resolve, reject) => {
    sonda.stdout.on('data', (parte: Buffer) => {
      saida += parte.toString();
      if (saida.startsWith('pronto\n')) resolve();
    });
    sonda.once('exit', () => reject(new Error(`a sonda saiu antes de começar: ${saida}`)));
  });
  const inicio = Date.now();
  const resultado = await trabalho();
  const fim = Date.now();
  sonda.stdin.end();
  expect(await terminou).toBe(0);
  const latencias = (JSON.parse(saida.slice('pronto\n'.length)) as [number, number][])
    // Those under way at some point of the work.
    .filter(([comeco, ms]) => comeco + ms >= inicio && comeco <= fim)
    .map(([, ms]) => ms)
    .sort((a, b) => a - b);
  const sondagem = {
    durante: latencias.length,
    maximaMs: latencias.at(-1) ?? 0,
    medianaMs: latencias[Math.floor(latencias.length / 2)] ?? 0,
  };
  return { resultado, sondagem };
};

/** The upload, built before the probe starts (building 10 MB of test data would block the loop too). */
const preparar = (arquivos: ArquivoTeste[]) => {
  const { payload, headers } = multipart('arquivo_xml', arquivos);
  return async () => {
    const resposta = await t.app.inject({
      method: 'POST',
      url: '/api/operador/contas-receber/importar-xml',
      payload,
      headers: { ...headers, ...bearer(token) },
    });
    expect(resposta.statusCode, resposta.body).toBe(200);
    return resposta.json<ImportacaoRelatorio>();
  };
};

beforeAll(async () => {
  t = await buildTestApp();
  const operador = await createTestUser(t.database, 'operador');
  token = await issueToken(t.database, operador.id);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  saude = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/api/health`;
  // One small import first: the reading worker starts once per process (~0.5 s, on its own thread),
  // and this process's first import compiles code the server would have long compiled.
  await preparar([{ nome: 'aquecimento.xml', conteudo: montarNfe({ chave: chaveDaNota(500) }) }])();
});
afterAll(async () => {
  await t?.close();
});

const esperarLatencia = (sondagem: Sondagem) => {
  // Enough requests fell inside the work for the figure to mean something.
  expect(sondagem.durante, JSON.stringify(sondagem)).toBeGreaterThanOrEqual(3);
  expect(sondagem.maximaMs, JSON.stringify(sondagem)).toBeLessThan(LATENCIA_MAXIMA_MS);
};

describe('GET /api/health while NF-e uploads are processed', { timeout: 120_000 }, () => {
  it('answers in < 500 ms during an upload of pathological XML (4.5 MB with 400 000 attributes, deep, huge text)', async () => {
    const importar = preparar([
      { nome: 'boa.xml', conteudo: montarNfe({ chave: chaveDaNota(501) }) },
      { nome: 'atributos.xml', conteudo: nfeComAtributos(400_000, chaveDaNota(502)) },
      { nome: 'aninhada.xml', conteudo: nfeAninhada(100_000, chaveDaNota(503)) },
      { nome: 'texto.xml', conteudo: nfeComTexto(2_000_000, chaveDaNota(504)) },
    ]);
    const { resultado, sondagem } = await sondar(importar);
    esperarLatencia(sondagem);
    expect(resultado).toMatchObject({ atualizados: 1, rejeitados: 3, contas_criadas: 1 });
  });

  it('answers in < 500 ms during a ZIP of four attribute-heavy entries', async () => {
    const entradas = [601, 602, 603, 604].map((n) => ({
      nome: `atributos-${n}.xml`,
      dados: nfeComAtributos(400_000, chaveDaNota(n)),
    }));
    const importar = preparar([{ nome: 'notas.zip', conteudo: await montarZip(entradas) }]);
    const { resultado, sondagem } = await sondar(importar);
    esperarLatencia(sondagem);
    expect(resultado).toMatchObject({ criados: 0, rejeitados: 4 });
  });

  it('answers in < 500 ms during a ZIP of notes within the limits but slow to parse (99 000 elements each)', async () => {
    const entradas = [701, 702].map((n) => ({
      nome: `pesada-${n}.xml`,
      dados: nfePesada(99_000, chaveDaNota(n)),
    }));
    const importar = preparar([{ nome: 'pesadas.zip', conteudo: await montarZip(entradas) }]);
    const { resultado, sondagem } = await sondar(importar);
    // Same buyer in both: one customer, two receivables.
    esperarLatencia(sondagem);
    expect(resultado).toMatchObject({ rejeitados: 0, contas_criadas: 2 });
  });
});
