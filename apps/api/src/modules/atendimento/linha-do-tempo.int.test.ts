import type { LinhaDoTempoItem, LinhaDoTempoResponse } from '@cobranca/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  buildTestApp,
  createTestUser,
  issueToken,
  type TestApp,
  type TestUser,
} from '../../../test/build-test-app.ts';
import {
  auditLogs,
  chamadas,
  clientes,
  mensagens,
  negociacoes,
  notasCliente,
  pagamentos,
  promessas,
} from '../../db/schema/index.ts';
import { inserirCliente, inserirConta } from '../clientes/clientes.test-fixtures.ts';

// The customer timeline, notes and tags (docs/produto.md §5, decision 022), on both databases.

let t: TestApp;
let ana: TestUser;
let bruno: TestUser;
let admin: TestUser;
let tokenAna: string;
let tokenBruno: string;
let tokenAdmin: string;

beforeAll(async () => {
  t = await buildTestApp();
  ana = await createTestUser(t.database, 'operador', { name: 'Ana Operadora' });
  bruno = await createTestUser(t.database, 'operador', { name: 'Bruno Operador' });
  admin = await createTestUser(t.database, 'admin', { name: 'Alice Admin' });
  tokenAna = await issueToken(t.database, ana.id);
  tokenBruno = await issueToken(t.database, bruno.id);
  tokenAdmin = await issueToken(t.database, admin.id);
});
afterAll(() => t.close());

const db = () => t.database.db;
const em = (iso: string) => sql`${iso}::timestamptz`;

const linhaDoTempo = (token: string, clienteId: number, query = '') =>
  t.app.inject({
    method: 'GET',
    url: `/api/operador/clientes/${clienteId}/linha-do-tempo${query}`,
    headers: bearer(token),
  });

const chamar = (token: string, method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(token), ...(payload === undefined ? {} : { payload }) });

const novoCliente = (
  operadorId: number | null = ana.id,
  status: 'ativo' | 'aguardando_atendimento' = 'ativo',
) => inserirCliente(db(), { nome: 'Cliente Linha do Tempo', status, operadorId });

const mensagem = async (clienteId: number, quando: string, conteudo: string) => {
  const [row] = await db()
    .insert(mensagens)
    .values({
      clienteId,
      telefone: '+5511900000000',
      direcao: 'entrada',
      origem: 'cliente',
      status: 'recebida',
      conteudo,
      canal: 'whatsapp',
      provedor: 'simulador',
      createdAt: em(quando),
    })
    .returning({ id: mensagens.id });
  return row?.id ?? 0;
};

const resumo = (itens: LinhaDoTempoItem[]) => itens.map((i) => `${i.tipo}:${i.id}`);

/** Every page with `limite`, following `proximo` until the end. */
const todasAsPaginas = async (clienteId: number, limite: number) => {
  const itens: LinhaDoTempoItem[] = [];
  let antes: string | null = null;
  for (let paginas = 0; paginas < 100; paginas++) {
    const query = `?limite=${limite}${antes ? `&antes=${encodeURIComponent(antes)}` : ''}`;
    const resposta = await linhaDoTempo(tokenAna, clienteId, query);
    expect(resposta.statusCode).toBe(200);
    const corpo = resposta.json<LinhaDoTempoResponse>();
    expect(corpo.itens.length).toBeLessThanOrEqual(limite);
    itens.push(...corpo.itens);
    antes = corpo.proximo;
    if (antes === null) return itens;
  }
  throw new Error('a paginação não terminou');
};

