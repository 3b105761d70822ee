import { expect, type Page, test } from '@playwright/test';
import { DEMO_ACCOUNTS } from './demo-accounts.ts';
import { signIn } from './sign-in.ts';
import { conferirTela, esperarDados, esperarQueCaibaNaTela, tamanhoDaTela, WORKSPACE } from './tela.ts';

const signInOperador = (page: Page) => signIn(page, DEMO_ACCOUNTS.operador, { home: '/operador/dashboard' });

const badge = (page: Page, route: string) => page.getByTestId(`badge-${route}`);

test('an operator takes over an awaiting customer, chats, negotiates, records a payment, pauses and reactivates', async ({
  page,
}) => {
  await signInOperador(page);
  const aguardandoAntes = Number(await badge(page, 'OperadorAguardandoAtendimento').textContent());
  expect(aguardandoAntes).toBeGreaterThan(0);

  await page.getByRole('link', { name: /Aguardando Atendimento/ }).click();
  await expect(page).toHaveURL('/operador/aguardando-atendimento');
  await page.getByRole('table').getByRole('row').nth(1).click();
  await expect(page).toHaveURL(WORKSPACE);
  await expect(page.getByRole('button', { name: 'Assumir' })).toBeVisible();
  const nome = ((await page.getByRole('heading', { level: 2 }).first().textContent()) ?? '').trim();
  expect(nome.length).toBeGreaterThan(2);

  await page.getByRole('button', { name: 'Assumir' }).click();
  await expect(page.getByText('Em atendimento').first()).toBeVisible();
  await expect(badge(page, 'OperadorAguardandoAtendimento')).toHaveText(String(aguardandoAntes - 1), {
    timeout: 10_000,
  });

  const mensagem = page.getByRole('combobox', { name: 'Mensagem' });
  await mensagem.fill('Olá! Podemos parcelar o valor em aberto. Prefere em quantas vezes?');
  await mensagem.press('Enter');
  // In the conversation (the customer's timeline shows it too, once its reload lands).
  await expect(
    page
      .getByRole('log', { name: 'Mensagens' })
      .getByText('Olá! Podemos parcelar o valor em aberto. Prefere em quantas vezes?'),
  ).toBeVisible();

  await page.getByRole('checkbox', { name: 'Selecionar todas as contas em aberto' }).check();
  await page.getByRole('button', { name: /^Negociar/ }).click();
  const acordo = page.getByRole('dialog', { name: 'Negociar contas' });
  await acordo
    .getByRole('spinbutton', { name: 'Parcelas' })
    .or(acordo.getByRole('textbox', { name: 'Parcelas' }))
    .first()
    .fill('3');
  await acordo.getByRole('button', { name: 'Confirmar acordo' }).click();
  await expect(acordo).toBeHidden();
  await expect(page.getByText('os termos foram para a fila de envio')).toBeVisible();
  // The terms go to the customer through the `negociacao` template, with the first instalment's PIX.
  const termos = page
    .getByRole('log', { name: 'Mensagens' })
    .getByRole('listitem', { name: 'Mensagem de Sistema' })
    .filter({ hasText: 'Conforme combinado, o seu acordo ficou em 3 parcelas' });
  await expect(termos).toContainText('3ª parcela de R$');
  await expect(termos).toContainText('PIX copia e cola');
  await expect(page.getByText(/parcela 1\/3/)).toBeVisible();
  await expect(page.getByText(/parcela 3\/3/)).toBeVisible();

  await page.getByRole('button', { name: 'Registrar pagamento' }).click();
  const pagamento = page.getByRole('dialog', { name: 'Registrar pagamento' });
  await pagamento.getByLabel('Forma de pagamento').click();
  await page.getByRole('option', { name: 'PIX' }).click();
  await pagamento.getByRole('button', { name: 'Registrar pagamento' }).click();
  await expect(pagamento).toBeHidden();
  await expect(page.getByText('Paga').first()).toBeVisible();

  await page.getByRole('button', { name: 'Pausar' }).click();
  const pausa = page.getByRole('dialog', { name: 'Pausar cobrança?' });
  await pausa.getByLabel('Motivo da pausa').fill('Cliente pediu para aguardar o salário');
  await pausa.getByRole('button', { name: 'Pausar' }).click();
  await expect(pausa).toBeHidden();
  await expect(
    page
      .getByRole('region', { name: 'Resumo do cliente' })
      .getByText('Cliente pediu para aguardar o salário'),
  ).toBeVisible();

  await page.getByRole('button', { name: 'Reativar' }).click();
  await page
    .getByRole('dialog', { name: 'Reativar cobrança?' })
    .getByRole('button', { name: 'Reativar' })
    .click();
  await expect(page.getByRole('button', { name: 'Pausar' })).toBeVisible();

  // The lists follow: the customer is now among the active ones.
  await page.getByRole('link', { name: /^Ativos/ }).click();
  await page
    .getByRole('searchbox')
    .or(page.getByRole('textbox', { name: /Buscar/ }))
    .first()
    .fill(nome);
  await expect(page.getByRole('table').getByText(nome, { exact: true })).toBeVisible();
});

const SCREENS = [
  '/operador/dashboard',
  '/operador/clientes',
  '/operador/aguardando-atendimento',
  '/operador/em-atendimento',
  '/operador/concluidos',
  '/operador/contas-receber',
] as const;

// One test per screen, in order on one signed-in page, as in admin.spec.ts: each has its own time limit.
for (const width of [1440, 390]) {
  test.describe(`every operator screen shows real data at ${width} px wide`, () => {
    test.describe.configure({ mode: 'serial' });
    let page: Page;

    test.beforeAll(async ({ browser }) => {
      page = await browser.newPage({ viewport: tamanhoDaTela(width) });
      await signInOperador(page);
    });
    test.afterAll(async () => {
      await page.context().close();
    });

    for (const path of SCREENS) {
      test(path, async () => {
        await conferirTela(page, path, width);
      });
    }

    test('the workspace of an Ativos customer', async () => {
      await page.goto('/operador/clientes');
      await esperarDados(page);
      // Phones get one card per customer instead of a table.
      const primeiro =
        width > 600
          ? page.getByRole('table').getByRole('row').nth(1)
          : page.getByRole('list', { name: 'Clientes Ativos' }).getByRole('listitem').first();
      // Other tests' customers arrive live and re-render the list: a click on a row being replaced is lost.
      await expect(async () => {
        await primeiro.click();
        await expect(page).toHaveURL(WORKSPACE, { timeout: 2_000 });
      }).toPass();
      await esperarDados(page);
      // The workspace fits too, its receivables included: a table inside its card, cards on a phone.
      const contas = page.getByRole('region', { name: 'Contas a receber' });
      await expect(contas.getByRole(width > 600 ? 'table' : 'list')).toBeVisible();
      await expect(contas.getByRole('table')).toHaveCount(width > 600 ? 1 : 0);
      await esperarQueCaibaNaTela(page, `área de trabalho do cliente a ${width} px`);
      await page.screenshot({
        path: test.info().outputPath(`operador_cliente-${width}.png`),
        fullPage: true,
      });
    });
  });
}
