import { formatarDataBr, hojeNoFuso, somarDias } from '@cobranca/dominio';
import { expect, type Page, test } from '@playwright/test';
import { importarClientes, marcaUnica } from './clientes-api.ts';
import { DEMO_ACCOUNTS } from './demo-accounts.ts';
import { signIn } from './sign-in.ts';
import { esperarQueCaibaNaTela } from './tela.ts';

// PIX Automático from the workspace on the embedded simulator (docs/pix-automatico.md §6): the operator
// makes an agreement with automatic debit, the terms carry journey 3's code, the simulated payer
// approves, the next debit is scheduled with its notice, a debit is paid, and the payer cancels.

const card = (page: Page) => page.getByRole('region', { name: 'Débito automático (PIX Automático)' });

test('an agreement with automatic debit: approved, debited, cancelled by the payer', async ({ page }) => {
  await signIn(page, DEMO_ACCOUNTS.operador, { home: '/operador/dashboard' });
  const nome = `Débito ${marcaUnica()} Silva`;
  const [id] = await importarClientes(page, [
    { nome, vencimento: formatarDataBr(somarDias(hojeNoFuso(new Date()), -10)), valor: '600,00' },
  ]);
  await page.goto(`/operador/clientes/${id}`);
  await page.getByRole('checkbox', { name: 'Selecionar todas as contas em aberto' }).check();
  await page.getByRole('button', { name: /^Negociar/ }).click();
  const acordo = page.getByRole('dialog', { name: 'Negociar contas' });
  await acordo
    .getByRole('spinbutton', { name: 'Parcelas' })
    .or(acordo.getByRole('textbox', { name: 'Parcelas' }))
    .first()
    .fill('3');
  await acordo.getByLabel('Débito automático por PIX (PIX Automático) nas parcelas seguintes').check();
  await acordo.getByRole('button', { name: 'Confirmar acordo' }).click();
  await expect(acordo).toBeHidden();

  // The terms: one PIX pays the first instalment and authorises the rest.
  const termos = page
    .getByRole('log', { name: 'Mensagens' })
    .getByRole('listitem', { name: 'Mensagem de Sistema' })
    .filter({ hasText: 'Conforme combinado, o seu acordo ficou em 3 parcelas' });
  await expect(termos).toContainText('autorize o débito automático (PIX Automático) das demais');
  await expect(card(page)).toContainText('Débito automático: aguardando aprovação');

  await card(page).getByRole('button', { name: 'Simular: cliente aprova' }).click();
  await expect(card(page)).toContainText('Débito automático: ativo');

  // The bank debits the 2nd instalment: its charge is made (with the customer's notice) and paid.
  await card(page).getByRole('button', { name: 'Simular: banco debita a próxima parcela' }).click();
  await expect(card(page)).toContainText(/2ª parcela · vence [\d/]+ · debitada/);
  await expect(
    page
      .getByRole('log', { name: 'Mensagens' })
      .getByRole('listitem', { name: 'Mensagem de Sistema' })
      .filter({ hasText: 'será debitada por PIX Automático' }),
  ).toHaveCount(1);

  await esperarQueCaibaNaTela(page, 'atendimento com débito automático');
  await card(page).getByRole('button', { name: 'Simular: cliente cancela no banco' }).click();
  await expect(card(page)).toContainText('Débito automático: cancelado pelo cliente');
});
