import type { ClienteStatus, Role } from '@cobranca/contracts';
import { gerarCpf, hojeNoFuso, somarDias } from '@cobranca/dominio';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  buildTestApp,
  createTestUser,
  issueToken,
  type TestApp,
  type TestUser,
} from '../../test/build-test-app.ts';
import { efeitosConcluidos, tarefaDeTeste } from '../../test/fila.ts';
import {
  apiTokens,
  auditLogs,
  chamadas,
  clientes,
  cobrancasPix,
  contasReceber,
  importacoes,
  lancamentosBancarios,
  leiturasCliente,
  mensagemTemplates,
  mensagens,
  negociacaoContas,
  negociacoes,
  notasCliente,
  pagamentos,
  pixRecebidos,
  portalLinks,
  portalSessoes,
  promessas,
  recorrenciasPix,
  respostasRapidas,
  usuarios,
} from '../db/schema/index.ts';
import { inserirCliente, inserirConta, inserirMensagem } from '../modules/clientes/clientes.test-fixtures.ts';
import { ClientesDoOperador } from '../modules/clientes/clientes-operador.repository.ts';
import { buscarAtualizacao } from '../modules/clientes/valor-atualizado.ts';
import { gerarOfx } from '../modules/conciliacao/amostras/gerar-arquivos.ts';
import { importarArquivoBancario } from '../modules/conciliacao/importar-arquivo.service.ts';
import { ContasDoOperador } from '../modules/contas-receber/contas-receber.repository.ts';
import { emitirLink } from '../modules/links-portal/links.ts';
import { ThreadDoOperador } from '../modules/mensagens/thread.repository.ts';
import { NegociacoesRepository } from '../modules/negociacoes/negociacoes.repository.ts';
import type { ApiRoute } from '../plugins/access.ts';

/**
 * Object-level authorization over every route that takes an id in its path (the app's own route
 * table, so a new one fails here until it has a case): the allowed caller reaches its object; anyone
 * else gets exactly what a missing id gets (404, docs/produto.md §4) and changes nothing; ids that point
 * inside the body at someone else's record answer like missing ones; malformed ids are a 4xx, never 5xx.
 */

/** A customer through its portal session (docs/produto.md §22): the caller of the portal's routes. */
type ClientePortal = { clienteId: number; sessao: string };
type Quem = TestUser | ClientePortal;

/** A path value for every parameter, or one per parameter name (routes with two). */
type Valor = number | string | Readonly<Record<string, number | string>>;
type Corpo = Record<string, unknown>;
/** A call that must be refused with `status` and leave the database as it was. */
type Recusa = {
  rotulo: string;
  quem: Quem;
  id?: Valor;
  corpo?: Corpo;
  status: number;
  /** The same request naming a missing record in the body: both must answer the same. */
  gemeo?: Corpo;
};
type Alvo = { id: Valor; corpo?: Corpo; recusas: Recusa[] };
type Caso = {
  quem: () => Quem;
  status: number;
  preparar: () => Promise<Alvo>;
  /** A well-formed value naming nothing: 404 for ids; enum params answer 422. */
  inexistente?: { valor: Valor; status: number };
};

// The largest id the contract accepts (int4): valid, and never reached by the fixtures.
const NAO_EXISTE = 2_147_483_647;
const MALFORMADOS = ['abc', '-1', '1.5', '0', '99999999999999999999', '2147483648', '1e3'];
// Numbers a JSON body can carry as a record id that no int4 column holds, or that are no id at all.
const IDS_CORPO_INVALIDOS: unknown[] = [-1, 0, 1.5, 2_147_483_648, 1e20, '1', null];

let t: TestApp;
const u = {} as Record<
  'opA' | 'opB' | 'admin' | 'outroAdmin' | 'adminBloqueado' | 'superAdmin' | 'opBloqueado',
  TestUser
>;
const portal = {} as Record<'clienteA' | 'clienteB', ClientePortal>;
const tokens = new Map<number, string>();
const hoje = hojeNoFuso(new Date());
const db = () => t.database.db;

const tokenDe = async (user: TestUser) => {
  const existente = tokens.get(user.id);
  if (existente) return existente;
  const token = await issueToken(t.database, user.id);
  tokens.set(user.id, token);
  return token;
};

const urlCom = (url: string, valor: Valor) =>
  url.replace(/:([A-Za-z_]+)/g, (_, nome: string) =>
    encodeURIComponent(String(typeof valor === 'object' ? valor[nome] : valor)),
  );

// Exports answer a file only in a format they are asked for.
const consultaDe = (url: string) => (url.endsWith('/exportar') ? '?formato=csv' : '');

const credencialDe = (quem: Quem) => ('sessao' in quem ? quem.sessao : tokenDe(quem));

const chamar = async (route: ApiRoute, quem: Quem, valor: Valor, corpo?: Corpo) =>
  t.app.inject({
    method: route.method as 'GET',
    url: `${urlCom(route.url, valor)}${consultaDe(route.url)}`,
    headers: bearer(await credencialDe(quem)),
    ...(corpo === undefined ? {} : { payload: corpo }),
  });

/** Every row a route of this app can write, re-read: a refused call must leave all of it as it was. */
const retrato = async () => {
  const d = db();
  return {
    usuarios: await d.select().from(usuarios).orderBy(asc(usuarios.id)),
    sessoes: await d
      .select({ id: apiTokens.id, revogada: apiTokens.revokedAt })
      .from(apiTokens)
      .orderBy(asc(apiTokens.id)),
    clientes: await d.select().from(clientes).orderBy(asc(clientes.id)),
    contas: await d.select().from(contasReceber).orderBy(asc(contasReceber.id)),
    negociacoes: await d.select().from(negociacoes).orderBy(asc(negociacoes.id)),
    negociacaoContas: await d.select().from(negociacaoContas),
    pagamentos: await d.select().from(pagamentos).orderBy(asc(pagamentos.id)),
    promessas: await d.select().from(promessas).orderBy(asc(promessas.id)),
    chamadas: await d.select().from(chamadas).orderBy(asc(chamadas.id)),
    mensagens: await d.select().from(mensagens).orderBy(asc(mensagens.id)),
    templates: await d.select().from(mensagemTemplates).orderBy(asc(mensagemTemplates.tipo)),
    respostasRapidas: await d.select().from(respostasRapidas).orderBy(asc(respostasRapidas.id)),
    importacoes: await d.select().from(importacoes).orderBy(asc(importacoes.id)),
    cobrancas: await d.select().from(cobrancasPix).orderBy(asc(cobrancasPix.id)),
    pixRecebidos: await d.select().from(pixRecebidos).orderBy(asc(pixRecebidos.id)),
    auditoria: await d.select().from(auditLogs).orderBy(asc(auditLogs.id)),
    notas: await d.select().from(notasCliente).orderBy(asc(notasCliente.id)),
    portalLinks: await d.select().from(portalLinks).orderBy(asc(portalLinks.id)),
    portalSessoes: await d.select().from(portalSessoes).orderBy(asc(portalSessoes.tokenHash)),
    leituras: await d
      .select()
      .from(leiturasCliente)
      .orderBy(asc(leiturasCliente.usuarioId), asc(leiturasCliente.clienteId)),
  };
};

