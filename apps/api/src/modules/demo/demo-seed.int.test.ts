import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CLIENTE_STATUSES, TEMPLATE_TIPOS } from '@cobranca/contracts';
import { hojeNoFuso, identificarDocumento, lerLinhaDigitavel, somarDias } from '@cobranca/dominio';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../../test/test-database.ts';
import type { Database } from '../../db/client.ts';
import {
  auditLogs,
  chamadas,
  clientes,
  cobrancasPix,
  cobrancasRecorrentes,
  contasReceber,
  mensagemTemplates,
  mensagens,
  pagamentos,
  pixRecebidos,
  promessas,
  recorrenciasPix,
  reguaEnvios,
  usuarios,
} from '../../db/schema/index.ts';
import { termoBusca } from '../../lib/busca.ts';
import { resultadoDoArquivo } from '../conciliacao/conciliacao.views.ts';
import { importarArquivoBancario } from '../conciliacao/importar-arquivo.service.ts';
import { buscarSistemaSettings } from '../configuracoes/configuracoes.repository.ts';
import { brCodeValido, gerarBrCodeDinamico } from '../pix/psp/br-code.ts';
import { resumoDoPortal } from '../portal/resumo-portal.ts';
import { abrirSessao, sessaoDoPortal } from '../portal/sessao.ts';
import { verifyPassword } from '../usuarios/password.ts';
import { escreverExemplosDeConciliacao } from './demo-conciliacao.ts';
import { acordoComDebitoDemo } from './demo-debito.ts';
import { portalDeDemonstracao } from './demo-portal.ts';
import { DEMO_PIX, type DemoCredencial, isDatabaseEmpty, seedDemo } from './demo-seed.ts';

let database: Database;
let vazioAntes: boolean;
let credenciais: DemoCredencial[];

beforeAll(async () => {
  database = await openTestDatabase();
  vazioAntes = await isDatabaseEmpty(database.db);
  credenciais = await seedDemo(database.db);
});
afterAll(async () => {
  await database?.close();
});

const listarClientes = () => database.db.select().from(clientes).orderBy(asc(clientes.id));
const listarContas = () => database.db.select().from(contasReceber);

describe('isDatabaseEmpty', () => {
  it('is true before the seed and false after it', async () => {
    expect(vazioAntes).toBe(true);
    expect(await isDatabaseEmpty(database.db)).toBe(false);
  });
});

describe('seedDemo accounts', () => {
  it('creates one super_admin, one admin and three operators, all active', async () => {
    const rows = await database.db.select().from(usuarios).orderBy(asc(usuarios.id));
    expect(rows.map((u) => [u.email, u.role, u.status])).toEqual([
      ['superadmin@demo.cobranca.local', 'super_admin', 'Ativo'],
      ['admin@demo.cobranca.local', 'admin', 'Ativo'],
      ['operador@demo.cobranca.local', 'operador', 'Ativo'],
      ['bruno@demo.cobranca.local', 'operador', 'Ativo'],
      ['carla@demo.cobranca.local', 'operador', 'Ativo'],
    ]);
    expect(rows.find((u) => u.email === 'operador@demo.cobranca.local')?.name).toBe('Ana Operadora');
  });

  it('returns the credentials, whose password matches the argon2id hash', async () => {
    expect(credenciais).toHaveLength(5);
    expect(new Set(credenciais.map((c) => c.password))).toEqual(new Set(['Demo@2026']));
    const [admin] = await database.db.select().from(usuarios).where(eq(usuarios.role, 'admin'));
    expect(admin?.passwordHash).toMatch(/^\$argon2id\$/);
    expect(await verifyPassword(admin?.passwordHash ?? null, 'Demo@2026')).toBe(true);
  });

  it('configures the PIX receiver, so the simulator’s charges carry a valid copia e cola code', async () => {
    const { pix } = await buscarSistemaSettings(database.db);
    expect(pix).toEqual(DEMO_PIX);
    const codigo = gerarBrCodeDinamico({
      location: 'simulador.pix.invalid/v2/cob/demo',
      nomeRecebedor: pix.nome_recebedor,
      cidade: pix.cidade,
      valorCentavos: 15_000,
    });
    expect(brCodeValido(codigo)).toBe(true);
    expect(codigo).toContain('5406150.00');
  });

  it('audits each account and the seed itself, with its counts', async () => {
    const rows = await database.db.select().from(auditLogs);
    expect(rows.filter((r) => r.acao === 'usuario.criado')).toHaveLength(5);
    const seed = rows.filter((r) => r.acao === 'demo.seed');
    expect(seed).toHaveLength(1);
    expect(seed[0]?.detalhes).toMatchObject({ usuarios: 5, clientes: 60, templates: TEMPLATE_TIPOS.length });
  });

  it('refuses to load into a database that already has accounts', async () => {
    await expect(seedDemo(database.db)).rejects.toThrow(/banco vazio/);
  });
});