describe('GET /api/operador/clientes/:id/linha-do-tempo', () => {
  let clienteId: number;
  const ids = {} as Record<string, number>;

  beforeAll(async () => {
    clienteId = await novoCliente();
    const outroId = await novoCliente();
    const contaId = await inserirConta(db(), { clienteId, valorCentavos: 30_000, vencimento: '2026-02-01' });
    ids.m1 = await mensagem(clienteId, '2026-03-10T12:00:00.000001Z', 'primeira');
    // Two messages in the same microsecond: the id breaks the tie.
    ids.m2 = await mensagem(clienteId, '2026-03-10T12:00:01.000000Z', 'segunda');
    ids.m3 = await mensagem(clienteId, '2026-03-10T12:00:01.000000Z', 'terceira');
    // One microsecond apart: a millisecond cursor would lose one of them.
    ids.m4 = await mensagem(clienteId, '2026-03-10T12:00:02.000001Z', 'quarta');
    ids.m5 = await mensagem(clienteId, '2026-03-10T12:00:02.000002Z', 'quinta');
    await mensagem(outroId, '2026-03-10T12:00:03Z', 'de outro cliente');
    const [ch] = await db()
      .insert(chamadas)
      .values({
        clienteId,
        operadorId: ana.id,
        resultado: 'nao_atendida',
        observacao: 'Caixa postal',
        createdAt: em('2026-03-10T12:01:00Z'),
      })
      .returning({ id: chamadas.id });
    ids.chamada = ch?.id ?? 0;
    const [pr] = await db()
      .insert(promessas)
      .values({
        clienteId,
        operadorId: ana.id,
        data: '2026-03-15',
        valorCentavos: 12_345,
        status: 'cumprida',
        createdAt: em('2026-03-10T12:02:00Z'),
        resolvidaEm: em('2026-03-10T12:05:00Z'),
      })
      .returning({ id: promessas.id });
    ids.promessa = pr?.id ?? 0;
    const [ng] = await db()
      .insert(negociacoes)
      .values({
        clienteId,
        operadorId: ana.id,
        status: 'cumprida',
        valorOriginalCentavos: 30_000,
        valorTotalCentavos: 30_000,
        parcelas: 2,
        primeiroVencimento: '2026-03-20',
        intervaloDias: 30,
        createdAt: em('2026-03-10T12:03:00Z'),
        encerradaEm: em('2026-03-10T12:05:00Z'),
      })
      .returning({ id: negociacoes.id });
    ids.negociacao = ng?.id ?? 0;
    // The payment, the promise it kept, the agreement it fulfilled and the conclusion: one instant.
    const [pg] = await db()
      .insert(pagamentos)
      .values({
        clienteId,
        contaId,
        operadorId: ana.id,
        valorCentavos: 30_000,
        principalCentavos: 30_000,
        data: '2026-03-10',
        forma: 'pix',
        createdAt: em('2026-03-10T12:05:00Z'),
      })
      .returning({ id: pagamentos.id });
    ids.pagamento = pg?.id ?? 0;
    const [concluido] = await db()
      .insert(auditLogs)
      .values({
        usuarioId: ana.id,
        acao: 'pagamento.registrado',
        descricao: 'Pagamento registrado',
        entidade: 'pagamento',
        entidadeId: String(ids.pagamento),
        detalhes: { cliente_id: clienteId, cliente_concluido: true },
        createdAt: em('2026-03-10T12:05:00Z'),
      })
      .returning({ id: auditLogs.id });
    ids.concluido = concluido?.id ?? 0;
    const [pausa] = await db()
      .insert(auditLogs)
      .values({
        usuarioId: ana.id,
        acao: 'cliente.pausado',
        descricao: 'Cobrança pausada: Cliente',
        entidade: 'cliente',
        entidadeId: String(clienteId),
        detalhes: { status_anterior: 'ativo', status_novo: 'pausado', motivo: 'Pediu prazo' },
        createdAt: em('2026-03-10T12:04:00Z'),
      })
      .returning({ id: auditLogs.id });
    ids.pausa = pausa?.id ?? 0;
    // Not status changes, or not this customer's: none of them is an entry.
    await db()
      .insert(auditLogs)
      .values([
        {
          usuarioId: ana.id,
          acao: 'chamada.registrada',
          descricao: 'x',
          entidade: 'cliente',
          entidadeId: String(clienteId),
        },
        {
          usuarioId: ana.id,
          acao: 'cliente.pausado',
          descricao: 'x',
          entidade: 'cliente',
          entidadeId: String(outroId),
        },
        {
          usuarioId: ana.id,
          acao: 'pagamento.registrado',
          descricao: 'x',
          entidade: 'pagamento',
          entidadeId: '1',
          detalhes: { cliente_id: clienteId, cliente_concluido: false },
        },
      ]);
    const [nota] = await db()
      .insert(notasCliente)
      .values({
        clienteId,
        autorId: ana.id,
        texto: 'Prefere ligação depois das 18h',
        createdAt: em('2026-03-10T12:04:30Z'),
      })
      .returning({ id: notasCliente.id });
    ids.nota = nota?.id ?? 0;
  });

  it('merges every kind newest first, ties by kind then id', async () => {
    const resposta = await linhaDoTempo(tokenAna, clienteId);
    expect(resposta.statusCode).toBe(200);
    const { itens, proximo } = resposta.json<LinhaDoTempoResponse>();
    expect(proximo).toBeNull();
    expect(resumo(itens)).toEqual([
      // 12:05:00, one transaction: the conclusion above the agreement fulfilled, the promise kept, the payment.
      `status:${ids.concluido}`,
      `negociacao_encerrada:${ids.negociacao}`,
      `promessa_resolvida:${ids.promessa}`,
      `pagamento:${ids.pagamento}`,
      `nota:${ids.nota}`,
      `status:${ids.pausa}`,
      `negociacao:${ids.negociacao}`,
      `promessa:${ids.promessa}`,
      `chamada:${ids.chamada}`,
      `mensagem:${ids.m5}`,
      `mensagem:${ids.m4}`,
      `mensagem:${ids.m3}`,
      `mensagem:${ids.m2}`,
      `mensagem:${ids.m1}`,
    ]);
    const porChave = new Map(itens.map((i) => [`${i.tipo}:${i.id}`, i]));
    expect(porChave.get(`pagamento:${ids.pagamento}`)).toMatchObject({
      valor: 300,
      forma: 'pix',
      pix_automatico: false,
      autor: { id: ana.id, name: 'Ana Operadora' },
      em: '2026-03-10T12:05:00.000000Z',
    });
    expect(porChave.get(`status:${ids.pausa}`)).toMatchObject({
      acao: 'cliente.pausado',
      status_anterior: 'ativo',
      status_novo: 'pausado',
      detalhe: 'Pediu prazo',
    });
    expect(porChave.get(`status:${ids.concluido}`)).toMatchObject({
      acao: 'cliente.concluido',
      status_novo: 'concluido',
    });
    expect(porChave.get(`promessa_resolvida:${ids.promessa}`)).toMatchObject({
      valor: 123.45,
      data: '2026-03-15',
      status: 'cumprida',
      autor: null,
    });
    expect(porChave.get(`chamada:${ids.chamada}`)).toMatchObject({
      resultado: 'nao_atendida',
      observacao: 'Caixa postal',
    });
    // A note written long ago can no longer be deleted by its author.
    expect(porChave.get(`nota:${ids.nota}`)).toMatchObject({
      texto: 'Prefere ligação depois das 18h',
      excluivel_ate: null,
    });
  });

  it('pages by cursor without gaps or repeats, whatever the page size', async () => {
    const inteira = resumo(
      (await linhaDoTempo(tokenAna, clienteId).then((r) => r.json<LinhaDoTempoResponse>())).itens,
    );
    for (const limite of [1, 2, 3, 5])
      expect(resumo(await todasAsPaginas(clienteId, limite))).toEqual(inteira);
  });

  it('ends with proximo null exactly on the last page', async () => {
    const primeira = (await linhaDoTempo(tokenAna, clienteId, '?limite=14')).json<LinhaDoTempoResponse>();
    expect(primeira.itens).toHaveLength(14);
    expect(primeira.proximo).toBeNull();
    const menor = (await linhaDoTempo(tokenAna, clienteId, '?limite=13')).json<LinhaDoTempoResponse>();
    expect(menor.proximo).toBe(menor.itens.at(-1)?.chave);
  });

  it('refuses a malformed cursor or limit with a 422', async () => {
    for (const query of [
      '?antes=ontem',
      '?antes=2026-03-10T12:00:00Z~desconhecido~1',
      '?antes=2026-03-10T12:00:00Z~mensagem~0',
      '?limite=0',
      '?limite=101',
      '?limite=abc',
    ]) {
      const resposta = await linhaDoTempo(tokenAna, clienteId, query);
      expect(resposta.statusCode, query).toBe(422);
    }
    const cursor = await linhaDoTempo(tokenAna, clienteId, '?antes=ontem');
    expect(cursor.json().errors.antes).toEqual([
      'Cursor inválido: use o valor de "proximo" da página anterior.',
    ]);
  });

  it('is a 404 for another operator’s customer, and open to the shared queue', async () => {
    const alheio = await linhaDoTempo(tokenBruno, clienteId);
    expect(alheio.statusCode).toBe(404);
    expect(alheio.body).toBe((await linhaDoTempo(tokenBruno, 2_147_483_647)).body);
    const naFila = await novoCliente(null, 'aguardando_atendimento');
    await mensagem(naFila, '2026-03-11T09:00:00Z', 'Oi, quero negociar');
    const fila = await linhaDoTempo(tokenBruno, naFila);
    expect(fila.statusCode).toBe(200);
    expect(fila.json<LinhaDoTempoResponse>().itens).toHaveLength(1);
  });

  it('is closed to admins (operator area)', async () => {
    expect((await linhaDoTempo(tokenAdmin, clienteId)).statusCode).toBe(403);
  });

  it('answers an empty timeline for a customer with no history', async () => {
    const vazio = await linhaDoTempo(tokenAna, await novoCliente());
    expect(vazio.json()).toEqual({ itens: [], proximo: null });
  });
});

