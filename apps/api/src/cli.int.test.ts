import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { format, promisify } from 'node:util';
import { calcularEncargos, hojeNoFuso, somarDias } from '@cobranca/dominio';
import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { jobsDa, tarefaDeTeste } from '../test/fila.ts';
import { createPostgresTestDatabase, testDbKind } from '../test/test-database.ts';
import { executarCli } from './cli/executar-cli.ts';
import { type Database, openPglite, openPostgres } from './db/client.ts';
import {
  auditLogs,
  clientes,
  cobrancaPixContas,
  cobrancasPix,
  configuracoes,
  contasReceber,
  mensagens,
  pagamentos,
  pixRecebidos,
  usuarios,
} from './db/schema/index.ts';
import { instalarFila } from './fila/instalar.ts';
import { TAREFAS } from './fila/tarefas.ts';
import { inserirCliente, inserirConta } from './modules/clientes/clientes.test-fixtures.ts';

const run = promisify(execFile);
const root = fileURLToPath(new URL('../../..', import.meta.url));

/** `npm run cli -- …` as a user runs it, against the database the environment selects. */
let env: Record<string, string>;
let dataDir: string;
let openTarget: () => Promise<Database>;
let cleanup: () => Promise<void>;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'cobranca-cli-'));
  if (testDbKind() === 'postgres') {
    const pg = await createPostgresTestDatabase();
    env = { DATABASE_URL: pg.url, DATA_DIR: dataDir };
    openTarget = () => openPostgres(pg.url, 2);
    cleanup = pg.drop;
  } else {
    env = { DATA_DIR: dataDir, DATABASE_URL: '' };
    openTarget = () => openPglite(join(dataDir, 'pglite'));
    cleanup = async () => {};
  }
});
afterAll(async () => {
  await cleanup();
  rmSync(dataDir, { recursive: true, force: true });
});

