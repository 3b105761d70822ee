import { expect, type Page, test } from '@playwright/test';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from './demo-accounts.ts';

const cspErrors = (page: Page) => {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy|Refused to/i.test(message.text()))
      errors.push(message.text());
  });
  return errors;
};

test('the web app loads under the CSP, served by the API on one origin', async ({ page }) => {
  const errors = cspErrors(page);
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Entrar' })).toBeVisible();
  expect(errors).toEqual([]);
});

test('a deep link is served by the SPA fallback, an unknown API path is a JSON 404', async ({
  page,
  request,
}) => {
  const response = await page.goto('/operador/dashboard');
  expect(response?.status()).toBe(200);
  await expect(page).toHaveURL(/\/login$/);
  const api = await request.get('/api/nao-existe');
  expect(api.status()).toBe(404);
  expect(await api.json()).toEqual({
    code: 'ROTA_NAO_ENCONTRADA',
    message: 'Rota não encontrada: GET /api/nao-existe',
  });
});

test('the API documentation renders in Chromium under the CSP', async ({ page }, testInfo) => {
  const errors = cspErrors(page);
  await page.goto('/api/docs');
  await expect(page.getByText('Sistema de Cobrança Automática — API')).toBeVisible();
  await expect(page.getByText('/api/login').first()).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('api-docs.png') });
  expect(errors).toEqual([]);
});

for (const [role, email] of Object.entries(DEMO_ACCOUNTS)) {
  test(`the demo ${role} signs in through the API and the token works`, async ({ request }) => {
    const login = await request.post('/api/login', { data: { email, password: DEMO_PASSWORD } });
    expect(login.status()).toBe(200);
    const { token, user } = await login.json();
    expect(user.role).toBe(role);
    const me = await request.get('/api/me', { headers: { authorization: `Bearer ${token}` } });
    expect((await me.json()).email).toBe(email);
    const logout = await request.post('/api/logout', { headers: { authorization: `Bearer ${token}` } });
    expect(logout.status()).toBe(204);
    expect((await request.get('/api/me', { headers: { authorization: `Bearer ${token}` } })).status()).toBe(
      401,
    );
  });
}