const auditoria = (acao: string, clienteId: number) =>
  db()
    .select()
    .from(auditLogs)
    .where(and(eq(auditLogs.acao, acao), eq(auditLogs.entidadeId, String(clienteId))));

describe('internal notes', () => {
  const notas = (clienteId: number) => `/api/operador/clientes/${clienteId}/notas`;

  it('writes a note (trimmed), audits it, and shows it in the timeline deletable for 15 minutes', async () => {
    const clienteId = await novoCliente();
    const antes = Date.now();
    const resposta = await chamar(tokenAna, 'POST', notas(clienteId), {
      texto: '  Cliente contesta a parcela 2  ',
    });
    expect(resposta.statusCode).toBe(201);
    const { nota } = resposta.json();
    expect(nota).toMatchObject({
      tipo: 'nota',
      texto: 'Cliente contesta a parcela 2',
      autor: { id: ana.id },
    });
    const ate = Date.parse(nota.excluivel_ate);
    expect(ate).toBeGreaterThan(antes + 14 * 60_000);
    expect(ate).toBeLessThan(Date.now() + 16 * 60_000);
    const [entrada] = await auditoria('nota.criada', clienteId);
    expect(entrada).toMatchObject({ usuarioId: ana.id, entidade: 'cliente', detalhes: { nota_id: nota.id } });
    const { itens } = (await linhaDoTempo(tokenAna, clienteId)).json<LinhaDoTempoResponse>();
    expect(itens).toEqual([nota]);
  });

  it('validates the text with pt-BR messages', async () => {
    const clienteId = await novoCliente();
    const casos: [unknown, string][] = [
      [{ texto: '' }, 'Escreva a nota.'],
      [{ texto: '    ' }, 'Escreva a nota.'],
      [{ texto: 'x'.repeat(2001) }, 'A nota pode ter no máximo 2000 caracteres.'],
      [{}, 'Escreva a nota.'],
    ];
    for (const [corpo, mensagemEsperada] of casos) {
      const resposta = await chamar(tokenAna, 'POST', notas(clienteId), corpo as object);
      expect(resposta.statusCode).toBe(422);
      expect(resposta.json().errors.texto).toEqual([mensagemEsperada]);
    }
    expect((await chamar(tokenAna, 'POST', notas(clienteId), { texto: 'x'.repeat(2000) })).statusCode).toBe(
      201,
    );
    expect(await auditoria('nota.criada', clienteId)).toHaveLength(1);
  });

  it('is a 404 on another operator’s customer and a 409 on the shared queue', async () => {
    const clienteId = await novoCliente();
    const alheio = await chamar(tokenBruno, 'POST', notas(clienteId), { texto: 'Oi' });
    expect(alheio.statusCode).toBe(404);
    const naFila = await novoCliente(null, 'aguardando_atendimento');
    const fila = await chamar(tokenBruno, 'POST', notas(naFila), { texto: 'Oi' });
    expect(fila.statusCode).toBe(409);
    expect(fila.json().code).toBe('ASSUMA_ANTES');
    expect(await db().select().from(notasCliente).where(eq(notasCliente.clienteId, clienteId))).toEqual([]);
  });

  it('lets the author delete within 15 minutes, audited with the text', async () => {
    const clienteId = await novoCliente();
    const { nota } = (await chamar(tokenAna, 'POST', notas(clienteId), { texto: 'Escrevi errado' })).json();
    const resposta = await chamar(tokenAna, 'DELETE', `${notas(clienteId)}/${nota.id}`);
    expect(resposta.statusCode).toBe(204);
    expect((await linhaDoTempo(tokenAna, clienteId)).json().itens).toEqual([]);
    const [entrada] = await auditoria('nota.excluida', clienteId);
    expect(entrada?.detalhes).toMatchObject({ nota_id: nota.id, texto: 'Escrevi errado', por: 'autor' });
    // Gone: a second delete is a 404.
    expect((await chamar(tokenAna, 'DELETE', `${notas(clienteId)}/${nota.id}`)).statusCode).toBe(404);
  });

  it('refuses the author after 15 minutes (409), anyone else (403), and a note of another customer (404)', async () => {
    const clienteId = await novoCliente();
    const { nota } = (await chamar(tokenAna, 'POST', notas(clienteId), { texto: 'Antiga' })).json();
    await db()
      .update(notasCliente)
      .set({ createdAt: sql`now() - interval '16 minutes'` })
      .where(eq(notasCliente.id, nota.id));
    const tarde = await chamar(tokenAna, 'DELETE', `${notas(clienteId)}/${nota.id}`);
    expect(tarde.statusCode).toBe(409);
    expect(tarde.json().code).toBe('NOTA_PRAZO_ENCERRADO');

    // Reassigned to Bruno: he sees Ana's fresh note but may not delete it.
    const { nota: recente } = (await chamar(tokenAna, 'POST', notas(clienteId), { texto: 'Recente' })).json();
    await db().update(clientes).set({ operadorId: bruno.id }).where(eq(clientes.id, clienteId));
    const { itens } = (await linhaDoTempo(tokenBruno, clienteId)).json<LinhaDoTempoResponse>();
    expect(itens.find((i) => i.id === recente.id)).toMatchObject({ excluivel_ate: null });
    const outro = await chamar(tokenBruno, 'DELETE', `${notas(clienteId)}/${recente.id}`);
    expect(outro.statusCode).toBe(403);
    // Ana no longer owns the customer: a 404, like a missing one.
    expect((await chamar(tokenAna, 'DELETE', `${notas(clienteId)}/${recente.id}`)).statusCode).toBe(404);

    const outroCliente = await novoCliente(bruno.id);
    expect((await chamar(tokenBruno, 'DELETE', `${notas(outroCliente)}/${recente.id}`)).statusCode).toBe(404);
    expect(await db().select().from(notasCliente).where(eq(notasCliente.clienteId, clienteId))).toHaveLength(
      2,
    );
    expect(await auditoria('nota.excluida', clienteId)).toEqual([]);
  });

  it('lets an admin delete any note at any time, and only an admin use that route', async () => {
    const clienteId = await novoCliente();
    const { nota } = (
      await chamar(tokenAna, 'POST', notas(clienteId), { texto: 'Dado pessoal indevido' })
    ).json();
    await db()
      .update(notasCliente)
      .set({ createdAt: sql`now() - interval '2 days'` })
      .where(eq(notasCliente.id, nota.id));
    const url = `/api/admin/clientes/${clienteId}/notas/${nota.id}`;
    expect((await chamar(tokenAna, 'DELETE', url)).statusCode).toBe(403);
    expect(
      (await chamar(tokenAdmin, 'DELETE', `/api/admin/clientes/${clienteId}/notas/2147483647`)).statusCode,
    ).toBe(404);
    expect((await chamar(tokenAdmin, 'DELETE', url)).statusCode).toBe(204);
    const [entrada] = await auditoria('nota.excluida', clienteId);
    expect(entrada).toMatchObject({ usuarioId: admin.id, detalhes: { por: 'admin', autor_id: ana.id } });
  });
});