// ── Fixtures ──────────────────────────────────────────────────────────────────────────────────────

const clienteDe = (dono: TestUser, status: ClienteStatus = 'ativo') =>
  inserirCliente(db(), { nome: `Cliente de ${dono.name}`, status, operadorId: dono.id });

const contaDe = (clienteId: number) =>
  inserirConta(db(), { clienteId, valorCentavos: 50_000, vencimento: somarDias(hoje, -10) });

/** An e-mail the simulator "sent" to a customer of `dono` (the admin's outbox lists it). */
const emailSimuladoDe = async (dono: TestUser) => {
  const clienteId = await clienteDe(dono);
  const [m] = await db()
    .insert(mensagens)
    .values({
      clienteId,
      email: 'alvo@cliente.example',
      assunto: 'Sua fatura',
      direcao: 'saida',
      origem: 'operador',
      status: 'enviada',
      conteudo: 'Olá',
      canal: 'email',
      provedor: 'simulador',
      canalMensagemId: `<alvo-${clienteId}@cobranca.example>`,
      enviadaEm: new Date(),
    })
    .returning({ id: mensagens.id });
  if (!m) throw new Error('insert sem linha');
  return m.id;
};

/** The simulator's outbox: any message for an admin, refused to operators (403, the route group's rule). */
const saidaDoSimulador =
  (corpo?: Corpo): (() => Promise<Alvo>) =>
  async () => {
    const id = await emailSimuladoDe(u.opA);
    return {
      id,
      corpo,
      recusas: [{ rotulo: 'operador dono do cliente', quem: u.opA, id, corpo, status: 403 }],
    };
  };

let fitid = 0;
/** A statement credit nobody can be matched to, imported: its file and its entry in review. */
const lancamentoEmRevisao = async () => {
  fitid += 1;
  const ofx = gerarOfx({
    banco: '341',
    conta: '9',
    de: hoje,
    ate: hoje,
    transacoes: [{ fitid: `OBJ-${fitid}`, data: hoje, valorCentavos: 5_000, memo: 'DEPOSITO' }],
  });
  const { arquivoId } = await importarArquivoBancario(
    db(),
    t.app.appKey,
    { nome: `obj-${fitid}.ofx`, bytes: Buffer.from(ofx) },
    { usuarioId: null, ip: null },
  );
  const [l] = await db()
    .select()
    .from(lancamentosBancarios)
    .where(eq(lancamentosBancarios.arquivoId, arquivoId));
  if (!l) throw new Error('lançamento não gravado');
  return { arquivoId, lancamentoId: l.id };
};

/** A customer of `dono` with one open receivable. */
/** An agreement of the customer's with an automatic debit awaiting approval (not yet at a PSP). */
const acordoComDebitoDe = async (clienteId: number): Promise<number> => {
  const [negociacao] = await db()
    .insert(negociacoes)
    .values({
      clienteId,
      valorOriginalCentavos: 20_000,
      valorTotalCentavos: 20_000,
      parcelas: 2,
      primeiroVencimento: hoje,
      intervaloDias: 30,
      mensal: true,
    })
    .returning({ id: negociacoes.id });
  if (!negociacao) throw new Error('negociação não criada');
  await db()
    .insert(recorrenciasPix)
    .values({
      negociacaoId: negociacao.id,
      clienteId,
      provedor: 'simulador',
      valorCentavos: 10_000,
      dataInicial: somarDias(hoje, 30),
      dataFinal: somarDias(hoje, 30),
    });
  return negociacao.id;
};

const clienteComConta = async (dono: TestUser, status: ClienteStatus = 'ativo') => {
  const clienteId = await clienteDe(dono, status);
  return { clienteId, contaId: await contaDe(clienteId) };
};

/** A payment recorded on the receivable (a comprovante to read). */
const pagamentoNaConta = async (clienteId: number, contaId: number): Promise<number> => {
  const [row] = await db()
    .insert(pagamentos)
    .values({
      clienteId,
      contaId,
      valorCentavos: 1_000,
      principalCentavos: 1_000,
      data: hoje,
      forma: 'dinheiro',
    })
    .returning({ id: pagamentos.id });
  if (!row) throw new Error('pagamento não inserido');
  return row.id;
};

/** A customer of `dono` with one payment: the path of its comprovante. */
const pagamentoDe = async (dono: TestUser) => {
  const { clienteId, contaId } = await clienteComConta(dono);
  return { id: clienteId, pagamentoId: await pagamentoNaConta(clienteId, contaId) };
};

/** An active simulator charge over the customer's open receivables, created through the API. */
const cobrancaDe = async (clienteId: number): Promise<{ txid: string }> => {
  const [cliente] = await db().select().from(clientes).where(eq(clientes.id, clienteId));
  const dono = Object.values(u).find((x) => x.id === cliente?.operadorId);
  if (!dono) throw new Error('cliente sem operador para criar a cobrança');
  const resposta = await t.app.inject({
    method: 'POST',
    url: `/api/operador/clientes/${clienteId}/cobrancas-pix`,
    headers: bearer(await tokenDe(dono)),
  });
  if (resposta.statusCode !== 201) throw new Error(`cobrança não criada: ${resposta.body}`);
  return resposta.json<{ txid: string }>();
};

const importacaoDe = async (dono: TestUser) => {
  const [row] = await db()
    .insert(importacoes)
    .values({ tipo: 'csv', usuarioId: dono.id, arquivoNome: 'clientes.csv', status: 'concluida', criados: 1 })
    .returning({ id: importacoes.id });
  if (!row) throw new Error('insert de importação não devolveu a linha');
  return row.id;
};

const contaNova = async (role: Role, status: 'Ativo' | 'Bloqueado' = 'Ativo') => {
  const conta = await createTestUser(t.database, role, { status });
  // A live session of the target, so a refused block that revoked it would show in the snapshot.
  await issueToken(t.database, conta.id);
  return conta;
};

let pixSequencia = 0;
/** A confirmed PIX no debt took: all of it is credit for an admin to assign. */
const creditoPix = async (valorCentavos: number) => {
  pixSequencia += 1;
  const [row] = await db()
    .insert(pixRecebidos)
    .values({
      endToEndId: `E12345678202611231200OBJ${String(pixSequencia).padStart(7, '0')}`,
      valorCentavos,
      creditoCentavos: valorCentavos,
      horario: new Date(),
      situacao: 'sem_correspondencia',
      origem: 'webhook',
    })
    .returning({ id: pixRecebidos.id });
  if (!row) throw new Error('insert de PIX recebido não devolveu a linha');
  return row.id;
};

let respostaSequencia = 0;
const respostaRapidaNova = async () => {
  respostaSequencia += 1;
  const [row] = await db()
    .insert(respostasRapidas)
    .values({ atalho: `objeto-${respostaSequencia}`, texto: 'Olá, {{nome}}! Podemos conversar?' })
    .returning({ id: respostasRapidas.id });
  if (!row) throw new Error('insert de resposta rápida não devolveu a linha');
  return row.id;
};

