import { readFile } from 'node:fs/promises';
import { expect, type Page, test } from '@playwright/test';
import { DEMO_ACCOUNTS } from './demo-accounts.ts';
import { signIn } from './sign-in.ts';

const signInOperador = (page: Page) => signIn(page, DEMO_ACCOUNTS.operador, { home: '/operador/dashboard' });

const NFE = new URL('../../api/test/fixtures/nfe/nfeproc-cnpj-2dup.xml', import.meta.url);

test('an operator downloads the CSV template, imports it, reads the report and finds the customers in Ativos', async ({
  page,
}, testInfo) => {
  await signInOperador(page);
  await page.getByRole('link', { name: 'Importar Clientes' }).click();
  await expect(page).toHaveURL('/operador/importar-clientes');

  const csv = page.getByRole('region', { name: 'Clientes (CSV)' });
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Baixar modelo CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('template_clientes.csv');
  const modelo = await readFile((await download.path()) ?? '');
  expect(modelo.toString('utf8')).toContain('nome;documento;telefone;email;descricao;valor;vencimento');

  await csv
    .locator('input[type=file]')
    .setInputFiles({ name: 'template_clientes.csv', mimeType: 'text/csv', buffer: modelo });
  await expect(csv.getByText('template_clientes.csv')).toBeVisible();
  await csv.getByRole('button', { name: 'Importar', exact: true }).click();
  await expect(csv.getByText('Criados: 2')).toBeVisible({ timeout: 15_000 });
  await expect(csv.getByText('Contas criadas: 2')).toBeVisible();
  await expect(page.getByRole('table').getByText('template_clientes.csv')).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('importar-csv-1440.png'), fullPage: true });

  const xml = page.getByRole('region', { name: 'Contas a receber (XML de NF-e)' });
  await xml.locator('input[type=file]').setInputFiles({
    name: 'nfeproc-cnpj-2dup.xml',
    mimeType: 'application/xml',
    buffer: await readFile(NFE),
  });
  await xml.getByRole('button', { name: 'Importar', exact: true }).click();
  await expect(xml.getByText('Contas criadas: 2')).toBeVisible({ timeout: 15_000 });

  await csv.getByRole('link', { name: 'Ver clientes ativos' }).click();
  await expect(page).toHaveURL(/\/operador\/clientes/);
  await page
    .getByRole('searchbox')
    .or(page.getByRole('textbox', { name: /Buscar/ }))
    .first()
    .fill('Comércio Exemplo');
  await expect(page.getByRole('table').getByText('Comércio Exemplo Ltda')).toBeVisible();
});

test('the import screen at phone width', async ({ page }, testInfo) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInOperador(page);
  await page.goto('/operador/importar-clientes');
  await expect(page.getByText('Histórico de importações')).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('importar-390.png'), fullPage: true });
});
