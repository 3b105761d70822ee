import type { ImportacaoDetalhe, ImportacaoRelatorio, ImportacaoResumo, Paged } from '@cobranca/contracts';
import { gerarCpf, hojeNoFuso, somarDias } from '@cobranca/dominio';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  buildTestApp,
  createTestUser,
  issueToken,
  type TestApp,
  type TestUser,
} from '../../../test/build-test-app.ts';
import { auditLogs, clientes, contasReceber } from '../../db/schema/index.ts';
import { inserirCliente, inserirConta } from '../clientes/clientes.test-fixtures.ts';
import { mulberry32 } from '../demo/prng.ts';
import { OUTRO_OPERADOR } from './importacao-lote.regras.ts';
import { contarRegistros, enviarArquivos } from './importacoes.test-fixtures.ts';
import { LOTE_CSV } from './importar-csv.service.ts';

let t: TestApp;
let ana: TestUser;
let bruno: TestUser;
const tokens = { ana: '', bruno: '', admin: '' };

const importar = (token: string, conteudo: string | Buffer, nome = 'clientes.csv', campo = 'csv_file') =>
  enviarArquivos(
    t.app,
    '/api/operador/clientes/importar-csv',
    campo,
    [{ nome, conteudo, tipo: 'text/csv' }],
    token,
  );

const importarOk = async (token: string, conteudo: string | Buffer): Promise<ImportacaoRelatorio> => {
  const resposta = await importar(token, conteudo);
  expect(resposta.statusCode, resposta.body).toBe(200);
  return resposta.json<ImportacaoRelatorio>();
};

const clientePorDocumento = async (documento: string) => {
  const [cliente] = await t.database.db.select().from(clientes).where(eq(clientes.documento, documento));
  return cliente;
};

const contasDe = (clienteId: number) =>
  t.database.db.select().from(contasReceber).where(eq(contasReceber.clienteId, clienteId));

const contagem = () => contarRegistros(t.database.db);

// Windows-1252 bytes for the Latin-1 range, as Excel writes a Brazilian "CSV (separado por vírgulas)".
const latin1 = (texto: string) => Buffer.from(texto, 'latin1');

const futuro = somarDias(hojeNoFuso(new Date()), 20);
const futuroBr = futuro.split('-').reverse().join('/');

beforeAll(async () => {
  t = await buildTestApp();
  ana = await createTestUser(t.database, 'operador', { name: 'Ana Operadora' });
  bruno = await createTestUser(t.database, 'operador', { name: 'Bruno Operador' });
  const admin = await createTestUser(t.database, 'admin');
  tokens.ana = await issueToken(t.database, ana.id);
  tokens.bruno = await issueToken(t.database, bruno.id);
  tokens.admin = await issueToken(t.database, admin.id);
});

afterAll(async () => {
  await t?.close();
});

