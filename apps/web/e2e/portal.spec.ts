import AxeBuilder from '@axe-core/playwright';
import { formatarDataBr, formatarDocumento, gerarCpf, hojeNoFuso, somarDias } from '@cobranca/dominio';
import { type APIRequestContext, type Browser, expect, type Page, test } from '@playwright/test';
import { type FakeCloudApi, iniciarFakeCloudApi } from '../../api/test/fake-cloud-api.ts';
import { DEMO_ACCOUNTS } from './demo-accounts.ts';
import { apiComo, signIn } from './sign-in.ts';
import { esperarQueCaibaNaTela } from './tela.ts';

// The customer's portal (docs/produto.md §22) as the customer meets it: the régua's message goes out
// through the WhatsApp Cloud API (a fake of Meta's on loopback, so we read the real text the customer
// gets), its link opens the page on a phone-sized screen, and what the customer does there shows up on
// the operator's side.

const SISTEMA = '/api/admin/configuracoes/sistema';
const WHATSAPP = '/api/admin/configuracoes/whatsapp';
const TEMPLATES = '/api/admin/configuracoes/mensagens';
/** The collection texts the régua may send a new customer (a missed step is caught up with `atraso`). */
const COBRANCA = ['lembrete', 'vencimento', 'atraso'] as const;
type Modelo = { texto: string; whatsapp_template_nome: string | null; whatsapp_idioma: string };
const CELULAR = { width: 390, height: 844 };

let admin: APIRequestContext;
let operador: APIRequestContext;
let meta: FakeCloudApi;
let sistemaAntes: Record<string, unknown>;
let modelosAntes: Record<string, Modelo> | undefined;

test.beforeAll(async ({ playwright }, testInfo) => {
  const baseURL = testInfo.project.use.baseURL;
  admin = await apiComo(playwright, baseURL, DEMO_ACCOUNTS.admin);
  operador = await apiComo(playwright, baseURL, DEMO_ACCOUNTS.operador);
  meta = await iniciarFakeCloudApi();

  sistemaAntes = await (await admin.get(SISTEMA)).json();
  const diaTodo = { inicio: '00:00', fim: '23:59' };
  const sistema = await admin.put(SISTEMA, {
    data: {
      ...sistemaAntes,
      janela_envio: { dias_uteis: diaTodo, sabado: diaTodo, domingo: diaTodo, feriados_nacionais: true },
    },
  });
  expect(sistema.status(), await sistema.text()).toBe(200);

  // Outside the 24-hour window Meta takes approved templates only: the collection texts get one each.
  modelosAntes = (
    (await (await admin.get(`${TEMPLATES}/templates`)).json()) as { mensagens: Record<string, Modelo> }
  ).mensagens;
  for (const tipo of COBRANCA) {
    const modelo = modelosAntes[tipo];
    expect(modelo?.texto).toContain('{{link}}');
    const salvo = await admin.put(`${TEMPLATES}/${tipo}`, {
      data: { texto: modelo?.texto, whatsapp_template_nome: `cobranca_${tipo}`, whatsapp_idioma: 'pt_BR' },
    });
    expect(salvo.status(), await salvo.text()).toBe(200);
  }

  const canal = await admin.put(WHATSAPP, {
    data: {
      provedor: 'whatsapp_cloud',
      phone_number_id: meta.phoneNumberId,
      access_token: meta.token,
      app_secret: 'segredo-do-app-e2e',
      webhook_verify_token: 'verificacao-e2e',
      api_version: meta.apiVersion,
      base_url: meta.url,
    },
  });
  expect(canal.status(), await canal.text()).toBe(200);
});

test.afterAll(async () => {
  await admin?.put(WHATSAPP, { data: { provedor: 'simulador' } });
  for (const tipo of COBRANCA) {
    const modelo = modelosAntes?.[tipo];
    if (modelo)
      await admin.put(`${TEMPLATES}/${tipo}`, {
        data: {
          texto: modelo.texto,
          whatsapp_template_nome: modelo.whatsapp_template_nome,
          whatsapp_idioma: modelo.whatsapp_idioma,
        },
      });
  }
  if (sistemaAntes) await admin.put(SISTEMA, { data: sistemaAntes });
  await admin?.dispose();
  await operador?.dispose();
  await meta?.fechar();
});

const digitos = (n: number) => Array.from({ length: n }, () => Math.floor(Math.random() * 10)).join('');