describe('PUT /api/operador/clientes/:id/etiquetas', () => {
  const etiquetas = (clienteId: number) => `/api/operador/clientes/${clienteId}/etiquetas`;

  it('saves trimmed tags, shows them in the workspace and the lists, and audits the change', async () => {
    const clienteId = await novoCliente();
    const resposta = await chamar(tokenAna, 'PUT', etiquetas(clienteId), {
      etiquetas: ['  prefere ligação ', 'Contestação'],
    });
    expect(resposta.statusCode).toBe(200);
    expect(resposta.json()).toEqual({ etiquetas: ['prefere ligação', 'Contestação'] });
    const detalhe = await t.app.inject({
      method: 'GET',
      url: `/api/operador/clientes/${clienteId}`,
      headers: bearer(tokenAna),
    });
    expect(detalhe.json().etiquetas).toEqual(['prefere ligação', 'Contestação']);
    const lista = await t.app.inject({
      method: 'GET',
      url: '/api/operador/clientes/ativos?busca=Linha',
      headers: bearer(tokenAna),
    });
    expect(lista.statusCode).toBe(200);
    const linha = lista.json().data.find((c: { id: number }) => c.id === clienteId);
    expect(linha?.etiquetas).toEqual(['prefere ligação', 'Contestação']);

    await chamar(tokenAna, 'PUT', etiquetas(clienteId), { etiquetas: ['Contestação', 'VIP'] });
    const entradas = await auditoria('cliente.etiquetas_alteradas', clienteId);
    expect(entradas.map((e) => e.detalhes)).toEqual([
      {
        adicionadas: ['prefere ligação', 'Contestação'],
        removidas: [],
        etiquetas: ['prefere ligação', 'Contestação'],
      },
      { adicionadas: ['VIP'], removidas: ['prefere ligação'], etiquetas: ['Contestação', 'VIP'] },
    ]);
    // The same list again changes nothing and writes no entry.
    await chamar(tokenAna, 'PUT', etiquetas(clienteId), { etiquetas: ['Contestação', 'VIP'] });
    expect(await auditoria('cliente.etiquetas_alteradas', clienteId)).toHaveLength(2);
    expect((await chamar(tokenAna, 'PUT', etiquetas(clienteId), { etiquetas: [] })).json()).toEqual({
      etiquetas: [],
    });
  });

  it('validates count, length and case-insensitive duplicates with pt-BR messages', async () => {
    const clienteId = await novoCliente();
    const casos: [unknown, string][] = [
      [Array.from({ length: 11 }, (_, i) => `etiqueta ${i}`), 'Use no máximo 10 etiquetas.'],
      [['x'.repeat(31)], 'Cada etiqueta pode ter no máximo 30 caracteres.'],
      [['   '], 'A etiqueta não pode ficar em branco.'],
      [['Contestação', ' contestação'], 'A etiqueta "contestação" está repetida.'],
      ['VIP', 'Envie a lista de etiquetas.'],
    ];
    for (const [valor, mensagemEsperada] of casos) {
      const resposta = await chamar(tokenAna, 'PUT', etiquetas(clienteId), { etiquetas: valor });
      expect(resposta.statusCode, JSON.stringify(valor)).toBe(422);
      expect(Object.values(resposta.json().errors).flat()).toContain(mensagemEsperada);
    }
    const dez = Array.from({ length: 10 }, (_, i) => `e${i}`);
    expect((await chamar(tokenAna, 'PUT', etiquetas(clienteId), { etiquetas: dez })).statusCode).toBe(200);
    expect(await auditoria('cliente.etiquetas_alteradas', clienteId)).toHaveLength(1);
  });

  it('is a 404 on another operator’s customer and changes nothing', async () => {
    const clienteId = await novoCliente();
    const resposta = await chamar(tokenBruno, 'PUT', etiquetas(clienteId), { etiquetas: ['VIP'] });
    expect(resposta.statusCode).toBe(404);
    const [row] = await db().select().from(clientes).where(eq(clientes.id, clienteId));
    expect(row?.etiquetas).toEqual([]);
  });
});
