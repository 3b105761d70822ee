import { formatarDataBr, hojeNoFuso, somarDias } from '@cobranca/dominio';
import { expect, type Page, test } from '@playwright/test';
import { importarClientes, marcaUnica, simularResposta } from './clientes-api.ts';
import { DEMO_ACCOUNTS, DEMO_OPERADORES_EXTRAS } from './demo-accounts.ts';
import { signIn } from './sign-in.ts';
import { esperarDados, esperarQueCaibaNaTela, esperarQueNenhumElementoPasseDaTela } from './tela.ts';

// The screens of issue 31's points 17, 18, 20 and 21 (the save bar and the relative times), at the two sizes the outside test used.

const TELAS = [
  { largura: 1440, altura: 900 },
  { largura: 390, altura: 844 },
] as const;

// An operator who only looks around: the journeys' account stays under the sign-in limit.
const OPERADOR = DEMO_OPERADORES_EXTRAS[0];

const menu = (page: Page) => page.getByRole('navigation', { name: 'Menu principal' });

/** On a phone the menu is a drawer behind the top bar's button. */
const abrirMenu = async (page: Page, largura: number) => {
  if (largura < 900) await page.getByRole('button', { name: 'Abrir menu' }).click();
  await expect(menu(page)).toBeVisible();
};

/** Every menu label whole: none cut with an ellipsis. */
const esperarRotulosInteiros = async (page: Page, tela: string) => {
  const cortados = await menu(page)
    .locator('.MuiListItemText-primary')
    .evaluateAll((rotulos) =>
      rotulos.filter((r) => r.scrollWidth > r.clientWidth + 1).map((r) => r.textContent),
    );
  expect(cortados, `${tela}: rótulos do menu cortados`).toEqual([]);
};

