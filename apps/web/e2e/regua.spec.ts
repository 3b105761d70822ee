import { Buffer } from 'node:buffer';
import { formatarDataBr, formatarDocumento, gerarCpf, hojeNoFuso, minutosDoDia } from '@cobranca/dominio';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { DEMO_ACCOUNTS } from './demo-accounts.ts';
import { apiComo, signIn } from './sign-in.ts';
import { esperarDados, WORKSPACE } from './tela.ts';

// The collection engine runs inside the server (every 2 s under e2e, see playwright.config.ts): a
// customer imported with a receivable due today gets the régua's due-day message, replies, waits
// for an operator and is taken over.

const SISTEMA = '/api/admin/configuracoes/sistema';

/** São Paulo's calendar date (DD/MM/YYYY) and seconds after midnight right now. */
const agoraSaoPaulo = () => {
  const agora = new Date();
  return {
    dataBr: formatarDataBr(hojeNoFuso(agora)),
    // Zone offsets are whole minutes: the seconds are the same everywhere.
    segundos: minutosDoDia(agora) * 60 + agora.getSeconds(),
  };
};

/** A random CPF with valid check digits, formatted as a person types it. */
const cpfValido = (): string => formatarDocumento(gerarCpf(Math.random));

const quatroDigitos = () => String(Math.floor(Math.random() * 10_000)).padStart(4, '0');

const signInOperador = (page: Page) => signIn(page, DEMO_ACCOUNTS.operador, { home: '/operador/dashboard' });

const linkAguardando = (page: Page) =>
  page
    .getByRole('navigation', { name: 'Menu principal' })
    .getByRole('link', { name: /^Aguardando Atendimento/ });

/** The number on the sidebar's "Aguardando Atendimento" entry (no pill means 0). */
const badgeAguardando = async (page: Page): Promise<number> =>
  Number((await linkAguardando(page).innerText()).match(/(\d+)\s*$/)?.[1] ?? 0);

/**
 * Types in the list's search box and waits until the search is applied (it lands in the URL after a
 * pause in typing): a row clicked before that would carry the pending `?busca=` to the next page.
 */
/** Searches the list on screen for `nome` and opens that customer's workspace. */
const abrirCliente = async (page: Page, nome: string) => {
  await page
    .getByRole('searchbox')
    .or(page.getByRole('textbox', { name: /Buscar/ }))
    .first()
    .fill(nome);
  // Wait for the search to reach the URL before leaving the list (its debounce would follow us).
  await expect(page).toHaveURL(/[?&]busca=/);
  await page
    .getByRole('table')
    .getByRole('row', { name: new RegExp(nome) })
    .click();
  await expect(page).toHaveURL(WORKSPACE);
};

/**
 * São Paulo's date (DD/MM/YYYY) for a journey that must not see the day turn over: the window closes
 * at 23:59, so near midnight it waits for the new day (at most ~3 minutes).
 */
const hojeSemVirarODia = async (page: Page): Promise<string> => {
  test.setTimeout(120_000);
  const ateMeiaNoite = 24 * 3600 - agoraSaoPaulo().segundos;
  if (ateMeiaNoite < 180) {
    test.setTimeout(120_000 + (ateMeiaNoite + 10) * 1000);
    await page.waitForTimeout((ateMeiaNoite + 5) * 1000);
  }
  return agoraSaoPaulo().dataBr;
};

/** Imports one customer with one receivable through the operator's import screen. */
const importarCsv = async (page: Page, csv: string) => {
  await page.getByRole('link', { name: 'Importar Clientes' }).click();
  await expect(page).toHaveURL('/operador/importar-clientes');
  const importacao = page.getByRole('region', { name: 'Clientes (CSV)' });
  await importacao.locator('input[type=file]').setInputFiles({
    name: 'clientes.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(`\uFEFF${csv}\r\n`, 'utf8'),
  });
  await importacao.getByRole('button', { name: 'Importar', exact: true }).click();
  await expect(importacao.getByText('Criados: 1')).toBeVisible({ timeout: 15_000 });
  await expect(importacao.getByText('Contas criadas: 1')).toBeVisible();
};

