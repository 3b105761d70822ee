import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { formatarDocumento } from '@cobranca/dominio';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  buildTestApp,
  createTestUser,
  issueToken,
  type TestApp,
} from '../../../test/build-test-app.ts';
import { clientes } from '../../db/schema/index.ts';
import { CSP_PORTAL } from './pagina-portal.ts';
import { clienteComLink as novoClientePortal, novoCpf, novoLink } from './portal.test-fixtures.ts';
import { documentoConfere } from './sessao.ts';

// Privacy and abuse on the customer's portal (docs/produto.md §22, docs/decisions/029-portal.md): the
// limits per link and per address, a token that never reaches a log, the page's headers, the document
// compare, and revocation as the end of a leaked link.

/** A customer with R$ 800,00 twenty days overdue and a fresh link, in `t`'s database. */
const clienteComLink = (t: TestApp, nome = 'Lia Protegida Santos') =>
  novoClientePortal(t.database.db, { nome, valorCentavos: 80_000, diasDeAtraso: 20 });

/** Another link for the same customer (a later message). */
const outroLink = (t: TestApp, clienteId: number) => novoLink(t.database.db, clienteId);

describe('rate limits with production-like limits', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ portalRateLimit: { porIp: 60, porLink: 10, porSessao: 120 } });
  });
  afterAll(() => t.close());

  const sessao = (remoteAddress: string, token: string, documento: string) =>
    t.app.inject({ method: 'POST', url: '/api/portal/sessao', payload: { token, documento }, remoteAddress });

  // @fastify/rate-limit runs one limiter per request: the per-link one is checked by hand
  // (`createRateLimit`), or the route's per-address limit would silence it.
  it('the 11th portal/sessao on one link in a minute is 429 even with the right document, from any address', async () => {
    const { token, documento } = await clienteComLink(t);
    for (let i = 0; i < 10; i += 1)
      expect((await sessao('198.51.100.11', token, documento)).statusCode).toBe(200);
    const onze = await sessao('198.51.100.11', token, documento);
    expect(onze.statusCode).toBe(429);
    expect(onze.json().code).toBe('MUITAS_REQUISICOES');
    // The limit is the link's, not the caller's.
    expect((await sessao('198.51.100.12', token, documento)).statusCode).toBe(429);
  });

  it('a second link from the same address works until the per-address limit, which covers every link', async () => {
    const ip = '198.51.100.21';
    const { id, token, documento } = await clienteComLink(t);
    const segundo = await outroLink(t, id);
    expect((await sessao(ip, token, documento)).statusCode).toBe(200);
    expect((await sessao(ip, segundo, documento)).statusCode).toBe(200);
    // Guessed tokens, each its own "link": only the address ties them together.
    for (let i = 0; i < 58; i += 1)
      expect((await sessao(ip, randomBytes(24).toString('base64url'), documento)).statusCode).toBe(404);
    const bloqueado = await sessao(ip, segundo, documento);
    expect(bloqueado.statusCode).toBe(429);
    expect(bloqueado.json().code).toBe('MUITAS_REQUISICOES');
    // Another address is not held back, on the same link.
    expect((await sessao('198.51.100.22', segundo, documento)).statusCode).toBe(200);
  });
});

describe('the request log', () => {
  let t: TestApp;
  let dir: string;
  const linhas: string[] = [];
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'portal-web-'));
    writeFileSync(join(dir, 'portal.html'), '<!doctype html><title>Portal</title><div id="portal"></div>');
    t = await buildTestApp({
      webDistDir: dir,
      logger: { level: 'trace', stream: { write: (linha: string) => linhas.push(linha) } },
    });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('never holds the link’s token nor the session, at any level; /p/ lines show /p/[token]', async () => {
    const { token, documento } = await clienteComLink(t);
    const pagina = await t.app.inject({ method: 'GET', url: `/p/${token}` });
    expect(pagina.statusCode).toBe(200);
    expect(pagina.body).toContain('id="portal"');
    await t.app.inject({ method: 'GET', url: `/p/${token}?utm_source=whatsapp` });
    await t.app.inject({ method: 'GET', url: `/p/${token}/` });
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/portal/link', payload: { token } })).statusCode,
    ).toBe(200);
    const errado = await t.app.inject({
      method: 'POST',
      url: '/api/portal/sessao',
      payload: { token, documento: novoCpf() },
    });
    expect(errado.statusCode).toBe(422);
    const certo = await t.app.inject({
      method: 'POST',
      url: '/api/portal/sessao',
      payload: { token, documento: formatarDocumento(documento) },
    });
    expect(certo.statusCode).toBe(200);
    const sessao: string = certo.json().sessao;
    const resumo = await t.app.inject({ method: 'GET', url: '/api/portal/resumo', headers: bearer(sessao) });
    expect(resumo.statusCode).toBe(200);
    // A session sent where it is no good (and malformed) is refused without being written down either.
    await t.app.inject({ method: 'GET', url: '/api/portal/resumo', headers: bearer(`${sessao}x`) });
    await t.app.inject({ method: 'GET', url: '/api/me', headers: bearer(sessao) });

    const todas = linhas.join('\n');
    // The log did record these requests: the checks below look at real lines.
    expect(todas).toContain('/api/portal/sessao');
    expect(todas).toContain('/api/portal/resumo');
    expect(todas).not.toContain(token);
    expect(todas).not.toContain(sessao);
    expect(todas).not.toContain(sessao.slice(4));
    expect(todas).not.toContain(documento);
    const dasPaginas = linhas.map((l) => JSON.parse(l)).filter((l) => String(l.url ?? '').startsWith('/p/'));
    expect(dasPaginas.map((l) => l.url)).toEqual([
      '/p/[token]',
      '/p/[token]?utm_source=whatsapp',
      '/p/[token]/',
    ]);
  });
});