/** An internal note on the customer, written by `autor`. */
const notaDe = async (clienteId: number, autor: TestUser) => {
  const [row] = await db()
    .insert(notasCliente)
    .values({ clienteId, autorId: autor.id, texto: 'Nota interna de teste' })
    .returning({ id: notasCliente.id });
  if (!row) throw new Error('insert de nota não devolveu a linha');
  return row.id;
};

/** A customer of `dono` with an open receivable, a portal link and a session opened through it. */
const clienteNoPortal = async (dono: TestUser): Promise<ClientePortal> => {
  const documento = gerarCpf(Math.random);
  const clienteId = await inserirCliente(db(), {
    nome: `Cliente no portal de ${dono.name}`,
    documento,
    operadorId: dono.id,
  });
  await contaDe(clienteId);
  const token = await emitirLink(db(), { clienteId, mensagemId: null, agora: new Date(), validadeDias: 30 });
  const resposta = await t.app.inject({
    method: 'POST',
    url: '/api/portal/sessao',
    payload: { token, documento },
  });
  if (resposta.statusCode !== 200) throw new Error(`sessão do portal não aberta: ${resposta.body}`);
  return { clienteId, sessao: resposta.json<{ sessao: string }>().sessao };
};

/** The customer's "Pagar com PIX" charge, made (or reused, so nothing changes) through its own session. */
const cobrancaDoPortal = async (cliente: ClientePortal): Promise<{ txid: string }> => {
  const resposta = await t.app.inject({
    method: 'POST',
    url: '/api/portal/pix',
    headers: bearer(cliente.sessao),
  });
  if (resposta.statusCode !== 200) throw new Error(`PIX do portal não criado: ${resposta.body}`);
  return resposta.json<{ pix: { txid: string } }>().pix;
};

/** Operator B against operator A's customer: the same 404 as a missing one. */
const alheio = (id: number, corpo?: Corpo): Recusa[] => [
  { rotulo: 'cliente de outro operador', quem: u.opB, id, corpo, status: 404 },
];

const clienteDoA =
  (status: ClienteStatus, corpo?: Corpo): (() => Promise<Alvo>) =>
  async () => {
    const id = await clienteDe(u.opA, status);
    return { id, corpo, recusas: alheio(id, corpo) };
  };

/** Body ids of receivables: another customer's (of the same or another operator) answer like a missing one. */
const contasAlheias = async (campo: (contaId: unknown) => Corpo, base: Corpo): Promise<Recusa[]> => {
  const alheias = [
    { rotulo: 'conta de outro cliente do mesmo operador', contaId: (await clienteComConta(u.opA)).contaId },
    { rotulo: 'conta de cliente de outro operador', contaId: (await clienteComConta(u.opB)).contaId },
  ];
  const gemeo = { ...base, ...campo(NAO_EXISTE) };
  return [
    ...alheias.map(({ rotulo, contaId }) => ({
      rotulo,
      quem: u.opA,
      corpo: { ...base, ...campo(contaId) },
      status: 422,
      gemeo,
    })),
    ...IDS_CORPO_INVALIDOS.map((valor) => ({
      rotulo: `conta ${JSON.stringify(valor)}`,
      quem: u.opA,
      corpo: { ...base, ...campo(valor) },
      status: 422,
    })),
  ];
};

// ── One case per id-taking route ──────────────────────────────────────────────────────────────────

const NOVO_NOME = { name: 'Nome Alterado Pelo Teste' };
const TEXTO_AGRADECIMENTO = 'Obrigado, {{nome}}! Recebemos {{valor}}. {{empresa}} ({{empresa_documento}}).';