describe('seedDemo customers', () => {
  it('has about 60 customers in every status, some ativo with 3+ failed attempts', async () => {
    const rows = await listarClientes();
    expect(rows).toHaveLength(60);
    expect(new Set(rows.map((c) => c.status))).toEqual(new Set(CLIENTE_STATUSES));
    expect(rows.filter((c) => c.status === 'ativo' && c.numeroChamadas >= 3).length).toBeGreaterThanOrEqual(
      2,
    );
    expect(rows.filter((c) => c.status === 'ativo' && c.numeroChamadas < 3).length).toBeGreaterThan(0);
    expect(rows.every((c) => c.status === 'pausado' || c.pausaMotivo === null)).toBe(true);
    expect(rows.filter((c) => c.status === 'pausado').every((c) => (c.pausaMotivo ?? '').length >= 3)).toBe(
      true,
    );
  });

  it('spreads customers over the three operators and leaves three unassigned in the queue', async () => {
    const rows = await listarClientes();
    const operadores = await database.db.select().from(usuarios).where(eq(usuarios.role, 'operador'));
    for (const operador of operadores) {
      expect(rows.filter((c) => c.operadorId === operador.id).length).toBeGreaterThan(10);
    }
    const semOperador = rows.filter((c) => c.operadorId === null);
    expect(semOperador).toHaveLength(3);
    expect(semOperador.every((c) => c.status === 'aguardando_atendimento')).toBe(true);
  });

  it('gives everyone a valid CPF/CNPJ of the right type, a mobile number and the search term', async () => {
    const rows = await listarClientes();
    for (const c of rows) {
      expect(identificarDocumento(c.documento)).toEqual({ tipo: c.documentoTipo, documento: c.documento });
      expect(c.telefone).toMatch(/^\+55\d{2}9\d{8}$/);
      expect(c.email).toMatch(/^[a-z0-9.]+@[a-z0-9.]+\.(com|net|org)$/);
      expect(c.termoBusca).toBe(termoBusca(c.nome, c.documento));
      expect(c.termoBusca).not.toMatch(/[A-ZÀ-ÿ]/);
      expect([c.origemContato, c.baseLegal]).toEqual(['demo', 'execucao_contrato']);
    }
    expect(new Set(rows.map((c) => c.documentoTipo))).toEqual(new Set(['cpf', 'cnpj']));
  });

  it('orders the waiting queue by distinct reply times, each reply being the last message', async () => {
    const rows = (await listarClientes()).filter((c) => c.status === 'aguardando_atendimento');
    const desde = rows.map((c) => c.aguardandoDesde?.getTime());
    expect(desde.every((t) => t !== undefined && t < Date.now())).toBe(true);
    expect(new Set(desde).size).toBe(rows.length);
    for (const c of rows) expect(c.ultimaMensagemEm?.getTime()).toBe(c.aguardandoDesde?.getTime());
    const outros = (await listarClientes()).filter((c) => c.status !== 'aguardando_atendimento');
    expect(outros.every((c) => c.aguardandoDesde === null)).toBe(true);
  });
});