type Cliente = { id: number; nome: string; cpf: string; telefone: string };

/**
 * A customer of the demo operator with R$ 120,00 due today (the régua's due-day message) and R$ 300,00
 * 40 days overdue, imported through the operator's CSV import.
 */
const novoCliente = async (rotulo: string): Promise<Cliente> => {
  const nome = `${rotulo} Portal ${Date.now().toString(36)}`;
  const cpf = formatarDocumento(gerarCpf(Math.random));
  const celular = `9${digitos(8)}`;
  const hoje = hojeNoFuso(new Date());
  const linhas = [
    'nome;documento;telefone;email;descricao;valor;vencimento',
    `${nome};${cpf};(11) ${celular.slice(0, 5)}-${celular.slice(5)};;Mensalidade de novembro;120,00;${formatarDataBr(hoje)}`,
    `${nome};${cpf};(11) ${celular.slice(0, 5)}-${celular.slice(5)};;Mensalidade de outubro;300,00;${formatarDataBr(somarDias(hoje, -40))}`,
  ];
  const importacao = await operador.post('/api/operador/clientes/importar-csv', {
    multipart: {
      csv_file: {
        name: 'portal.csv',
        mimeType: 'text/csv',
        buffer: Buffer.from(`${linhas.join('\r\n')}\r\n`, 'utf8'),
      },
    },
  });
  expect(importacao.status(), await importacao.text()).toBe(200);
  const lista = await operador.get(`/api/operador/clientes/ativos?busca=${encodeURIComponent(nome)}`);
  const cliente = ((await lista.json()) as { data: { id: number; nome: string }[] }).data.find(
    (c) => c.nome === nome,
  );
  if (!cliente) throw new Error(`${nome} não apareceu em Ativos`);
  return { id: cliente.id, nome, cpf, telefone: `5511${celular}` };
};

/** The portal path in the message the customer got on WhatsApp (waits for the régua to send it). */
const linkRecebido = async (cliente: Cliente): Promise<string> => {
  let caminho: string | undefined;
  await expect
    .poll(
      () => {
        const mensagem = meta.recebidas.find((m) => m.para.replace(/\D/g, '') === cliente.telefone);
        caminho = /https?:\/\/[^/\s"]+(\/p\/[A-Za-z0-9_-]{32})/.exec(
          JSON.stringify(mensagem?.corpo ?? ''),
        )?.[1];
        return caminho;
      },
      { timeout: 30_000, message: 'a régua não enviou a mensagem com o link' },
    )
    .toBeTruthy()
    .catch(async (erro: unknown) => {
      const thread = await (await operador.get(`/api/operador/clientes/${cliente.id}/mensagens`)).text();
      throw new Error(
        `${String(erro)}\nconversa: ${thread.slice(0, 1_500)}\nMeta recebeu: ${meta.recebidas.length}`,
      );
    });
  return caminho as string;
};

const celular = async (browser: Browser, baseURL: string | undefined) =>
  (
    await browser.newContext({ baseURL, viewport: CELULAR, locale: 'pt-BR', timezoneId: 'America/Sao_Paulo' })
  ).newPage();

/** axe-core on the page as it stands: no WCAG 2.1 A/AA violation at all (the back office allows minor ones). */
const semViolacoes = async (page: Page, tela: string) => {
  const { violations } = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  expect(
    violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
    `${tela}: violações de acessibilidade`,
  ).toEqual([]);
};

const confirmarDocumento = async (page: Page, documento: string) => {
  await page.getByRole('textbox', { name: 'CPF ou CNPJ' }).fill(documento);
  await page.getByRole('button', { name: 'Continuar' }).click();
};

