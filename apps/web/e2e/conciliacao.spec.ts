import { Buffer } from 'node:buffer';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { formatarDataBr, formatarReais, hojeNoFuso, somarDias } from '@cobranca/dominio';
import { type Browser, expect, type Locator, type Page, test } from '@playwright/test';
import { gerarOfx } from '../../api/src/modules/conciliacao/amostras/gerar-arquivos.ts';
import { importarClientes, marcaUnica, tokenDaSessao } from './clientes-api.ts';
import { DEMO_ACCOUNTS } from './demo-accounts.ts';
import { signIn } from './sign-in.ts';
import { esperarDados, esperarQueCaibaNaTela, esperarQueNenhumElementoPasseDaTela } from './tela.ts';

// Bank reconciliation (docs/conciliacao.md) as an admin does it in "Conciliação bancária": the demo's
// retorno and statement (apps/api/src/modules/demo/demo-conciliacao.ts writes them into
// DATA_DIR/exemplos-conciliacao at each start), the review queue, a phone, a broken file.

const ROTA = '/admin/conciliacao';
const CELULAR = { width: 390, height: 844 };

// ── The demo's sample files, read from the server's data directory ──────────────────────────────────
const DATA_DIR = process.env.E2E_DATA_DIR ?? fileURLToPath(new URL('../../../data/e2e', import.meta.url));
const PASTA_EXEMPLOS = join(DATA_DIR, 'exemplos-conciliacao');

const arquivoDeExemplo = (padrao: RegExp) => {
  const nome = readdirSync(PASTA_EXEMPLOS).find((n) => padrao.test(n));
  if (!nome) throw new Error(`a demonstração não escreveu ${padrao} em ${PASTA_EXEMPLOS}`);
  const caminho = join(PASTA_EXEMPLOS, nome);
  return { nome, caminho, texto: readFileSync(caminho, 'latin1') };
};
const retornoDemo = () => arquivoDeExemplo(/^retorno-itau-cnab240-\d{4}-\d{2}-\d{2}\.ret$/);
const extratoDemo = () => arquivoDeExemplo(/^extrato-itau-\d{4}-\d{2}-\d{2}\.ofx$/);

const linhasDe = (texto: string) => texto.split(/\r\n|\n/);
/** DDMMAAAA (CNAB) or AAAAMMDD… (OFX) → DD/MM/AAAA, as the screen writes dates. */
const dataCnab = (ddmmaaaa: string) =>
  `${ddmmaaaa.slice(0, 2)}/${ddmmaaaa.slice(2, 4)}/${ddmmaaaa.slice(4, 8)}`;
const dataOfx = (aaaammdd: string) =>
  `${aaaammdd.slice(6, 8)}/${aaaammdd.slice(4, 6)}/${aaaammdd.slice(0, 4)}`;

/** The titles of a CNAB 240 retorno, by FEBRABAN's positions: each T segment with the U after it. */
const titulosDoRetorno = (texto: string) => {
  const linhas = linhasDe(texto);
  return linhas.flatMap((t, i) => {
    const u = linhas[i + 1] ?? '';
    if (t[7] !== '3' || t[13] !== 'T') return [];
    return [
      {
        linha: i + 1,
        movimento: t.slice(15, 17),
        nossoNumero: t.slice(37, 57).trim().replace(/^0+/, ''),
        valorPago: formatarReais(Number(u.slice(77, 92))),
        data: dataCnab(u.slice(137, 145)),
      },
    ];
  });
};

/** The transactions of an OFX 1.02 statement as the demo writes it, one `<STMTTRN>` a line. */
const transacoesDoExtrato = (texto: string) =>
  linhasDe(texto).flatMap((l, i) => {
    const t = /<DTPOSTED>(\d{8}).*<TRNAMT>(-?\d+)\.(\d{2})<FITID>([^<]+)<MEMO>([^<]+)<\/STMTTRN>/.exec(l);
    if (!t) return [];
    const [, data = '', reais = '', centavos = '', fitid = '', memo = ''] = t;
    return [
      {
        linha: i + 1,
        data: dataOfx(data),
        valor: formatarReais(Math.abs(Number(reais)) * 100 + Number(centavos)),
        fitid,
        memo,
      },
    ];
  });

