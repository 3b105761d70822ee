import { formatarDataBr, hojeNoFuso, somarDias } from '@cobranca/dominio';
import { expect, type Page, test } from '@playwright/test';
import { importarClientes, marcaUnica, simularResposta } from './clientes-api.ts';
import { DEMO_ACCOUNTS } from './demo-accounts.ts';
import { signIn } from './sign-in.ts';
import { esperarDados } from './tela.ts';

// The inbox of the queues (docs/produto.md §5, decision 023): the list opens a customer beside the
// queue at desktop widths, the keyboard drives it, and on a phone the conversation comes first.

type Fila = { marca: string; primeiro: { id: number; nome: string }; segundo: { id: number; nome: string } };

/**
 * Two customers of the operator awaiting service, found by one search word: the queue then holds
 * exactly them, the first to answer first (its order is oldest reply first).
 */
const doisAguardando = async (page: Page): Promise<Fila> => {
  const marca = marcaUnica();
  const nomes = [`Ana Teclado ${marca}`, `Bruno Teclado ${marca}`] as const;
  // Due in a month: no régua step is due, so nothing but the replies is in the threads.
  const vencimento = formatarDataBr(somarDias(hojeNoFuso(new Date()), 30));
  const [idA, idB] = await importarClientes(
    page,
    nomes.map((nome) => ({ nome, vencimento })),
  );
  if (idA === undefined || idB === undefined) throw new Error('importação sem os dois clientes');
  await simularResposta(page, idA, `Quero negociar (${marca}).`);
  await simularResposta(page, idB, `Posso pagar semana que vem? (${marca})`);
  return { marca, primeiro: { id: idA, nome: nomes[0] }, segundo: { id: idB, nome: nomes[1] } };
};

const naFila = (id: number) => new RegExp(`/operador/aguardando-atendimento/${id}\\?busca=`);
const titulo = (page: Page) => page.getByRole('heading', { level: 2 }).first();

test('the inbox at 1440 px: skip link, j/k, o, a, / and ? from the keyboard, never while typing', async ({
  page,
}, testInfo) => {
  test.setTimeout(60_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, DEMO_ACCOUNTS.operador, { home: '/operador/dashboard' });
  const { marca, primeiro, segundo } = await doisAguardando(page);

  await page.goto(`/operador/aguardando-atendimento?busca=${marca}`);
  await esperarDados(page);
  const linhas = page.getByRole('table').getByRole('row').filter({ hasText: marca });
  await expect(linhas).toHaveCount(2);

  // The first Tab stop is the skip link; it jumps past the top bar and the menu.
  await page.keyboard.press('Tab');
  const pular = page.getByRole('link', { name: 'Pular para o conteúdo' });
  await expect(pular).toBeFocused();
  await expect(pular).toBeInViewport();
  await page.keyboard.press('Enter');
  const main = page.getByRole('main');
  await expect(main).toBeFocused();
  await page.keyboard.press('Tab');
  expect(
    await main.evaluate((el) => el.contains(document.activeElement) && el !== document.activeElement),
  ).toBe(true);

  // The list's row opens the inbox: the queue beside the customer.
  await linhas.filter({ hasText: primeiro.nome }).focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(naFila(primeiro.id));
  await expect(titulo(page)).toHaveText(primeiro.nome);
  await expect(page.getByTestId('inbox')).toHaveAttribute('data-layout', 'lado-a-lado');
  const fila = page.getByRole('list', { name: 'Aguardando Atendimento' });
  const item = (nome: string) => fila.getByRole('link').filter({ hasText: nome });
  await expect(fila.getByRole('link')).toHaveCount(2);
  await expect(item(primeiro.nome)).toHaveAttribute('aria-current', 'page');
  await esperarDados(page);

  // j/k move the selection through the queue; the open customer stays until "o".
  await page.keyboard.press('j');
  await expect(item(segundo.nome)).toBeFocused();
  await page.keyboard.press('k');
  await expect(item(primeiro.nome)).toBeFocused();
  await page.keyboard.press('j');
  await expect(item(segundo.nome)).toBeFocused();
  await expect(page).toHaveURL(naFila(primeiro.id));
  await page.keyboard.press('o');
  await expect(page).toHaveURL(naFila(segundo.id));
  await expect(titulo(page)).toHaveText(segundo.nome);
  await expect(item(segundo.nome)).toHaveAttribute('aria-current', 'page');
  const resumo = page.getByRole('region', { name: 'Resumo do cliente' });
  await expect(resumo.getByText('Aguardando atendimento', { exact: true })).toBeVisible();
  await expect(
    page.getByRole('log', { name: 'Mensagens' }).getByText(`Posso pagar semana que vem? (${marca})`),
  ).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('inbox-teclado-1440.png'), fullPage: true });

  // a takes over the open customer: it leaves the queue, no reload.
  await page.keyboard.press('a');
  await expect(page.getByText(`Você assumiu o atendimento de ${segundo.nome}.`)).toBeVisible();
  await expect(resumo.getByText('Em atendimento', { exact: true })).toBeVisible();
  await expect(item(segundo.nome)).toHaveCount(0);
  await expect(fila.getByRole('link')).toHaveCount(1);
  await expect(page.getByRole('button', { name: 'Assumir' })).toHaveCount(0);
  // Nothing left to take over: a again only says so.
  await page.keyboard.press('a');
  await expect(
    page.getByText('Só um cliente aguardando atendimento, aberto na tela, pode ser assumido.'),
  ).toBeVisible();
  await expect(resumo.getByText('Em atendimento', { exact: true })).toBeVisible();

  // ? lists the shortcuts; Escape closes it.
  await page.keyboard.press('?');
  const ajuda = page.getByRole('dialog', { name: 'Atalhos de teclado' });
  await expect(ajuda).toBeVisible();
  for (const descricao of [
    'Próximo cliente da fila',
    'Cliente anterior da fila',
    'Abrir a conversa do cliente selecionado',
    'Assumir o cliente aberto',
    'Buscar na fila',
    'Mostrar estes atalhos',
  ])
    await expect(ajuda.getByRole('definition').filter({ hasText: descricao })).toBeVisible();
  await expect(ajuda.locator('kbd')).toHaveText(['j', '↓', 'k', '↑', 'Enter', 'o', 'a', '/', '?']);
  await page.screenshot({ path: testInfo.outputPath('inbox-atalhos-1440.png') });
  await page.keyboard.press('Escape');
  await expect(ajuda).toBeHidden();

  // / goes to the queue's search, and there the keys are text, not shortcuts.
  await page.keyboard.press('/');
  const busca = page.getByRole('searchbox', { name: 'Buscar na fila' });
  await expect(busca).toBeFocused();
  await expect(busca).toHaveValue(marca);
  await page.keyboard.type('jko?');
  await expect(busca).toHaveValue(`${marca}jko?`);
  await expect(busca).toBeFocused();
  await expect(ajuda).toBeHidden();
  await expect(titulo(page)).toHaveText(segundo.nome);
  await expect(page).toHaveURL(new RegExp(`/operador/aguardando-atendimento/${segundo.id}\\?`));

  // Nor in the message box: typing "a" there takes nothing over, "j" moves nothing.
  const composer = page.getByRole('combobox', { name: 'Mensagem' });
  await composer.click();
  await page.keyboard.type('ja ok?');
  await expect(composer).toHaveValue('ja ok?');
  await expect(composer).toBeFocused();
  await expect(ajuda).toBeHidden();
  await expect(page).toHaveURL(new RegExp(`/operador/aguardando-atendimento/${segundo.id}\\?`));
  await composer.fill('');
});

