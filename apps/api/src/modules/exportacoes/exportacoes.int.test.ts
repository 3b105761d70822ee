import { ACAO_EXPORTACAO, type ClienteLista, type LogEntry, type Paged } from '@cobranca/contracts';
import { diasEntre, hojeNoFuso, somarDias, ultimoVencimentoComAtraso } from '@cobranca/dominio';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  buildTestApp,
  createTestUser,
  issueToken,
  type TestApp,
  type TestUser,
} from '../../../test/build-test-app.ts';
import { inserirCliente, inserirConta } from '../clientes/clientes.test-fixtures.ts';

// Exports of the lists, logs and dashboard (docs/decisions/020-exportacao.md), on both databases:
// same filters and order as the lists, the caller's scope, formula fields neutralised in CSV (an XLSX
// text cell is never a formula), phones and documents as people write them.

let t: TestApp;
let ana: TestUser;
let bruno: TestUser;
const tokens = { ana: '', bruno: '', admin: '' };
const hoje = hojeNoFuso(new Date());
// A business day at least 10 days back: days overdue count from the next business day (docs/produto.md
// §7), so "today − 10" on a holiday (20/11 when today is 30/11) would be fewer than 10 days late.
const vencidaHa = ultimoVencimentoComAtraso(hoje, 10);
const FORMULA = '=HYPERLINK("http://x")';
const TELEFONE = '+5511987650001';
const DOCUMENTO = '01234567890';

/** A pt-BR CSV as rows of fields (quotes and `;` inside quotes handled), without the BOM. */
const lerCsv = (texto: string): string[][] => {
  expect(texto.startsWith('\uFEFF')).toBe(true);
  const linhas: string[][] = [];
  let campo = '';
  let linha: string[] = [];
  let aspas = false;
  const corpo = texto.slice(1);
  for (let i = 0; i < corpo.length; i++) {
    const c = corpo[i];
    if (aspas) {
      if (c === '"' && corpo[i + 1] === '"') {
        campo += '"';
        i++;
      } else if (c === '"') aspas = false;
      else campo += c;
    } else if (c === '"') aspas = true;
    else if (c === ';') {
      linha.push(campo);
      campo = '';
    } else if (c === '\r' && corpo[i + 1] === '\n') {
      linha.push(campo);
      linhas.push(linha);
      linha = [];
      campo = '';
      i++;
    } else campo += c;
  }
  return linhas;
};

const exportar = (url: string, token: string) => t.app.inject({ method: 'GET', url, headers: bearer(token) });

const lerXlsx = async (payload: Buffer) => {
  const livro = new ExcelJS.Workbook();
  await livro.xlsx.load(payload as unknown as ArrayBuffer);
  return livro;
};

const valoresDa = (planilha: ExcelJS.Worksheet, linha: number) =>
  (planilha.getRow(linha).values as ExcelJS.CellValue[]).slice(1);

beforeAll(async () => {
  t = await buildTestApp();
  ana = await createTestUser(t.database, 'operador', { name: 'Ana Operadora' });
  bruno = await createTestUser(t.database, 'operador', { name: 'Bruno Operador' });
  const admin = await createTestUser(t.database, 'admin');
  tokens.ana = await issueToken(t.database, ana.id);
  tokens.bruno = await issueToken(t.database, bruno.id);
  tokens.admin = await issueToken(t.database, admin.id);

  const db = t.database.db;
  const formula = await inserirCliente(db, {
    nome: FORMULA,
    telefone: TELEFONE,
    documento: DOCUMENTO,
    operadorId: ana.id,
  });
  await inserirConta(db, { clienteId: formula, valorCentavos: 15_050, vencimento: vencidaHa });
  const beatriz = await inserirCliente(db, { nome: 'Beatriz; "Bia" Souza', operadorId: ana.id });
  await inserirConta(db, { clienteId: beatriz, valorCentavos: 2_000, vencimento: somarDias(hoje, 5) });
  await inserirCliente(db, { nome: 'Carlos Lima', operadorId: ana.id, status: 'pausado' });
  await inserirCliente(db, { nome: 'Cliente do Bruno', operadorId: bruno.id });
  const doBruno = await inserirCliente(db, { nome: '@Devedor do Bruno', operadorId: bruno.id });
  await inserirConta(db, { clienteId: doBruno, valorCentavos: 99_900, vencimento: somarDias(hoje, -40) });
});

