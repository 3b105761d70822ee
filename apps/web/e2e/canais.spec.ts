import { expect, test } from '@playwright/test';
import { DEMO_ACCOUNTS } from './demo-accounts.ts';
import { signIn } from './sign-in.ts';
import { WORKSPACE } from './tela.ts';

// The e-mail loop in the demo (docs/produto.md §12): an operator writes to a customer by e-mail, the admin
// finds it in the simulator's outbox as it would have left, simulates the customer's reply, and the reply
// reaches the operator's conversation by itself.

test('an e-mail goes out through the simulator, the admin answers it as the customer, the operator sees the reply', async ({
  browser,
}) => {
  const operador = await browser.newPage();
  await signIn(operador, DEMO_ACCOUNTS.operador, { home: '/operador/dashboard' });
  await operador.getByRole('link', { name: /Aguardando Atendimento/ }).click();
  await operador.getByRole('table').getByRole('row').nth(1).click();
  await expect(operador).toHaveURL(WORKSPACE);
  await operador.getByRole('button', { name: 'Assumir' }).click();
  await expect(operador.getByText('Em atendimento').first()).toBeVisible();

  const marca = `e2e-${Date.now()}`;
  await operador.getByRole('combobox', { name: 'Canal', exact: true }).click();
  await operador.getByRole('option', { name: 'E-mail', exact: true }).click();
  const mensagem = operador.getByRole('combobox', { name: 'Mensagem' });
  await mensagem.fill(`Segue por e-mail o resumo da sua dívida (${marca}).`);
  await mensagem.press('Enter');
  const conversa = operador.getByRole('log', { name: 'Mensagens' });
  const enviada = conversa.getByRole('listitem').filter({ hasText: marca });
  await expect(enviada).toBeVisible();
  // E-mail is only ever "Enviado" (the relay took it), never delivered or read.
  await expect(enviada.getByRole('img', { name: /E-mail/ }).first()).toBeVisible();
  await expect(enviada).not.toContainText(/Entregue|Lida/);

  const admin = await browser.newPage();
  await signIn(admin, DEMO_ACCOUNTS.admin);
  await admin.goto('/admin/simulador/saida');
  const lista = admin.getByRole('list', { name: 'E-mails enviados' });
  await lista.getByRole('button').filter({ hasText: 'Mensagem de' }).first().click();
  const detalhe = admin.getByRole('dialog');
  await expect(detalhe.locator('iframe[title="Conteúdo HTML do e-mail"]')).toBeVisible();
  await expect(
    detalhe.frameLocator('iframe[title="Conteúdo HTML do e-mail"]').getByText(marca),
  ).toBeVisible();
  await detalhe.getByRole('button', { name: 'Simular resposta' }).click();
  const resposta = admin.getByRole('dialog', { name: 'Simular resposta do cliente' });
  await resposta.getByRole('textbox', { name: 'Resposta do cliente' }).fill(`Recebi, obrigado (${marca}).`);
  await resposta.getByRole('button', { name: 'Simular resposta' }).click();
  await expect(resposta).toBeHidden();

  await expect(conversa.getByText(`Recebi, obrigado (${marca}).`)).toBeVisible({ timeout: 15_000 });
  await operador.close();
  await admin.close();
});