describe('seedDemo receivables and payments', () => {
  it('leaves an open receivable to every customer not concluded, and none to the concluded', async () => {
    const contas = await listarContas();
    for (const c of await listarClientes()) {
      const abertas = contas.filter((r) => r.clienteId === c.id && r.status === 'aberta');
      const todas = contas.filter((r) => r.clienteId === c.id);
      expect(todas.length).toBeGreaterThanOrEqual(1);
      expect(todas.length).toBeLessThanOrEqual(4);
      if (c.status === 'concluido') expect(todas.every((r) => r.status === 'paga')).toBe(true);
      else expect(abertas.length).toBeGreaterThan(0);
    }
  });

  it('keeps amounts in integer cents within range and open due dates within -90..+45 days', async () => {
    const hoje = hojeNoFuso(new Date());
    const contas = await listarContas();
    for (const r of contas) {
      expect(Number.isInteger(r.valorCentavos)).toBe(true);
      expect(r.valorCentavos).toBeGreaterThanOrEqual(8_000);
      expect(r.valorCentavos).toBeLessThanOrEqual(950_000);
      if (r.status === 'aberta') {
        expect(r.vencimento >= somarDias(hoje, -90) && r.vencimento <= somarDias(hoje, 45)).toBe(true);
        expect([r.pagoEm, r.valorPagoCentavos]).toEqual([null, 0]);
      }
    }
    expect(contas.some((r) => r.status === 'aberta' && r.vencimento < hoje)).toBe(true);
    expect(contas.some((r) => r.status === 'aberta' && r.vencimento > hoje)).toBe(true);
  });

  it('gives NF-e receivables a 44-digit key and an instalment number, unique per key', async () => {
    const nfe = (await listarContas()).filter((r) => r.origem === 'nfe');
    expect(nfe.length).toBeGreaterThan(5);
    for (const r of nfe) {
      expect(r.chaveNfe).toMatch(/^\d{44}$/);
      expect(r.numeroParcela).toMatch(/^\d{3}$/);
    }
    expect(new Set(nfe.map((r) => `${r.chaveNfe}/${r.numeroParcela}`)).size).toBe(nfe.length);
  });

  it('records one payment matching every paid receivable, some of them this month', async () => {
    const pagas = (await listarContas()).filter((r) => r.status === 'paga');
    const rows = await database.db.select().from(pagamentos);
    expect(rows).toHaveLength(pagas.length);
    for (const conta of pagas) {
      const pagamento = rows.find((p) => p.contaId === conta.id);
      expect(pagamento).toMatchObject({ clienteId: conta.clienteId, valorCentavos: conta.valorCentavos });
      expect(pagamento?.data).toBe(conta.pagoEm);
      expect(conta.valorPagoCentavos).toBe(conta.valorCentavos);
    }
    const mes = hojeNoFuso(new Date()).slice(0, 7);
    expect(rows.filter((p) => p.data.startsWith(mes)).length).toBeGreaterThanOrEqual(6);
    expect(new Set(rows.map((p) => p.data.slice(0, 7))).size).toBeGreaterThan(3);
  });

  it('has pending promises that snooze their customers, and a few calls', async () => {
    const rows = await database.db.select().from(promessas);
    expect(rows.length).toBeGreaterThanOrEqual(2);
    const porId = new Map((await listarClientes()).map((c) => [c.id, c]));
    for (const p of rows) {
      expect(p.status).toBe('pendente');
      expect(porId.get(p.clienteId)?.sonecaAte).toBe(p.data);
    }
    expect((await database.db.select().from(chamadas)).length).toBeGreaterThan(0);
  });
});