/** The "Tentativas de contato" figure of the customer's summary. */
const tentativas = (page: Page) =>
  page
    .getByRole('region', { name: 'Resumo do cliente' })
    .locator('div', { has: page.getByText('Tentativas de contato', { exact: true }) })
    .last()
    .getByRole('definition');

// Setup through the API as the admin: the sending window open every day, all day (also holidays),
// so the engine sends whatever the day and hour the suite runs; the settings are restored after.
let admin: APIRequestContext;
let anteriores: Record<string, unknown> | undefined;

test.beforeAll(async ({ playwright }, testInfo) => {
  const baseURL = testInfo.project.use.baseURL;
  admin = await apiComo(playwright, baseURL, DEMO_ACCOUNTS.admin);

  const atual = await admin.get(SISTEMA);
  expect(atual.status()).toBe(200);
  anteriores = await atual.json();
  // The journey needs automation on; if something left it off, say so instead of waiting in vain.
  expect(anteriores?.automacao_ativa, 'a automação precisa estar ligada').toBe(true);

  const diaTodo = { inicio: '00:00', fim: '23:59' };
  const salvo = await admin.put(SISTEMA, {
    data: {
      ...anteriores,
      janela_envio: { dias_uteis: diaTodo, sabado: diaTodo, domingo: diaTodo, feriados_nacionais: true },
    },
  });
  expect(salvo.status(), await salvo.text()).toBe(200);
});

test.afterAll(async () => {
  if (!admin) return;
  if (anteriores) {
    const restaurado = await admin.put(SISTEMA, { data: anteriores });
    expect(restaurado.status(), await restaurado.text()).toBe(200);
    expect(await (await admin.get(SISTEMA)).json()).toEqual(anteriores);
  }
  await admin.post('/api/logout');
  await admin.dispose();
});

test('the régua sends the due-day message to an imported customer, who replies and is taken over', async ({
  page,
}, testInfo) => {
  const hoje = await hojeSemVirarODia(page);

  const sufixo = `${Date.now() % 1_000_000}`.padStart(6, '0');
  const nome = `Cliente Régua ${sufixo}`;
  const csv = [
    'nome;documento;telefone;email;descricao;valor;vencimento',
    `${nome};${cpfValido()};(11) 98${quatroDigitos().slice(1)}-${quatroDigitos()};regua.${sufixo}@exemplo.com.br;Mensalidade régua e2e;150,00;${hoje}`,
  ].join('\r\n');

  // 3. The operator imports the customer through the import screen.
  await signInOperador(page);
  await importarCsv(page, csv);

  // 4. From Ativos, the customer's thread receives the engine's due-day message.
  await page.getByRole('link', { name: /^Ativos/ }).click();
  await expect(page).toHaveURL(/\/operador\/clientes/);
  await abrirCliente(page, nome);
  await expect(page.getByRole('heading', { level: 2, name: nome })).toBeVisible();
  const resumo = page.getByRole('region', { name: 'Resumo do cliente' });
  const conversa = page.getByRole('log', { name: 'Mensagens' });
  await expect(conversa.getByRole('listitem', { name: 'Mensagem de Régua automática' })).toContainText(
    'vence hoje',
    { timeout: 20_000 },
  );
  await expect(resumo.getByText('Ativo', { exact: true })).toBeVisible();
  // Once sent (the thread may show it while it still waits for its slot), the automatic message
  // counts as a contact attempt (docs/produto.md §6).
  await expect(async () => {
    await page.reload();
    await expect(tentativas(page)).toHaveText('1', { timeout: 1_000 });
  }).toPass({ timeout: 15_000 });

  // 5. The customer replies: the thread shows it, the status and the sidebar badge follow.
  // The badges reload on every route change; wait until the one from opening this customer is in.
  await esperarDados(page);
  const aguardandoAntes = await badgeAguardando(page);
  await page.getByRole('button', { name: 'Simular resposta do cliente' }).click();
  const dialogo = page.getByRole('dialog', { name: 'Simular resposta do cliente' });
  await dialogo.getByRole('textbox', { name: 'Resposta do cliente' }).fill('Posso pagar amanhã?');
  await dialogo.getByRole('button', { name: 'Simular resposta' }).click();
  await expect(dialogo).toBeHidden();
  await expect(conversa.getByRole('listitem', { name: 'Mensagem do cliente' })).toContainText(
    'Posso pagar amanhã?',
  );
  await expect(resumo.getByText('Aguardando atendimento', { exact: true })).toBeVisible();
  // A reply resets the attempts (docs/produto.md §6).
  await expect(tentativas(page)).toHaveText('0');
  await expect.poll(() => badgeAguardando(page), { timeout: 10_000 }).toBe(aguardandoAntes + 1);
  await page.screenshot({ path: testInfo.outputPath('regua-resposta-1440.png'), fullPage: true });

  // 6. In "Aguardando atendimento" the operator finds the customer and takes over.
  await linkAguardando(page).click();
  await expect(page).toHaveURL('/operador/aguardando-atendimento');
  await abrirCliente(page, nome);
  await page.getByRole('button', { name: 'Assumir' }).click();
  await expect(resumo.getByText('Em atendimento', { exact: true })).toBeVisible();
  await expect.poll(() => badgeAguardando(page), { timeout: 10_000 }).toBe(aguardandoAntes);
  await page.screenshot({ path: testInfo.outputPath('regua-assumido-1440.png'), fullPage: true });
});

