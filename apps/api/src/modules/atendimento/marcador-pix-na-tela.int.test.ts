import type { ClienteDetalhe, LinhaDoTempoResponse, MensagemView, Paged } from '@cobranca/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  buildTestApp,
  createTestUser,
  issueToken,
  type TestApp,
} from '../../../test/build-test-app.ts';
import { mensagens } from '../../db/schema/index.ts';
import { MARCADOR_PIX, PIX_GERADO_NO_ENVIO, PIX_NAO_GERADO } from '../../lib/conteudo-mensagem.ts';
import { soWhatsapp } from '../canais/canal.ts';
import { criarSimulador } from '../canais/simulador.ts';
import { inserirCliente, inserirConta } from '../clientes/clientes.test-fixtures.ts';
import { buscarSistemaSettings } from '../configuracoes/configuracoes.repository.ts';
import { carregarTemplates, planejarRegua } from '../regua/planejador.ts';
import { mensagensRegua } from '../regua/regua.test-fixtures.ts';

// A planned régua message stores the PIX marker for the sender (docs/produto.md §12, §21); no screen
// gets it: the thread, the timeline (operator and admin), the lists, the workspace and the export say
// what takes its place instead.

let t: TestApp;
const tokens = { ana: '', bruno: '', admin: '' };
let clienteId = 0;
let mensagemId = 0;

const MARCA = '[[cobranca-pix]]';

beforeAll(async () => {
  t = await buildTestApp();
  const ana = await createTestUser(t.database, 'operador');
  const bruno = await createTestUser(t.database, 'operador');
  const admin = await createTestUser(t.database, 'admin');
  tokens.ana = await issueToken(t.database, ana.id);
  tokens.bruno = await issueToken(t.database, bruno.id);
  tokens.admin = await issueToken(t.database, admin.id);

  const { db } = t.database;
  clienteId = await inserirCliente(db, { nome: 'Cliente da Ana', operadorId: ana.id });
  await inserirConta(db, { clienteId, valorCentavos: 10_001, vencimento: '2026-12-15' });
  // The régua itself writes the message, as in production: the marker waits for the sender.
  const planejadas = await planejarRegua(db, {
    settings: await buscarSistemaSettings(db),
    hoje: '2026-12-15',
    canais: soWhatsapp(criarSimulador()),
    templates: await carregarTemplates(db),
  });
  expect(planejadas?.planejadas).toBe(1);
  const [m] = await mensagensRegua(db, clienteId);
  if (!m) throw new Error('a régua não planejou a mensagem');
  mensagemId = m.id;
});
afterAll(() => t.close());

const get = (token: string, url: string) => t.app.inject({ method: 'GET', url, headers: bearer(token) });

/** Each screen's read of the customer, as the operator (or the admin, for its timeline) gets it. */
const leituras = (): [string, string, string][] => [
  ['conversa', tokens.ana, `/api/operador/clientes/${clienteId}/mensagens`],
  ['linha do tempo', tokens.ana, `/api/operador/clientes/${clienteId}/linha-do-tempo`],
  ['linha do tempo do admin', tokens.admin, `/api/admin/clientes/${clienteId}/linha-do-tempo`],
  ['área de trabalho', tokens.ana, `/api/operador/clientes/${clienteId}`],
  ['Ativos', tokens.ana, '/api/operador/clientes/ativos'],
  ['exportação CSV', tokens.ana, '/api/operador/clientes/ativos/exportar?formato=csv'],
];

describe('the PIX marker of a planned régua message', () => {
  it('stays in the stored text, for the sender', async () => {
    const [m] = await t.database.db.select().from(mensagens).where(eq(mensagens.id, mensagemId));
    expect(m?.conteudo).toContain(MARCADOR_PIX);
  });

  it('never reaches a screen: each read says the code comes when the message goes', async () => {
    for (const [tela, token, url] of leituras()) {
      const resposta = await get(token, url);
      expect(resposta.statusCode, tela).toBe(200);
      expect(resposta.body, tela).not.toContain(MARCA);
      // U+2063, the invisible separator around the marker: not a trace of it is left.
      expect(resposta.body, tela).not.toContain('\u2063');
      expect(resposta.body, tela).toContain(PIX_GERADO_NO_ENVIO);
    }

    const [mensagem] = (await get(tokens.ana, `/api/operador/clientes/${clienteId}/mensagens`)).json<
      MensagemView[]
    >();
    expect(mensagem?.conteudo).toContain(`\n\n${PIX_GERADO_NO_ENVIO}\n\n`);
    const detalhe = (await get(tokens.ana, `/api/operador/clientes/${clienteId}`)).json<ClienteDetalhe>();
    expect(detalhe.ultima_mensagem?.conteudo).toBe(mensagem?.conteudo);
    const lista = (await get(tokens.ana, '/api/operador/clientes/ativos')).json<Paged<{ id: number }>>();
    expect(lista.data.map((c) => c.id)).toEqual([clienteId]);
  });

  it('says no code was made for a message that ended without going', async () => {
    await t.database.db.update(mensagens).set({ status: 'cancelada' }).where(eq(mensagens.id, mensagemId));
    try {
      const resposta = await get(tokens.ana, `/api/operador/clientes/${clienteId}/linha-do-tempo`);
      const [item] = resposta.json<LinhaDoTempoResponse>().itens;
      expect(item).toMatchObject({ tipo: 'mensagem', status: 'cancelada' });
      expect(item?.tipo === 'mensagem' && item.conteudo).toContain(PIX_NAO_GERADO);
      expect(resposta.body).not.toContain(PIX_GERADO_NO_ENVIO);
      expect(resposta.body).not.toContain(MARCA);
    } finally {
      await t.database.db.update(mensagens).set({ status: 'pendente' }).where(eq(mensagens.id, mensagemId));
    }
  });

  it('gives the timeline a pending message’s next attempt, as the thread has it', async () => {
    const proxima = new Date('2030-01-02T11:00:00.000Z');
    await t.database.db
      .update(mensagens)
      .set({ proximaTentativaEm: proxima })
      .where(eq(mensagens.id, mensagemId));
    try {
      const [item] = (
        await get(tokens.ana, `/api/operador/clientes/${clienteId}/linha-do-tempo`)
      ).json<LinhaDoTempoResponse>().itens;
      const [mensagem] = (await get(tokens.ana, `/api/operador/clientes/${clienteId}/mensagens`)).json<
        MensagemView[]
      >();
      expect(mensagem?.proxima_tentativa_em).toBe(proxima.toISOString());
      expect(item?.tipo === 'mensagem' && Date.parse(item.proxima_tentativa_em ?? '')).toBe(
        proxima.getTime(),
      );
    } finally {
      await t.database.db
        .update(mensagens)
        .set({ proximaTentativaEm: null })
        .where(eq(mensagens.id, mensagemId));
    }
  });

  it('another operator reads neither the message nor the marker', async () => {
    for (const url of [
      `/api/operador/clientes/${clienteId}/mensagens`,
      `/api/operador/clientes/${clienteId}/linha-do-tempo`,
      '/api/operador/clientes/ativos',
    ]) {
      const resposta = await get(tokens.bruno, url);
      expect([200, 404], url).toContain(resposta.statusCode);
      expect(resposta.body, url).not.toContain(MARCA);
      expect(resposta.body, url).not.toContain(PIX_GERADO_NO_ENVIO);
    }
  });
});