const CASOS: Record<string, Caso> = {
  // Admins manage operator accounts only: admins and super admins are out of this screen's reach.
  'GET /api/admin/operadores/:id': {
    quem: () => u.admin,
    status: 200,
    preparar: async () => ({
      id: (await contaNova('operador')).id,
      recusas: [
        { rotulo: 'outro admin', quem: u.admin, id: u.outroAdmin.id, status: 404 },
        { rotulo: 'super admin', quem: u.admin, id: u.superAdmin.id, status: 404 },
        { rotulo: 'a própria conta', quem: u.admin, id: u.admin.id, status: 404 },
      ],
    }),
  },
  'PUT /api/admin/operadores/:id': {
    quem: () => u.admin,
    status: 200,
    preparar: async () => {
      const id = (await contaNova('operador')).id;
      const senha = { password: 'Outra@Senha123', password_confirmation: 'Outra@Senha123' };
      return {
        id,
        corpo: NOVO_NOME,
        recusas: [
          {
            rotulo: 'nome do super admin',
            quem: u.admin,
            id: u.superAdmin.id,
            corpo: NOVO_NOME,
            status: 404,
          },
          { rotulo: 'senha de outro admin', quem: u.admin, id: u.outroAdmin.id, corpo: senha, status: 404 },
          { rotulo: 'promover a admin', quem: u.admin, id, corpo: { role: 'admin' }, status: 422 },
          {
            rotulo: 'promover a super admin',
            quem: u.admin,
            id,
            corpo: { role: 'super_admin' },
            status: 422,
          },
        ],
      };
    },
  },
  'PATCH /api/admin/operadores/:id/bloquear': {
    quem: () => u.admin,
    status: 200,
    preparar: async () => ({
      id: (await contaNova('operador')).id,
      recusas: [
        { rotulo: 'super admin', quem: u.admin, id: u.superAdmin.id, status: 404 },
        { rotulo: 'outro admin', quem: u.admin, id: u.outroAdmin.id, status: 404 },
      ],
    }),
  },
  // A new password for operators only, never for another admin or the super admin.
  'POST /api/admin/operadores/:id/nova-senha': {
    quem: () => u.admin,
    status: 200,
    preparar: async () => ({
      id: (await contaNova('operador')).id,
      recusas: [
        { rotulo: 'outro admin', quem: u.admin, id: u.outroAdmin.id, status: 404 },
        { rotulo: 'super admin', quem: u.admin, id: u.superAdmin.id, status: 404 },
        { rotulo: 'a própria conta', quem: u.admin, id: u.admin.id, status: 404 },
      ],
    }),
  },
  'PATCH /api/admin/operadores/:id/reativar': {
    quem: () => u.admin,
    status: 200,
    preparar: async () => ({
      id: (await contaNova('operador', 'Bloqueado')).id,
      recusas: [{ rotulo: 'admin bloqueado', quem: u.admin, id: u.adminBloqueado.id, status: 404 }],
    }),
  },
  // Admins see every customer; the body's operator must be an active operator, never an admin.
  // Admins remove any note at any time; operators (even the author) only through their own route.
  // Admins read any customer's timeline; its owner, an operator, reads it only through the operator route.
  'GET /api/admin/clientes/:id/linha-do-tempo': {
    quem: () => u.admin,
    status: 200,
    preparar: async () => {
      const id = await clienteDe(u.opA, 'em_atendimento');
      await notaDe(id, u.opA);
      return { id, recusas: [{ rotulo: 'operador dono do cliente', quem: u.opA, id, status: 403 }] };
    },
  },
  'DELETE /api/admin/clientes/:id/notas/:notaId': {
    quem: () => u.admin,
    status: 204,
    preparar: async () => {
      const id = await clienteDe(u.opA, 'em_atendimento');
      const alvo = { id, notaId: await notaDe(id, u.opA) };
      return {
        id: alvo,
        recusas: [{ rotulo: 'operador autor da nota', quem: u.opA, id: alvo, status: 403 }],
      };
    },
    inexistente: { valor: { id: NAO_EXISTE, notaId: NAO_EXISTE }, status: 404 },
  },
  'PATCH /api/admin/clientes/:id/operador': {
    quem: () => u.admin,
    status: 200,
    preparar: async () => {
      const id = await clienteDe(u.opA);
      const gemeo = { operador_id: NAO_EXISTE };
      const recusa = (rotulo: string, operador_id: unknown, comGemeo = false): Recusa => ({
        rotulo,
        quem: u.admin,
        id,
        corpo: { operador_id },
        status: 422,
        ...(comGemeo && { gemeo }),
      });
      return {
        id,
        corpo: { operador_id: u.opB.id },
        recusas: [
          recusa('operador_id de um admin', u.admin.id, true),
          recusa('operador_id do super admin', u.superAdmin.id, true),
          recusa('operador bloqueado', u.opBloqueado.id),
          ...IDS_CORPO_INVALIDOS.filter((v) => v !== null).map((v) => recusa(`operador_id ${v}`, v)),
        ],
      };
    },
  },
  'GET /api/admin/clientes/por-status/:status': {
    quem: () => u.admin,
    status: 200,
    preparar: async () => ({ id: 'ativo', recusas: [] }),
    inexistente: { valor: 'quitado', status: 422 },
  },
  'GET /api/admin/clientes/por-status/:status/exportar': {
    quem: () => u.admin,
    status: 200,
    preparar: async () => ({ id: 'ativo', recusas: [] }),
    inexistente: { valor: 'quitado', status: 422 },
  },
  'PUT /api/admin/configuracoes/mensagens/:tipo': {
    quem: () => u.admin,
    status: 200,
    preparar: async () => ({ id: 'agradecimento', corpo: { texto: TEXTO_AGRADECIMENTO }, recusas: [] }),
    inexistente: { valor: 'cobranca', status: 422 },
  },
  // One set of quick replies for the whole company: any admin edits any of them; operators are refused.
  'PUT /api/admin/configuracoes/mensagens/respostas-rapidas/:id': {
    quem: () => u.admin,
    status: 200,
    preparar: async () => {
      const id = await respostaRapidaNova();
      const corpo = { atalho: `editada-${id}`, texto: 'Olá, {{nome}}!' };
      return { id, corpo, recusas: [{ rotulo: 'operador', quem: u.opA, id, corpo, status: 403 }] };
    },
  },
  'DELETE /api/admin/configuracoes/mensagens/respostas-rapidas/:id': {
    quem: () => u.admin,
    status: 204,
    preparar: async () => {
      const id = await respostaRapidaNova();
      return { id, recusas: [{ rotulo: 'operador', quem: u.opA, id, status: 403 }] };
    },
  },
  // Admins see every operator's imports.
  'GET /api/admin/importacoes/:id': {
    quem: () => u.admin,
    status: 200,
    preparar: async () => ({ id: await importacaoDe(u.opA), recusas: [] }),
  },
  // Bank reconciliation (docs/conciliacao.md): the admin's; operators are refused by the route group.
  'GET /api/admin/conciliacao/arquivos/:id': {
    quem: () => u.admin,
    status: 200,
    preparar: async () => {
      const { arquivoId: id } = await lancamentoEmRevisao();
      return { id, recusas: [{ rotulo: 'operador', quem: u.opA, id, status: 403 }] };
    },
  },
  'POST /api/admin/conciliacao/revisao/:id/atribuir': {
    quem: () => u.admin,
    status: 200,
    preparar: async () => {
      const { lancamentoId: id } = await lancamentoEmRevisao();
      const corpo = { conta_id: (await clienteComConta(u.opA)).contaId, valor: 10 };
      return {
        id,
        corpo,
        recusas: [
          { rotulo: 'operador', quem: u.opA, id, corpo, status: 403 },
          {
            rotulo: 'conta inexistente',
            quem: u.admin,
            id,
            corpo: { conta_id: NAO_EXISTE, valor: 10 },
            status: 422,
          },
          {
            rotulo: 'mais que o lançamento',
            quem: u.admin,
            id,
            corpo: { ...corpo, valor: 50.01 },
            status: 422,
          },
        ],
      };
    },
  },
  'POST /api/admin/conciliacao/revisao/:id/descartar': {
    quem: () => u.admin,
    status: 200,
    preparar: async () => {
      const { lancamentoId: id } = await lancamentoEmRevisao();
      return { id, corpo: {}, recusas: [{ rotulo: 'operador', quem: u.opA, id, corpo: {}, status: 403 }] };
    },
  },
  // A receivable's boleto: its own operator only; another operator's is a 404, an admin's a 403 (route group).
  'PUT /api/operador/contas-receber/:id/boleto': {
    quem: () => u.opA,
    status: 200,
    preparar: async () => {
      const { contaId: id } = await clienteComConta(u.opA);
      const corpo = { banco: '341', nosso_numero: `9${id}` };
      return {
        id,
        corpo,
        recusas: [
          { rotulo: 'outro operador', quem: u.opB, id, corpo, status: 404 },
          { rotulo: 'admin', quem: u.admin, id, corpo, status: 403 },
        ],
      };
    },
  },
  // Admins assign any unmatched PIX credit to any customer with open debt; operators are refused (403).
  'POST /api/admin/pix/creditos/:id/atribuir': {
    quem: () => u.admin,
    status: 200,
    preparar: async () => {
      const id = await creditoPix(1_000);
      const corpo = { cliente_id: (await clienteComConta(u.opA)).clienteId };
      const recusa = (rotulo: string, cliente_id: unknown): Recusa => ({
        rotulo,
        quem: u.admin,
        id,
        corpo: { cliente_id },
        status: 422,
      });
      return {
        id,
        corpo,
        recusas: [
          { rotulo: 'operador', quem: u.opA, id, corpo, status: 403 },
          { rotulo: 'super admin sem cliente', quem: u.superAdmin, id, corpo: {}, status: 422 },
          recusa('cliente inexistente', NAO_EXISTE),
          recusa('cliente sem conta em aberto', await clienteDe(u.opB)),
          ...IDS_CORPO_INVALIDOS.map((v) => recusa(`cliente_id ${JSON.stringify(v)}`, v)),
        ],
      };
    },
  },
  // The super admin screen manages admin accounts, never operators, and never locks itself out.
  'PATCH /api/super-admin/admins/:id/bloquear': {
    quem: () => u.superAdmin,
    status: 200,
    preparar: async () => ({
      id: (await contaNova('admin')).id,
      recusas: [
        { rotulo: 'operador', quem: u.superAdmin, id: u.opA.id, status: 404 },
        { rotulo: 'a própria conta', quem: u.superAdmin, id: u.superAdmin.id, status: 422 },
      ],
    }),
  },
  'POST /api/super-admin/tarefas/:id/repetir': {
    quem: () => u.superAdmin,
    status: 200,
    inexistente: { valor: '00000000-0000-4000-8000-000000000000', status: 404 },
    preparar: async () => ({
      id: await tarefaDeTeste(t.database, 'morta'),
      recusas: [
        {
          rotulo: 'uma tarefa que não falhou de vez',
          quem: u.superAdmin,
          id: await tarefaDeTeste(t.database, 'viva'),
          status: 404,
        },
      ],
    }),
  },
  'POST /api/super-admin/admins/:id/nova-senha': {
    quem: () => u.superAdmin,
    status: 200,
    preparar: async () => ({
      id: (await contaNova('admin')).id,
      recusas: [
        { rotulo: 'operador', quem: u.superAdmin, id: u.opA.id, status: 404 },
        { rotulo: 'a própria conta', quem: u.superAdmin, id: u.superAdmin.id, status: 422 },
      ],
    }),
  },
  'PATCH /api/super-admin/admins/:id/reativar': {
    quem: () => u.superAdmin,
    status: 200,
    preparar: async () => ({
      id: (await contaNova('admin', 'Bloqueado')).id,
      recusas: [{ rotulo: 'operador bloqueado', quem: u.superAdmin, id: u.opBloqueado.id, status: 404 }],
    }),
  },
  // The operator workspace: only the caller's own customers (and the unassigned queue).
  'GET /api/operador/clientes/:id': { quem: () => u.opA, status: 200, preparar: clienteDoA('ativo') },
  // The timeline, its notes and tags (decision 022): the same scope as the rest of the workspace.
  'GET /api/operador/clientes/:id/linha-do-tempo': {
    quem: () => u.opA,
    status: 200,
    preparar: async () => {
      const id = await clienteDe(u.opA, 'em_atendimento');
      await notaDe(id, u.opA);
      return { id, recusas: alheio(id) };
    },
  },
  'POST /api/operador/clientes/:id/notas': {
    quem: () => u.opA,
    status: 201,
    preparar: clienteDoA('em_atendimento', { texto: 'Cliente contesta a parcela 2' }),
  },
  'DELETE /api/operador/clientes/:id/notas/:notaId': {
    quem: () => u.opA,
    status: 204,
    preparar: async () => {
      const id = await clienteDe(u.opA, 'em_atendimento');
      const alvo = { id, notaId: await notaDe(id, u.opA) };
      return {
        id: alvo,
        recusas: [{ rotulo: 'cliente de outro operador', quem: u.opB, id: alvo, status: 404 }],
      };
    },
    inexistente: { valor: { id: NAO_EXISTE, notaId: NAO_EXISTE }, status: 404 },
  },
  'PUT /api/operador/clientes/:id/etiquetas': {
    quem: () => u.opA,
    status: 200,
    preparar: clienteDoA('em_atendimento', { etiquetas: ['prefere ligação'] }),
  },
  // The unread marker is per operator: B cannot mark A's customer read (nor learn it exists).
  'POST /api/operador/clientes/:id/lida': {
    quem: () => u.opA,
    status: 204,
    preparar: async () => {
      const id = await clienteDe(u.opA, 'em_atendimento');
      await inserirMensagem(db(), { clienteId: id, direcao: 'entrada', conteudo: 'Ainda não lida' });
      return { id, recusas: alheio(id) };
    },
  },
  'POST /api/operador/clientes/:id/assumir': {
    quem: () => u.opA,
    status: 200,
    preparar: clienteDoA('aguardando_atendimento'),
  },
  'PATCH /api/operador/clientes/:id/pausar': {
    quem: () => u.opA,
    status: 200,
    preparar: clienteDoA('ativo', { motivo: 'Cliente pediu prazo' }),
  },
  'PATCH /api/operador/clientes/:id/reativar': {
    quem: () => u.opA,
    status: 200,
    preparar: clienteDoA('pausado'),
  },
  'POST /api/operador/clientes/:id/chamadas': {
    quem: () => u.opA,
    status: 201,
    preparar: clienteDoA('em_atendimento', { resultado: 'nao_atendida', observacao: 'Caixa cheia' }),
  },
  // Quick replies filled in with a customer's data: only for the caller's own customers.
  'GET /api/operador/clientes/:id/respostas-rapidas': {
    quem: () => u.opA,
    status: 200,
    preparar: clienteDoA('em_atendimento'),
  },
  'GET /api/operador/clientes/:id/mensagens': {
    quem: () => u.opA,
    status: 200,
    preparar: async () => {
      const id = await clienteDe(u.opA, 'em_atendimento');
      await inserirMensagem(db(), { clienteId: id, direcao: 'entrada', conteudo: 'Conversa privada' });
      return { id, recusas: alheio(id) };
    },
  },
  'POST /api/operador/clientes/:id/mensagens': {
    quem: () => u.opA,
    status: 201,
    preparar: clienteDoA('em_atendimento', { conteudo: 'Olá, podemos conversar?' }),
  },
  'POST /api/operador/clientes/:id/simular-resposta': {
    quem: () => u.opA,
    status: 201,
    preparar: clienteDoA('ativo', { texto: 'Posso pagar semana que vem' }),
  },
  'POST /api/operador/clientes/:id/negociacoes': {
    quem: () => u.opA,
    status: 201,
    preparar: async () => {
      const { clienteId, contaId } = await clienteComConta(u.opA, 'em_atendimento');
      const corpo = { contas: [contaId], desconto: 0, parcelas: 2, primeiro_vencimento: somarDias(hoje, 10) };
      return {
        id: clienteId,
        corpo,
        recusas: [...alheio(clienteId, corpo), ...(await contasAlheias((c) => ({ contas: [c] }), corpo))],
      };
    },
  },
  'POST /api/operador/clientes/:id/negociacoes/:negociacaoId/debito-automatico/cancelar': {
    quem: () => u.opA,
    status: 200,
    preparar: async () => {
      const clienteId = await clienteDe(u.opA, 'em_atendimento');
      const alvo = { id: clienteId, negociacaoId: await acordoComDebitoDe(clienteId) };
      return {
        id: alvo,
        recusas: [{ rotulo: 'cliente de outro operador', quem: u.opB, id: alvo, status: 404 }],
      };
    },
    inexistente: { valor: { id: NAO_EXISTE, negociacaoId: NAO_EXISTE }, status: 404 },
  },
  'POST /api/operador/clientes/:id/negociacoes/:negociacaoId/debito-automatico/simular': {
    quem: () => u.opA,
    // The recurrence of the fixture was never created at the (simulated) PSP: nothing to simulate yet.
    status: 409,
    preparar: async () => {
      const clienteId = await clienteDe(u.opA, 'em_atendimento');
      const alvo = { id: clienteId, negociacaoId: await acordoComDebitoDe(clienteId) };
      return {
        id: alvo,
        corpo: { acao: 'aprovar' },
        recusas: [
          {
            rotulo: 'cliente de outro operador',
            quem: u.opB,
            id: alvo,
            corpo: { acao: 'aprovar' },
            status: 404,
          },
        ],
      };
    },
    inexistente: { valor: { id: NAO_EXISTE, negociacaoId: NAO_EXISTE }, status: 404 },
  },
  'POST /api/operador/clientes/:id/pagamentos': {
    quem: () => u.opA,
    status: 201,
    preparar: async () => {
      const { clienteId, contaId } = await clienteComConta(u.opA, 'em_atendimento');
      const corpo = { conta_id: contaId, valor: 100, data: hoje, forma: 'pix' };
      return {
        id: clienteId,
        corpo,
        recusas: [...alheio(clienteId, corpo), ...(await contasAlheias((c) => ({ conta_id: c }), corpo))],
      };
    },
  },
  'GET /api/admin/clientes/:id/contas-prescritas': {
    quem: () => u.admin,
    status: 200,
    preparar: async () => ({ id: await clienteDe(u.opA), recusas: [] }),
  },
  // An admin reaches any customer; a receivable of another customer in the body answers like a missing one.
  'POST /api/admin/clientes/:id/pagamentos': {
    quem: () => u.admin,
    status: 201,
    preparar: async () => {
      const { clienteId, contaId } = await clienteComConta(u.opA, 'em_atendimento');
      const corpo = { conta_id: contaId, valor: 100, data: hoje, forma: 'pix' };
      const alheia = (await clienteComConta(u.opB)).contaId;
      return {
        id: clienteId,
        corpo,
        recusas: [
          {
            rotulo: 'conta de outro cliente',
            quem: u.admin,
            corpo: { ...corpo, conta_id: alheia },
            status: 422,
            gemeo: { ...corpo, conta_id: NAO_EXISTE },
          },
        ],
      };
    },
  },
  'POST /api/operador/clientes/:id/promessas': {
    quem: () => u.opA,
    status: 201,
    preparar: async () => {
      const { clienteId } = await clienteComConta(u.opA, 'em_atendimento');
      const corpo = { data: somarDias(hoje, 5), valor: 100 };
      return { id: clienteId, corpo, recusas: alheio(clienteId, corpo) };
    },
  },
  'GET /api/operador/clientes/:id/cobrancas-pix': {
    quem: () => u.opA,
    status: 200,
    preparar: clienteDoA('ativo'),
  },
  'POST /api/operador/clientes/:id/cobrancas-pix': {
    quem: () => u.opA,
    status: 201,
    preparar: async () => {
      const { clienteId } = await clienteComConta(u.opA, 'em_atendimento');
      const corpo = {};
      return {
        id: clienteId,
        corpo,
        recusas: [...alheio(clienteId, corpo), ...(await contasAlheias((c) => ({ conta_ids: [c] }), corpo))],
      };
    },
  },
  'POST /api/operador/clientes/:id/cobrancas-pix/:txid/simular-pagamento': {
    quem: () => u.opA,
    status: 200,
    preparar: async () => {
      const { clienteId } = await clienteComConta(u.opA, 'em_atendimento');
      const alvo = { id: clienteId, txid: (await cobrancaDe(clienteId)).txid };
      return {
        id: alvo,
        recusas: [{ rotulo: 'cliente de outro operador', quem: u.opB, id: alvo, status: 404 }],
      };
    },
    inexistente: { valor: { id: NAO_EXISTE, txid: 'Z'.repeat(32) }, status: 404 },
  },
  // The customer's portal: a session reaches only its own customer's charges; a back-office token none.
  'GET /api/portal/pix/:txid': {
    quem: () => portal.clienteA,
    status: 200,
    preparar: async () => ({
      id: (await cobrancaDoPortal(portal.clienteA)).txid,
      recusas: [
        { rotulo: 'sessão de outro cliente', quem: portal.clienteB, status: 404 },
        { rotulo: 'operador dono do cliente', quem: u.opA, status: 401 },
      ],
    }),
    inexistente: { valor: 'Z'.repeat(32), status: 404 },
  },
  // Comprovantes (docs/produto.md §9, §22): the operator's own customers, any for the admin (an operator
  // on the admin's route is a 403), a portal session its own customer's.
  'GET /api/operador/clientes/:id/comprovantes': {
    quem: () => u.opA,
    status: 200,
    preparar: clienteDoA('ativo'),
  },
  'GET /api/operador/clientes/:id/comprovantes/:pagamentoId': {
    quem: () => u.opA,
    status: 200,
    preparar: async () => {
      const alvo = await pagamentoDe(u.opA);
      return {
        id: alvo,
        recusas: [{ rotulo: 'cliente de outro operador', quem: u.opB, id: alvo, status: 404 }],
      };
    },
    inexistente: { valor: { id: NAO_EXISTE, pagamentoId: NAO_EXISTE }, status: 404 },
  },
  'GET /api/admin/clientes/:id/comprovantes': {
    quem: () => u.admin,
    status: 200,
    preparar: async () => {
      const id = await clienteDe(u.opA);
      return { id, recusas: [{ rotulo: 'operador dono do cliente', quem: u.opA, id, status: 403 }] };
    },
  },
  'GET /api/admin/clientes/:id/comprovantes/:pagamentoId': {
    quem: () => u.admin,
    status: 200,
    preparar: async () => {
      const alvo = await pagamentoDe(u.opA);
      return {
        id: alvo,
        recusas: [{ rotulo: 'operador dono do cliente', quem: u.opA, id: alvo, status: 403 }],
      };
    },
    inexistente: { valor: { id: NAO_EXISTE, pagamentoId: NAO_EXISTE }, status: 404 },
  },
  'GET /api/portal/comprovantes/:id': {
    quem: () => portal.clienteA,
    status: 200,
    preparar: async () => ({
      id: await pagamentoNaConta(portal.clienteA.clienteId, await contaDe(portal.clienteA.clienteId)),
      recusas: [
        { rotulo: 'sessão de outro cliente', quem: portal.clienteB, status: 404 },
        { rotulo: 'operador dono do cliente', quem: u.opA, status: 401 },
      ],
    }),
  },
  // "Revogar link": the same scope as the rest of the workspace.
  'POST /api/operador/clientes/:id/portal/revogar': {
    quem: () => u.opA,
    status: 200,
    preparar: async () => {
      const noPortal = await clienteNoPortal(u.opA);
      const { clienteId } = noPortal;
      return {
        id: clienteId,
        recusas: [
          ...alheio(clienteId),
          { rotulo: 'admin', quem: u.admin, id: clienteId, status: 403 },
          {
            rotulo: 'sessão do portal do próprio cliente',
            quem: noPortal,
            id: clienteId,
            status: 401,
          },
        ],
      };
    },
  },
  // Public, behind its secret segment; with the simulator (these tests) no webhook path exists at all.
  'POST /api/webhooks/pix/:segredo/pix': {
    quem: () => u.opA,
    status: 404,
    preparar: async () => ({ id: 'segredo-qualquer', corpo: { pix: [] }, recusas: [] }),
  },
  'POST /api/webhooks/pix/:segredo/rec': {
    quem: () => u.opA,
    status: 404,
    preparar: async () => ({ id: 'segredo-qualquer', corpo: { recs: [] }, recusas: [] }),
  },
  'POST /api/webhooks/pix/:segredo/cobr': {
    quem: () => u.opA,
    status: 404,
    preparar: async () => ({ id: 'segredo-qualquer', corpo: { cobsr: [] }, recusas: [] }),
  },
  // Public, behind their secret segment or signed token: anything else is a 404 (decision 039).
  'POST /api/webhooks/zenvia/:segredo': {
    quem: () => u.opA,
    status: 404,
    preparar: async () => ({ id: 'segredo-qualquer', corpo: {}, recusas: [] }),
  },
  'GET /api/publico/descadastro/:token': {
    quem: () => u.opA,
    status: 404,
    preparar: async () => ({ id: '1.token-que-nao-foi-assinado-por-nos', recusas: [] }),
  },
  'POST /api/publico/descadastro/:token': {
    quem: () => u.opA,
    status: 404,
    preparar: async () => ({ id: '1.token-que-nao-foi-assinado-por-nos', recusas: [] }),
  },
  'PUT /api/operador/clientes/:id/canal-preferido': {
    quem: () => u.opA,
    status: 200,
    preparar: clienteDoA('ativo', { canal: 'sms' }),
  },
  'GET /api/admin/simulador/saida/:id': { quem: () => u.admin, status: 200, preparar: saidaDoSimulador() },
  'POST /api/admin/simulador/saida/:id/resposta': {
    quem: () => u.admin,
    status: 204,
    preparar: saidaDoSimulador({ texto: 'Vou pagar amanhã.' }),
  },
  'POST /api/admin/simulador/saida/:id/devolucao': {
    quem: () => u.admin,
    status: 204,
    preparar: saidaDoSimulador({ permanente: false }),
  },
  'POST /api/admin/simulador/saida/:id/reclamacao': {
    quem: () => u.admin,
    status: 204,
    preparar: saidaDoSimulador(),
  },
  'GET /api/operador/contas-receber/cliente/:id': {
    quem: () => u.opA,
    status: 200,
    preparar: async () => {
      const { clienteId } = await clienteComConta(u.opA);
      return { id: clienteId, recusas: alheio(clienteId) };
    },
  },
  'GET /api/operador/importacoes/:id': {
    quem: () => u.opA,
    status: 200,
    preparar: async () => {
      const id = await importacaoDe(u.opA);
      return { id, recusas: [{ rotulo: 'importação de outro operador', quem: u.opB, id, status: 404 }] };
    },
  },
};

