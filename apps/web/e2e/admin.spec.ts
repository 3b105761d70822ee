import { type Browser, expect, type Page, test } from '@playwright/test';
import { DEMO_ACCOUNTS } from './demo-accounts.ts';
import { signIn, submitLogin } from './sign-in.ts';
import { conferirTela, tamanhoDaTela } from './tela.ts';

const newPage = async (browser: Browser) => (await browser.newContext()).newPage();

const createAccount = async (
  page: Page,
  papel: 'operador' | 'administrador',
  name: string,
  email: string,
) => {
  await page.getByRole('button', { name: `Novo ${papel}` }).click();
  const dialog = page.getByRole('dialog', { name: `Novo ${papel}` });
  await dialog.getByLabel('Nome').fill(name);
  await dialog.getByLabel('E-mail').fill(email);
  await dialog.getByLabel('Senha', { exact: true }).fill('Senha123forte');
  await dialog.getByLabel('Confirmação da senha').fill('Senha123forte');
  await dialog.getByRole('button', { name: `Criar ${papel}` }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('table').getByText(name)).toBeVisible();
};

test('an admin creates an operator, who signs in; blocking them throws their open session out to /login', async ({
  page,
  browser,
}) => {
  await signIn(page, DEMO_ACCOUNTS.admin);
  await page.getByRole('link', { name: 'Gestão de Operadores' }).click();
  await expect(page).toHaveURL('/admin/operadores');
  await createAccount(page, 'operador', 'Olga Nova Operadora', 'olga.nova@empresa.com.br');

  const operador = await newPage(browser);
  await signIn(operador, 'olga.nova@empresa.com.br', { password: 'Senha123forte' });
  await expect(operador).toHaveURL('/operador/dashboard');

  await page.getByRole('button', { name: 'Ações de Olga Nova Operadora' }).click();
  await page.getByRole('menuitem', { name: 'Bloquear' }).click();
  const confirm = page.getByRole('dialog', { name: 'Bloquear operador?' });
  await confirm.getByRole('button', { name: 'Bloquear' }).click();
  await expect(confirm).toBeHidden();
  await expect(page.getByRole('row', { name: /Olga Nova Operadora/ }).getByText('Bloqueado')).toBeVisible();

  // Her next request (the badges load on every route change) answers 401: the app signs her out.
  await operador.getByRole('link', { name: 'Contas a Receber' }).click();
  await expect(operador).toHaveURL('/login');
  await submitLogin(operador, 'olga.nova@empresa.com.br', { password: 'Senha123forte' });
  await expect(operador.getByRole('alert')).toContainText('bloqueada');
});

test('an admin edits a template with a live preview and saves it', async ({ page }) => {
  await signIn(page, DEMO_ACCOUNTS.admin);
  await page.goto('/admin/mensagens');
  await page.getByRole('tab', { name: /Agradecimento/ }).click();
  const texto = page.getByRole('textbox', { name: 'Texto da mensagem' });
  await texto.fill('Obrigado, {{nome}}! Recebemos {{valor}}. Equipe {{empresa}}.');
  await expect(page.getByTestId('preview-bubble').last()).toContainText(
    'Obrigado, Maria Oliveira! Recebemos R$ 1.234,56.',
  );
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText(/salv/i).first()).toBeVisible();
  await page.reload();
  await page.getByRole('tab', { name: /Agradecimento/ }).click();
  await expect(page.getByRole('textbox', { name: 'Texto da mensagem' })).toHaveValue(
    'Obrigado, {{nome}}! Recebemos {{valor}}. Equipe {{empresa}}.',
  );
});

test('a super admin creates an admin, who signs in to the admin area', async ({ page, browser }) => {
  await signIn(page, DEMO_ACCOUNTS.super_admin);
  await expect(page).toHaveURL('/super-admin');
  await createAccount(page, 'administrador', 'Alice Nova Admin', 'alice.admin@empresa.com.br');
  const admin = await newPage(browser);
  await signIn(admin, 'alice.admin@empresa.com.br', { password: 'Senha123forte' });
  await expect(admin).toHaveURL('/admin/dashboard');
});

const SCREENS = [
  ['admin', '/admin/dashboard', 'Dashboard'],
  ['admin', '/admin/operadores', 'Gestão de Operadores'],
  ['admin', '/admin/clientes', 'Gestão de Clientes'],
  ['admin', '/admin/logs', 'Logs do Sistema'],
  ['admin', '/admin/mensagens', null],
  ['admin', '/admin/whatsapp', null],
  ['admin', '/admin/config-sistema', null],
  ['admin', '/admin/email', 'Configuração de E-mail'],
  ['admin', '/admin/sms', 'Configuração de SMS'],
  ['admin', '/admin/simulador/saida', 'Caixa de saída do simulador'],
  ['super_admin', '/super-admin', null],
] as const;

// One test per screen, in order on one signed-in page: each has its own time limit, and a failure names
// its screen (eleven screens in one test took 25–33 s on a slow 2-core machine, past the 30 s limit).
for (const width of [1440, 390]) {
  test.describe(`every admin screen shows real data at ${width} px wide`, () => {
    test.describe.configure({ mode: 'serial' });
    let page: Page;
    let signedInAs = '';

    test.beforeAll(async ({ browser }) => {
      page = await browser.newPage({ viewport: tamanhoDaTela(width) });
    });
    test.afterAll(async () => {
      await page.context().close();
    });

    for (const [role, path, heading] of SCREENS) {
      test(path, async () => {
        if (signedInAs !== role) {
          await page.evaluate(() => localStorage.clear()).catch(() => {});
          await signIn(page, DEMO_ACCOUNTS[role]);
          signedInAs = role;
        }
        await conferirTela(page, path, width, heading);
      });
    }
  });
}
