import { expect, test } from '@playwright/test';
import { DEMO_ACCOUNTS } from './demo-accounts.ts';
import { signIn } from './sign-in.ts';

const HOMES = {
  super_admin: '/super-admin',
  admin: '/admin/dashboard',
  operador: '/operador/dashboard',
} as const;
type Role = keyof typeof HOMES;
const ROLES = Object.keys(HOMES) as Role[];

test('the login page, at desktop and mobile widths', async ({ page }, testInfo) => {
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Sistema de Cobrança Automática' })).toBeVisible();
  await expect(page.getByLabel('E-mail', { exact: true })).toBeFocused();
  await page.screenshot({ path: testInfo.outputPath('login-desktop.png') });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: testInfo.outputPath('login-mobile.png') });
});

for (const role of ROLES) {
  test(`${role} signs in, lands on their home, and sees their shell at both widths`, async ({
    page,
  }, testInfo) => {
    await signIn(page, DEMO_ACCOUNTS[role]);
    await expect(page).toHaveURL(HOMES[role]);
    await expect(
      page.getByRole('heading', { level: 1, name: 'Sistema de Cobrança Automática' }),
    ).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Menu principal' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Sair' })).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath(`shell-${role}-desktop.png`) });
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(page.getByTestId('menu-lateral')).toHaveAttribute('data-state', 'fechado');
    await page.screenshot({ path: testInfo.outputPath(`shell-${role}-mobile.png`) });
    await page.getByRole('button', { name: 'Abrir menu' }).click();
    await expect(page.getByRole('button', { name: 'Sair' })).toBeInViewport({ ratio: 1 });
    await page.screenshot({ path: testInfo.outputPath(`shell-${role}-mobile-menu.png`) });
  });
}

test('another role’s route sends the user to their own home, and / redirects by role', async ({ page }) => {
  await signIn(page, DEMO_ACCOUNTS.operador);
  await expect(page).toHaveURL(HOMES.operador);
  await page.goto('/admin/logs');
  await expect(page).toHaveURL(HOMES.operador);
  await page.goto('/super-admin');
  await expect(page).toHaveURL(HOMES.operador);
  await page.goto('/');
  await expect(page).toHaveURL(HOMES.operador);
});

test('a guest is sent to /login and, after signing in, back to the page they wanted', async ({ page }) => {
  await page.goto('/admin/logs');
  await expect(page).toHaveURL('/login');
  await page.goto('/');
  await expect(page).toHaveURL('/login');
  await signIn(page, DEMO_ACCOUNTS.admin, { from: '/admin/logs' });
  await expect(page).toHaveURL('/admin/logs');
  await expect(page.getByRole('heading', { level: 2, name: 'Logs do Sistema' })).toBeVisible();
});

test('Sair ends the session on the server and returns to /login', async ({ page }) => {
  await signIn(page, DEMO_ACCOUNTS.admin);
  await expect(page).toHaveURL(HOMES.admin);
  const token = await page.evaluate(
    () => JSON.parse(localStorage.getItem('cobranca.sessao') ?? '{}').state?.token,
  );
  await page.getByRole('button', { name: 'Sair' }).click();
  await expect(page).toHaveURL('/login');
  const me = await page.request.get('/api/me', { headers: { authorization: `Bearer ${token}` } });
  expect(me.status()).toBe(401);
  await page.goto(HOMES.admin);
  await expect(page).toHaveURL('/login');
});

test('a wrong password shows the server’s message', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('E-mail', { exact: true }).fill(DEMO_ACCOUNTS.admin);
  await page.getByLabel('Senha', { exact: true }).fill('senha-errada-1');
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expect(page.getByRole('alert')).toHaveText('E-mail ou senha inválidos.');
  await expect(page).toHaveURL('/login');
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the drawer starts closed and opens from the top bar', async ({ page }) => {
    await signIn(page, DEMO_ACCOUNTS.operador);
    await expect(page).toHaveURL(HOMES.operador);
    await expect(page.getByTestId('menu-lateral')).toHaveAttribute('data-state', 'fechado');
    await expect(page.getByRole('navigation', { name: 'Menu principal' })).toBeHidden();
    await page.getByRole('button', { name: 'Abrir menu' }).click();
    await page.getByRole('link', { name: 'Contas a Receber' }).click();
    await expect(page).toHaveURL('/operador/contas-receber');
    await expect(page.getByTestId('menu-lateral')).toHaveAttribute('data-state', 'fechado');
  });
});