/** A one-credit OFX statement of the demo's Itaú account, for a test's own entry in review. */
const extratoComUmCredito = (credito: { fitid: string; centavos: number; memo: string }) => {
  const hoje = hojeNoFuso(new Date());
  return gerarOfx({
    banco: '341',
    conta: '1234-5',
    de: hoje,
    ate: hoje,
    transacoes: [{ fitid: credito.fitid, data: hoje, valorCentavos: credito.centavos, memo: credito.memo }],
  });
};

// ── The server's view, through the admin's own session ──────────────────────────────────────────────
type LinhaDoArquivo = {
  linha: number;
  valor: number;
  situacao: string;
  cliente: { id: number; nome: string } | null;
};
type PagamentoNaLinhaDoTempo = { tipo: string; valor?: number; forma?: string; conciliado?: boolean };

const apiDoAdmin = async (page: Page) => {
  const headers = { authorization: `Bearer ${await tokenDaSessao(page)}` };
  const get = async <T>(caminho: string): Promise<T> => {
    const resposta = await page.request.get(caminho, { headers });
    expect(resposta.status(), await resposta.text()).toBe(200);
    return (await resposta.json()) as T;
  };
  return {
    totalDeArquivos: async () => (await get<{ total: number }>('/api/admin/conciliacao/arquivos')).total,
    totalEmRevisao: async () => (await get<{ total: number }>('/api/admin/conciliacao/revisao')).total,
    /** The last import of a file by that name, with its lines. */
    arquivo: async (nome: string) => {
      const { data } = await get<{ data: { id: number; nome: string }[] }>('/api/admin/conciliacao/arquivos');
      const arquivo = data.find((a) => a.nome === nome);
      if (!arquivo) throw new Error(`${nome} não está entre os arquivos importados`);
      return get<{ linhas: LinhaDoArquivo[] }>(`/api/admin/conciliacao/arquivos/${arquivo.id}`);
    },
    pagamentosConciliados: async (clienteId: number) =>
      (
        await get<{ itens: PagamentoNaLinhaDoTempo[] }>(`/api/admin/clientes/${clienteId}/linha-do-tempo`)
      ).itens
        .filter((i) => i.tipo === 'pagamento' && i.conciliado)
        .map((i) => ({ valor: i.valor, forma: i.forma })),
    importar: async (nome: string, conteudo: string) => {
      const resposta = await page.request.post('/api/admin/conciliacao/arquivos', {
        headers,
        multipart: { arquivo: { name: nome, mimeType: 'application/x-ofx', buffer: Buffer.from(conteudo) } },
      });
      expect(resposta.status(), await resposta.text()).toBe(200);
      return (await resposta.json()) as { em_revisao: number; repetido: boolean };
    },
  };
};

// ── The screen ───────────────────────────────────────────────────────────────────────────────────────
const abrirConciliacao = async (page: Page) => {
  await signIn(page, DEMO_ACCOUNTS.admin, { home: '/admin/dashboard' });
  await page.goto(ROTA);
  await esperarDados(page);
};

const cartaoDeEnvio = (page: Page) => page.getByRole('region', { name: 'Importar arquivo do banco' });
const listaDeArquivos = (page: Page) =>
  page.getByRole('region', { name: 'Arquivos importados' }).getByRole('table', {
    name: 'Arquivos bancários importados',
  });
/** The queue: a table from `sm` up, one card per entry on a phone. */
const fila = (page: Page) => page.getByRole('region', { name: 'Fila de revisão' });
const itemDaFila = (page: Page, texto: string) =>
  fila(page)
    .getByRole(page.viewportSize()?.width === CELULAR.width ? 'listitem' : 'row')
    .filter({ hasText: texto });

