import { sistemaSettings } from '@cobranca/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  buildTestApp,
  createTestUser,
  issueToken,
  type TestApp,
} from '../../../test/build-test-app.ts';
import { cacheSistemaDe } from './cache-sistema.ts';
import { buscarSistemaSettings, salvarSistemaSettings } from './configuracoes.repository.ts';

// docs/decisions/045-cache-de-configuracoes.md: the system settings are read once per process and kept
// until a write to `configuracoes` (this process's at once, any other writer's by the NOTIFY at commit).

let t: TestApp;
let adminToken: string;

beforeAll(async () => {
  t = await buildTestApp();
  const admin = await createTestUser(t.database, 'admin');
  adminToken = await issueToken(t.database, admin.id);
  await salvarSistemaSettings(t.database.db, sistemaSettings.parse({}), null);
});
afterAll(() => t.close());

const nomeEmpresa = async () => (await buscarSistemaSettings(t.database.db)).empresa.nome;

/** Writes the company name with the triggers off for this one statement: no process is told. */
const escreverEmSilencio = (nome: string) =>
  t.database.db.transaction(async (tx) => {
    await tx.execute(sql`SET LOCAL session_replication_role = replica`);
    await tx.execute(
      sql`UPDATE configuracoes SET valor = jsonb_set(valor, '{empresa,nome}', to_jsonb(${nome}::text)) WHERE chave = 'sistema'`,
    );
  });

/** Polls every 50 ms until the cached company name is `nome`, failing after a second. */
const passaA = async (nome: string) => {
  const limite = Date.now() + 1_000;
  while ((await nomeEmpresa()) !== nome) {
    if (Date.now() > limite) throw new Error(`ainda "${await nomeEmpresa()}" após 1 s`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
};

describe('system settings cache', () => {
  it('listens once the app is ready', () => {
    expect(cacheSistemaDe(t.database.db)?.ativo).toBe(true);
  });

  it('serves a read from memory: a write no one is told of is not seen, except inside a transaction', async () => {
    // The NOTIFYs of earlier writes may still be on their way (PostgreSQL delivers them after the commit)
    // and empty the cache between two reads: tried again until two reads around a silent write agree.
    // Without the cache the second read would always see the silent write, and this would time out.
    let silenciosa = '';
    let tentativas = 0;
    await expect
      .poll(
        async () => {
          const antes = await nomeEmpresa();
          tentativas += 1;
          silenciosa = `Silenciosa ${tentativas}`;
          await escreverEmSilencio(silenciosa);
          return (await nomeEmpresa()) === antes;
        },
        { timeout: 5_000 },
      )
      .toBe(true);
    // A transaction reads what is committed, never the cache.
    expect(
      await t.database.db.transaction(async (tx) => (await buscarSistemaSettings(tx)).empresa.nome),
    ).toBe(silenciosa);
  });

  it('reads again within a second after another writer’s commit (the trigger’s NOTIFY)', async () => {
    expect(await nomeEmpresa()).toBeTypeOf('string');
    await t.database.db.execute(
      sql`UPDATE configuracoes SET valor = jsonb_set(valor, '{empresa,nome}', '"Outro nó"') WHERE chave = 'sistema'`,
    );
    await passaA('Outro nó');
  });

  it('shows an admin’s save on the very next request', async () => {
    const atual = (
      await t.app.inject({
        method: 'GET',
        url: '/api/admin/configuracoes/sistema',
        headers: bearer(adminToken),
      })
    ).json();
    const salvo = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/configuracoes/sistema',
      headers: bearer(adminToken),
      payload: { ...atual, empresa: { ...atual.empresa, nome: 'Salva pela tela' } },
    });
    expect(salvo.statusCode).toBe(200);
    expect(await nomeEmpresa()).toBe('Salva pela tela');
  });

  it('stops serving from memory when the app closes', async () => {
    const outro = await buildTestApp();
    try {
      expect(cacheSistemaDe(outro.database.db)?.ativo).toBe(true);
    } finally {
      await outro.close();
    }
    expect(cacheSistemaDe(outro.database.db)).toBeUndefined();
  });
});