// ── The walk ──────────────────────────────────────────────────────────────────────────────────────

const TEM_PARAMETRO = /\/:[A-Za-z_]+/;
let rotasComId: ApiRoute[];

beforeAll(async () => {
  t = await buildTestApp();
  u.opA = await createTestUser(t.database, 'operador', { name: 'Ana Operadora' });
  u.opB = await createTestUser(t.database, 'operador', { name: 'Bruno Operador' });
  u.opBloqueado = await createTestUser(t.database, 'operador', { status: 'Bloqueado' });
  u.admin = await createTestUser(t.database, 'admin');
  u.outroAdmin = await createTestUser(t.database, 'admin');
  u.adminBloqueado = await createTestUser(t.database, 'admin', { status: 'Bloqueado' });
  u.superAdmin = await createTestUser(t.database, 'super_admin');
  // Every session up front: a token issued mid-case would show up in the snapshot as a change.
  for (const user of Object.values(u)) await tokenDe(user);
  portal.clienteA = await clienteNoPortal(u.opA);
  portal.clienteB = await clienteNoPortal(u.opB);
  rotasComId = t.app.apiRoutes.filter((r) => r.method !== 'HEAD' && TEM_PARAMETRO.test(r.url));
});
afterAll(() => t.close());

const chave = (r: ApiRoute) => `${r.method} ${r.url}`;
const semDigitos = (body: string) => body.replace(/\d+/g, '#');