test('from the régua message’s link: wrong and right document, the updated debt, PIX paid without a reload', async ({
  browser,
}, testInfo) => {
  test.setTimeout(90_000);
  const cliente = await novoCliente('Joana');
  const caminho = await linkRecebido(cliente);
  const page = await celular(browser, testInfo.project.use.baseURL);
  const naoDeTerceiros: string[] = [];
  page.on('request', (r) => {
    if (!r.url().startsWith(testInfo.project.use.baseURL ?? '')) naoDeTerceiros.push(r.url());
  });
  await page.goto(caminho);

  await expect(
    page.getByRole('heading', { name: 'Para sua segurança, confirme seu CPF ou CNPJ' }),
  ).toBeVisible();
  await expect(page.getByText('Empresa Demonstração Ltda').first()).toBeVisible();
  // Nothing about the customer before the check.
  await expect(page.locator('body')).not.toContainText('Joana');
  await esperarQueCaibaNaTela(page, 'portal: documento');
  await semViolacoes(page, 'portal: documento');
  await page.screenshot({ path: testInfo.outputPath('portal-documento-390.png'), fullPage: true });

  await confirmarDocumento(page, formatarDocumento(gerarCpf(Math.random)));
  await expect(page.getByText(/não confere/)).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('portal-documento-errado-390.png'), fullPage: true });

  await confirmarDocumento(page, cliente.cpf);
  await expect(page.getByText('Olá, Joana')).toBeVisible();
  await expect(page.getByText('Mensalidade de outubro')).toBeVisible();
  await expect(page.getByText('Mensalidade de novembro')).toBeVisible();
  // R$ 300,00 forty days late carries the 2 % multa (R$ 6,00).
  await expect(page.getByText('R$ 6,00').first()).toBeVisible();
  await esperarQueCaibaNaTela(page, 'portal: débitos');
  await semViolacoes(page, 'portal: débitos');
  await page.screenshot({ path: testInfo.outputPath('portal-debitos-390.png'), fullPage: true });
  // The same page on a desktop: a centred column, nothing stretched.
  await page.setViewportSize({ width: 1440, height: 900 });
  await esperarQueCaibaNaTela(page, 'portal: débitos a 1440 px');
  await page.screenshot({ path: testInfo.outputPath('portal-debitos-1440.png'), fullPage: true });
  await page.setViewportSize(CELULAR);

  await page.getByRole('button', { name: 'Pagar com PIX' }).click();
  await expect(page.getByRole('img', { name: 'QR Code do PIX' })).toBeVisible();
  const copiaECola = await page.getByRole('textbox', { name: /copia e cola/i }).inputValue();
  expect(copiaECola).toMatch(/^000201/);
  await esperarQueCaibaNaTela(page, 'portal: PIX');
  await semViolacoes(page, 'portal: PIX');
  await page.screenshot({ path: testInfo.outputPath('portal-pix-390.png'), fullPage: true });

  // The payment arrives (the simulator pays the charge the page shows); the page turns by itself.
  const cobrancas = (await (
    await operador.get(`/api/operador/clientes/${cliente.id}/cobrancas-pix`)
  ).json()) as {
    cobrancas: { txid: string; pix_copia_e_cola: string }[];
  };
  const cobranca = cobrancas.cobrancas.find((c) => c.pix_copia_e_cola === copiaECola);
  if (!cobranca) throw new Error('a cobrança do portal não aparece para o operador');
  const pago = await operador.post(
    `/api/operador/clientes/${cliente.id}/cobrancas-pix/${cobranca.txid}/simular-pagamento`,
  );
  expect(pago.status(), await pago.text()).toBe(200);
  await expect(page.getByRole('heading', { name: 'Pagamento recebido' })).toBeVisible({ timeout: 15_000 });
  await page.screenshot({ path: testInfo.outputPath('portal-pago-390.png'), fullPage: true });
  expect(naoDeTerceiros).toEqual([]);
  await page.context().close();
});