for (const { largura, altura } of TELAS) {
  test.describe(`${largura} px`, () => {
    test.use({ viewport: { width: largura, height: altura } });

    test('the admin dashboard has nothing past the screen’s edge, its chart’s hidden table included', async ({
      page,
    }, testInfo) => {
      await signIn(page, DEMO_ACCOUNTS.admin, { home: '/admin/dashboard' });
      await esperarDados(page);
      await expect(page.getByRole('table', { name: 'Dados do gráfico mensal' })).toBeAttached();
      await esperarQueCaibaNaTela(page, `dashboard a ${largura} px`);
      await esperarQueNenhumElementoPasseDaTela(page, `dashboard a ${largura} px`);
      await abrirMenu(page, largura);
      await esperarRotulosInteiros(page, `menu do admin a ${largura} px`);
      await page.screenshot({ path: testInfo.outputPath(`admin-dashboard-${largura}.png`), fullPage: true });
    });

    test('the menu highlights the list of the open customer’s status, with every label whole', async ({
      page,
    }, testInfo) => {
      await signIn(page, OPERADOR, { home: '/operador/dashboard' });
      // The demo operator has customers waiting: "Aguardando Atendimento" carries its count.
      await abrirMenu(page, largura);
      await expect(menu(page).getByTestId('badge-OperadorAguardandoAtendimento')).toBeVisible();
      await esperarRotulosInteiros(page, `menu do operador a ${largura} px`);
      if (largura < 900) await page.keyboard.press('Escape');
      for (const [lista, rotulo] of [
        ['/operador/concluidos', 'Concluídos'],
        ['/operador/clientes', 'Ativos'],
      ] as const) {
        await page.goto(lista);
        await esperarDados(page);
        const primeiro =
          largura > 600
            ? page.getByRole('table').getByRole('row').nth(1)
            : page.getByRole('main').getByRole('listitem').first();
        await primeiro.click();
        await expect(page).toHaveURL(/\/operador\/clientes\/\d+$/);
        await esperarDados(page);
        await abrirMenu(page, largura);
        await expect(menu(page).getByRole('link', { name: rotulo })).toHaveAttribute('aria-current', 'page');
        await expect(menu(page).locator('[aria-current="page"]')).toHaveCount(1);
        await page.screenshot({ path: testInfo.outputPath(`menu-${rotulo}-${largura}.png`) });
        if (largura < 900) await page.keyboard.press('Escape');
      }
    });

    test('a customer’s workspace opened directly puts the conversation first on a phone, beside the data on a desktop', async ({
      page,
    }, testInfo) => {
      await signIn(page, OPERADOR, { home: '/operador/dashboard' });
      await page.goto('/operador/clientes');
      await esperarDados(page);
      await (largura > 600
        ? page.getByRole('table').getByRole('row').nth(1)
        : page.getByRole('main').getByRole('listitem').first()
      ).click();
      await expect(page).toHaveURL(/\/operador\/clientes\/\d+$/);
      // Opened by its address, as a shared link or a reload does.
      await page.reload();
      await esperarDados(page);
      const conversa = await page.getByRole('region', { name: 'Conversa' }).boundingBox();
      const contas = await page.getByRole('region', { name: 'Contas a receber' }).boundingBox();
      const resumo = await page.getByRole('region', { name: 'Resumo do cliente' }).boundingBox();
      if (!conversa || !contas || !resumo) throw new Error('a área de trabalho não mostrou seus blocos');
      if (largura < 1200) {
        // Right under the customer's header, above every other card.
        expect(conversa.y).toBeGreaterThan(resumo.y);
        expect(conversa.y).toBeLessThan(contas.y);
      } else expect(conversa.x).toBeGreaterThanOrEqual(contas.x + contas.width);
      await esperarQueCaibaNaTela(page, `área de trabalho a ${largura} px`);
      await page.screenshot({ path: testInfo.outputPath(`area-de-trabalho-${largura}.png`), fullPage: true });
    });

    test('Salvar with a wrong multa and juros shows the first error clear of the sticky save bar', async ({
      page,
    }, testInfo) => {
      await signIn(page, DEMO_ACCOUNTS.admin, { home: '/admin/dashboard' });
      await page.goto('/admin/config-sistema');
      await esperarDados(page);
      const multa = page.getByLabel('Multa por atraso (%)');
      await multa.fill('5');
      await page.getByLabel('Juros de mora (% ao mês)').fill('-1');
      await page.getByRole('button', { name: 'Salvar' }).click();
      await expect(multa).toBeFocused();
      const erro = page.getByText('A multa por atraso é limitada a 2% (CDC, art. 52, § 1º).');
      await expect(erro).toBeVisible();
      const barra = await page
        .getByRole('status')
        .filter({ hasText: 'Há alterações não salvas.' })
        .locator('..')
        .boundingBox();
      const caixa = await erro.boundingBox();
      const topo = await page.getByRole('banner').boundingBox();
      if (!barra || !caixa || !topo) throw new Error('sem a barra de salvar ou o erro na tela');
      expect(caixa.y + caixa.height, 'o erro da multa fica sob a barra de salvar').toBeLessThanOrEqual(
        barra.y,
      );
      expect(caixa.y).toBeGreaterThanOrEqual(topo.y + topo.height);
      await page.screenshot({ path: testInfo.outputPath(`config-erros-${largura}.png`) });
    });

    test('a reply’s relative time moves on while the list stays open: "agora", then "há 3 min"', async ({
      page,
    }) => {
      // The page's clock starts at the real now (the server stamps the reply), then jumps ahead.
      await page.clock.install();
      await signIn(page, OPERADOR, { home: '/operador/dashboard' });
      const nome = `Relógio ${marcaUnica()}`;
      const vencimento = formatarDataBr(somarDias(hojeNoFuso(new Date()), 5));
      const [id] = await importarClientes(page, [{ nome, vencimento }]);
      await simularResposta(page, id ?? 0, 'Posso pagar amanhã?');
      await page.goto(`/operador/aguardando-atendimento?busca=${encodeURIComponent(nome)}`);
      const linha = page.getByRole('main').getByText(/^Respondeu /);
      await expect(linha).toHaveText('Respondeu agora');
      await page.clock.fastForward('03:00');
      await expect(linha).toHaveText('Respondeu há 3 min');
    });
  });
}