describe('the page at /p/{token} and the revocation', () => {
  let t: TestApp;
  let dir: string;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'portal-web-'));
    writeFileSync(join(dir, 'portal.html'), '<!doctype html><title>Portal</title>');
    t = await buildTestApp({ webDistDir: dir });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('answers the html under the portal’s strict policy: no inline, never framed, indexed, cached or referred', async () => {
    const { token } = await clienteComLink(t);
    const r = await t.app.inject({ method: 'GET', url: `/p/${token}` });
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toBe('text/html; charset=utf-8');
    const csp = String(r.headers['content-security-policy']);
    expect(csp).toBe(CSP_PORTAL);
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).not.toContain('unsafe-eval');
    expect(csp.split('; ')[0]).toBe("default-src 'none'");
    expect(r.headers['x-robots-tag']).toBe('noindex, nofollow');
    expect(r.headers['referrer-policy']).toBe('no-referrer');
    expect(r.headers['cache-control']).toBe('no-store');
    const semMoldura =
      ['DENY', 'SAMEORIGIN'].includes(String(r.headers['x-frame-options']).toUpperCase()) ||
      csp.includes("frame-ancestors 'none'");
    expect(semMoldura).toBe(true);
    // Whatever the link, valid or not, the same page: the address itself reveals nothing.
    const qualquer = await t.app.inject({ method: 'GET', url: `/p/${'x'.repeat(32)}` });
    expect(qualquer.body).toBe(r.body);
    expect(qualquer.headers['content-security-policy']).toBe(CSP_PORTAL);
  });

  it('after "Revogar link" the old session and link are refused, replayed or not; a link sent later works', async () => {
    const cliente = await clienteComLink(t);
    const { id, token, documento } = cliente;
    const operador = await createTestUser(t.database, 'operador');
    await t.database.db.update(clientes).set({ operadorId: operador.id }).where(eq(clientes.id, id));
    const abrir = (link: string) =>
      t.app.inject({ method: 'POST', url: '/api/portal/sessao', payload: { token: link, documento } });
    const resumo = (s: string) =>
      t.app.inject({ method: 'GET', url: '/api/portal/resumo', headers: bearer(s) });
    const velha: string = (await abrir(token)).json().sessao;
    expect((await resumo(velha)).statusCode).toBe(200);

    const revogado = await t.app.inject({
      method: 'POST',
      url: `/api/operador/clientes/${id}/portal/revogar`,
      headers: bearer(await issueToken(t.database, operador.id)),
    });
    expect(revogado.statusCode).toBe(200);
    for (let replay = 0; replay < 3; replay += 1) {
      expect((await resumo(velha)).statusCode).toBe(401);
      expect((await abrir(token)).statusCode).toBe(404);
      expect(
        (await t.app.inject({ method: 'POST', url: '/api/portal/pix', headers: bearer(velha) })).statusCode,
      ).toBe(401);
    }

    const novo = await outroLink(t, id);
    const nova = await abrir(novo);
    expect(nova.statusCode).toBe(200);
    expect((await resumo(nova.json().sessao)).statusCode).toBe(200);
    // The new link brings nothing back to life.
    expect((await resumo(velha)).statusCode).toBe(401);
    expect((await abrir(token)).statusCode).toBe(404);
  });
});

describe('documentoConfere', () => {
  const CPF = '52998224725';
  const CNPJ = '11222333000181';

  it('matches the same document typed with or without punctuation and spaces', () => {
    expect(documentoConfere(CPF, CPF)).toBe(true);
    expect(documentoConfere('529.982.247-25', CPF)).toBe(true);
    expect(documentoConfere(' 529 982 247 25 ', CPF)).toBe(true);
    expect(documentoConfere('11.222.333/0001-81', CNPJ)).toBe(true);
    expect(documentoConfere('12.abc.345/01de-35', '12ABC34501DE35')).toBe(true);
  });

  it('refuses any other document, of any length, without throwing', () => {
    for (const outro of [
      '52998224726',
      '52998224715',
      '5299822472',
      '529982247250',
      '052998224725',
      '',
      ' ',
      '0',
      CNPJ,
      '11.222.333/0001-82',
      `${CPF}${'0'.repeat(1000)}`,
      'x'.repeat(30),
      '529.982.247-25 ou 1=1',
    ])
      expect(documentoConfere(outro, CPF), outro.slice(0, 40)).toBe(false);
    expect(documentoConfere(CPF, CNPJ)).toBe(false);
  });
});