afterAll(async () => {
  await t?.close();
});

describe('operator lists', () => {
  it('exports every row of Ativos as CSV for Excel pt-BR, in the list order, with formulas neutralised', async () => {
    const response = await exportar('/api/operador/clientes/ativos/exportar?formato=csv', tokens.ana);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="clientes-ativos-${hoje}.csv"`,
    );
    const [cabecalho, ...linhas] = lerCsv(response.body);
    expect(cabecalho?.slice(0, 7)).toEqual([
      'Nome',
      'CPF/CNPJ',
      'Telefone',
      'Status',
      'Total em aberto',
      'Tentativas',
      'Operador',
    ]);
    // By name (pt-BR collation), like the list; "=" sorts before letters. Bruno's customers never appear.
    expect(linhas.map((l) => l[0])).toEqual([`'${FORMULA}`, 'Beatriz; "Bia" Souza', 'Carlos Lima']);
    const [primeira] = linhas;
    // As people write them: no apostrophe, no digit a spreadsheet could drop.
    expect(primeira?.[1]).toBe('012.345.678-90');
    expect(primeira?.[2]).toBe('(11) 98765-0001');
    expect(primeira?.[3]).toBe('Ativo');
    // The amount the list shows (fines and interest included), with a decimal comma and no thousands
    // separator; days overdue as a plain integer.
    const lista = await exportar('/api/operador/clientes/ativos', tokens.ana);
    const total = lista.json<Paged<ClienteLista>>().data[0]?.total_em_aberto ?? 0;
    expect(total).toBeGreaterThan(150.5);
    expect(primeira?.[4]).toBe(total.toFixed(2).replace('.', ','));
    expect(primeira?.[6]).toBe('Ana Operadora');
    expect(primeira?.[cabecalho?.indexOf('Dias de atraso') ?? -1]).toBe(String(diasEntre(vencidaHa, hoje)));
  });

  it('applies the same filters, search and order as the list', async () => {
    const porValor = lerCsv(
      (await exportar('/api/operador/clientes/ativos/exportar?formato=csv&valor_min=100', tokens.ana)).body,
    );
    expect(porValor.slice(1).map((l) => l[0])).toEqual([`'${FORMULA}`]);

    const desc = lerCsv(
      (
        await exportar(
          '/api/operador/clientes/ativos/exportar?formato=csv&ordem=nome&sentido=desc',
          tokens.ana,
        )
      ).body,
    );
    expect(desc.slice(1).map((l) => l[0])).toEqual(['Carlos Lima', 'Beatriz; "Bia" Souza', `'${FORMULA}`]);

    const busca = lerCsv(
      (await exportar('/api/operador/clientes/ativos/exportar?formato=csv&busca=beatriz', tokens.ana)).body,
    );
    expect(busca.slice(1).map((l) => l[0])).toEqual(['Beatriz; "Bia" Souza']);

    // A list with nothing in it is still a file: the header alone.
    const vazia = lerCsv(
      (await exportar('/api/operador/clientes/concluidos/exportar?formato=csv', tokens.ana)).body,
    );
    expect(vazia).toHaveLength(1);
  });

  it('keeps each operator in their own scope', async () => {
    const doBruno = lerCsv(
      (await exportar('/api/operador/clientes/ativos/exportar?formato=csv', tokens.bruno)).body,
    );
    expect(doBruno.slice(1).map((l) => l[0])).toEqual(["'@Devedor do Bruno", 'Cliente do Bruno']);
    // Bruno's export has none of Ana's customers and the filters cannot widen it.
    const filtrada = lerCsv(
      (await exportar('/api/operador/clientes/ativos/exportar?formato=csv&busca=HYPERLINK', tokens.bruno))
        .body,
    );
    expect(filtrada).toHaveLength(1);
  });

  it('quotes every field with a comma too, so a comma-separated reading keeps it one text field', async () => {
    const db = t.database.db;
    const carla = await createTestUser(t.database, 'operador', { name: 'Carla Operadora' });
    await inserirCliente(db, { nome: 'Fulano,=1+1', operadorId: carla.id });
    const response = await exportar(
      '/api/operador/clientes/ativos/exportar?formato=csv',
      await issueToken(t.database, carla.id),
    );
    expect(response.body.split('\r\n')[1]?.startsWith('"Fulano,=1+1";')).toBe(true);
    expect(lerCsv(response.body)[1]?.[0]).toBe('Fulano,=1+1');
  });

  it('exports XLSX that reads back with typed cells: numbers in BRL, dates as dates, text as written', async () => {
    const response = await exportar('/api/operador/clientes/ativos/exportar?formato=xlsx', tokens.ana);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="clientes-ativos-${hoje}.xlsx"`,
    );
    const livro = await lerXlsx(response.rawPayload);
    const planilha = livro.getWorksheet('Clientes');
    if (!planilha) throw new Error('sem a planilha Clientes');
    expect(valoresDa(planilha, 1).slice(0, 4)).toEqual(['Nome', 'CPF/CNPJ', 'Telefone', 'Status']);
    expect(planilha.actualRowCount).toBe(4);
    const linha = planilha.getRow(2);
    // A text cell, never a formula: no apostrophe to neutralise it.
    expect(linha.getCell(1).value).toBe(FORMULA);
    expect(linha.getCell(1).type).toBe(ExcelJS.ValueType.String);
    expect(linha.getCell(2).value).toBe('012.345.678-90');
    expect(linha.getCell(3).value).toBe('(11) 98765-0001');
    const lista = await exportar('/api/operador/clientes/ativos', tokens.ana);
    expect(linha.getCell(5).value).toBe(lista.json<Paged<ClienteLista>>().data[0]?.total_em_aberto);
    expect(linha.getCell(5).numFmt).toContain('R$');
    expect(planilha.getRow(3).getCell(1).value).toBe('Beatriz; "Bia" Souza');
  });

  it('exports the receivables with their filters, in the operator scope', async () => {
    const todas = lerCsv(
      (await exportar('/api/operador/contas-receber/exportar?formato=csv', tokens.ana)).body,
    );
    expect(todas[0]?.slice(0, 2)).toEqual(['Cliente', 'Descrição']);
    // By due date: the overdue one first; never Bruno's.
    expect(todas.slice(1).map((l) => l[0])).toEqual([`'${FORMULA}`, 'Beatriz; "Bia" Souza']);
    const venc = todas[0]?.indexOf('Vencimento') ?? -1;
    const [ano, mes, dia] = vencidaHa.split('-');
    expect(todas[1]?.[venc]).toBe(`${dia}/${mes}/${ano}`);

    const vencidas = lerCsv(
      (await exportar('/api/operador/contas-receber/exportar?formato=csv&vencidas=1', tokens.ana)).body,
    );
    expect(vencidas.slice(1).map((l) => l[0])).toEqual([`'${FORMULA}`]);
    expect(
      (await exportar('/api/operador/contas-receber/exportar?formato=xlsx', tokens.ana)).headers[
        'content-disposition'
      ],
    ).toBe(`attachment; filename="contas-a-receber-${hoje}.xlsx"`);
  });

  it('refuses an unknown or missing format (422), a bad filter (422) and the wrong role (403)', async () => {
    const invalido = await exportar('/api/operador/clientes/ativos/exportar?formato=pdf', tokens.ana);
    expect(invalido.statusCode).toBe(422);
    expect(invalido.json().errors.formato).toEqual(['Formato desconhecido. Use: csv, xlsx.']);
    expect((await exportar('/api/operador/clientes/ativos/exportar', tokens.ana)).statusCode).toBe(422);
    expect(
      (
        await exportar(
          '/api/operador/clientes/ativos/exportar?formato=csv&atraso_min=9&atraso_max=1',
          tokens.ana,
        )
      ).statusCode,
    ).toBe(422);
    expect(
      (await exportar('/api/operador/clientes/ativos/exportar?formato=csv', tokens.admin)).statusCode,
    ).toBe(403);
    expect((await exportar('/api/admin/clientes/exportar?formato=csv', tokens.ana)).statusCode).toBe(403);
    expect((await exportar('/api/admin/logs/exportar?formato=csv', tokens.ana)).statusCode).toBe(403);
    expect((await exportar('/api/admin/dashboard/exportar?formato=csv', tokens.ana)).statusCode).toBe(403);
    const semSessao = await t.app.inject({ method: 'GET', url: '/api/admin/clientes/exportar?formato=csv' });
    expect(semSessao.statusCode).toBe(401);
  });
});