test('the inbox at 390 px: the conversation comes first, with the way back and the neighbours', async ({
  page,
}, testInfo) => {
  test.setTimeout(60_000);
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, DEMO_ACCOUNTS.operador, { home: '/operador/dashboard' });
  const { marca, primeiro, segundo } = await doisAguardando(page);

  await page.goto(`/operador/aguardando-atendimento?busca=${marca}`);
  await esperarDados(page);
  // Phones get one card per customer.
  await page.getByRole('main').getByRole('listitem').filter({ hasText: primeiro.nome }).click();
  await expect(page).toHaveURL(naFila(primeiro.id));
  await expect(titulo(page)).toHaveText(primeiro.nome);
  await esperarDados(page);

  // No queue beside it: the conversation takes the screen, right under the customer's header.
  await expect(page.getByTestId('inbox')).toHaveAttribute('data-layout', 'conversa');
  await expect(page.getByRole('list', { name: 'Aguardando Atendimento' })).toHaveCount(0);
  const navegacao = page.getByRole('navigation', { name: 'Navegação da fila' });
  await expect(navegacao.getByRole('link', { name: 'Voltar para a fila' })).toBeVisible();
  await expect(navegacao.getByText('1 de 2')).toBeVisible();
  await expect(navegacao.getByRole('button', { name: 'Cliente anterior' })).toBeDisabled();

  const topo = async (nome: string) => {
    const caixa = await page.getByRole('region', { name: nome, exact: true }).boundingBox();
    if (!caixa) throw new Error(`${nome} não está na tela`);
    return caixa.y;
  };
  const resumo = await topo('Resumo do cliente');
  const conversa = await topo('Conversa');
  expect(resumo).toBeLessThan(conversa);
  for (const dados of ['Contato', 'Contas a receber'])
    expect(conversa, `a conversa vem antes de ${dados}`).toBeLessThan(await topo(dados));
  await expect(
    page.getByRole('log', { name: 'Mensagens' }).getByText(`Quero negociar (${marca}).`),
  ).toBeVisible();
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
    'a página passa da largura da tela',
  ).toBeLessThanOrEqual(0);
  await page.screenshot({ path: testInfo.outputPath('inbox-390.png'), fullPage: true });

  // Next and previous open the neighbours (buttons, and j/k from a hardware keyboard).
  await navegacao.getByRole('button', { name: 'Próximo cliente' }).click();
  await expect(page).toHaveURL(naFila(segundo.id));
  await expect(titulo(page)).toHaveText(segundo.nome);
  await expect(navegacao.getByText('2 de 2')).toBeVisible();
  await expect(navegacao.getByRole('button', { name: 'Próximo cliente' })).toBeDisabled();
  await page.keyboard.press('k');
  await expect(page).toHaveURL(naFila(primeiro.id));
  await expect(titulo(page)).toHaveText(primeiro.nome);

  await navegacao.getByRole('link', { name: 'Voltar para a fila' }).click();
  await expect(page).toHaveURL(new RegExp(`/operador/aguardando-atendimento\\?busca=${marca}$`));
  await expect(page.getByRole('main').getByRole('listitem').filter({ hasText: marca })).toHaveCount(2);
});