test('the régua’s message carries a PIX copia e cola; paying it concludes the customer and moves the dashboard', async ({
  page,
}, testInfo) => {
  const hoje = await hojeSemVirarODia(page);
  const cobradoAntes = (await (await admin.get('/api/admin/dashboard')).json()).valores_cobrados as number;

  const sufixo = `${Date.now() % 1_000_000}`.padStart(6, '0');
  const nome = `Cliente PIX ${sufixo}`;
  const csv = [
    'nome;documento;telefone;email;descricao;valor;vencimento',
    `${nome};${cpfValido()};(11) 97${quatroDigitos().slice(1)}-${quatroDigitos()};pix.${sufixo}@exemplo.com.br;Mensalidade PIX e2e;87,50;${hoje}`,
  ].join('\r\n');
  await signInOperador(page);
  await importarCsv(page, csv);

  // The engine's due-day message goes with its own charge: a copia e cola in the text.
  await page.getByRole('link', { name: /^Ativos/ }).click();
  await abrirCliente(page, nome);
  const conversa = page.getByRole('log', { name: 'Mensagens' });
  const mensagem = conversa.getByRole('listitem', { name: 'Mensagem de Régua automática' });
  await expect(mensagem).toContainText('PIX copia e cola:', { timeout: 20_000 });
  await expect(mensagem).toContainText('000201');

  // The workspace lists that charge; the simulator pays it.
  await page.reload();
  const cobrancas = page.getByRole('region', { name: 'Cobranças PIX' });
  await expect(cobrancas.getByRole('img', { name: 'QR Code PIX de R$ 87,50' })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('pix-cobranca-1440.png'), fullPage: true });
  await cobrancas.getByRole('button', { name: 'Simular pagamento PIX' }).click();
  const confirmar = page.getByRole('dialog', { name: 'Simular pagamento PIX' });
  await confirmar.getByRole('button', { name: 'Simular pagamento' }).click();
  await expect(page.getByText('Pagamento PIX de R$ 87,50 registrado.')).toBeVisible();
  const resumo = page.getByRole('region', { name: 'Resumo do cliente' });
  await expect(resumo.getByText('Concluído', { exact: true })).toBeVisible();
  // The conversation marks the PIX as a system notice, not as a message sent.
  await expect(conversa.getByText('Pagamento PIX recebido: R$ 87,50')).toBeVisible({ timeout: 10_000 });

  // In Concluídos, and the admin's collected figure moved by the amount.
  await page.getByRole('link', { name: /^Concluídos/ }).click();
  await page
    .getByRole('searchbox')
    .or(page.getByRole('textbox', { name: /Buscar/ }))
    .first()
    .fill(nome);
  await expect(page.getByRole('table').getByRole('row', { name: new RegExp(nome) })).toBeVisible();
  await expect
    .poll(async () => (await (await admin.get('/api/admin/dashboard')).json()).valores_cobrados as number)
    .toBeCloseTo(cobradoAntes + 87.5, 2);
});