describe('seedDemo messages and templates', () => {
  it('spreads messages in both directions over most of the last 12 months', async () => {
    const rows = await database.db.select().from(mensagens).orderBy(asc(mensagens.id));
    const saida = rows.filter((m) => m.direcao === 'saida');
    expect(new Set(saida.map((m) => m.createdAt.toISOString().slice(0, 7))).size).toBeGreaterThanOrEqual(10);
    expect(
      rows.some((m) => m.direcao === 'entrada' && m.origem === 'cliente' && m.status === 'recebida'),
    ).toBe(true);
    expect(
      rows.every(
        (m) => m.canal === 'whatsapp' && m.provedor === 'simulador' && m.createdAt.getTime() < Date.now(),
      ),
    ).toBe(true);
    const regua = rows.filter((m) => m.origem === 'regua');
    expect(regua.every((m) => ['entregue', 'lida'].includes(m.status))).toBe(true);
    expect(regua.every((m) => m.conteudo.includes('Empresa Demonstração Ltda'))).toBe(true);
    // Ids follow time, so a thread read by id reads in order.
    const instantes = rows.map((m) => m.createdAt.getTime());
    expect(instantes).toEqual([...instantes].sort((a, b) => a - b));
  });

  it('keeps each customer’s last-message fields in sync with the thread', async () => {
    const rows = await database.db.select().from(mensagens).orderBy(asc(mensagens.id));
    for (const c of await listarClientes()) {
      const ultima = rows.filter((m) => m.clienteId === c.id).at(-1);
      expect(c.ultimaMensagemEm?.getTime() ?? null).toBe(ultima?.createdAt.getTime() ?? null);
      expect(c.ultimaMensagemTexto ?? null).toBe(ultima?.conteudo ?? null);
    }
  });

  it('records every régua message as a sent step, so the engine will not repeat it', async () => {
    const regua = (await database.db.select().from(mensagens)).filter((m) => m.origem === 'regua');
    const envios = await database.db.select().from(reguaEnvios);
    expect(envios).toHaveLength(regua.length);
    expect(new Set(envios.map((e) => e.mensagemId))).toEqual(new Set(regua.map((m) => m.id)));
  });

  it('ships every default template, the collection ones identifying the creditor', async () => {
    const rows = await database.db.select().from(mensagemTemplates);
    expect(new Set(rows.map((t) => t.tipo))).toEqual(new Set(TEMPLATE_TIPOS));
    for (const t of rows.filter((r) => ['lembrete', 'vencimento', 'atraso'].includes(r.tipo))) {
      expect(t.texto).toContain('{{empresa}}');
      expect(t.texto).toContain('{{empresa_documento}}');
      expect(t.texto).not.toMatch(/protesto|serasa|spc|negativa|judicial|processo|pol[ií]cia/i);
    }
  });
});

describe('seedDemo determinism', () => {
  it('creates the same customers on a fresh database', async () => {
    const outro = await openTestDatabase();
    try {
      await seedDemo(outro.db);
      const campos = (rows: (typeof clientes.$inferSelect)[]) =>
        rows.map((c) => [c.nome, c.documento, c.telefone, c.email, c.status]);
      const segundo = await outro.db.select().from(clientes).orderBy(asc(clientes.id));
      expect(campos(segundo)).toEqual(campos(await listarClientes()));
    } finally {
      await outro.close();
    }
  });
});

describe('PIX paid automatically in the demo', () => {
  it('records each PIX payment through a paid simulator charge and a confirmed PIX, by the system', async () => {
    const porPix = await database.db.select().from(pagamentos).where(eq(pagamentos.forma, 'pix'));
    expect(porPix.length).toBeGreaterThan(0);
    const recebidos = await database.db.select().from(pixRecebidos);
    expect(recebidos).toHaveLength(porPix.length);
    for (const pagamento of porPix) {
      const pix = recebidos.find((r) => r.id === pagamento.pixRecebidoId);
      expect(pix).toMatchObject({
        situacao: 'conciliado',
        valorCentavos: pagamento.valorCentavos,
        creditoCentavos: 0,
      });
      // Credited to the customer's operator, as a real PIX is (docs/decisions/037-recibos.md).
      const [cliente] = await database.db.select().from(clientes).where(eq(clientes.id, pagamento.clienteId));
      expect(pagamento.operadorId).toBe(cliente?.operadorId ?? null);
      const [cobranca] = await database.db
        .select()
        .from(cobrancasPix)
        .where(eq(cobrancasPix.id, pix?.cobrancaId ?? 0));
      expect(cobranca).toMatchObject({
        status: 'paga',
        provedor: 'simulador',
        clienteId: pagamento.clienteId,
      });
      expect(brCodeValido(cobranca?.pixCopiaECola ?? '')).toBe(true);
    }
  });
});