test('a self-service agreement reaches the operator; a person is asked for; the customer opts out; a revoked link is friendly', async ({
  browser,
}, testInfo) => {
  test.setTimeout(90_000);
  const cliente = await novoCliente('Rui');
  const caminho = await linkRecebido(cliente);
  const page = await celular(browser, testInfo.project.use.baseURL);
  await page.goto(caminho);
  await confirmarDocumento(page, cliente.cpf);
  await expect(page.getByText('Olá, Rui')).toBeVisible();

  await page.getByRole('button', { name: 'Negociar' }).click();
  // Each plan: its discount as the headline (when any), every instalment's amount, the first and last
  // dates, the total.
  await expect(
    page.getByRole('group', { name: 'Escolha como quer pagar' }).locator('.opcao').nth(1),
  ).toHaveText(
    /^(R\$ [\d.,]+ de desconto)?2 parcelas(: 1 de R\$ [\d.,]+ e 1 de R\$ [\d.,]+| de R\$ [\d.,]+)1ª em \d{2}\/\d{2}\/\d{4}, última em \d{2}\/\d{2}\/\d{4}Total R\$ [\d.,]+( em vez de R\$ [\d.,]+)?$/,
  );
  await page.getByRole('radio', { name: /3 parcelas/ }).check();
  await semViolacoes(page, 'portal: negociar');
  await page.screenshot({ path: testInfo.outputPath('portal-negociar-390.png'), fullPage: true });
  await page.getByRole('button', { name: 'Confirmar acordo' }).click();
  await page.getByRole('button', { name: 'Confirmar', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Acordo confirmado' })).toBeVisible();
  await expect(page.getByRole('img', { name: 'QR Code do PIX' })).toBeVisible();
  await esperarQueCaibaNaTela(page, 'portal: acordo');
  await semViolacoes(page, 'portal: acordo');
  await page.screenshot({ path: testInfo.outputPath('portal-acordo-390.png'), fullPage: true });

  const detalhe = await (await operador.get(`/api/operador/clientes/${cliente.id}`)).json();
  expect(detalhe.negociacoes).toHaveLength(1);
  expect(detalhe.negociacoes[0].parcelas_ids).toHaveLength(3);
  const mensagens = (await (await operador.get(`/api/operador/clientes/${cliente.id}/mensagens`)).json()) as {
    data?: { conteudo: string }[];
    mensagens?: { conteudo: string }[];
  };
  expect(JSON.stringify(mensagens)).toContain('Acordo feito pelo portal: 3 parcelas');

  await page.goto(caminho);
  await confirmarDocumento(page, cliente.cpf);
  await page.getByRole('button', { name: 'Falar com um atendente' }).click();
  await page.getByRole('textbox', { name: 'Sua mensagem' }).fill('Quero mudar a data das parcelas.');
  await page.getByRole('button', { name: 'Enviar' }).click();
  await expect(page.getByText(/Recebemos sua mensagem/)).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('portal-atendente-390.png'), fullPage: true });
  await expect
    .poll(async () => (await (await operador.get(`/api/operador/clientes/${cliente.id}`)).json()).status)
    .toBe('aguardando_atendimento');

  await page.goto(caminho);
  await confirmarDocumento(page, cliente.cpf);
  await page.getByRole('button', { name: 'Não quero mais receber mensagens' }).click();
  await page.getByRole('button', { name: 'Confirmar', exact: true }).click();
  await expect(page.getByText(/Registramos seu pedido em/)).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('portal-opt-out-390.png'), fullPage: true });
  const optOut = (await (await operador.get(`/api/operador/clientes/${cliente.id}`)).json()).opt_out;
  expect(optOut?.canal).toBe('portal');

  // The operator sees the agreement and the opt-out's channel in the workspace, and revokes the link
  // there: the customer's page, reloaded, is the friendly one, with no data.
  const mesa = await browser.newPage({
    baseURL: testInfo.project.use.baseURL,
    viewport: { width: 1440, height: 900 },
  });
  await signIn(mesa, DEMO_ACCOUNTS.operador, { home: '/operador/dashboard' });
  await mesa.goto(`/operador/clientes/${cliente.id}`);
  await expect(mesa.getByText(/pelo portal do cliente/)).toBeVisible();
  // The agreement is the operator's to follow: in the conversation, and its receivables negotiated.
  await expect(mesa.getByRole('log', { name: 'Mensagens' })).toContainText(
    'Acordo feito pelo portal: 3 parcelas',
  );
  await expect(mesa.getByText('Negociada').first()).toBeVisible();
  await expect(mesa.getByText(/Link do portal válido até/)).toBeVisible();
  await mesa.getByRole('button', { name: 'Revogar link' }).click();
  const dialogo = mesa.getByRole('dialog', { name: 'Revogar o link do portal?' });
  await mesa.screenshot({ path: testInfo.outputPath('workspace-revogar-1440.png') });
  await dialogo.getByRole('button', { name: 'Revogar' }).click();
  await expect(mesa.getByText('Link do portal revogado.')).toBeVisible();
  await expect(mesa.getByText(/Link do portal revogado em/)).toBeVisible();
  await mesa.close();
  await page.goto(caminho);
  await expect(page.getByRole('heading', { name: 'Este link não está mais disponível' })).toBeVisible();
  await expect(page.locator('body')).not.toContainText('Rui');
  await page.screenshot({ path: testInfo.outputPath('portal-indisponivel-390.png'), fullPage: true });
  await page.context().close();
});

