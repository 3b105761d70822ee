import { readFileSync } from 'node:fs';
import type { ImportacaoRelatorio } from '@cobranca/contracts';
import { estaPrescrita, formatarDataBr, gerarCpf, hojeNoFuso } from '@cobranca/dominio';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildTestApp,
  createTestUser,
  issueToken,
  type TestApp,
  type TestUser,
} from '../../../test/build-test-app.ts';
import { clientes, contasReceber } from '../../db/schema/index.ts';
import { inserirCliente, inserirConta } from '../clientes/clientes.test-fixtures.ts';
import { mulberry32 } from '../demo/prng.ts';
import { OUTRO_OPERADOR } from './importacao-lote.regras.ts';
import { type ArquivoTeste, contarRegistros, enviarArquivos } from './importacoes.test-fixtures.ts';
import {
  chaveDaNota,
  montarNfe,
  montarZip,
  nfeAninhada,
  nfeComAtributos,
  nfeComTexto,
  trocarNome,
} from './nfe/nfe.test-fixtures.ts';

let t: TestApp;
let ana: TestUser;
let token = '';

const fixture = (nome: string): ArquivoTeste => ({
  nome,
  conteudo: readFileSync(new URL(`../../../test/fixtures/nfe/${nome}`, import.meta.url)),
});
const FIXTURES = [
  'nfe-bare-cnpj-1dup-homolog.xml',
  'nfeproc-cnpj-2dup.xml',
  'nfeproc-cpf-email-1dup.xml',
  'nfeproc-cpf-nonnumeric-ndup.xml',
].map(fixture);

const importar = (arquivos: ArquivoTeste[]) =>
  enviarArquivos(t.app, '/api/operador/contas-receber/importar-xml', 'arquivo_xml', arquivos, token);

const importarOk = async (arquivos: ArquivoTeste[]): Promise<ImportacaoRelatorio> => {
  const resposta = await importar(arquivos);
  expect(resposta.statusCode, resposta.body).toBe(200);
  return resposta.json<ImportacaoRelatorio>();
};

const cliente = async (documento: string) =>
  (await t.database.db.select().from(clientes).where(eq(clientes.documento, documento)))[0];
const contasDaChave = (chave: string) =>
  t.database.db
    .select()
    .from(contasReceber)
    .where(eq(contasReceber.chaveNfe, chave))
    .orderBy(contasReceber.numeroParcela);
const contagem = () => contarRegistros(t.database.db);

// The same buyer in every generated note unless a test says otherwise (CPF 529.982.247-25).
const nota = (n: number, opcoes: Parameters<typeof montarNfe>[0] = {}) => ({
  nome: `nota-${n}.xml`,
  conteudo: montarNfe({ chave: chaveDaNota(n), ...opcoes }),
});

beforeAll(async () => {
  t = await buildTestApp();
  ana = await createTestUser(t.database, 'operador');
  token = await issueToken(t.database, ana.id);
});

afterAll(async () => {
  await t?.close();
});