describe('the demo portal link', () => {
  it('names a customer with overdue debt whose printed CPF opens the printed link', async () => {
    const demo = await portalDeDemonstracao(database.db);
    expect(demo?.url).toMatch(/^http:\/\/localhost:\d+\/p\/[A-Za-z0-9_-]{32}$/);
    expect(demo?.documento).toMatch(/^\d{3}\.\d{3}\.\d{3}-\d{2}$/);
    const token = demo?.url.split('/p/')[1] ?? '';
    const aberta = await abrirSessao(database.db, {
      token,
      documento: demo?.documento ?? '',
      agora: new Date(),
      ip: null,
    });
    const resumo = await resumoDoPortal(
      database.db,
      (await sessaoDoPortal(database.db, `Bearer ${aberta.sessao}`, new Date())).clienteId,
      new Date(),
    );
    expect(demo?.nome.startsWith(resumo.primeiro_nome)).toBe(true);
    expect(resumo.contas.some((c) => c.dias_atraso > 0)).toBe(true);
  });
});

describe("the demo's bank reconciliation (issue 33)", () => {
  it('gives the NF-e receivables Itaú boletos, and writes a retorno and a statement that match the demo', async () => {
    const nfe = await database.db.select().from(contasReceber).where(eq(contasReceber.origem, 'nfe'));
    expect(nfe.length).toBeGreaterThan(0);
    for (const c of nfe) {
      expect(c).toMatchObject({ banco: '341', nossoNumero: String(c.id) });
      expect(lerLinhaDigitavel(c.linhaDigitavel ?? '')).toMatchObject({
        ok: true,
        boleto: { codigoDeBarras: c.codigoBarras },
      });
    }
    const pasta = await mkdtemp(join(tmpdir(), 'demo-conciliacao-'));
    try {
      const arquivos = await escreverExemplosDeConciliacao(database.db, pasta);
      if (!arquivos) throw new Error('sem arquivos de exemplo');
      const appKey = randomBytes(32);
      const ator = { usuarioId: null, ip: null };
      const retorno = await importarArquivoBancario(
        database.db,
        appKey,
        { nome: 'retorno.ret', bytes: await readFile(arquivos.retorno) },
        ator,
      );
      expect(await resultadoDoArquivo(database.db, retorno.arquivoId, false)).toMatchObject({
        formato: 'cnab240',
        liquidados: 2,
        em_revisao: 1,
        ignorados: 1,
      });
      const extrato = await importarArquivoBancario(
        database.db,
        appKey,
        { nome: 'extrato.ofx', bytes: await readFile(arquivos.ofx) },
        ator,
      );
      const ofx = await resultadoDoArquivo(database.db, extrato.arquivoId, false);
      expect(ofx).toMatchObject({ formato: 'ofx', liquidados: 1, em_revisao: 1, ignorados: 1 });
      expect(ofx.linhas[0]).toMatchObject({ situacao: 'liquidado', regra: 'documento_valor' });
    } finally {
      await rm(pasta, { recursive: true, force: true });
    }
  });
});

describe("the demo's agreement in automatic debit (issue 34)", () => {
  it('is approved through the services, the next debit scheduled and its notice waiting', async () => {
    const { db } = database;
    const demo = await acordoComDebitoDemo(db, randomBytes(32));
    if (!demo) throw new Error('nenhum cliente para o acordo com débito automático');
    const [cliente] = await db.select().from(clientes).where(eq(clientes.nome, demo.nome));
    const [rec] = await db
      .select()
      .from(recorrenciasPix)
      .where(eq(recorrenciasPix.clienteId, cliente?.id ?? 0));
    expect(rec).toMatchObject({ status: 'aprovada', jornada: 'JORNADA_3' });
    const recorrentes = await db
      .select()
      .from(cobrancasRecorrentes)
      .where(eq(cobrancasRecorrentes.recorrenciaId, rec?.id ?? 0));
    expect(recorrentes.map((c) => c.status)).toEqual(['ativa']);
    const avisos = await db
      .select()
      .from(mensagens)
      .where(eq(mensagens.clienteId, cliente?.id ?? 0));
    expect(avisos.filter((m) => m.templateTipo === 'aviso_debito')).toHaveLength(1);
  });
});
