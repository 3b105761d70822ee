import { type Browser, expect, type Page, test } from '@playwright/test';
import { DEMO_ACCOUNTS } from './demo-accounts.ts';
import { signIn } from './sign-in.ts';
import { tamanhoDaTela } from './tela.ts';

// Server push (docs/produto.md §5 "Ao vivo"): what one browser does shows in another within 2 s,
// without a reload and far sooner than the polling fallback (5 s, one minute while live).
const AO_VIVO = { timeout: 2_000 };

const abrirOperador = async (browser: Browser, width: number) => {
  const contexto = await browser.newContext({ viewport: tamanhoDaTela(width) });
  const page = await contexto.newPage();
  await signIn(page, DEMO_ACCOUNTS.operador, { home: '/operador/dashboard' });
  return page;
};

/** The first `ativo` customer of the operator with a phone: a reply can be simulated for them. */
const clienteAtivo = async (page: Page): Promise<number> => {
  const token = await page.evaluate(
    () => JSON.parse(localStorage.getItem('cobranca.sessao') ?? '{}').state?.token,
  );
  const resposta = await page.request.get('/api/operador/clientes/ativos?per_page=50', {
    headers: { authorization: `Bearer ${token}` },
  });
  const { data } = (await resposta.json()) as {
    data: { id: number; telefone: string | null; status: string }[];
  };
  // Ativos also lists paused customers: a reply moves only an `ativo` one to the queue.
  const cliente = data.find((c) => c.telefone && c.status === 'ativo');
  if (!cliente) throw new Error('nenhum cliente ativo com telefone nos dados de demonstração');
  return cliente.id;
};

for (const width of [1440, 390]) {
  test(`a customer's reply reaches an open workspace, the queue and the badge live at ${width} px`, async ({
    browser,
  }, testInfo) => {
    const operador = await abrirOperador(browser, width);
    const outraAba = await abrirOperador(browser, width);
    const id = await clienteAtivo(operador);
    const badge = operador.getByTestId('badge-OperadorAguardandoAtendimento');
    const aguardandoAntes = Number((await badge.textContent()) ?? '0');

    const streamAberto = operador.waitForResponse(
      (r) => r.url().endsWith('/api/operador/eventos') && r.status() === 200,
    );
    await operador.goto(`/operador/clientes/${id}`);
    const resumo = operador.getByRole('region', { name: 'Resumo do cliente' });
    await expect(resumo.getByText('Ativo', { exact: true })).toBeVisible();
    await expect(operador.getByRole('button', { name: 'Assumir' })).toHaveCount(0);
    await streamAberto;

    // The customer answers (typed in the simulator, from another tab).
    await outraAba.goto(`/operador/clientes/${id}`);
    await outraAba.getByRole('button', { name: 'Simular resposta do cliente' }).click();
    const dialogo = outraAba.getByRole('dialog', { name: 'Simular resposta do cliente' });
    await dialogo
      .getByRole('textbox', { name: 'Resposta do cliente' })
      .fill('Bom dia, quero negociar minha dívida.');
    await dialogo.getByRole('button', { name: 'Simular resposta' }).click();
    await expect(dialogo).toBeHidden();

    await expect(resumo.getByText('Aguardando atendimento')).toBeVisible(AO_VIVO);
    await expect(operador.getByRole('button', { name: 'Assumir' })).toBeVisible(AO_VIVO);
    await expect(
      operador.getByRole('log', { name: 'Mensagens' }).getByText('Bom dia, quero negociar minha dívida.'),
    ).toBeVisible(AO_VIVO);
    await expect(badge).toHaveText(String(aguardandoAntes + 1), AO_VIVO);
    await expect(operador).toHaveTitle(new RegExp(`^\\(${aguardandoAntes + 1}\\) `), AO_VIVO);
    await operador.screenshot({ path: testInfo.outputPath(`ao-vivo-${width}.png`), fullPage: true });

    // The queue, open in the other tab, gains the customer without a reload.
    await outraAba.goto('/operador/aguardando-atendimento');
    await expect(outraAba.getByText('Bom dia, quero negociar minha dívida.')).toBeVisible();
    await operador.goto('/operador/aguardando-atendimento');
    await operador.getByRole('main').getByText('Bom dia, quero negociar minha dívida.').first().click();
    await operador.getByRole('button', { name: 'Assumir' }).click();
    await expect(outraAba.getByText('Bom dia, quero negociar minha dívida.')).toHaveCount(0, AO_VIVO);

    await operador.context().close();
    await outraAba.context().close();
  });
}
