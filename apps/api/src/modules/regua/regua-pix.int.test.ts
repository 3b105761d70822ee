import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../../test/test-database.ts';
import type { Database } from '../../db/client.ts';
import { cobrancaPixContas, cobrancasPix, mensagens } from '../../db/schema/index.ts';
import { inserirCliente, inserirConta } from '../clientes/clientes.test-fixtures.ts';
import { brCodeValido } from '../pix/br-code.ts';
import { iniciarPspFalso, type PspFalso, provedorDoPspFalso } from '../pix/psp-falso.test-fixtures.ts';
import { MARCADOR_PIX } from './mensagem-regua.ts';
import { executarPassada } from './motor.ts';
import { configurar, em, JANELA_SEMPRE, mensagensRegua, montarMotor } from './regua.test-fixtures.ts';

// Each collection message goes with its own PIX charge (docs/produto.md §21), created as it is sent;
// a PSP that is down delays it, never sends it without one.

let database: Database;
let psp: PspFalso;

beforeAll(async () => {
  psp = await iniciarPspFalso();
});
afterAll(() => psp.fechar());
beforeEach(async () => {
  database = await openTestDatabase();
  await configurar(database.db, { janela_envio: JANELA_SEMPRE });
});
afterEach(() => database.close());

/** Ana owes R$ 100,01 due 15/12 and R$ 200,02 due Saturday 12/12 (so Monday 14/12): R$ 304,10 on 15/12. */
const clienteEmAtraso = async () => {
  const { db } = database;
  const id = await inserirCliente(db, { nome: 'Ana', documento: '52998224725' });
  const contas = [
    await inserirConta(db, { clienteId: id, valorCentavos: 10_001, vencimento: '2026-12-15' }),
    await inserirConta(db, { clienteId: id, valorCentavos: 20_002, vencimento: '2026-12-12' }),
  ];
  return { id, contas };
};

describe('régua messages with their PIX charge', () => {
  it('on the simulator: the message goes with a dynamic BR Code for the updated total, its charge linked', async () => {
    const { id, contas } = await clienteEmAtraso();
    const enviados: string[] = [];
    const { deps } = montarMotor(database.db, em('2026-12-15', '10:00'), (envio) => {
      enviados.push(envio.conteudo);
      return undefined;
    });
    await executarPassada(deps);
    const [m] = await mensagensRegua(database.db, id);
    expect(m?.enviadaEm).not.toBeNull();
    expect(m?.conteudo).not.toContain(MARCADOR_PIX);
    const codigo = /PIX copia e cola:\n(.+)/.exec(m?.conteudo ?? '')?.[1] ?? '';
    expect(brCodeValido(codigo)).toBe(true);
    expect(codigo).toContain('5406304.10');
    expect(enviados).toEqual([m?.conteudo]);
    const [cobranca] = await database.db
      .select()
      .from(cobrancasPix)
      .where(eq(cobrancasPix.mensagemId, m?.id ?? 0));
    expect(cobranca).toMatchObject({
      txid: m?.pixTxid,
      tipo: 'cob',
      origem: 'regua',
      valorCentavos: 30_410,
      pixCopiaECola: codigo,
    });
    const cobertas = await database.db
      .select()
      .from(cobrancaPixContas)
      .where(eq(cobrancaPixContas.cobrancaId, cobranca?.id ?? 0));
    expect(cobertas.map((c) => c.contaId).sort()).toEqual([...contas].sort());
  });

  it('at a PSP: the charge is created there under the message’s txid and its copia e cola is sent', async () => {
    const { id } = await clienteEmAtraso();
    const { deps } = montarMotor(database.db, em('2026-12-15', '10:00'));
    await executarPassada({ ...deps, pixDe: async () => provedorDoPspFalso(psp) });
    const [m] = await mensagensRegua(database.db, id);
    const noPsp = psp.cobrancas.get(m?.pixTxid ?? '');
    expect(noPsp?.corpo).toMatchObject({
      valor: { original: '304.10' },
      devedor: { cpf: '52998224725', nome: 'Ana' },
    });
    expect(m?.enviadaEm).not.toBeNull();
    expect(m?.conteudo).toContain(noPsp?.pixCopiaECola);
  });

  it('with the PSP down the message waits with backoff and is not sent; it goes once the PSP is back', async () => {
    const { id } = await clienteEmAtraso();
    const { deps, relogio, chamadas } = montarMotor(database.db, em('2026-12-15', '10:00'));
    const comPsp = { ...deps, pixDe: async () => provedorDoPspFalso(psp) };
    psp.falharProximas(50, 503);
    await executarPassada(comPsp);
    const [esperando] = await mensagensRegua(database.db, id);
    expect(esperando).toMatchObject({ status: 'pendente' });
    expect(esperando?.erroMensagem).toMatch(/^Aguardando a cobrança PIX: /);
    expect(esperando?.proximaTentativaEm?.getTime()).toBeGreaterThan(em('2026-12-15', '10:00').getTime());
    expect(chamadas.size).toBe(0);
    psp.falharProximas(0, 503);
    relogio.avancar(2 * 3_600_000);
    await executarPassada(comPsp);
    const [enviada] = await database.db
      .select()
      .from(mensagens)
      .where(eq(mensagens.id, esperando?.id ?? 0));
    expect(enviada, JSON.stringify(enviada)).toMatchObject({ enviadaEm: expect.any(Date) });
    expect(chamadas.size).toBe(1);
  });
});
