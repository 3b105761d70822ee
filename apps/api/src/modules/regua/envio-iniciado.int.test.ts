import type { ProvedorMensagem } from '@cobranca/contracts';
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../../test/test-database.ts';
import type { Database } from '../../db/client.ts';
import { clientes, mensagens, reguaEnvios } from '../../db/schema/index.ts';
import { criarRelogioManual } from '../../lib/relogio.ts';
import { type CanalDriver, type EnvioCanal, type ResultadoEnvio, soWhatsapp } from '../canais/canal.ts';
import { inserirCliente, inserirConta } from '../clientes/clientes.test-fixtures.ts';
import { buscarSistemaSettings } from '../configuracoes/configuracoes.repository.ts';
import { marcarEnvioIniciado } from '../mensagens/saida.repository.ts';
import { registrarStatusCanal } from '../mensagens/status-entrega.repository.ts';
import { LEASE_MS, RECONCILIACAO_MS } from '../mensagens/tentativas.ts';
import { reivindicar } from './enviador.ts';
import { type DepsMotor, executarPassada } from './motor.ts';
import { carregarTemplates, planejarRegua } from './planejador.ts';
import {
  CHAVE_DE_TESTE,
  cobrarPendentes,
  configurar,
  em,
  JANELA_SEMPRE,
  mensagensRegua,
} from './regua.test-fixtures.ts';

// The send's mark (decision 009): committed before the channel is called and cleared by the outcome;
// a message whose outcome is unknown waits for the channel's confirmation before it goes again.

const INICIO = em('2026-12-15', '09:00');
const depois = (ms: number) => new Date(INICIO.getTime() + ms);

let database: Database;

beforeEach(async () => {
  database = await openTestDatabase();
  await configurar(database.db, { janela_envio: JANELA_SEMPRE });
});
afterEach(() => database.close());

type Responder = (envio: EnvioCanal) => Promise<ResultadoEnvio | undefined>;

/** A customer with a receivable due today and the engine around a WhatsApp driver of `provedor`. */
const preparar = async (provedor: ProvedorMensagem, responder?: Responder) => {
  const { db } = database;
  const clienteId = await inserirCliente(db, { nome: 'Cliente Marca' });
  await inserirConta(db, { clienteId, valorCentavos: 12_345, vencimento: '2026-12-15' });
  const relogio = criarRelogioManual(INICIO);
  const chamadas: number[] = [];
  const avisos: string[] = [];
  const driver: CanalDriver = {
    canal: 'whatsapp',
    provedor,
    enviar: async (envio) => {
      chamadas.push(envio.mensagemId);
      return (
        (await responder?.(envio)) ?? {
          ok: true,
          canalMensagemId: `wamid.teste-${envio.mensagemId}-${chamadas.length}`,
          status: 'enviada',
          enviadaEm: relogio.agora(),
          entregueEm: null,
        }
      );
    },
  };
  const deps: DepsMotor = {
    db,
    appKey: CHAVE_DE_TESTE,
    canaisDe: async () => soWhatsapp(driver),
    relogio,
    worker: 'teste',
    aleatorio: () => 0.5,
    log: { info: () => {}, warn: (_obj, msg) => avisos.push(msg), error: () => {} },
  };
  const planejar = async () =>
    planejarRegua(db, {
      settings: await buscarSistemaSettings(db),
      hoje: '2026-12-15',
      canais: soWhatsapp(driver),
      templates: await carregarTemplates(db),
    });
  return { clienteId, relogio, chamadas, avisos, deps, planejar };
};

const linha = async (id: number) => {
  const [row] = await database.db.select().from(mensagens).where(eq(mensagens.id, id));
  return row;
};

/** A sender claims the message, marks it and dies before recording any answer. */
const morrerNoEnvio = async (provedor: ProvedorMensagem) => {
  const prazo = depois(LEASE_MS);
  expect(await cobrarPendentes(database.db, INICIO)).toBe(1);
  const [m] = await reivindicar(database.db, INICIO, 10, true, prazo);
  if (!m) throw new Error('nada reivindicado');
  expect(await marcarEnvioIniciado(database.db, { id: m.id, provedor, prazo, agora: INICIO })).toBe(true);
  return Number(m.id);
};