const importarPelaTela = async (page: Page, arquivo: string | { name: string; buffer: Buffer }) => {
  const envio = cartaoDeEnvio(page);
  await envio
    .getByLabel('Arquivo do banco (CNAB ou OFX)')
    .setInputFiles(
      typeof arquivo === 'string' ? arquivo : { ...arquivo, mimeType: 'application/octet-stream' },
    );
  await envio.getByRole('button', { name: 'Importar arquivo' }).click();
  return envio;
};

/** "N lançamentos aguardando revisão." above the queue (absent when it is empty). */
const totalNaFila = async (page: Page) => {
  const texto = fila(page).getByText(/^\d+ lançamentos? aguardando revisão\.$/);
  if ((await texto.count()) === 0) return 0;
  return Number(/^\d+/.exec((await texto.textContent()) ?? '')?.[0]);
};
const esperarTotalNaFila = async (page: Page, total: number) => {
  if (total === 0)
    await expect(
      fila(page).getByText('Nada para revisar: tudo o que veio do banco foi conciliado.'),
    ).toBeVisible();
  else
    await expect(
      fila(page).getByText(`${total} ${total === 1 ? 'lançamento' : 'lançamentos'} aguardando revisão.`),
    ).toBeVisible();
};

type LinhaEsperada = [
  linha: number,
  data: string,
  lancamento: string,
  valor: string,
  situacao: string,
  motivo: RegExp,
];
const escapar = (texto: string) => texto.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
/** The motivo as the screen shows it: the reason, then the customer it names, if any. */
const motivo = (texto: string, cliente: 'com cliente' | 'sem cliente') =>
  new RegExp(`^${escapar(texto)}${cliente === 'com cliente' ? 'Cliente: .+' : ''}$`);

/** Every line of a file's outcome table, in the file's order, cell by cell. */
const conferirLinhas = async (tabela: Locator, esperadas: LinhaEsperada[]) => {
  const linhas = tabela.getByRole('row');
  await expect(linhas).toHaveCount(esperadas.length + 1);
  for (const [i, [linha, ...resto]] of esperadas.entries())
    await expect(linhas.nth(i + 1).getByRole('cell')).toHaveText([String(linha), ...resto]);
};

/** A customer of the demo operator with one receivable of `valor`, due in 15 days (no encargos). */
const clienteComConta = async (browser: Browser, rotulo: string, valor: string) => {
  const contexto = await browser.newContext();
  const operador = await contexto.newPage();
  await signIn(operador, DEMO_ACCOUNTS.operador, { home: '/operador/dashboard' });
  const nome = `${rotulo} Conciliacao ${marcaUnica()}`;
  const vencimento = formatarDataBr(somarDias(hojeNoFuso(new Date()), 15));
  const [id] = await importarClientes(operador, [{ nome, vencimento, valor }]);
  if (id === undefined) throw new Error(`${nome} não foi criado`);
  return { id, nome, vencimento, operador, fechar: () => contexto.close() };
};

type ContaDoCliente = { status: string; valor_pago: number };
type Detalhe = { contas: ContaDoCliente[]; pagamentos: { valor: number; forma: string }[] };
/** The customer as the operator's workspace loads it. */
const detalheDoCliente = async (operador: Page, id: number): Promise<Detalhe> => {
  const resposta = await operador.request.get(`/api/operador/clientes/${id}`, {
    headers: { authorization: `Bearer ${await tokenDaSessao(operador)}` },
  });
  expect(resposta.status()).toBe(200);
  return resposta.json();
};

