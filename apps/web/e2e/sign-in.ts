import { type APIRequestContext, expect, type Page, type PlaywrightWorkerArgs } from '@playwright/test';
import { DEMO_PASSWORD } from './demo-accounts.ts';

type LoginForm = {
  /** Defaults to the demo accounts' password. */
  password?: string;
  /** The page to open first: /login, or a protected page that sends a guest there. */
  from?: string;
};

/** Fills the login form and presses Enter, without waiting for the outcome (a refused login stays on /login). */
export const submitLogin = async (
  page: Page,
  email: string,
  { password = DEMO_PASSWORD, from = '/login' }: LoginForm = {},
) => {
  await page.goto(from);
  await page.getByLabel('E-mail', { exact: true }).fill(email);
  await page.getByLabel('Senha', { exact: true }).fill(password);
  await page.getByLabel('Senha', { exact: true }).press('Enter');
};

/**
 * Signs in and waits for `home`; without one, until the app has left /login, so a following
 * navigation cannot cut the login short.
 */
export const signIn = async (
  page: Page,
  email: string,
  { home, ...form }: LoginForm & { home?: string } = {},
) => {
  await submitLogin(page, email, form);
  await page.waitForURL(home ?? ((url) => url.pathname !== '/login'));
};

/** An API client signed in as `email` (a demo account), for setup through the server's own API. */
export const apiComo = async (
  playwright: PlaywrightWorkerArgs['playwright'],
  baseURL: string | undefined,
  email: string,
): Promise<APIRequestContext> => {
  const anonimo = await playwright.request.newContext({ baseURL });
  const login = await anonimo.post('/api/login', { data: { email, password: DEMO_PASSWORD } });
  expect(login.status()).toBe(200);
  const { token } = await login.json();
  await anonimo.dispose();
  return playwright.request.newContext({ baseURL, extraHTTPHeaders: { authorization: `Bearer ${token}` } });
};