describe('GET /api/operador/clientes/template-csv', () => {
  it('downloads the template, which imports cleanly into Ativos', async () => {
    const modelo = await t.app.inject({
      method: 'GET',
      url: '/api/operador/clientes/template-csv',
      headers: bearer(tokens.ana),
    });
    expect(modelo.statusCode).toBe(200);
    expect(modelo.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(modelo.headers['content-disposition']).toBe('attachment; filename="template_clientes.csv"');
    expect(modelo.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const linhas = modelo.body.replace('\uFEFF', '').trim().split('\r\n');
    expect(linhas[0]).toBe(
      'nome;documento;telefone;email;descricao;valor;vencimento;banco;nosso_numero;linha_digitavel;codigo_barras',
    );
    expect(linhas).toHaveLength(3);

    const relatorio = await importarOk(tokens.ana, modelo.rawPayload);
    expect(relatorio).toMatchObject({
      tipo: 'csv',
      status: 'concluida',
      criados: 2,
      atualizados: 0,
      ignorados: 0,
    });
    expect(relatorio).toMatchObject({ rejeitados: 0, contas_criadas: 2, erros: [], erros_omitidos: 0 });

    const ativos = await t.app.inject({
      method: 'GET',
      url: '/api/operador/clientes/ativos',
      headers: bearer(tokens.ana),
    });
    const nomes = ativos.json<Paged<{ nome: string }>>().data.map((c) => c.nome);
    expect(nomes).toEqual(expect.arrayContaining(['Maria da Silva', 'Comércio Exemplo Ltda']));
    const maria = await clientePorDocumento('52998224725');
    expect(maria).toMatchObject({
      status: 'ativo',
      operadorId: ana.id,
      telefone: '+5511987654321',
      email: 'maria.silva@exemplo.com.br',
      origemContato: 'importacao_csv',
    });
    const [conta] = await contasDe(maria?.id ?? 0);
    expect(conta).toMatchObject({ valorCentavos: 123_456, origem: 'importacao_csv', status: 'aberta' });
    expect(conta?.importacaoId).toBe(relatorio.importacao_id);
  });
});

describe('POST /api/operador/clientes/importar-csv', () => {
  it('imports an Excel export (; + Windows-1252 + CRLF + R$ amounts + quoted newlines) and reports each bad row', async () => {
    const cpf = gerarCpf(mulberry32(11));
    const arquivo = latin1(
      [
        'Nome;CPF/CNPJ;Celular;E-mail;Descrição;Valor (R$);Data de Vencimento',
        `José Conceição;${cpf};(31) 99876-5432;jose@exemplo.com;"Parcela 1;\nreferente a março";R$ 1.234,56;${futuroBr}`,
        'Sem Documento;;(31) 99876-5432;;;;',
        'CPF Errado;123.456.789-00;;;;;',
        'Fixo;11.444.777/0001-61;(11) 3333-4444;;;;',
        'Email Ruim;11.444.777/0001-61;;nao-e-email;;;',
        `Valor Ruim;11.444.777/0001-61;;;Conta;12,345;${futuroBr}`,
        'Data Ruim;11.444.777/0001-61;;;Conta;10,00;31/02/2026',
        ';;;;;;',
        '',
        `Empresa Boa;11.444.777/0001-61;;contato@boa.com.br;;;`,
      ].join('\r\n'),
    );
    const relatorio = await importarOk(tokens.ana, arquivo);
    expect(relatorio).toMatchObject({
      criados: 2,
      atualizados: 0,
      ignorados: 0,
      rejeitados: 6,
      contas_criadas: 1,
    });
    expect(relatorio.erros).toEqual([
      { linha: 4, campo: 'documento', mensagem: 'Informe o CPF ou CNPJ.' },
      { linha: 5, campo: 'documento', mensagem: 'CPF/CNPJ inválido: "123.456.789-00".' },
      { linha: 6, campo: 'telefone', mensagem: expect.stringContaining('Telefone inválido para WhatsApp') },
      { linha: 7, campo: 'email', mensagem: 'E-mail inválido: "nao-e-email".' },
      { linha: 8, campo: 'valor', mensagem: 'Use no máximo duas casas decimais no valor.' },
      { linha: 9, campo: 'vencimento', mensagem: 'Data inexistente: "31/02/2026".' },
    ]);
    const jose = await clientePorDocumento(cpf);
    expect(jose).toMatchObject({ nome: 'José Conceição', telefone: '+5531998765432', status: 'ativo' });
    expect(await contasDe(jose?.id ?? 0)).toEqual([
      expect.objectContaining({
        descricao: 'Parcela 1; referente a março',
        valorCentavos: 123_456,
        vencimento: futuro,
      }),
    ]);
    // A customer without a receivable has nothing to collect.
    expect(await clientePorDocumento('11444777000161')).toMatchObject({
      status: 'concluido',
      email: 'contato@boa.com.br',
    });
  });

  it('re-importing the same file creates nothing and says so', async () => {
    const cpf = gerarCpf(mulberry32(12));
    const arquivo = `nome,documento,telefone,valor,vencimento\nRita,${cpf},11987650001,"100,00",${futuro}\n`;
    expect(await importarOk(tokens.ana, arquivo)).toMatchObject({ criados: 1, contas_criadas: 1 });
    const antes = await contagem();
    expect(await importarOk(tokens.ana, arquivo)).toMatchObject({
      criados: 0,
      atualizados: 0,
      ignorados: 1,
      rejeitados: 0,
      contas_criadas: 0,
    });
    expect({ ...(await contagem()), importacoes: 0 }).toEqual({ ...antes, importacoes: 0 });
  });

  it('upserts by document: updates contact data, adds new receivables and brings a concluded customer back to ativo', async () => {
    const cpf = gerarCpf(mulberry32(13));
    const id = await inserirCliente(t.database.db, {
      nome: 'Paula Antiga',
      documento: cpf,
      status: 'concluido',
      operadorId: ana.id,
      telefone: '+5511900000001',
    });
    await inserirConta(t.database.db, {
      clienteId: id,
      valorCentavos: 5_000,
      vencimento: futuro,
      status: 'paga',
      valorPagoCentavos: 5_000,
    });
    const relatorio = await importarOk(
      tokens.ana,
      `nome;documento;telefone;email;descricao;valor;vencimento\nPaula Nova;${cpf};;paula@exemplo.com;Renegociação;50,00;${futuroBr}\n`,
    );
    expect(relatorio).toMatchObject({ criados: 0, atualizados: 1, contas_criadas: 1 });
    // The name stays; an empty phone cell never erases the stored one.
    expect(await clientePorDocumento(cpf)).toMatchObject({
      nome: 'Paula Antiga',
      telefone: '+5511900000001',
      email: 'paula@exemplo.com',
      status: 'ativo',
    });
    expect(await contasDe(id)).toHaveLength(2);
  });

  it("refuses rows for another operator's customer and leaves that customer untouched", async () => {
    const cpf = gerarCpf(mulberry32(14));
    const id = await inserirCliente(t.database.db, {
      nome: 'Do Bruno',
      documento: cpf,
      operadorId: bruno.id,
    });
    const relatorio = await importarOk(
      tokens.ana,
      `nome;documento;telefone;valor;vencimento\nDo Bruno;${cpf};11987650002;10,00;${futuroBr}\n`,
    );
    expect(relatorio).toMatchObject({ criados: 0, atualizados: 0, rejeitados: 1, contas_criadas: 0 });
    expect(relatorio.erros).toEqual([{ linha: 2, mensagem: OUTRO_OPERADOR }]);
    expect(await clientePorDocumento(cpf)).toMatchObject({
      operadorId: bruno.id,
      telefone: expect.not.stringContaining('987650002'),
    });
    expect(await contasDe(id)).toHaveLength(0);
  });

  it('takes an unassigned customer (no linked operator) for the importing operator', async () => {
    const cpf = gerarCpf(mulberry32(15));
    await inserirCliente(t.database.db, { nome: 'Sem Dono', documento: cpf });
    const relatorio = await importarOk(tokens.ana, `nome;documento\nSem Dono;${cpf}\n`);
    expect(relatorio).toMatchObject({ atualizados: 1 });
    expect(await clientePorDocumento(cpf)).toMatchObject({ operadorId: ana.id });
  });

  it('a repeated document adds its receivable to the first row’s customer; one with another phone is refused, across batches too', async () => {
    const random = mulberry32(16);
    const repetido = gerarCpf(random);
    const linhas = ['nome;documento;telefone;descricao;valor;vencimento'];
    // Rows of the repeated document: the first sets the phone; a later one brings another phone
    // (refused: it must not move the next message to another number, issue 31), the same phone, or none.
    const telefones: Record<number, string> = {
      5: '(11) 98765-0001',
      [LOTE_CSV + 100]: '(11) 98765-0002',
      [LOTE_CSV + 150]: '(11) 98765-0001',
      [LOTE_CSV + 160]: '',
    };
    for (let i = 0; i < LOTE_CSV + 200; i += 1) {
      const telefone = telefones[i];
      const doc = telefone === undefined ? gerarCpf(random) : repetido;
      linhas.push(`Cliente ${i};${doc};${telefone ?? ''};Conta ${i};${i + 1},00;${futuroBr}`);
    }
    // The same row twice in a row: the same receivable, nothing more.
    linhas.push(linhas.at(-1) ?? '');
    const relatorio = await importarOk(tokens.ana, linhas.join('\n'));
    expect(relatorio).toMatchObject({
      criados: LOTE_CSV + 197,
      atualizados: 2,
      ignorados: 1,
      rejeitados: 1,
      contas_criadas: LOTE_CSV + 199,
    });
    // Header on line 1: row i is on line i + 2.
    expect(relatorio.erros).toEqual([
      {
        linha: LOTE_CSV + 102,
        campo: 'documento',
        mensagem: 'Documento repetido (mesmo da linha 7) com telefone diferente: valem os dados da linha 7.',
      },
    ]);
    const cliente = await clientePorDocumento(repetido);
    expect(cliente).toMatchObject({ nome: 'Cliente 5', telefone: '+5511987650001' });
    expect((await contasDe(cliente?.id ?? 0)).map((c) => c.descricao).sort()).toEqual(
      ['Conta 5', `Conta ${LOTE_CSV + 150}`, `Conta ${LOTE_CSV + 160}`].sort(),
    );
  });

  it('writes one audit entry with the totals', async () => {
    const relatorio = await importarOk(tokens.ana, `nome;documento\nAuditado;${gerarCpf(mulberry32(17))}\n`);
    const entradas = await t.database.db
      .select()
      .from(auditLogs)
      .where(eq(auditLogs.entidadeId, String(relatorio.importacao_id)));
    expect(entradas).toEqual([
      expect.objectContaining({
        usuarioId: ana.id,
        acao: 'importacao.csv',
        entidade: 'importacao',
        detalhes: expect.objectContaining({ criados: 1, rejeitados: 0 }),
      }),
    ]);
  });

  describe('refuses what is not an importable CSV with a 422 and writes nothing', () => {
    const casos: [string, () => ReturnType<typeof importar>, string][] = [
      ['an empty file', () => importar(tokens.ana, ''), 'O arquivo está vazio.'],
      [
        'a binary file named .csv',
        () => importar(tokens.ana, Buffer.from([0x50, 0x4b, 3, 4, 0, 0, 0xff, 0x10])),
        'binário',
      ],
      ['only a header', () => importar(tokens.ana, 'nome;documento;telefone\r\n'), 'só o cabeçalho'],
      [
        'a header without the required columns',
        () => importar(tokens.ana, 'foo;bar\n1;2\n'),
        'nome, documento',
      ],
      ['an HTML page', () => importar(tokens.ana, '<html><body>oi</body></html>\n'), 'nome, documento'],
      [
        'a 25 MB file',
        () => importar(tokens.ana, `nome;documento\n${'Fulano;52998224725\n'.repeat(1_400_000)}`),
        'limite de 20 MB',
      ],
      [
        'the wrong field name',
        () => importar(tokens.ana, 'nome;documento\nA;52998224725\n', 'c.csv', 'arquivo'),
        'csv_file',
      ],
    ];
    it.each(casos)('%s', async (_caso, enviar, mensagem) => {
      const antes = await contagem();
      const resposta = await enviar();
      expect(resposta.statusCode, resposta.body).toBe(422);
      const corpo = resposta.json<{ message: string; errors: Record<string, string[]> }>();
      expect(corpo.message).toContain(mensagem);
      expect(corpo.errors.csv_file?.[0]).toContain(mensagem);
      expect(await contagem()).toEqual(antes);
    });

    it('a JSON body instead of multipart', async () => {
      const resposta = await t.app.inject({
        method: 'POST',
        url: '/api/operador/clientes/importar-csv',
        payload: { csv_file: 'nome;documento' },
        headers: bearer(tokens.ana),
      });
      expect(resposta.statusCode).toBe(422);
      expect(resposta.json().errors.csv_file[0]).toContain('multipart/form-data');
    });

    it('two files at once', async () => {
      const resposta = await enviarArquivos(
        t.app,
        '/api/operador/clientes/importar-csv',
        'csv_file',
        [
          { nome: 'a.csv', conteudo: 'nome;documento\nA;52998224725\n' },
          { nome: 'b.csv', conteudo: 'nome;documento\nB;52998224725\n' },
        ],
        tokens.ana,
      );
      expect(resposta.statusCode).toBe(422);
    });
  });

  it('is for operators only', async () => {
    expect((await importar(tokens.admin, 'nome;documento\nA;52998224725\n')).statusCode).toBe(403);
  });
});

describe('import history', () => {
  it("lists an operator's own imports, newest first; another operator's report is a 404; an admin sees all", async () => {
    const deBruno = await importarOk(
      tokens.bruno,
      `nome;documento\nDo Bruno 2;${gerarCpf(mulberry32(18))}\n`,
    );
    const lista = await t.app.inject({
      method: 'GET',
      url: '/api/operador/importacoes',
      headers: bearer(tokens.ana),
    });
    expect(lista.statusCode).toBe(200);
    const paginaAna = lista.json<Paged<ImportacaoResumo>>();
    expect(paginaAna.per_page).toBe(20);
    expect(paginaAna.data.every((i) => i.usuario?.id === ana.id)).toBe(true);
    const ids = paginaAna.data.map((i) => i.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));

    const alheio = await t.app.inject({
      method: 'GET',
      url: `/api/operador/importacoes/${deBruno.importacao_id}`,
      headers: bearer(tokens.ana),
    });
    expect(alheio.statusCode).toBe(404);

    const proprio = await t.app.inject({
      method: 'GET',
      url: `/api/operador/importacoes/${deBruno.importacao_id}`,
      headers: bearer(tokens.bruno),
    });
    expect(proprio.json<ImportacaoDetalhe>()).toMatchObject({
      id: deBruno.importacao_id,
      tipo: 'csv',
      status: 'concluida',
      usuario: { id: bruno.id, nome: 'Bruno Operador' },
      criados: 1,
      erros: [],
    });

    const admin = await t.app.inject({
      method: 'GET',
      url: '/api/admin/importacoes',
      headers: bearer(tokens.admin),
    });
    const usuariosVistos = new Set(admin.json<Paged<ImportacaoResumo>>().data.map((i) => i.usuario?.id));
    expect(usuariosVistos).toEqual(new Set([ana.id, bruno.id]));
    const detalheAdmin = await t.app.inject({
      method: 'GET',
      url: `/api/admin/importacoes/${deBruno.importacao_id}`,
      headers: bearer(tokens.admin),
    });
    expect(detalheAdmin.statusCode).toBe(200);
  });
});

// After the history above: its admin page counts the imports made before it.
describe('prescribed receivables (issue 31)', () => {
  it('imports a receivable over 5 years past due as prescrita, outside collection, and says so on its row', async () => {
    const random = mulberry32(3118);
    const [antigo, misto] = [gerarCpf(random), gerarCpf(random)];
    const relatorio = await importarOk(
      tokens.ana,
      [
        'nome;documento;descricao;valor;vencimento',
        `Devedor Antigo;${antigo};Duplicata 2018;347,28;24/08/2018`,
        `Devedor Antigo Dois;${misto};Duplicata 2018;100,00;24/08/2018`,
        `Outro Nome;${gerarCpf(random)};Atual;50,00;${futuroBr}`,
      ].join('\n'),
    );
    expect(relatorio).toMatchObject({ criados: 3, rejeitados: 0, contas_criadas: 3 });
    const nota =
      'Conta vencida em 24/08/2018, mais de 5 anos antes da importação: prescrita (Código Civil art. 206 §5 I), importada fora da cobrança.';
    expect(relatorio.erros).toEqual([
      { linha: 2, campo: 'vencimento', mensagem: nota },
      { linha: 3, campo: 'vencimento', mensagem: nota },
    ]);
    const cliente = await clientePorDocumento(antigo);
    // Nothing to collect: not in the Ativos queue.
    expect(cliente?.status).toBe('concluido');
    expect(await contasDe(cliente?.id ?? 0)).toEqual([
      expect.objectContaining({ status: 'prescrita', valorCentavos: 34_728, vencimento: '2018-08-24' }),
    ]);
  });
});

describe("a receivable's boleto in the CSV (issue 33)", () => {
  const linha = (documento: string, valor: string, nosso: string) =>
    `Boleto ${nosso};${documento};;;Duplicata ${nosso};${valor};${futuroBr};341;${nosso};;`;
  const cabecalho =
    'nome;documento;telefone;email;descricao;valor;vencimento;banco;nosso_numero;linha_digitavel;codigo_barras';

  it('stores bank and nosso número; refuses one another receivable holds, or repeated in the file, on its row', async () => {
    const a = gerarCpf(mulberry32(331));
    const b = gerarCpf(mulberry32(332));
    const c = gerarCpf(mulberry32(333));
    const primeiro = await importarOk(tokens.ana, `${cabecalho}\n${linha(a, '100,00', '000555001')}\n`);
    expect(primeiro).toMatchObject({ criados: 1, contas_criadas: 1, rejeitados: 0 });
    const [conta] = await contasDe((await clientePorDocumento(a))?.id ?? 0);
    expect(conta).toMatchObject({ banco: '341', nossoNumero: '555001' });
    // The same row again is the same receivable: nothing refused, nothing new.
    expect(await importarOk(tokens.ana, `${cabecalho}\n${linha(a, '100,00', '000555001')}\n`)).toMatchObject({
      rejeitados: 0,
      contas_criadas: 0,
    });
    const segundo = await importarOk(
      tokens.ana,
      `${cabecalho}\n${linha(b, '80,00', '555001')}\n${linha(c, '90,00', '555002')}\n${linha(c, '91,00', '555002')}\n`,
    );
    expect(segundo).toMatchObject({ rejeitados: 2, contas_criadas: 1 });
    expect(segundo.erros.map((e) => [e.linha, e.mensagem])).toEqual([
      [2, `O nosso número 555001 do banco 341 já é da conta nº ${conta?.id}.`],
      [4, 'O nosso número 555002 do banco 341 se repete na planilha.'],
    ]);
  });
});