test.describe('the demo’s retorno and statement', () => {
  // One journey in three steps: the retorno, the same retorno again, then the statement and the queue
  // that both leave behind. Nothing else in the suite imports bank files.
  test.describe.configure({ mode: 'serial' });

  test('an admin imports the demo CNAB 240 retorno from the menu: counts, each line, the list of files', async ({
    page,
  }) => {
    const retorno = retornoDemo();
    const titulos = titulosDoRetorno(retorno.texto);
    // What demo-conciliacao.ts writes: a boleto paid in full, one paid in half, an entrada (02) and a
    // liquidação of a nosso número nobody has. Each boleto's nosso número is its receivable's id.
    expect(titulos.map((t) => t.movimento)).toEqual(['06', '06', '02', '06']);
    const [integral, parcial, entrada, desconhecido] = titulos;
    if (!integral || !parcial || !entrada || !desconhecido) throw new Error('retorno incompleto');
    expect(desconhecido.nossoNumero).toBe('99999999');

    await signIn(page, DEMO_ACCOUNTS.admin, { home: '/admin/dashboard' });
    const api = await apiDoAdmin(page);
    const arquivosAntes = await api.totalDeArquivos();
    const revisaoAntes = await api.totalEmRevisao();
    await page.getByRole('link', { name: 'Conciliação bancária' }).click();
    await expect(page).toHaveURL(ROTA);
    await expect(page.getByRole('heading', { level: 2, name: 'Conciliação bancária' })).toBeVisible();
    await esperarDados(page);
    await expect(listaDeArquivos(page).getByText(retorno.nome)).toHaveCount(0);

    const envio = await importarPelaTela(page, retorno.caminho);
    const resumo = '2 liquidados, 0 já registrados, 1 em revisão e 1 ignorado';
    await expect(envio.getByText(`${resumo}.`, { exact: true })).toBeVisible({ timeout: 15_000 });
    await expect(envio).toContainText(`${retorno.nome} · CNAB 240 · Itaú (341) · conta 012340000000123459`);
    await expect(envio.getByText(/já tinha sido importado/)).toHaveCount(0);
    await conferirLinhas(envio.getByRole('table', { name: `Lançamentos do arquivo ${retorno.nome}` }), [
      [
        integral.linha,
        integral.data,
        `Liquidação · nosso número ${integral.nossoNumero}`,
        integral.valorPago,
        'Liquidado',
        motivo(
          `Boleto liquidado: ${integral.valorPago} pagos na conta nº ${integral.nossoNumero}.`,
          'com cliente',
        ),
      ],
      [
        parcial.linha,
        parcial.data,
        `Liquidação · nosso número ${parcial.nossoNumero}`,
        parcial.valorPago,
        'Liquidado',
        // Half the boleto: the receivable stays open with the rest, updated to the day.
        new RegExp(
          `^${escapar(`Pagamento parcial do boleto: ${parcial.valorPago} pagos na conta nº ${parcial.nossoNumero}; a conta continua em aberto com R$`)}\\s[\\d.]+,\\d{2}\\.Cliente: .+$`,
        ),
      ],
      [
        entrada.linha,
        entrada.data,
        `Entrada confirmada · nosso número ${entrada.nossoNumero}`,
        'R$ 0,00',
        'Ignorado',
        motivo(`Entrada confirmada: registrado na conta nº ${entrada.nossoNumero}.`, 'com cliente'),
      ],
      [
        desconhecido.linha,
        desconhecido.data,
        'Liquidação · nosso número 99999999',
        'R$ 123,45',
        'Em revisão',
        motivo('Nenhuma conta a receber tem o nosso número 99999999 do banco 341.', 'sem cliente'),
      ],
    ]);

    // Each liquidação is a payment by boleto on its customer's timeline, marked as reconciled.
    const { linhas } = await api.arquivo(retorno.nome);
    for (const titulo of [integral, parcial]) {
      const linha = linhas.find((l) => l.linha === titulo.linha);
      if (!linha?.cliente) throw new Error(`a linha ${titulo.linha} não nomeia o cliente`);
      expect(await api.pagamentosConciliados(linha.cliente.id)).toContainEqual({
        valor: linha.valor,
        forma: 'boleto',
      });
    }

    // The list of files has it, with the same counts; its row opens the same lines.
    await expect.poll(() => api.totalDeArquivos()).toBe(arquivosAntes + 1);
    expect(await api.totalEmRevisao()).toBe(revisaoAntes + 1);
    const naLista = listaDeArquivos(page).getByRole('row').filter({ hasText: retorno.nome });
    await expect(naLista).toHaveCount(1);
    await expect(naLista).toContainText('CNAB 240');
    await expect(naLista).toContainText('Itaú (341)');
    await expect(naLista).toContainText(resumo);
    await naLista.click();
    const detalhe = page.getByRole('dialog', { name: `Arquivo ${retorno.nome}` });
    await expect(detalhe.getByText(`${resumo}.`, { exact: true })).toBeVisible();
    await expect(detalhe.getByRole('row')).toHaveCount(titulos.length + 1);
    await detalhe.getByRole('button', { name: 'Fechar' }).click();
    await expect(detalhe).toBeHidden();

    // The entry nobody has waits in the queue.
    await expect(itemDaFila(page, 'nosso número 99999999')).toHaveCount(1);
  });

  test('the same retorno again writes nothing and says so', async ({ page }) => {
    const retorno = retornoDemo();
    await abrirConciliacao(page);
    const api = await apiDoAdmin(page);
    const arquivosAntes = await api.totalDeArquivos();
    const revisaoAntes = await api.totalEmRevisao();
    const pagamentosAntes = await Promise.all(
      (await api.arquivo(retorno.nome)).linhas.flatMap((l) =>
        l.cliente ? [api.pagamentosConciliados(l.cliente.id)] : [],
      ),
    );

    const envio = await importarPelaTela(page, retorno.caminho);
    await expect(envio.getByRole('alert')).toContainText(
      /^Este arquivo já tinha sido importado em \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}: nada foi gravado de novo\. Abaixo, o resultado daquela importação\.$/,
      { timeout: 15_000 },
    );
    // The first import's result, not a new one.
    await expect(
      envio.getByText('2 liquidados, 0 já registrados, 1 em revisão e 1 ignorado.', { exact: true }),
    ).toBeVisible();

    expect(await api.totalDeArquivos()).toBe(arquivosAntes);
    expect(await api.totalEmRevisao()).toBe(revisaoAntes);
    const pagamentosDepois = await Promise.all(
      (await api.arquivo(retorno.nome)).linhas.flatMap((l) =>
        l.cliente ? [api.pagamentosConciliados(l.cliente.id)] : [],
      ),
    );
    expect(pagamentosDepois).toEqual(pagamentosAntes);
    await page.reload();
    await esperarDados(page);
    await expect(listaDeArquivos(page).getByRole('row').filter({ hasText: retorno.nome })).toHaveCount(1);
  });

  test('the statement: the PIX with the CPF settles, the TED is assigned to a receivable, the unknown boleto is not a collection', async ({
    page,
    browser,
  }) => {
    test.setTimeout(60_000);
    const extrato = extratoDemo();
    const transacoes = transacoesDoExtrato(extrato.texto);
    // What demo-conciliacao.ts writes: a PIX naming a customer's CPF for exactly their receivable, a TED
    // naming nobody, a bank fee.
    expect(transacoes.map((t) => t.memo.replace(/ - .*/, ''))).toEqual([
      'PIX RECEBIDO',
      'TED RECEBIDA',
      'TARIFA PACOTE DE SERVICOS',
    ]);
    const [pix, ted, tarifa] = transacoes;
    if (!pix || !ted || !tarifa) throw new Error('extrato incompleto');
    expect(ted.valor).toBe('R$ 250,00');
    const pagador = /^PIX RECEBIDO - \d{3}\.\d{3}\.\d{3}-\d{2} (.+)$/.exec(pix.memo)?.[1] ?? '';

    // Who paid the TED: a receivable of exactly R$ 250,00, this test's own.
    const cliente = await clienteComConta(browser, 'Ted', '250,00');

    await abrirConciliacao(page);
    const api = await apiDoAdmin(page);
    const envio = await importarPelaTela(page, extrato.caminho);
    await expect(
      envio.getByText('1 liquidado, 0 já registrados, 1 em revisão e 1 ignorado.', { exact: true }),
    ).toBeVisible({
      timeout: 15_000,
    });
    await expect(envio).toContainText(`${extrato.nome} · OFX · Itaú (341) · conta 1234-5`);
    await conferirLinhas(envio.getByRole('table', { name: `Lançamentos do arquivo ${extrato.nome}` }), [
      [
        pix.linha,
        pix.data,
        `Crédito · ${pix.memo}`,
        pix.valor,
        'Liquidado',
        new RegExp(
          `^Crédito do CPF/CNPJ do cliente no valor atualizado da conta nº \\d+\\.Cliente: ${escapar(pagador)}$`,
          'i',
        ),
      ],
      [
        ted.linha,
        ted.data,
        `Crédito · ${ted.memo}`,
        ted.valor,
        'Em revisão',
        motivo('O crédito não identifica cobrança, boleto nem CPF/CNPJ do pagador.', 'sem cliente'),
      ],
      [
        tarifa.linha,
        tarifa.data,
        `Débito · ${tarifa.memo}`,
        tarifa.valor,
        'Ignorado',
        motivo('Débito: não é um recebimento.', 'sem cliente'),
      ],
    ]);
    const linhaDoPix = (await api.arquivo(extrato.nome)).linhas.find((l) => l.linha === pix.linha);
    if (!linhaDoPix?.cliente) throw new Error('o PIX não nomeia o cliente');
    expect(await api.pagamentosConciliados(linhaDoPix.cliente.id)).toContainEqual({
      valor: linhaDoPix.valor,
      forma: 'pix',
    });

    // The queue: the TED (its best candidate the receivable of exactly its amount) and the retorno's
    // unknown nosso número.
    await page.reload();
    await esperarDados(page);
    const naFila = await totalNaFila(page);
    expect(naFila).toBeGreaterThanOrEqual(2);
    const itemTed = itemDaFila(page, ted.memo);
    const itemBoleto = itemDaFila(page, 'nosso número 99999999');
    await expect(itemTed).toHaveCount(1);
    await expect(itemBoleto).toHaveCount(1);
    await expect(itemTed).toContainText(`${cliente.nome}Mensalidade e2e · R$ 250,00 · valor exato`);

    await itemTed.getByRole('button', { name: 'Atribuir' }).click();
    const atribuir = page.getByRole('dialog', { name: 'Atribuir lançamento' });
    await expect(atribuir).toContainText(
      `R$ 250,00 de ${ted.data}: Crédito · ${ted.memo}. Restam R$ 250,00 a atribuir.`,
    );
    const candidatos = atribuir.getByRole('radio');
    expect(await candidatos.count()).toBeGreaterThanOrEqual(2);
    await expect(candidatos.last()).toHaveAccessibleName('Outro cliente');
    const doCliente = atribuir.getByRole('radio', {
      name: `${cliente.nome} · Mensalidade e2e · venc. ${cliente.vencimento} · R$ 250,00 (valor exato)`,
    });
    await expect(candidatos.first()).toHaveAccessibleName(
      `${cliente.nome} · Mensalidade e2e · venc. ${cliente.vencimento} · R$ 250,00 (valor exato)`,
    );
    await expect(doCliente).toBeChecked();
    await expect(atribuir.getByLabel('Valor a atribuir (R$)')).toHaveValue('250,00');
    await atribuir.getByRole('button', { name: 'Continuar' }).click();

    // The second step names the amount and the receivable; nothing is written until it is confirmed.
    const confirmar = page.getByRole('dialog', { name: 'Confirmar atribuição' });
    await expect(confirmar).toContainText(
      new RegExp(`Atribuir R\\$ 250,00 .*conta "Mensalidade e2e" de ${escapar(cliente.nome)}\\?`),
    );
    expect(await api.totalEmRevisao()).toBe(naFila);
    await confirmar.getByRole('button', { name: 'Confirmar atribuição' }).click();
    await expect(confirmar).toBeHidden();
    await expect(page.getByText('R$ 250,00 atribuídos.', { exact: true })).toBeVisible();
    await expect(itemTed).toHaveCount(0);
    await esperarTotalNaFila(page, naFila - 1);

    // "Não é cobrança" asks first: Cancelar leaves the entry where it was.
    await itemBoleto.getByRole('button', { name: 'Não é cobrança' }).click();
    let descartar = page.getByRole('dialog', { name: 'Não é cobrança?' });
    await expect(descartar).toContainText(
      `O lançamento de R$ 123,45 de ${titulosDoRetorno(retornoDemo().texto).at(-1)?.data} sai da fila de revisão sem quitar nenhuma conta.`,
    );
    await descartar.getByRole('button', { name: 'Cancelar' }).click();
    await expect(descartar).toBeHidden();
    await expect(itemBoleto).toHaveCount(1);
    expect(await api.totalEmRevisao()).toBe(naFila - 1);
    await itemBoleto.getByRole('button', { name: 'Não é cobrança' }).click();
    descartar = page.getByRole('dialog', { name: 'Não é cobrança?' });
    await descartar.getByLabel('Motivo (opcional)').fill('boleto de outro sistema');
    await descartar.getByRole('button', { name: 'Não é cobrança' }).click();
    await expect(descartar).toBeHidden();
    await expect(page.getByText('Lançamento marcado como não sendo cobrança.')).toBeVisible();
    await expect(itemBoleto).toHaveCount(0);
    await esperarTotalNaFila(page, naFila - 2);
    expect(await api.totalEmRevisao()).toBe(naFila - 2);

    // The files keep what became of each entry.
    const retorno = retornoDemo();
    await listaDeArquivos(page).getByRole('row').filter({ hasText: retorno.nome }).click();
    const doRetorno = page.getByRole('dialog', { name: `Arquivo ${retorno.nome}` });
    await expect(
      doRetorno.getByRole('row').filter({ hasText: 'nosso número 99999999' }).getByRole('cell'),
    ).toHaveText([
      String(titulosDoRetorno(retorno.texto).at(-1)?.linha),
      /\d{2}\/\d{2}\/\d{4}/,
      'Liquidação · nosso número 99999999',
      'R$ 123,45',
      'Não é cobrança',
      'Não é cobrança: boleto de outro sistema',
    ]);
    await doRetorno.getByRole('button', { name: 'Fechar' }).click();
    await listaDeArquivos(page).getByRole('row').filter({ hasText: extrato.nome }).click();
    const doExtrato = page.getByRole('dialog', { name: `Arquivo ${extrato.nome}` });
    await expect(doExtrato.getByRole('row').filter({ hasText: ted.memo })).toContainText('Atribuído');
    await expect(doExtrato.getByRole('row').filter({ hasText: ted.memo })).toContainText(
      `Atribuído por um administrador: R$ 250,00.Cliente: ${cliente.nome}`,
    );
    await doExtrato.getByRole('button', { name: 'Fechar' }).click();

    // The receivable is paid (by transfer: a TED), and the operator's workspace shows it.
    const detalhe = await detalheDoCliente(cliente.operador, cliente.id);
    expect(detalhe.contas).toMatchObject([{ status: 'paga', valor_pago: 250 }]);
    expect(detalhe.pagamentos).toMatchObject([{ valor: 250, forma: 'transferencia' }]);
    await cliente.operador.goto(`/operador/clientes/${cliente.id}`);
    const contas = cliente.operador.getByRole('region', { name: 'Contas a receber' });
    await expect(contas.getByRole('row').filter({ hasText: 'Mensalidade e2e' })).toContainText('Paga');
    await cliente.fechar();
  });
});

