import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';

// The server's request log: one info line per request (Fastify's default wrote two), and none for a
// route whose path carries a secret.

type Linha = { level: number; msg: string; metodo?: string; url?: string; status?: number; ms?: number };

let t: TestApp;
let linhas: Linha[];

const abrir = async (webDistDir?: string) => {
  linhas = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const texto of String(chunk).split('\n').filter(Boolean)) linhas.push(JSON.parse(texto) as Linha);
      done();
    },
  });
  t = await buildTestApp({ logger: { level: 'info', stream }, ...(webDistDir ? { webDistDir } : {}) });
};

afterEach(() => t.close());

describe('request log', () => {
  it('writes one line per request, with method, URL, status and time', async () => {
    await abrir();
    await t.app.inject({ method: 'GET', url: '/api/health' });
    await t.app.inject({ method: 'GET', url: '/api/operador/clientes/ativos?page=2' });
    const doPedido = linhas.filter((l) => l.url !== undefined || /request/.test(l.msg));
    expect(doPedido).toEqual([
      expect.objectContaining({
        level: 30,
        msg: 'requisição',
        metodo: 'GET',
        url: '/api/health',
        status: 200,
      }),
      expect.objectContaining({
        level: 30,
        msg: 'requisição',
        metodo: 'GET',
        url: '/api/operador/clientes/ativos?page=2',
        status: 401,
      }),
    ]);
    expect(doPedido.every((l) => typeof l.ms === 'number' && l.ms >= 0)).toBe(true);
  });

  it('writes nothing with the secret segment of the PIX webhook path', async () => {
    await abrir();
    const segredo = 'segredo-que-nao-pode-ir-para-o-log-7f3a';
    const resposta = await t.app.inject({
      method: 'POST',
      url: `/api/webhooks/pix/${segredo}/pix`,
      payload: { pix: [] },
    });
    expect(resposta.statusCode).toBe(404);
    expect(linhas.length).toBeGreaterThan(0); // the unknown address is logged, at warn
    expect(JSON.stringify(linhas)).not.toContain(segredo);
  });

  it("writes the web app's files at debug, its pages and a missing file at info", async () => {
    const web = mkdtempSync(join(tmpdir(), 'cobranca-web-log-'));
    mkdirSync(join(web, 'assets'));
    writeFileSync(join(web, 'index.html'), '<!doctype html><title>SPA</title>');
    writeFileSync(join(web, 'assets', 'app-abc123.js'), 'console.log(1)');
    try {
      await abrir(web);
      await t.app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
      await t.app.inject({ method: 'GET', url: '/operador/clientes/ativos' });
      await t.app.inject({ method: 'GET', url: '/assets/app-antigo.js' });
      const urls = linhas.filter((l) => l.msg === 'requisição').map((l) => l.url);
      expect(urls).toEqual(['/operador/clientes/ativos', '/assets/app-antigo.js']);
    } finally {
      rmSync(web, { recursive: true, force: true });
    }
  });
});