const executar = async (comando: string, args: string[]) => {
  try {
    const { stdout, stderr } = await run(comando, args, {
      cwd: root,
      env: { ...process.env, ...env, LOG_LEVEL: 'silent' },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
};

/**
 * The commands `npm run cli` runs, in this process with the CLI's environment: a process of their own
 * would spend seconds loading the app per call on a loaded machine. Two tests start real processes: one
 * through npm, as a user types it, and the data-directory lock, which is per process.
 */
const cli = async (...args: string[]) => {
  const saida = { stdout: '', stderr: '' };
  const capturar =
    (onde: keyof typeof saida) =>
    (...partes: unknown[]) => {
      saida[onde] += `${format(...partes)}\n`;
    };
  const log = vi.spyOn(console, 'log').mockImplementation(capturar('stdout'));
  const erro = vi.spyOn(console, 'error').mockImplementation(capturar('stderr'));
  try {
    const code = await executarCli(args, { ...process.env, ...env, LOG_LEVEL: 'silent' });
    return { code, ...saida };
  } finally {
    log.mockRestore();
    erro.mockRestore();
  }
};
const processoCli = (...args: string[]) =>
  executar(process.execPath, ['--import', 'tsx', 'apps/api/src/cli.ts', ...args]);
const npmCli = (...args: string[]) => executar('npm', ['run', '--silent', 'cli', '--', ...args]);

const withTarget = async <T>(read: (database: Database) => Promise<T>): Promise<T> => {
  const database = await openTarget();
  try {
    return await read(database);
  } finally {
    await database.close();
  }
};

describe('npm run cli -- user:create', () => {
  it('creates an account with a hashed password and an audit entry', async () => {
    const result = await cli(
      'user:create',
      '--role',
      'admin',
      '--name',
      'Ana Admin',
      '--email',
      'Ana@Empresa.com.br',
      '--password',
      'Segura123',
    );
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/Administrador criado: #\d+ Ana Admin <ana@empresa.com.br>/);
    const [user] = await withTarget((d) =>
      d.db.select().from(usuarios).where(eq(usuarios.email, 'ana@empresa.com.br')),
    );
    expect(user).toMatchObject({ name: 'Ana Admin', role: 'admin', status: 'Ativo' });
    expect(user?.passwordHash).toMatch(/^\$argon2id\$/);
    const audit = await withTarget((d) =>
      d.db.select().from(auditLogs).where(eq(auditLogs.acao, 'usuario.criado')),
    );
    expect(audit.some((a) => a.entidadeId === String(user?.id))).toBe(true);
  });

  it('refuses a taken e-mail (any case) with exit code 1', async () => {
    const result = await cli(
      'user:create',
      '--role',
      'operador',
      '--name',
      'Outra',
      '--email',
      'ANA@empresa.com.br',
      '--password',
      'Segura123',
    );
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/e-mail já está em uso/);
  });

  it.each([
    [['--role', 'chefe', '--name', 'X Y', '--email', 'x@y.com', '--password', 'Segura123'], /role/],
    [
      ['--role', 'admin', '--name', 'X Y', '--email', 'nao-email', '--password', 'Segura123'],
      /e-mail válido/,
    ],
    [['--role', 'admin', '--name', 'X Y', '--email', 'x@y.com', '--password', 'curta'], /8 caracteres/],
    [['--role', 'admin', '--email', 'x@y.com', '--password', 'Segura123'], /name/],
  ])('rejects invalid arguments with a clear message (%j)', async (args, message) => {
    const result = await cli('user:create', ...args);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(message);
  });

  it('prints usage for an unknown command (through npm, as a user types it)', async () => {
    const result = await npmCli('apagar-tudo');
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/Comando desconhecido.*\n.*Uso:/s);
  });
});

describe('npm run cli -- simular-resposta', () => {
  const simular = (telefone: string, texto: string) =>
    cli('simular-resposta', '--telefone', telefone, '--texto', texto);

  it('stores a reply from a number no customer has as unmatched', async () => {
    const result = await simular('+55 (41) 99876-0001', 'Quem fala?');
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(
      /^Nenhum cliente tem o telefone \+5541998760001: mensagem #\d+ guardada sem vínculo\.\n$/,
    );
    const rows = await withTarget((d) =>
      d.db.select().from(mensagens).where(eq(mensagens.telefone, '+5541998760001')),
    );
    expect(rows).toEqual([
      expect.objectContaining({
        clienteId: null,
        canal: 'whatsapp',
        provedor: 'simulador',
        conteudo: 'Quem fala?',
      }),
    ]);
  });

  it('matches the customer by the phone as typed and puts them in the service queue', async () => {
    const id = await withTarget((d) =>
      inserirCliente(d.db, { nome: 'Rita Cliente', telefone: '+5541998760002', numeroChamadas: 2 }),
    );
    const result = await simular('(41) 99876-0002', 'SAIR');
    expect(result.code).toBe(0);
    expect(result.stdout).toBe(
      `Resposta registrada para o cliente #${id} Rita Cliente: status aguardando_atendimento, em opt-out.\n`,
    );
    const [cliente] = await withTarget((d) => d.db.select().from(clientes).where(eq(clientes.id, id)));
    expect(cliente).toMatchObject({
      status: 'aguardando_atendimento',
      numeroChamadas: 0,
      optOutMensagem: 'SAIR',
    });
  });

  it.each([
    [['--telefone', '123', '--texto', 'oi'], /telefone: celular inválido/],
    [['--texto', 'oi'], /telefone: informe o celular/],
    [['--telefone', '41998760003', '--texto', '  '], /texto: Escreva a resposta/],
  ])('rejects invalid arguments with a clear message (%j)', async (args, message) => {
    const result = await cli('simular-resposta', ...args);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(message);
  });
});

describe('npm run cli -- simular-pix', () => {
  // The rows are inserted before any command here runs, so the schema must exist even when this block runs alone.
  beforeAll(() => withTarget((d) => d.migrate()));
  const hoje = hojeNoFuso(new Date());
  let seq = 0;
  const novoTxid = () => {
    seq += 1;
    return `CLISIMULARPIX${String(seq).padStart(19, '0')}`;
  };

  /** A charge as the operator's "Gerar cobrança PIX" stores it, over the given receivables. */
  const inserirCobranca = (
    d: Database,
    c: {
      clienteId: number;
      contas: number[];
      valorCentavos: number;
      tipo?: 'cob' | 'cobv';
      vencimento?: string;
      status?: 'ativa' | 'paga' | 'removida';
      validaAte?: Date;
    },
  ) =>
    d.db.transaction(async (tx) => {
      const txid = novoTxid();
      const [row] = await tx
        .insert(cobrancasPix)
        .values({
          txid,
          clienteId: c.clienteId,
          provedor: 'simulador',
          tipo: c.tipo ?? 'cob',
          origem: 'operador',
          status: c.status ?? 'ativa',
          valorCentavos: c.valorCentavos,
          vencimento: c.vencimento ?? null,
          validaAte: c.validaAte ?? new Date(Date.now() + 3_600_000),
          pixCopiaECola: '00020101021226…6304ABCD',
        })
        .returning({ id: cobrancasPix.id });
      if (!row) throw new Error('insert returned no row');
      await tx.insert(cobrancaPixContas).values(c.contas.map((contaId) => ({ cobrancaId: row.id, contaId })));
      return txid;
    });

  it('pays an active charge through the settlement path and says what it settled', async () => {
    const { clienteId, contas, txid } = await withTarget(async (d) => {
      const clienteId = await inserirCliente(d.db, { nome: 'Paula Pagadora' });
      const contas = [
        await inserirConta(d.db, { clienteId, valorCentavos: 10_000, vencimento: somarDias(hoje, 5) }),
        await inserirConta(d.db, { clienteId, valorCentavos: 5_000, vencimento: somarDias(hoje, 35) }),
      ];
      return {
        clienteId,
        contas,
        txid: await inserirCobranca(d, { clienteId, contas, valorCentavos: 15_000 }),
      };
    });
    const result = await cli('simular-pix', '--txid', txid);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toBe(
      `Pagamento PIX de R$ 150,00 registrado para Paula Pagadora (cliente #${clienteId}): 2 contas quitadas.
`,
    );
    await withTarget(async (d) => {
      const [pix] = await d.db.select().from(pixRecebidos).where(eq(pixRecebidos.txid, txid));
      expect(pix).toMatchObject({
        origem: 'simulador',
        situacao: 'conciliado',
        clienteId,
        valorCentavos: 15_000,
        creditoCentavos: 0,
        pagadorNome: 'Paula Pagadora',
      });
      expect(pix?.endToEndId).toMatch(/^E00000000\d{12}[0-9A-F]{11}$/);
      const pagos = await d.db
        .select({ contaId: pagamentos.contaId, valor: pagamentos.valorCentavos, forma: pagamentos.forma })
        .from(pagamentos)
        .where(eq(pagamentos.pixRecebidoId, pix?.id ?? 0))
        .orderBy(asc(pagamentos.contaId));
      expect(pagos).toEqual([
        { contaId: contas[0], valor: 10_000, forma: 'pix' },
        { contaId: contas[1], valor: 5_000, forma: 'pix' },
      ]);
      const [cobranca] = await d.db.select().from(cobrancasPix).where(eq(cobrancasPix.txid, txid));
      expect(cobranca?.status).toBe('paga');
      const [cliente] = await d.db.select().from(clientes).where(eq(clientes.id, clienteId));
      expect(cliente?.status).toBe('concluido');
      const audit = await d.db
        .select()
        .from(auditLogs)
        .where(
          and(eq(auditLogs.acao, 'pix.pagamento_simulado'), eq(auditLogs.entidadeId, String(cobranca?.id))),
        );
      expect(audit).toEqual([expect.objectContaining({ ip: 'cli', usuarioId: null })]);
    });
  });

  it('pays what an overdue cobv asks today: principal plus multa and juros', async () => {
    // Today as the test runs, not as the file was collected: a run may cross midnight in São Paulo.
    const hoje = hojeNoFuso(new Date());
    const vencimento = somarDias(hoje, -40);
    const esperado = calcularEncargos({ principalCentavos: 20_000, vencimento, pendentes: null }, hoje, {
      multaPercentual: 2,
      jurosMensalPercentual: 1,
    }).totalCentavos;
    expect(esperado).toBeGreaterThan(20_000);
    const { clienteId, conta, txid } = await withTarget(async (d) => {
      const clienteId = await inserirCliente(d.db, { nome: 'Otávio Atrasado' });
      const conta = await inserirConta(d.db, { clienteId, valorCentavos: 20_000, vencimento });
      const txid = await inserirCobranca(d, {
        clienteId,
        contas: [conta],
        valorCentavos: 20_000,
        tipo: 'cobv',
        vencimento,
      });
      return { clienteId, conta, txid };
    });
    const result = await cli('simular-pix', '--txid', txid);
    expect(result.code).toBe(0);
    const reais = `R$ ${Math.trunc(esperado / 100)},${String(esperado % 100).padStart(2, '0')}`;
    expect(result.stdout).toBe(
      `Pagamento PIX de ${reais} registrado para Otávio Atrasado (cliente #${clienteId}): 1 conta quitada.
`,
    );
    const [row] = await withTarget((d) =>
      d.db.select().from(contasReceber).where(eq(contasReceber.id, conta)),
    );
    expect(row?.status).toBe('paga');
  });

  it('keeps the PIX as a credit to assign when the debt was settled meanwhile', async () => {
    const { clienteId, txid } = await withTarget(async (d) => {
      const clienteId = await inserirCliente(d.db, { nome: 'Dora Quitada' });
      const conta = await inserirConta(d.db, {
        clienteId,
        valorCentavos: 4_000,
        valorPagoCentavos: 4_000,
        status: 'paga',
        vencimento: somarDias(hoje, 2),
      });
      return {
        clienteId,
        txid: await inserirCobranca(d, { clienteId, contas: [conta], valorCentavos: 4_000 }),
      };
    });
    const result = await cli('simular-pix', '--txid', txid);
    expect(result.code).toBe(0);
    expect(result.stdout).toBe(
      `PIX de R$ 40,00 recebido para Dora Quitada (cliente #${clienteId}), mas nenhuma dívida em aberto correspondia: guardado como crédito a atribuir.\n`,
    );
    const [pix] = await withTarget((d) =>
      d.db.select().from(pixRecebidos).where(eq(pixRecebidos.txid, txid)),
    );
    expect(pix).toMatchObject({ situacao: 'sem_correspondencia', creditoCentavos: 4_000, clienteId });
  });

  it.each<[string, Partial<{ status: 'paga' | 'removida'; validaAte: Date }>, RegExp]>([
    ['paid', { status: 'paga' }, /não está mais ativa \(paga\)/],
    ['removed', { status: 'removida' }, /não está mais ativa \(removida\)/],
    ['past its validity', { validaAte: new Date(Date.now() - 60_000) }, /não está mais ativa \(expirada\)/],
  ])('refuses a charge that is %s, recording nothing', async (_caso, extra, message) => {
    const txid = await withTarget(async (d) => {
      const clienteId = await inserirCliente(d.db, { nome: 'Cláudia Cobrada' });
      const conta = await inserirConta(d.db, {
        clienteId,
        valorCentavos: 3_000,
        vencimento: somarDias(hoje, 3),
      });
      return inserirCobranca(d, { clienteId, contas: [conta], valorCentavos: 3_000, ...extra });
    });
    const result = await cli('simular-pix', '--txid', txid);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(message);
    expect(result.stdout).toBe('');
    expect(
      await withTarget((d) => d.db.select().from(pixRecebidos).where(eq(pixRecebidos.txid, txid))),
    ).toEqual([]);
  });

  it.each([
    [['--txid', 'NAOEXISTE00000000000000000000000'], /Nenhuma cobrança PIX tem o txid NAOEXISTE0{23}\./],
    [[], /txid: informe o txid/],
    [['--txid', '   '], /txid: informe o txid/],
  ])('rejects an unknown or missing txid with a clear message (%j)', async (args, message) => {
    const result = await cli('simular-pix', ...args);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(message);
  });

  it('refuses when the provider is a real PSP, even with its settings incomplete', async () => {
    const txid = await withTarget(async (d) => {
      const clienteId = await inserirCliente(d.db, { nome: 'Rui Real' });
      const conta = await inserirConta(d.db, {
        clienteId,
        valorCentavos: 3_000,
        vencimento: somarDias(hoje, 3),
      });
      await d.db.insert(configuracoes).values({ chave: 'pix', valor: { provedor: 'api_pix' } });
      return inserirCobranca(d, { clienteId, contas: [conta], valorCentavos: 3_000 });
    });
    try {
      const result = await cli('simular-pix', '--txid', txid);
      expect(result.code).toBe(1);
      expect(result.stderr).toMatch(/só pode ser simulado com o simulador/);
      const [cobranca] = await withTarget((d) =>
        d.db.select().from(cobrancasPix).where(eq(cobrancasPix.txid, txid)),
      );
      expect(cobranca?.status).toBe('ativa');
    } finally {
      await withTarget((d) => d.db.delete(configuracoes).where(eq(configuracoes.chave, 'pix')));
    }
  });
});

describe('npm run cli -- agregados:recalcular', () => {
  const limpo = /^Agregados recalculados em [\d,]+ s \((pglite|postgres)\): nenhuma figura divergia\.\n$/;

  it('names the figures that drifted, rebuilds the read models and leaves none drifting', async () => {
    expect(await cli('agregados:recalcular')).toMatchObject({
      code: 0,
      stdout: expect.stringMatching(limpo),
    });
    await withTarget(async (d) => {
      const id = await inserirCliente(d.db, { nome: 'Vera Agregada' });
      await inserirConta(d.db, { clienteId: id, valorCentavos: 12_345, vencimento: '2031-07-18' });
      // One counter out of step, as a bulk load with triggers off would leave it.
      await d.db.execute(sql`
        UPDATE agregados_dia SET valor = valor + 1
        WHERE (metrica, dia, operador_id, fatia) IN (SELECT metrica, dia, operador_id, fatia FROM agregados_dia
          WHERE metrica = 'aberto_centavos' AND dia = '2031-07-18' LIMIT 1)`);
    });
    const result = await cli('agregados:recalcular');
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    // The open total the dashboard shows, and the day's counter behind it.
    expect(result.stdout).toMatch(/^Divergia: dashboard: agregado \{"valores_em_aberto":[\d.]+,/);
    expect(result.stdout).toContain(
      'Divergia: contadores por dia: agregado [{"metrica":"aberto_centavos","dia":"2031-07-18","operador_id":0,"agregado":"12346","direto":"12345"}], direto []',
    );
    expect(result.stdout).toMatch(
      /Agregados recalculados em [\d,]+ s \((pglite|postgres)\): 2 figuras corrigidas\.\n$/,
    );
    expect(await cli('agregados:recalcular')).toMatchObject({
      code: 0,
      stdout: expect.stringMatching(limpo),
    });
  });
});

describe('npm run cli -- tarefas:listar|repetir|descartar', () => {
  it('lists the queue per type and the dead jobs, gives one another try and discards another, audited', async () => {
    const [repetir, descartar] = await withTarget(async (d) => {
      // As a start would leave it, when this test runs alone.
      await d.migrate();
      await instalarFila(d, TAREFAS);
      return [await tarefaDeTeste(d, 'morta'), await tarefaDeTeste(d, 'morta')];
    });
    const lista = await cli('tarefas:listar');
    expect(lista.stderr).toBe('');
    expect(lista.stdout).toMatch(
      /mensagens\.despachar +\d+ · +0 · +2 · +2 · .+ Enviar um agradecimento ou recibo/,
    );
    expect(lista.stdout).toContain('2 tarefas falharam de vez:');
    expect(lista.stdout).toContain(`${repetir}  mensagens.despachar`);
    expect(lista.stdout).toContain('canal fora do ar (teste)');

    expect(await cli('tarefas:repetir', '--id', repetir)).toMatchObject({
      code: 0,
      stdout: `Tarefa ${repetir} (mensagens.despachar) posta para tentar de novo.\n`,
    });
    expect(await cli('tarefas:descartar', '--id', descartar)).toMatchObject({
      code: 0,
      stdout: `Tarefa ${descartar} (mensagens.despachar) descartada; o registro de auditoria guarda o último erro.\n`,
    });
    const errado = await cli('tarefas:repetir', '--id', descartar);
    expect(errado.code).toBe(1);
    expect(errado.stderr).toContain('Tarefa não encontrada entre as que falharam de vez.');
    await withTarget(async (d) => {
      const estados = new Map((await jobsDa(d, 'mensagens.despachar')).map((j) => [j.id, j.state]));
      // On PGlite the CLI ran the retried job before it exited; on PostgreSQL a worker would.
      expect(estados.get(repetir)).toBe(testDbKind() === 'pglite' ? 'completed' : 'retry');
      expect(estados.has(descartar)).toBe(false);
      const auditoria = await d.db
        .select({ acao: auditLogs.acao, entidadeId: auditLogs.entidadeId, ip: auditLogs.ip })
        .from(auditLogs)
        .where(sql`${auditLogs.acao} LIKE 'tarefa.%'`)
        .orderBy(asc(auditLogs.id));
      expect(auditoria).toEqual([
        { acao: 'tarefa.repetir', entidadeId: repetir, ip: 'cli' },
        { acao: 'tarefa.descartar', entidadeId: descartar, ip: 'cli' },
      ]);
    });
    // Four CLI runs, each opening the database.
  }, 120_000);
});

describe.runIf(testDbKind() === 'pglite')('the embedded database is single-process', () => {
  it('refuses to open DATA_DIR while another live process holds it', async () => {
    writeFileSync(join(dataDir, 'cobranca.lock'), String(process.pid));
    try {
      const result = await processoCli(
        'user:create',
        '--role',
        'admin',
        '--name',
        'X Y',
        '--email',
        'x@y.com',
        '--password',
        'Segura123',
      );
      expect(result.code).toBe(1);
      expect(result.stderr).toMatch(new RegExp(`em uso pelo processo ${process.pid}`));
    } finally {
      rmSync(join(dataDir, 'cobranca.lock'), { force: true });
    }
  });
});