test('on a phone, the review’s assign dialog fits the screen; it cancels, and it assigns', async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(60_000);
  await page.setViewportSize(CELULAR);
  // An entry of this test's own: a TED of an amount only this test's receivable has.
  const centavos = 31_100 + Math.floor(Math.random() * 8_800);
  const valor = formatarReais(centavos);
  const cliente = await clienteComConta(browser, 'Celular', valor.replace('R$ ', ''));
  const marca = marcaUnica().toUpperCase();
  const memo = `TED RECEBIDA - COMERCIO ${marca}`;

  await abrirConciliacao(page);
  const api = await apiDoAdmin(page);
  expect(
    await api.importar(
      `extrato-e2e-${marca}.ofx`,
      extratoComUmCredito({ fitid: `E2E-${marca}`, centavos, memo }),
    ),
  ).toMatchObject({
    em_revisao: 1,
    repetido: false,
  });
  await page.reload();
  await esperarDados(page);
  await esperarQueCaibaNaTela(page, 'conciliação a 390 px');

  const item = itemDaFila(page, memo);
  await expect(item).toHaveCount(1);
  const dialogoCabe = async (dialogo: Locator, tela: string) => {
    await expect(dialogo).toBeVisible();
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth),
      `${tela}: a página rola de lado`,
    ).toBeLessThanOrEqual(CELULAR.width);
    const caixa = await dialogo.boundingBox();
    expect(caixa?.x ?? -1, `${tela}: começa fora da tela`).toBeGreaterThanOrEqual(0);
    expect(
      (caixa?.x ?? 0) + (caixa?.width ?? Number.POSITIVE_INFINITY),
      `${tela}: passa da borda`,
    ).toBeLessThanOrEqual(CELULAR.width);
    await esperarQueNenhumElementoPasseDaTela(page, tela);
  };

  await item.getByRole('button', { name: 'Atribuir' }).click();
  const atribuir = page.getByRole('dialog', { name: 'Atribuir lançamento' });
  await dialogoCabe(atribuir, 'atribuir a 390 px');
  const candidato = `${cliente.nome} · Mensalidade e2e · venc. ${cliente.vencimento} · ${valor} (valor exato)`;
  await expect(atribuir.getByRole('radio', { name: candidato })).toBeChecked();
  await page.screenshot({ path: testInfo.outputPath('conciliacao-atribuir-390.png') });
  await atribuir.getByRole('button', { name: 'Cancelar' }).click();
  await expect(atribuir).toBeHidden();
  await expect(item).toHaveCount(1);

  await item.getByRole('button', { name: 'Atribuir' }).click();
  await expect(atribuir.getByRole('radio', { name: candidato })).toBeChecked();
  await atribuir.getByRole('button', { name: 'Continuar' }).click();
  const confirmar = page.getByRole('dialog', { name: 'Confirmar atribuição' });
  await dialogoCabe(confirmar, 'confirmar atribuição a 390 px');
  await expect(confirmar).toContainText(valor);
  await page.screenshot({ path: testInfo.outputPath('conciliacao-confirmar-390.png') });
  await confirmar.getByRole('button', { name: 'Confirmar atribuição' }).click();
  await expect(confirmar).toBeHidden();
  await expect(page.getByText(`${valor} atribuídos.`, { exact: true })).toBeVisible();
  await expect(item).toHaveCount(0);

  const detalhe = await detalheDoCliente(cliente.operador, cliente.id);
  expect(detalhe.contas).toMatchObject([{ status: 'paga', valor_pago: centavos / 100 }]);
  await cliente.fechar();
});

