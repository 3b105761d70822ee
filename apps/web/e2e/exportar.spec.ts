import { readFileSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { DEMO_ACCOUNTS } from './demo-accounts.ts';
import { signIn } from './sign-in.ts';
import { esperarDados } from './tela.ts';

// Export (docs/produto.md §5a): the file the browser saves, read back as Excel would read it.

const baixar = async (page: Page, formato: 'CSV (Excel)' | 'XLSX') => {
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Exportar' }).click();
  await page.getByRole('menuitem', { name: formato }).click();
  const arquivo = await download;
  const caminho = await arquivo.path();
  return { nome: arquivo.suggestedFilename(), conteudo: readFileSync(caminho) };
};

/** "1–20 de 60" under the table: the list's total. */
const totalDaLista = async (page: Page) => {
  const texto =
    (await page
      .getByText(/\d+[–-]\d+ de \d+/)
      .first()
      .textContent()) ?? '';
  return Number(/de (\d+)/.exec(texto)?.[1]);
};

test('an admin exports the customer list as XLSX and CSV with every row, and no cell can run as a formula', async ({
  page,
}) => {
  await signIn(page, DEMO_ACCOUNTS.admin, { home: '/admin/dashboard' });
  await page.goto('/admin/clientes');
  await esperarDados(page);
  const total = await totalDaLista(page);
  expect(total).toBeGreaterThan(20);

  const xlsx = await baixar(page, 'XLSX');
  expect(xlsx.nome).toMatch(/^clientes-\d{4}-\d{2}-\d{2}\.xlsx$/);
  const planilha = new ExcelJS.Workbook();
  await planilha.xlsx.load(xlsx.conteudo);
  const folha = planilha.worksheets[0];
  if (!folha) throw new Error('planilha sem folhas');
  expect(String(folha.getRow(1).getCell(1).value)).toBe('Nome');
  // Every customer, not one page: the header plus one row each.
  expect(folha.actualRowCount).toBe(total + 1);
  const celulas: string[] = [];
  folha.eachRow((linha) => {
    linha.eachCell((celula) => {
      if (typeof celula.value === 'string') celulas.push(celula.value);
    });
  });
  expect(celulas.filter((texto) => /^[=+\-@]/.test(texto))).toEqual([]);
  // Phones in the national format and text cells as they are: nothing to neutralise, no stray apostrophe.
  expect(celulas.some((texto) => /^\(\d{2}\) \d{4,5}-\d{4}$/.test(texto))).toBe(true);
  expect(celulas.filter((texto) => texto.startsWith("'"))).toEqual([]);

  const csv = await baixar(page, 'CSV (Excel)');
  expect(csv.nome).toMatch(/^clientes-\d{4}-\d{2}-\d{2}\.csv$/);
  const texto = csv.conteudo.toString('utf8');
  // UTF-8 with a BOM and `;`: what Excel in pt-BR opens with accents and columns right.
  expect(texto.charCodeAt(0)).toBe(0xfeff);
  const linhas = texto.slice(1).trimEnd().split('\r\n');
  expect(linhas[0]?.split(';')[0]).toBe('Nome');
  expect(linhas).toHaveLength(total + 1);
  const campos = linhas.flatMap((linha) => linha.split(';')).map((campo) => campo.replace(/^"|"$/g, ''));
  expect(campos.filter((campo) => /^[=+\-@]/.test(campo))).toEqual([]);
});