describe('admin exports', () => {
  it('exports every customer, or one operator’s, or one status', async () => {
    const todos = lerCsv((await exportar('/api/admin/clientes/exportar?formato=csv', tokens.admin)).body);
    expect(todos.slice(1)).toHaveLength(6);
    expect(todos.slice(1).map((l) => l[0])).toContain("'@Devedor do Bruno");

    const doBruno = lerCsv(
      (await exportar(`/api/admin/clientes/exportar?formato=csv&operador_id=${bruno.id}`, tokens.admin)).body,
    );
    expect(doBruno.slice(1).map((l) => l[0])).toEqual(["'@Devedor do Bruno", 'Cliente do Bruno']);

    const pausados = await exportar(
      '/api/admin/clientes/por-status/pausado/exportar?formato=csv',
      tokens.admin,
    );
    expect(pausados.headers['content-disposition']).toBe(
      `attachment; filename="clientes-pausado-${hoje}.csv"`,
    );
    expect(
      lerCsv(pausados.body)
        .slice(1)
        .map((l) => l[0]),
    ).toEqual(['Carlos Lima']);
  });

  it('leaves one audit entry per export with the filters and the row count, and exports the logs', async () => {
    await exportar(
      '/api/admin/clientes/exportar?formato=xlsx&busca=bruno&ordem=nome&sentido=desc',
      tokens.admin,
    );
    const logs = await t.app.inject({
      method: 'GET',
      url: `/api/admin/logs?acao=${ACAO_EXPORTACAO}`,
      headers: bearer(tokens.admin),
    });
    const [ultima] = logs.json<Paged<LogEntry>>().data;
    expect(ultima?.detalhes).toEqual({
      lista: 'clientes',
      formato: 'xlsx',
      filtros: { busca: 'bruno', ordem: 'nome', sentido: 'desc' },
      linhas: 2,
    });
    expect(ultima?.descricao).toBe('Exportou clientes em XLSX (2 linhas)');

    const arquivo = await exportar(
      `/api/admin/logs/exportar?formato=xlsx&acao=${ACAO_EXPORTACAO}`,
      tokens.admin,
    );
    expect(arquivo.headers['content-disposition']).toBe(`attachment; filename="logs-${hoje}.xlsx"`);
    const planilha = (await lerXlsx(arquivo.rawPayload)).getWorksheet('Logs');
    if (!planilha) throw new Error('sem a planilha Logs');
    expect(valoresDa(planilha, 1)).toEqual([
      'Data e hora',
      'Ação',
      'Descrição',
      'Usuário',
      'IP',
      'Entidade',
      'ID da entidade',
      'Detalhes',
    ]);
    // Newest first, like the screen; the date is a real date.
    expect(planilha.getRow(2).getCell(3).value).toBe('Exportou clientes em XLSX (2 linhas)');
    expect(planilha.getRow(2).getCell(1).value).toBeInstanceOf(Date);
    expect(planilha.getRow(2).getCell(1).numFmt).toBe('dd/mm/yyyy hh:mm');
    // Every export of this file so far (operators' too), as the logs list counts them.
    expect(planilha.actualRowCount - 1).toBe(logs.json<Paged<LogEntry>>().total);
  });

  it('exports the dashboard: the figures, the monthly table and the operators, as sheets or CSV sections', async () => {
    const livro = await lerXlsx(
      (await exportar('/api/admin/dashboard/exportar?formato=xlsx', tokens.admin)).rawPayload,
    );
    expect(livro.worksheets.map((w) => w.name)).toEqual([
      'Indicadores do mês',
      'Gráfico mensal',
      'Operadores',
    ]);
    const indicadores = livro.getWorksheet('Indicadores do mês');
    expect(indicadores && valoresDa(indicadores, 2)).toEqual(['Valores em aberto', 1169.5]);
    expect(livro.getWorksheet('Gráfico mensal')?.actualRowCount).toBe(13);

    const csv = lerCsv((await exportar('/api/admin/dashboard/exportar?formato=csv', tokens.admin)).body);
    expect(csv[0]).toEqual(['Indicadores do mês']);
    expect(csv[1]).toEqual(['Indicador', 'Valor']);
    expect(csv[2]).toEqual(['Valores em aberto', '1169,50']);
    const operadores = csv.findIndex((l) => l[0] === 'Operadores');
    expect(csv[operadores + 1]).toEqual(['Operador', 'E-mail', 'Situação', 'Contatos no mês']);
    expect(csv.slice(operadores + 2).map((l) => l[0])).toEqual([
      'Ana Operadora',
      'Bruno Operador',
      'Carla Operadora',
    ]);
  });
});