test('a CNAB 240 with a line cut short is refused with its line number, and nothing is added', async ({
  page,
}) => {
  const marca = marcaUnica();
  const linhas = linhasDe(retornoDemo().texto);
  // Line 5 (the second title's T segment) loses its last 40 characters.
  const cortado = linhas.map((l, i) => (i === 4 ? l.slice(0, 200) : l)).join('\r\n');
  const nome = `retorno-cortado-${marca}.ret`;

  await abrirConciliacao(page);
  const api = await apiDoAdmin(page);
  const arquivosAntes = await api.totalDeArquivos();
  const revisaoAntes = await api.totalEmRevisao();
  const envio = await importarPelaTela(page, { name: nome, buffer: Buffer.from(cortado, 'latin1') });
  const erro = envio.getByRole('alert');
  await expect(erro).toHaveText(
    'Arquivo recusado, nada foi gravado. Linha 5: tem 200 caracteres; um arquivo CNAB 240 tem 240 por linha.',
    { timeout: 15_000 },
  );
  await expect(envio.getByText(/liquidados?, \d+ já registrados?/)).toHaveCount(0);

  expect(await api.totalDeArquivos()).toBe(arquivosAntes);
  expect(await api.totalEmRevisao()).toBe(revisaoAntes);
  await page.reload();
  await esperarDados(page);
  await expect(listaDeArquivos(page).getByText(nome)).toHaveCount(0);
});