describe('object-level authorization over the route table', () => {
  it('finds the id-taking routes (sanity check of the walk itself)', () => {
    expect(rotasComId.map(chave)).toEqual(
      expect.arrayContaining(['GET /api/operador/clientes/:id', 'PATCH /api/admin/clientes/:id/operador']),
    );
  });

  it('has an object-level case for every route with a path parameter', () => {
    const semCaso = rotasComId.map(chave).filter((k) => !(k in CASOS));
    expect(semCaso, `rotas com parâmetro sem caso em CASOS: ${semCaso.join(', ')}`).toEqual([]);
    const obsoletos = Object.keys(CASOS).filter((k) => !rotasComId.some((r) => chave(r) === k));
    expect(obsoletos, 'casos de rotas que não existem mais').toEqual([]);
  });

  it('refuses every other caller’s object with what a missing one gets, and changes nothing', async () => {
    const falhas: string[] = [];
    for (const route of rotasComId) {
      const caso = CASOS[chave(route)];
      if (!caso) continue;
      const alvo = await caso.preparar();
      // What the preparation set off after its answers (an agreement's PIX charges) lands first.
      await efeitosConcluidos(t.app);
      for (const recusa of alvo.recusas) {
        const id = recusa.id ?? alvo.id;
        const antes = await retrato();
        const resposta = await chamar(route, recusa.quem, id, recusa.corpo);
        const onde = `${chave(route)} (${recusa.rotulo})`;
        if (resposta.statusCode !== recusa.status)
          falhas.push(`${onde}: ${resposta.statusCode} ${resposta.body}`);
        if (JSON.stringify(await retrato()) !== JSON.stringify(antes))
          falhas.push(`${onde}: alterou o banco`);
        // Indistinguishable from a missing record, so ids reveal nothing.
        const gemeo =
          recusa.gemeo !== undefined
            ? await chamar(route, recusa.quem, id, recusa.gemeo)
            : recusa.status === 404
              ? await chamar(route, recusa.quem, caso.inexistente?.valor ?? NAO_EXISTE, recusa.corpo)
              : undefined;
        if (gemeo && semDigitos(gemeo.body) !== semDigitos(resposta.body))
          falhas.push(
            `${onde}: responde diferente de um registro inexistente (${resposta.body} × ${gemeo.body})`,
          );
      }
      const propria = await chamar(route, caso.quem(), alvo.id, alvo.corpo);
      if (propria.statusCode !== caso.status)
        falhas.push(`${chave(route)} (dono): ${propria.statusCode} ${propria.body}`);
    }
    expect(falhas).toEqual([]);
  }, 120_000);

  it('answers 404 to a missing id and a 4xx (never 5xx) to a malformed one, changing nothing', async () => {
    const falhas: string[] = [];
    for (const route of rotasComId) {
      const caso = CASOS[chave(route)];
      if (!caso) continue;
      const alvo = await caso.preparar();
      await efeitosConcluidos(t.app);
      const antes = await retrato();
      const { valor, status } = caso.inexistente ?? { valor: NAO_EXISTE, status: 404 };
      const ausente = await chamar(route, caso.quem(), valor, alvo.corpo);
      if (ausente.statusCode !== status)
        falhas.push(`${chave(route)} (${valor}): ${ausente.statusCode} ${ausente.body}`);
      for (const malformado of MALFORMADOS) {
        const resposta = await chamar(route, caso.quem(), malformado, alvo.corpo);
        if (![404, 422].includes(resposta.statusCode))
          falhas.push(`${chave(route)} (${malformado}): ${resposta.statusCode} ${resposta.body}`);
      }
      if (JSON.stringify(await retrato()) !== JSON.stringify(antes))
        falhas.push(`${chave(route)}: ids inválidos alteraram o banco`);
    }
    expect(falhas).toEqual([]);
  }, 120_000);
});

