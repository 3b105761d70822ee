import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../../test/test-database.ts';
import type { Database } from '../../db/client.ts';
import { cobrancaPixContas, cobrancasPix, mensagens } from '../../db/schema/index.ts';
import { MARCADOR_LINK } from '../../lib/conteudo-mensagem.ts';
import {
  inserirCliente,
  inserirConta,
  inserirCliente as novoCliente,
} from '../clientes/clientes.test-fixtures.ts';
import { removerCobrancasDasContas } from '../pix/cobrancas/cobrancas.repository.ts';
import { type ProvedorConfigurado, provedorSimulado } from '../pix/configuracao/provedor-ativo.ts';
import { brCodeValido } from '../pix/psp/br-code.ts';
import { iniciarPspFalso, type PspFalso, provedorDoPspFalso } from '../pix/psp/psp-falso.test-fixtures.ts';
import { MARCADOR_PIX } from './mensagem-regua.ts';
import { executarPassada } from './motor.ts';
import { configurar, em, JANELA_SEMPRE, mensagensRegua, montarMotor } from './regua.test-fixtures.ts';

// Each collection message goes with its own PIX charge (docs/produto.md §21), valid when it goes: the
// sender creates the charges of the messages due before sending them (decision 017), a message whose
// charge stopped being payable while it waited gets a new one, and a PSP that is down delays it, never
// sends it without one.

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
    // What went is the stored text with a fresh portal link where its marker stays (docs/produto.md §22).
    expect(enviados).toHaveLength(1);
    expect(enviados[0]?.replace(/http:\/\/\S+\/p\/[A-Za-z0-9_-]{32}/, MARCADOR_LINK)).toBe(m?.conteudo);
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

  it('creates every charge of the messages due before it sends the first of them (more than one batch)', async () => {
    const { db } = database;
    for (let i = 0; i < 25; i += 1) {
      const id = await novoCliente(db, { nome: `Cliente ${i}` });
      await inserirConta(db, { clienteId: id, valorCentavos: 5_000 + i, vencimento: '2026-12-10' });
    }
    const ordem: string[] = [];
    const { deps } = montarMotor(database.db, em('2026-12-15', '10:00'), () => {
      ordem.push('envio');
      return undefined;
    });
    const simulado = await provedorSimulado(db);
    const pixDe = async (): Promise<ProvedorConfigurado> => ({
      ...simulado,
      provedor: {
        ...simulado.provedor,
        criarCobranca: (pedido) => {
          ordem.push('cobranca');
          return simulado.provedor.criarCobranca(pedido);
        },
      },
    });
    // 80 msg/s: a claim takes 20 messages, so 25 make two batches.
    expect(await executarPassada({ ...deps, pixDe })).toMatchObject({ planejadas: 25, enviadas: 25 });
    expect(ordem.join(' ')).toBe(`${'cobranca '.repeat(25)}${'envio '.repeat(25)}`.trim());
  });

  const codigoDe = (conteudo: string | undefined) =>
    /PIX copia e cola:\n(.+)/.exec(conteudo ?? '')?.[1] ?? '';

  it('a message retried the next day goes with a new charge: the first one expired at midnight', async () => {
    const { id } = await clienteEmAtraso();
    const { deps, relogio, chamadas } = montarMotor(
      database.db,
      em('2026-12-15', '19:00'),
      (_envio, chamada) =>
        chamada === 1
          ? { ok: false, erroCodigo: '131000', erroMensagem: 'Instabilidade', transitorio: true }
          : undefined,
    );
    await executarPassada(deps);
    const [primeira] = await mensagensRegua(database.db, id);
    const codigoDoDia15 = codigoDe(primeira?.conteudo);
    expect(primeira).toMatchObject({ status: 'pendente' });
    expect(codigoDoDia15).toContain('5406304.10');
    relogio.definir(em('2026-12-16', '09:00'));
    await executarPassada(deps);
    const [enviada] = await mensagensRegua(database.db, id);
    expect(enviada?.enviadaEm).not.toBeNull();
    expect(chamadas.get(enviada?.id ?? 0)).toBe(2);
    const codigo = codigoDe(enviada?.conteudo);
    expect(brCodeValido(codigo)).toBe(true);
    expect(codigo).not.toBe(codigoDoDia15);
    expect(enviada?.conteudo).not.toContain(codigoDoDia15);
    const doDia16 = await database.db
      .select()
      .from(cobrancasPix)
      .where(eq(cobrancasPix.txid, enviada?.pixTxid ?? ''));
    // One more day of juros on both receivables: the charge asks what is owed on the 16th.
    expect(doDia16[0]).toMatchObject({ pixCopiaECola: codigo, status: 'ativa', mensagemId: enviada?.id });
    expect(doDia16[0]?.valorCentavos).toBeGreaterThan(30_410);
    expect(doDia16[0]?.validaAte.getTime()).toBeGreaterThan(em('2026-12-16', '09:00').getTime());
  });

  it('a message whose charge was removed while it waited (a partial payment) gets a new one', async () => {
    const { id, contas } = await clienteEmAtraso();
    const { deps, relogio } = montarMotor(database.db, em('2026-12-15', '10:00'), (_envio, chamada) =>
      chamada === 1
        ? { ok: false, erroCodigo: '131000', erroMensagem: 'Instabilidade', transitorio: true }
        : undefined,
    );
    await executarPassada(deps);
    const [esperando] = await mensagensRegua(database.db, id);
    expect(await removerCobrancasDasContas(database.db, contas)).toBe(1);
    relogio.avancar(3_600_000);
    await executarPassada(deps);
    const [enviada] = await mensagensRegua(database.db, id);
    expect(enviada?.enviadaEm).not.toBeNull();
    expect(enviada?.pixTxid).not.toBe(esperando?.pixTxid);
    expect(codigoDe(enviada?.conteudo)).not.toBe(codigoDe(esperando?.conteudo));
    const ativas = await database.db.select().from(cobrancasPix).where(eq(cobrancasPix.status, 'ativa'));
    expect(ativas.map((c) => c.txid)).toEqual([enviada?.pixTxid]);
  });
});