test('a plan with automatic debit on a phone: the switch, then the PIX that also authorises the debit', async ({
  browser,
}, testInfo) => {
  test.setTimeout(90_000);
  const cliente = await novoCliente('Davi');
  const caminho = await linkRecebido(cliente);
  const page = await celular(browser, testInfo.project.use.baseURL);
  await page.goto(caminho);
  await confirmarDocumento(page, cliente.cpf);
  await expect(page.getByText('Olá, Davi')).toBeVisible();

  await page.getByRole('button', { name: 'Negociar' }).click();
  const debito = page.getByRole('checkbox', {
    name: 'Pagar as próximas parcelas por débito automático (PIX Automático)',
  });
  await page.getByRole('radio', { name: /À vista/ }).check();
  await expect(debito).toHaveCount(0);
  await page.getByRole('radio', { name: /3 parcelas/ }).check();
  await debito.check();
  await expect(page.getByText(/Você autoriza uma vez no app do seu banco/)).toBeVisible();
  await esperarQueCaibaNaTela(page, 'portal: negociar com débito automático');
  await semViolacoes(page, 'portal: negociar com débito automático');
  await page.screenshot({ path: testInfo.outputPath('portal-negociar-debito-390.png'), fullPage: true });
  await page.getByRole('button', { name: 'Confirmar acordo' }).click();
  await page.getByRole('button', { name: 'Confirmar', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Acordo confirmado' })).toBeVisible();
  await expect(
    page.getByText('Este PIX paga a 1ª parcela e autoriza o débito automático das demais.'),
  ).toBeVisible({
    timeout: 15_000,
  });
  await expect(page.getByRole('img', { name: 'QR Code do PIX' })).toBeVisible();
  const copiaECola = await page.getByRole('textbox', { name: /copia e cola/i }).inputValue();
  await esperarQueCaibaNaTela(page, 'portal: PIX com débito automático');
  await semViolacoes(page, 'portal: PIX com débito automático');
  await page.screenshot({ path: testInfo.outputPath('portal-pix-debito-390.png'), fullPage: true });

  // The code on the page is the agreement's composite one, as the operator's workspace has it.
  const detalhe = await (await operador.get(`/api/operador/clientes/${cliente.id}`)).json();
  expect(detalhe.negociacoes[0].debito_automatico).toMatchObject({
    status: 'aguardando_aprovacao',
    pix_copia_e_cola: copiaECola,
  });
  await page.context().close();
});

test('five wrong documents lock the link for 15 minutes, with a clear message', async ({
  browser,
}, testInfo) => {
  test.setTimeout(60_000);
  const cliente = await novoCliente('Lia');
  const caminho = await linkRecebido(cliente);
  const page = await celular(browser, testInfo.project.use.baseURL);
  await page.goto(caminho);
  const errado = formatarDocumento(gerarCpf(Math.random));
  for (let i = 0; i < 4; i += 1) {
    await confirmarDocumento(page, errado);
    await expect(page.getByText(new RegExp(`Resta(m)? ${4 - i}`))).toBeVisible();
  }
  await confirmarDocumento(page, errado);
  await expect(page.getByRole('heading', { name: 'Link bloqueado' })).toBeVisible();
  await expect(page.getByText(/Por segurança, este link está bloqueado até \d{2}:\d{2}/)).toBeVisible();
  await semViolacoes(page, 'portal: bloqueado');
  await page.screenshot({ path: testInfo.outputPath('portal-bloqueado-390.png'), fullPage: true });
  // Even the right document waits for the lock to end.
  await page.getByRole('button', { name: 'Tentar de novo' }).click();
  await expect(page.getByRole('heading', { name: 'Link bloqueado' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'CPF ou CNPJ' })).toHaveCount(0);
  await page.context().close();
});

test('an unknown or expired link shows the friendly page with the company’s contact', async ({
  browser,
}, testInfo) => {
  const page = await celular(browser, testInfo.project.use.baseURL);
  await page.goto(`/p/${'A'.repeat(32)}`);
  await expect(page.getByRole('heading', { name: 'Este link não está mais disponível' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'CPF ou CNPJ' })).toHaveCount(0);
  // The demo company's contact (system settings), so the customer still has a way to reach it.
  await expect(page.getByText('(11) 4002-8922', { exact: false })).toBeVisible();
  await esperarQueCaibaNaTela(page, 'portal: indisponível');
  await semViolacoes(page, 'portal: indisponível');
  await page.context().close();
});
