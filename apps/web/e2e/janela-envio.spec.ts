import { formatarDataBr, hojeNoFuso, minutosDoDia } from '@cobranca/dominio';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { importarClientes, marcaUnica } from './clientes-api.ts';
import { DEMO_ACCOUNTS } from './demo-accounts.ts';
import { apiComo, signIn } from './sign-in.ts';
import { esperarDados, esperarQueCaibaNaTela, tamanhoDaTela, WORKSPACE } from './tela.ts';

// Truthful sending (docs/produto.md §11, §12, issue 17): a régua message planned while the sending
// window has not opened yet waits for it. The thread and the list say "Agendada" and when it goes,
// never "Enviada"; the operator area's banner says when the window opens; the workspace warns an
// operator writing meanwhile that their own message goes at once.

const SISTEMA = '/api/admin/configuracoes/sistema';
const FUSO = 'America/Sao_Paulo';
// The window opens this long after the setup: far more than both journeys take.
const FOLGA_MINUTOS = 6;
const ULTIMO_MINUTO = 23 * 60 + 59;

const hhmm = (minutos: number) =>
  `${String(Math.floor(minutos / 60)).padStart(2, '0')}:${String(minutos % 60).padStart(2, '0')}`;

let admin: APIRequestContext;
let anteriores: Record<string, unknown> | undefined;
/** When today's window opens (HH:MM, São Paulo): still ahead, so the régua plans but does not send. */
let abre = '';

test.beforeAll(async ({ playwright }, testInfo) => {
  // Planning runs only until today's window closes (23:59 at the latest): too near midnight, wait
  // for the new day (at most FOLGA_MINUTOS + 1 minutes).
  const faltam = ULTIMO_MINUTO - (minutosDoDia(new Date(), FUSO) + FOLGA_MINUTOS + 1);
  if (faltam < 0) {
    const espera = (ULTIMO_MINUTO - minutosDoDia(new Date(), FUSO) + 2) * 60_000;
    testInfo.setTimeout(espera + 60_000);
    await new Promise((resolve) => setTimeout(resolve, espera));
  }

  const baseURL = testInfo.project.use.baseURL;
  admin = await apiComo(playwright, baseURL, DEMO_ACCOUNTS.admin);

  const atual = await admin.get(SISTEMA);
  expect(atual.status()).toBe(200);
  anteriores = await atual.json();
  // With automation off the thread says "automação pausada" instead: say so rather than wait in vain.
  expect(anteriores?.automacao_ativa, 'a automação precisa estar ligada').toBe(true);

  // Every kind of day (and holidays) gets the same window, so today is a sending day whatever it is.
  abre = hhmm(minutosDoDia(new Date(), FUSO) + FOLGA_MINUTOS);
  const hoje = { inicio: abre, fim: hhmm(ULTIMO_MINUTO) };
  const salvo = await admin.put(SISTEMA, {
    data: {
      ...anteriores,
      fuso_horario: FUSO,
      janela_envio: { dias_uteis: hoje, sabado: hoje, domingo: hoje, feriados_nacionais: true },
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

const larguraAlemDaTela = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

const banner = (page: Page) =>
  page.getByRole('main').getByRole('alert').filter({ hasText: 'Fora da janela de envio' });

for (const width of [1440, 390]) {
  test(`a régua message waiting for the sending window shows "Agendada" and when it goes at ${width} px`, async ({
    page,
  }, testInfo) => {
    test.setTimeout(60_000);
    await page.setViewportSize(tamanhoDaTela(width));
    await signIn(page, DEMO_ACCOUNTS.operador, { home: '/operador/dashboard' });
    const agendada = `Agendada · sai às ${abre} (fora da janela)`;

    // The banner is on every operator screen while the window is closed.
    await expect(banner(page)).toHaveText(
      `Fora da janela de envio: as mensagens da régua saem às ${abre}. As mensagens que você escrever saem na hora.`,
    );

    // A customer with a receivable due today: the engine (every 2 s under e2e) plans the due-day message.
    const marca = marcaUnica();
    const nome = `Cliente Janela ${marca}`;
    const [id] = await importarClientes(page, [{ nome, vencimento: formatarDataBr(hojeNoFuso(new Date())) }]);

    await page.goto(`/operador/clientes?busca=${marca}`);
    await esperarDados(page);
    await expect(banner(page)).toContainText(`saem às ${abre}`);
    if (width > 600) {
      // Ativos' "Última mensagem": the same state as the thread, not "Enviada · agora".
      const linha = page.getByRole('table').getByRole('row').filter({ hasText: nome });
      await expect(linha).toContainText(agendada, { timeout: 20_000 });
      await expect(linha).not.toContainText('Enviada');
      await esperarQueCaibaNaTela(page, `Ativos a ${width} px`);
      await linha.click();
    } else {
      // Phones get a card per customer, without the last message (docs/produto.md §5).
      const cartao = page.getByRole('main').getByRole('listitem').filter({ hasText: nome });
      await expect(cartao).not.toContainText('Enviada');
      await esperarQueCaibaNaTela(page, `Ativos a ${width} px`);
      await cartao.click();
    }
    await expect(page).toHaveURL(WORKSPACE);
    await expect(page).toHaveURL(new RegExp(`/operador/clientes/${id}(\\?|$)`));

    const conversa = page.getByRole('log', { name: 'Mensagens' });
    const regua = conversa.getByRole('listitem', { name: 'Mensagem de Régua automática' });
    await expect(regua).toContainText('vence hoje', { timeout: 20_000 });
    await expect(regua).toContainText(agendada);
    await expect(regua).not.toContainText('Enviada');
    await expect(regua.getByRole('img', { name: /Enviada|Entregue|Lida/ })).toHaveCount(0);
    await expect(banner(page)).toContainText(`saem às ${abre}`);

    // Before writing, the operator is told the company's window is closed and their message goes anyway.
    const aviso = page
      .getByRole('region', { name: 'Conversa' })
      .getByRole('alert')
      .filter({ hasText: 'Fora do horário de envio da empresa' });
    await expect(aviso).toContainText(`(volta às ${abre})`);
    await expect(aviso).toContainText('sua mensagem sai na hora');
    const composer = page.getByRole('combobox', { name: 'Mensagem' });
    await expect(composer).toBeEnabled();
    await esperarDados(page);
    // The page only: the workspace's receivables table is still wider than its card (issue 17).
    expect(await larguraAlemDaTela(page), 'a página passa da largura da tela').toBeLessThanOrEqual(0);
    await page.screenshot({ path: testInfo.outputPath(`janela-envio-${width}.png`), fullPage: true });

    // Which it does: the operator's own message is not held by the window.
    const texto = `Bom dia! Mensagem do operador ${marca}.`;
    await composer.fill(texto);
    await composer.press('Enter');
    const minha = conversa.getByRole('listitem').filter({ hasText: texto });
    await expect(minha.getByRole('img', { name: /Enviada|Entregue|Lida/ })).toBeVisible({ timeout: 10_000 });
    await expect(minha).not.toContainText('Agendada');
    await expect(regua).toContainText(agendada);
  });
}