describe('ids in query strings', () => {
  it('GET /api/operador/contas-receber/listar answers 404 for another operator’s cliente_id, like a missing one', async () => {
    const { clienteId } = await clienteComConta(u.opB);
    const token = await tokenDe(u.opA);
    const listar = (clienteIdParam: Valor) =>
      t.app.inject({
        method: 'GET',
        url: `/api/operador/contas-receber/listar?cliente_id=${clienteIdParam}`,
        headers: bearer(token),
      });
    const alheia = await listar(clienteId);
    expect(alheia.statusCode).toBe(404);
    expect(alheia.body).toBe((await listar(NAO_EXISTE)).body);
    for (const malformado of MALFORMADOS)
      expect([404, 422], `cliente_id=${malformado}`).toContain((await listar(malformado)).statusCode);
  });

  // A filter naming nobody is an empty page; what matters is that no value reaches the database as an error.
  it('GET /api/admin/logs never answers 5xx to a malformed usuario_id', async () => {
    const token = await tokenDe(u.admin);
    for (const malformado of MALFORMADOS) {
      const resposta = await t.app.inject({
        method: 'GET',
        url: `/api/admin/logs?usuario_id=${malformado}`,
        headers: bearer(token),
      });
      expect(resposta.statusCode, `usuario_id=${malformado}: ${resposta.body}`).toBeLessThan(500);
    }
  });
});