describe('POST /api/operador/contas-receber/importar-xml', () => {
  it('imports the four real NF-e samples: one receivable per dup, customers from <dest>', async () => {
    const relatorio = await importarOk(FIXTURES);
    expect(relatorio).toMatchObject({
      tipo: 'xml',
      status: 'concluida',
      arquivo_nome: 'nfe-bare-cnpj-1dup-homolog.xml e mais 3 arquivos',
      criados: 4,
      atualizados: 0,
      ignorados: 0,
      rejeitados: 0,
      contas_criadas: 5,
    });
    // Notes, not rejections: a phone WhatsApp cannot use, and a test-environment note.
    expect(relatorio.erros).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ arquivo: 'nfeproc-cnpj-2dup.xml', campo: 'fone' }),
        expect.objectContaining({
          arquivo: 'nfe-bare-cnpj-1dup-homolog.xml',
          mensagem: expect.stringContaining('homologação'),
        }),
      ]),
    );

    // Their 2018 instalments are prescribed: imported as such, nothing left to collect (issue 31).
    expect(await cliente('58716523000119')).toMatchObject({
      documentoTipo: 'cnpj',
      telefone: '+5551990909090', // 5190909090 with the ninth digit
      status: 'concluido',
      operadorId: ana.id,
      origemContato: 'nfe',
    });
    expect(await cliente('37148260000119')).toMatchObject({ telefone: null, status: 'concluido' });
    expect(await cliente('35029428895')).toMatchObject({
      documentoTipo: 'cpf',
      telefone: '+5521997900276',
      email: 'marianaalmeida@me.com',
    });
    expect(await cliente('68161525650')).toMatchObject({ telefone: null, email: null });

    const duasParcelas = await t.database.db
      .select()
      .from(contasReceber)
      .innerJoin(clientes, eq(clientes.id, contasReceber.clienteId))
      .where(eq(clientes.documento, '37148260000119'))
      .orderBy(contasReceber.numeroParcela);
    expect(
      duasParcelas.map(({ contas_receber: c }) => [
        c.numeroParcela,
        c.vencimento,
        c.valorCentavos,
        c.origem,
        c.status,
      ]),
    ).toEqual([
      ['001', '2018-09-25', 289_000, 'nfe', 'prescrita'],
      ['002', '2018-11-04', 289_000, 'nfe', 'prescrita'],
    ]);
    const [textual] = await t.database.db
      .select()
      .from(contasReceber)
      .innerJoin(clientes, eq(clientes.id, contasReceber.clienteId))
      .where(eq(clientes.documento, '68161525650'));
    expect(textual?.contas_receber).toMatchObject({
      numeroParcela: '47428/1-1',
      valorCentavos: 34_728,
      vencimento: '2018-08-24',
      status: 'prescrita',
    });
  });

  it('notes, without refusing, duplicatas that differ from vNF and due dates over 5 years before the import', async () => {
    // After the first test these are re-imports: the notes come with an ignored note too.
    const { erros, rejeitados } = await importarOk(FIXTURES);
    expect(rejeitados).toBe(0);
    const notas = (arquivo: string, campo: string) =>
      erros.filter((e) => e.arquivo === arquivo && e.campo === campo).map((e) => e.mensagem);
    expect(notas('nfe-bare-cnpj-1dup-homolog.xml', 'dup')).toEqual([
      'A soma das duplicatas (R$ 1,00) difere do valor total da nota (vNF R$ 500,00); importadas as duplicatas.',
    ]);
    expect(notas('nfeproc-cpf-email-1dup.xml', 'dup')).toEqual([
      'A soma das duplicatas (R$ 19.104,00) difere do valor total da nota (vNF R$ 19.606,03); importadas as duplicatas.',
    ]);
    // Its two dups add up to vNF.
    expect(notas('nfeproc-cnpj-2dup.xml', 'dup')).toEqual([]);
    const hoje = hojeNoFuso(new Date());
    const antigas = (arquivo: string, dups: [string, string][]) =>
      expect(notas(arquivo, 'dVenc')).toEqual(
        dups
          .filter(([, vencimento]) => estaPrescrita(vencimento, hoje))
          .map(
            ([numero, vencimento]) =>
              `Parcela ${numero} vencida em ${formatarDataBr(vencimento)}, mais de 5 anos antes da importação: prescrita (Código Civil art. 206 §5 I), importada fora da cobrança.`,
          ),
      );
    antigas('nfeproc-cnpj-2dup.xml', [
      ['001', '2018-09-25'],
      ['002', '2018-11-04'],
    ]);
    antigas('nfeproc-cpf-nonnumeric-ndup.xml', [['47428/1-1', '2018-08-24']]);
    antigas('nfeproc-cpf-email-1dup.xml', [['001', '2021-12-15']]);
    expect(notas('nfeproc-cnpj-2dup.xml', 'dVenc')).toHaveLength(2);
  });

  it('re-importing the same notes creates nothing new', async () => {
    const antes = await contagem();
    const relatorio = await importarOk(FIXTURES);
    expect(relatorio).toMatchObject({
      criados: 0,
      atualizados: 0,
      ignorados: 4,
      rejeitados: 0,
      contas_criadas: 0,
    });
    expect({ ...(await contagem()), importacoes: 0 }).toEqual({ ...antes, importacoes: 0 });
  });

  it('reads a ZIP of notes: several dups, none (vNF on the emission date), a cancelled note and a stray file', async () => {
    const zip = await montarZip([
      {
        nome: 'lote/tres-parcelas.xml',
        dados: nota(101, {
          vNF: '300.00',
          dups: [
            { nDup: '001', dVenc: '2030-01-10', vDup: '100.00' },
            { nDup: '002', dVenc: '2030-02-10', vDup: '100.00' },
            { nDup: '003', dVenc: '2030-03-10', vDup: '100.01' },
          ],
        }).conteudo,
      },
      {
        nome: 'lote/sem-cobr.xml',
        dados: nota(102, { vNF: '1234.56', dups: null, dhEmi: '2030-05-31T23:30:00-03:00' }).conteudo,
      },
      {
        nome: 'lote/cancelada.xml',
        dados: nota(103, { protocolo: { cStat: '101', xMotivo: 'Cancelamento de NF-e homologado' } })
          .conteudo,
      },
      { nome: 'lote/leia-me.txt', dados: 'não é nota' },
    ]);
    const relatorio = await importarOk([{ nome: 'notas.zip', conteudo: zip }]);
    expect(relatorio).toMatchObject({ criados: 1, atualizados: 1, rejeitados: 2, contas_criadas: 4 });
    expect(relatorio.erros).toEqual([
      {
        arquivo: 'notas.zip/lote/cancelada.xml',
        campo: 'protNFe',
        mensagem: expect.stringContaining('cStat 101'),
      },
      { arquivo: 'notas.zip/lote/leia-me.txt', mensagem: expect.stringContaining('XML') },
      // 100,00 + 100,00 + 100,01 against vNF 300,00: imported, with a note.
      {
        arquivo: 'notas.zip/lote/tres-parcelas.xml',
        campo: 'dup',
        mensagem: expect.stringContaining('(R$ 300,01) difere do valor total da nota (vNF R$ 300,00)'),
      },
    ]);
    expect((await contasDaChave(chaveDaNota(101))).map((c) => c.valorCentavos)).toEqual([
      10_000, 10_000, 10_001,
    ]);
    expect(await contasDaChave(chaveDaNota(102))).toEqual([
      expect.objectContaining({ numeroParcela: '1', valorCentavos: 123_456, vencimento: '2030-05-31' }),
    ]);
    expect(await contasDaChave(chaveDaNota(103))).toEqual([]);
  });

  it('a note for a concluded customer of the operator brings them back to ativo', async () => {
    const id = await inserirCliente(t.database.db, {
      nome: 'Concluída',
      documento: '11444777000161',
      status: 'concluido',
      operadorId: ana.id,
    });
    await inserirConta(t.database.db, {
      clienteId: id,
      valorCentavos: 100,
      vencimento: '2024-01-01',
      status: 'paga',
      valorPagoCentavos: 100,
    });
    const relatorio = await importarOk([
      nota(104, { dest: { tag: 'CNPJ', valor: '11444777000161', xNome: 'Concluída Ltda' } }),
    ]);
    expect(relatorio).toMatchObject({ criados: 0, atualizados: 1, contas_criadas: 1 });
    expect(await cliente('11444777000161')).toMatchObject({ status: 'ativo', nome: 'Concluída' });
  });

  it("rejects a note for another operator's customer with only that reason, and leaves the customer untouched", async () => {
    const bruno = await createTestUser(t.database, 'operador');
    const cpf = gerarCpf(mulberry32(31));
    const id = await inserirCliente(t.database.db, {
      nome: 'Do Bruno',
      documento: cpf,
      operadorId: bruno.id,
    });
    // A test-environment note with a landline: had it been imported, both would be noted.
    const relatorio = await importarOk([
      nota(106, { tpAmb: '2', dest: { tag: 'CPF', valor: cpf, xNome: 'Do Bruno', fone: '1133334444' } }),
    ]);
    expect(relatorio).toMatchObject({ criados: 0, atualizados: 0, rejeitados: 1, contas_criadas: 0 });
    expect(relatorio.erros).toEqual([{ arquivo: 'nota-106.xml', mensagem: OUTRO_OPERADOR }]);
    expect(await cliente(cpf)).toMatchObject({ id, operadorId: bruno.id });
    expect(await contasDaChave(chaveDaNota(106))).toEqual([]);
  });

  it('reports a non-XML file beside good notes without blocking them', async () => {
    const relatorio = await importarOk([
      nota(105),
      { nome: 'foto.png', conteudo: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0]) },
    ]);
    expect(relatorio).toMatchObject({ rejeitados: 1, contas_criadas: 1 });
    expect(relatorio.erros).toEqual([
      { arquivo: 'foto.png', mensagem: 'Não é um arquivo XML de NF-e nem um ZIP.' },
    ]);
  });

  it('rejects, each with its reason, files beyond the structure limits of an NF-e, and imports the others', async () => {
    const relatorio = await importarOk([
      nota(301),
      // 4.5 MB: 400 000 attributes on <ide>.
      { nome: 'atributos.xml', conteudo: nfeComAtributos(400_000, chaveDaNota(302)) },
      { nome: 'aninhada.xml', conteudo: nfeAninhada(10_000, chaveDaNota(303)) },
      { nome: 'texto.xml', conteudo: nfeComTexto(5_000_000, chaveDaNota(304)) },
    ]);
    expect(relatorio).toMatchObject({ rejeitados: 3, contas_criadas: 1 });
    const recusa = (detalhe: string) =>
      `Estrutura fora dos limites de uma NF-e: ${detalhe}. O arquivo não foi lido.`;
    expect(relatorio.erros).toEqual([
      { arquivo: 'atributos.xml', mensagem: recusa('o elemento <ide> tem mais de 100 atributos') },
      { arquivo: 'aninhada.xml', mensagem: recusa('os elementos se aninham em mais de 64 níveis') },
      { arquivo: 'texto.xml', mensagem: recusa('um texto tem mais de 65.536 caracteres') },
    ]);
    expect(await contasDaChave(chaveDaNota(301))).toHaveLength(1);
    for (const n of [302, 303, 304]) expect(await contasDaChave(chaveDaNota(n))).toEqual([]);
  });

  describe('refuses hostile or useless uploads with a 422 and writes nothing', () => {
    const xxe = `<?xml version="1.0"?><!DOCTYPE nfeProc [<!ENTITY xxe SYSTEM "file:///etc/passwd">]><nfeProc>&xxe;</nfeProc>`;
    const risadas = `<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">]><lolz>&lol2;</lolz>`;
    const casos: [string, () => Promise<ArquivoTeste[]>, string][] = [
      ['XXE beside a good note', async () => [nota(201), { nome: 'xxe.xml', conteudo: xxe }], 'xxe.xml'],
      ['billion laughs', async () => [{ nome: 'risadas.xml', conteudo: risadas }], 'risadas.xml'],
      [
        'a ZIP entry escaping the folder',
        async () => {
          const zip = await montarZip([{ nome: 'aa/bb/nota.xml', dados: nota(202).conteudo }]);
          return [{ nome: 'trilha.zip', conteudo: trocarNome(zip, 'aa/bb/nota.xml', '../../nota.xml') }];
        },
        'trilha.zip',
      ],
      [
        'a ZIP bomb',
        async () => [
          {
            nome: 'bomba.zip',
            conteudo: await montarZip([{ nome: 'b.xml', dados: Buffer.alloc(60 * 1024 * 1024) }]),
          },
        ],
        'bomba.zip',
      ],
      [
        'only a binary file',
        async () => [{ nome: 'dados.xml.exe', conteudo: Buffer.from([0x4d, 0x5a, 0, 0]) }],
        'Nenhum arquivo XML',
      ],
      [
        'more than 20 MB',
        async () => [nota(203), { nome: 'grande.xml', conteudo: Buffer.alloc(21 * 1024 * 1024, 32) }],
        '20 MB',
      ],
    ];
    it.each(casos)('%s', async (_caso, arquivos, esperado) => {
      const antes = await contagem();
      const resposta = await importar(await arquivos());
      expect(resposta.statusCode, resposta.body).toBe(422);
      const corpo = resposta.json<{ message: string; errors: Record<string, string[]> }>();
      expect(`${corpo.message} ${corpo.errors.arquivo_xml?.join(' ')}`).toContain(esperado);
      expect(await contagem()).toEqual(antes);
    });
  });
});