describe('the mark of a send in progress', () => {
  it('is committed before the channel is called and cleared when the answer is recorded', async () => {
    const vistas: (Date | null | undefined)[] = [];
    const { deps } = await preparar('whatsapp_cloud', async (envio) => {
      vistas.push((await linha(envio.mensagemId))?.envioIniciadoEm);
      return undefined;
    });
    expect(await executarPassada(deps)).toMatchObject({ planejadas: 1, enviadas: 1 });
    expect(vistas).toEqual([expect.any(Date)]);
    expect((vistas[0] as Date).getTime()).toBeGreaterThanOrEqual(INICIO.getTime());
    const [m] = await mensagensRegua(database.db);
    expect(m).toMatchObject({ status: 'enviada', envioIniciadoEm: null, bloqueadaAte: null });
  });

  it.each([
    ['a transient failure', true, 'pendente'],
    ['a permanent failure', false, 'falhou'],
  ] as const)('is cleared by %s too', async (_caso, transitorio, status) => {
    const { deps } = await preparar('whatsapp_cloud', async () => ({
      ok: false,
      erroCodigo: 'x',
      erroMensagem: 'Falha de teste',
      transitorio,
    }));
    await executarPassada(deps);
    const [m] = await mensagensRegua(database.db);
    expect(m).toMatchObject({ status, envioIniciadoEm: null, bloqueadaAte: null });
  });

  it('can only be set by the holder of a running lease', async () => {
    const { planejar } = await preparar('whatsapp_cloud');
    await planejar();
    expect(await cobrarPendentes(database.db, INICIO)).toBe(1);
    const prazo = depois(LEASE_MS);
    const [m] = await reivindicar(database.db, INICIO, 10, true, prazo);
    const id = Number(m?.id);
    const marca = { id, provedor: 'whatsapp_cloud' as const, prazo };
    // Its lease ran out: it may no longer start the send, even before anyone else took the message.
    expect(await marcarEnvioIniciado(database.db, { ...marca, agora: depois(LEASE_MS) })).toBe(false);
    // Another sender took it over: the first one's lease is not the message's any more.
    await reivindicar(database.db, depois(LEASE_MS + 1), 10, true);
    expect(await marcarEnvioIniciado(database.db, { ...marca, agora: depois(1_000) })).toBe(false);
    expect((await linha(id))?.envioIniciadoEm).toBeNull();
  });
});

describe('a message whose outcome is unknown (its sender died mid-send)', () => {
  it.each([
    [
      'the Cloud API, which confirms sends by webhook: after the reconciliation period',
      'whatsapp_cloud',
      RECONCILIACAO_MS,
    ],
    ['the simulator, which confirms nothing: once the lease ends', 'simulador', LEASE_MS],
  ] as const)('is sent again with %s', async (_caso, provedor, espera) => {
    const { deps, relogio, chamadas, avisos, planejar } = await preparar(provedor);
    await planejar();
    const id = await morrerNoEnvio(provedor);
    relogio.definir(depois(espera - 1_000));
    await executarPassada(deps);
    expect(chamadas).toEqual([]);
    expect((await linha(id))?.status).toBe('pendente');
    relogio.definir(depois(espera + 1_000));
    await executarPassada(deps);
    expect(chamadas).toEqual([id]);
    expect(await linha(id)).toMatchObject({ status: 'enviada', envioIniciadoEm: null, tentativas: 1 });
    expect(avisos).toEqual([expect.stringContaining('resultado desconhecido')]);
  });

  it('is recorded as sent from the status webhook naming it, and never sent again', async () => {
    const { deps, relogio, chamadas, clienteId, planejar } = await preparar('whatsapp_cloud');
    await planejar();
    const id = await morrerNoEnvio('whatsapp_cloud');
    const confirmacao = {
      provedor: 'whatsapp_cloud' as const,
      canalMensagemId: 'wamid.aceita-pela-meta',
      status: 'enviada' as const,
      instante: depois(2_000),
      mensagemId: id,
    };
    expect(await registrarStatusCanal(database.db, confirmacao)).toBe('reconciliada');
    // Meta redelivering the same notification changes nothing.
    expect(await registrarStatusCanal(database.db, confirmacao)).toBe('ignorada');
    relogio.definir(depois(RECONCILIACAO_MS + 60_000));
    await executarPassada(deps);
    expect(chamadas).toEqual([]);
    expect(await linha(id)).toMatchObject({
      status: 'enviada',
      canalMensagemId: 'wamid.aceita-pela-meta',
      enviadaEm: depois(2_000),
      tentativas: 1,
      envioIniciadoEm: null,
      bloqueadaAte: null,
    });
    const [cliente] = await database.db.select().from(clientes).where(eq(clientes.id, clienteId));
    expect(cliente?.numeroChamadas).toBe(1);
    const envios = await database.db.select().from(reguaEnvios).where(eq(reguaEnvios.mensagemId, id));
    expect(envios.map((e) => e.status)).toEqual(['enviado']);
  });
});

describe('a status webhook that overtakes the send’s answer', () => {
  it('records the message as sent, and the late answer changes nothing nor counts twice', async () => {
    const { deps, clienteId } = await preparar('whatsapp_cloud', async (envio) => {
      const entregue = await registrarStatusCanal(database.db, {
        provedor: 'whatsapp_cloud',
        canalMensagemId: `wamid.teste-${envio.mensagemId}-1`,
        status: 'entregue',
        instante: depois(500),
        mensagemId: envio.mensagemId,
      });
      expect(entregue).toBe('reconciliada');
      return undefined; // then the answer arrives, with the same wamid
    });
    expect(await executarPassada(deps)).toMatchObject({ enviadas: 1 });
    const [m] = await mensagensRegua(database.db);
    expect(m).toMatchObject({
      status: 'entregue',
      canalMensagemId: `wamid.teste-${m?.id}-1`,
      enviadaEm: depois(500),
      entregueEm: depois(500),
      tentativas: 1,
      envioIniciadoEm: null,
      bloqueadaAte: null,
    });
    const [cliente] = await database.db.select().from(clientes).where(eq(clientes.id, clienteId));
    expect(cliente?.numeroChamadas).toBe(1);
  });
});