/**
 * The repositories of customer-owned data are bound to one operator (docs/produto.md §4): even a call
 * that skipped the customer check — a bug in a future service — cannot read or change another
 * operator's customer through a child table, because the scope is in every WHERE.
 */
describe('updates through child tables, bound to the operator’s scope', () => {
  const alheio = async () => {
    const { clienteId, contaId } = await clienteComConta(u.opB);
    await inserirMensagem(db(), { clienteId, direcao: 'entrada', conteudo: 'Mensagem do cliente de B' });
    const [promessa] = await db()
      .insert(promessas)
      .values({ clienteId, operadorId: u.opB.id, data: somarDias(hoje, 5), valorCentavos: 100 })
      .returning();
    await db().insert(pagamentos).values({
      clienteId,
      contaId,
      operadorId: u.opB.id,
      valorCentavos: 100,
      principalCentavos: 100,
      data: hoje,
      forma: 'pix',
    });
    const [conta] = await db().select().from(contasReceber).where(eq(contasReceber.id, contaId));
    if (!promessa || !conta) throw new Error('fixture incompleta');
    return { clienteId, conta, promessaId: promessa.id };
  };
  const escopoA = () => ({ operadorId: u.opA.id });

  it('leaves another operator’s receivables, agreements and promises untouched', async () => {
    const { clienteId, conta } = await alheio();
    const antes = await retrato();
    const repositorio = new NegociacoesRepository(db(), escopoA());
    expect(await repositorio.travarContas(clienteId, [conta.id])).toEqual([]);
    expect(await repositorio.contasAbertas(clienteId)).toEqual([]);
    expect(await repositorio.contarContasAbertas(clienteId)).toBe(0);
    await repositorio.aplicarPagamento(
      conta,
      {
        partes: { principalCentavos: conta.valorCentavos, multaCentavos: 0, jurosCentavos: 0 },
        principalCentavos: 0,
        pendentes: null,
        quitou: true,
      },
      hoje,
    );
    expect(await repositorio.cumprirPromessas(clienteId)).toEqual([]);
    const [negociacao] = await db()
      .insert(negociacoes)
      .values({
        clienteId,
        operadorId: u.opB.id,
        valorOriginalCentavos: conta.valorCentavos,
        descontoCentavos: 0,
        valorTotalCentavos: conta.valorCentavos,
        parcelas: 1,
        primeiroVencimento: hoje,
        intervaloDias: 30,
      })
      .returning({ id: negociacoes.id });
    if (!negociacao) throw new Error('negociação não criada');
    const depoisDaNegociacao = await retrato();
    await db()
      .transaction(async (tx) => {
        const noTx = new NegociacoesRepository(tx, escopoA());
        // The link rows are an insert; the UPDATE of the receivables must still find nothing of B's.
        await noTx.substituirContas(clienteId, negociacao.id, [{ conta, centavos: conta.valorCentavos }]);
        const [depois] = await tx.select().from(contasReceber).where(eq(contasReceber.id, conta.id));
        expect(depois?.status).toBe('aberta');
        expect(await noTx.cumprirNegociacaoSeQuitada(negociacao.id)).toBe(false);
        tx.rollback();
      })
      .catch((erro: unknown) => {
        if (!(erro instanceof Error) || !/rollback/i.test(erro.message)) throw erro;
      });
    expect(JSON.stringify(await retrato())).toBe(JSON.stringify(depoisDaNegociacao));
    expect(antes.contas).toEqual(depoisDaNegociacao.contas);
    expect(antes.promessas).toEqual(depoisDaNegociacao.promessas);
  });

  it('refuses to change another operator’s customer and hides its thread and receivables', async () => {
    const { clienteId } = await alheio();
    const antes = await retrato();
    const clientesA = new ClientesDoOperador(db(), escopoA());
    await expect(
      clientesA.atualizar(clienteId, { status: 'pausado', pausaMotivo: 'x' }),
    ).rejects.toMatchObject({
      code: 'CLIENTE_NAO_ENCONTRADO',
    });
    await expect(clientesA.somarTentativa(clienteId)).rejects.toMatchObject({
      code: 'CLIENTE_NAO_ENCONTRADO',
    });
    await expect(clientesA.buscarVisivelOrThrow(clienteId)).rejects.toMatchObject({
      code: 'CLIENTE_NAO_ENCONTRADO',
    });
    expect(await new ThreadDoOperador(db(), escopoA()).listar(clienteId)).toEqual([]);
    await expect(
      new ContasDoOperador(db(), escopoA()).listarDoClienteOrThrow(clienteId, await buscarAtualizacao(db())),
    ).rejects.toMatchObject({ code: 'CLIENTE_NAO_ENCONTRADO' });
    expect(JSON.stringify(await retrato())).toBe(JSON.stringify(antes));
  });

  it('lets the owner do the same (the scope filters, it does not block)', async () => {
    const { clienteId, conta } = await alheio();
    const repositorio = new NegociacoesRepository(db(), { operadorId: u.opB.id });
    expect((await repositorio.travarContas(clienteId, [conta.id])).map((c) => c.id)).toEqual([conta.id]);
    expect((await repositorio.contasAbertas(clienteId)).map((c) => c.id)).toEqual([conta.id]);
    expect(await new ThreadDoOperador(db(), { operadorId: u.opB.id }).listar(clienteId)).toHaveLength(1);
    await new ClientesDoOperador(db(), { operadorId: u.opB.id }).somarTentativa(clienteId);
    const [cliente] = await db().select().from(clientes).where(eq(clientes.id, clienteId));
    expect(cliente?.numeroChamadas).toBe(1);
  });
});
