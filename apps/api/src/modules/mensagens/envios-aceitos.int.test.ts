import type { MensagemOrigem, MensagemStatus } from '@cobranca/contracts';
import { asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { clientes, mensagens, reguaEnvios } from '../../db/schema/index.ts';
import { divergenciasDosAgregados } from '../agregados/agregados.service.ts';
import { inserirCliente, inserirConta } from '../clientes/clientes.test-fixtures.ts';
import { criarRegistroEmLote } from '../regua/registro-em-lote.ts';
import { type EnvioAceito, registrarEnviosAceitos } from './envios-aceitos.repository.ts';
import { registrarResultadoEnvio } from './resultado-envio.service.ts';

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const AGORA = new Date('2026-03-10T12:00:00Z');
const emSegundos = (s: number) => new Date(AGORA.getTime() + s * 1000);

type Planejada = { origem: MensagemOrigem; status?: MensagemStatus; conteudo: string; enviadaAos: number };

/** A customer with one receivable per planned message, each message with its régua step record. */
const cenario = async (nome: string, planejadas: Planejada[]) => {
  const db = t.database.db;
  const clienteId = await inserirCliente(db, { nome });
  const aceitos: EnvioAceito[] = [];
  for (const [i, p] of planejadas.entries()) {
    const status = p.status ?? 'pendente';
    const [m] = await db
      .insert(mensagens)
      .values({
        clienteId,
        telefone: '+5511987654321',
        direcao: 'saida',
        origem: p.origem,
        status,
        conteudo: p.conteudo,
        canal: 'whatsapp',
        provedor: 'whatsapp_cloud',
        bloqueadaAte: status === 'pendente' ? emSegundos(60) : null,
        envioIniciadoEm: status === 'pendente' ? AGORA : null,
        enviadaEm: status === 'pendente' ? null : AGORA,
      })
      .returning({ id: mensagens.id });
    if (!m) throw new Error('insert returned no row');
    if (p.origem === 'regua') {
      const contaId = await inserirConta(db, { clienteId, valorCentavos: 10_000, vencimento: '2026-03-01' });
      await db.insert(reguaEnvios).values({
        contaId,
        etapaDias: 3 + i,
        mensagemId: m.id,
        status: 'planejado',
        dataReferencia: '2026-03-10',
      });
    }
    aceitos.push({
      m: { id: m.id, origem: p.origem, clienteId, conteudo: p.conteudo },
      r: {
        ok: true,
        canalMensagemId: `wamid.${nome}.${i}`,
        status: i === 0 ? 'entregue' : 'enviada',
        enviadaEm: emSegundos(p.enviadaAos),
        entregueEm: i === 0 ? emSegundos(p.enviadaAos) : null,
      },
    });
  }
  return { clienteId, aceitos };
};

const PLANEJADAS: Planejada[] = [
  { origem: 'regua', conteudo: 'Lembrete 1', enviadaAos: 1 },
  { origem: 'regua', conteudo: 'Lembrete 2, o mais novo', enviadaAos: 3 },
  { origem: 'operador', conteudo: 'Resposta do operador', enviadaAos: 5 },
  // A status webhook confirmed it before the answer was recorded.
  { origem: 'regua', status: 'enviada', conteudo: 'Já confirmada', enviadaAos: 2 },
];

/** What the answers leave behind, without ids: the messages, their step records and the customer. */
const estado = async (clienteId: number) => {
  const db = t.database.db;
  const linhas = await db
    .select()
    .from(mensagens)
    .where(eq(mensagens.clienteId, clienteId))
    .orderBy(asc(mensagens.id));
  const envios = await db
    .select({ status: reguaEnvios.status, etapa: reguaEnvios.etapaDias })
    .from(reguaEnvios)
    .where(
      inArray(
        reguaEnvios.mensagemId,
        linhas.map((l) => l.id),
      ),
    )
    .orderBy(asc(reguaEnvios.etapaDias));
  const [cliente] = await db
    .select({
      numeroChamadas: clientes.numeroChamadas,
      ultimaMensagemEm: clientes.ultimaMensagemEm,
      ultimaMensagemTexto: clientes.ultimaMensagemTexto,
    })
    .from(clientes)
    .where(eq(clientes.id, clienteId));
  return {
    mensagens: linhas.map((l) => ({
      status: l.status,
      canal: l.canalMensagemId?.replace(/^wamid\.[^.]+\./, ''),
      enviadaEm: l.enviadaEm,
      entregueEm: l.entregueEm,
      tentativas: l.tentativas,
      bloqueadaAte: l.bloqueadaAte,
      envioIniciadoEm: l.envioIniciadoEm,
      erroCodigo: l.erroCodigo,
    })),
    envios,
    cliente,
  };
};

describe('registrarEnviosAceitos', () => {
  it('records a batch of answers as one at a time would, leaving a confirmed message alone', async () => {
    const lote = await cenario('lote', PLANEJADAS);
    const umAUm = await cenario('umaum', PLANEJADAS);

    const gravadas = await registrarEnviosAceitos(t.database.db, lote.aceitos);
    for (const { m, r } of umAUm.aceitos)
      await registrarResultadoEnvio(t.database.db, m, r, { agora: AGORA });

    expect([...gravadas].sort()).toEqual(lote.aceitos.slice(0, 3).map((a) => a.m.id));
    const depois = await estado(lote.clienteId);
    expect(depois).toEqual(await estado(umAUm.clienteId));
    expect(depois.mensagens[0]).toMatchObject({ status: 'entregue', canal: '0', tentativas: 1 });
    expect(depois.mensagens[3]).toMatchObject({ status: 'enviada', canal: undefined, tentativas: 0 });
    expect(depois.envios.map((e) => e.status)).toEqual(['enviado', 'enviado', 'planejado']);
    // Two régua messages: two contact attempts; the operator's reply is not one.
    expect(depois.cliente).toEqual({
      numeroChamadas: 2,
      ultimaMensagemEm: emSegundos(3),
      ultimaMensagemTexto: 'Lembrete 2, o mais novo',
    });
    expect(await divergenciasDosAgregados(t.database.db, AGORA)).toEqual([]);
  });

  it('records nothing a second time when the same answers come again', async () => {
    const { clienteId, aceitos } = await cenario('repetido', PLANEJADAS.slice(0, 2));
    expect((await registrarEnviosAceitos(t.database.db, aceitos)).size).toBe(2);
    const primeiro = await estado(clienteId);
    expect((await registrarEnviosAceitos(t.database.db, aceitos)).size).toBe(0);
    expect(await estado(clienteId)).toEqual(primeiro);
    expect(await registrarEnviosAceitos(t.database.db, [])).toEqual(new Set());
  });
});

describe('criarRegistroEmLote', () => {
  it("writes a batch that fills up at once, and its timer leaves the next batch's wait alone", async () => {
    const { aceitos } = await cenario(
      'Lote Cheio',
      Array.from({ length: 51 }, (_, i) => ({
        origem: 'operador' as const,
        conteudo: `M${i}`,
        enviadaAos: i,
      })),
    );
    const esperas: (() => void)[] = [];
    const relogio = {
      agora: () => AGORA,
      esperar: () => new Promise<void>((fim) => esperas.push(fim)),
    };
    const registrar = criarRegistroEmLote(t.database.db, relogio);
    const cheio = await Promise.all(aceitos.slice(0, 50).map(registrar));
    expect(cheio.every(Boolean)).toBe(true);
    let seguinte: boolean | undefined;
    const ultimo = registrar(aceitos[50] as EnvioAceito).then((gravada) => {
      seguinte = gravada;
    });
    expect(esperas).toHaveLength(2);
    esperas[0]?.(); // the full batch's timer
    await new Promise((fim) => setTimeout(fim, 50));
    expect(seguinte).toBeUndefined();
    esperas[1]?.();
    await ultimo;
    expect(seguinte).toBe(true);
  });
});
