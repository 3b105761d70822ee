import {
  IMPORTACAO_TAMANHO_MAXIMO_BYTES,
  type ImportacaoDetalhe,
  type ImportacaoRelatorio,
  type ImportacaoResumo,
  type Paged,
} from '@cobranca/contracts';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp, resetSession, signInAs, TEST_USERS } from '../../../test/render-app.tsx';
import { server } from '../../../test/server.ts';

const PATH = '/operador/importar-clientes';
const TOKEN = `cob_${'t'.repeat(43)}`;

const RELATORIO_CSV: ImportacaoRelatorio = {
  importacao_id: 41,
  tipo: 'csv',
  status: 'concluida',
  arquivo_nome: 'clientes.csv',
  criados: 3,
  atualizados: 1,
  ignorados: 0,
  rejeitados: 12,
  contas_criadas: 2,
  erros: Array.from({ length: 12 }, (_, i) => ({
    linha: i + 2,
    campo: 'documento',
    mensagem: `CPF inválido (${i + 2})`,
  })),
  erros_omitidos: 3,
};
const RESUMO_CSV: ImportacaoResumo = {
  id: 41,
  tipo: 'csv',
  status: 'concluida',
  arquivo_nome: 'clientes-marco.csv',
  usuario: { id: 3, nome: 'Olívia Operadora Santos' },
  criados: 3,
  atualizados: 1,
  ignorados: 0,
  rejeitados: 2,
  contas_criadas: 2,
  created_at: '2026-03-10T13:45:00.000Z',
  concluida_em: '2026-03-10T13:45:04.000Z',
};
const RESUMO_XML: ImportacaoResumo = {
  ...RESUMO_CSV,
  id: 40,
  tipo: 'xml',
  status: 'falhou',
  arquivo_nome: 'notas-fevereiro.zip',
  criados: 0,
  atualizados: 0,
  rejeitados: 0,
  contas_criadas: 0,
  created_at: '2026-02-28T23:10:00.000Z',
};
const DETALHE_CSV: ImportacaoDetalhe = {
  ...RESUMO_CSV,
  erros: [
    { linha: 5, campo: 'documento', mensagem: '=CPF inválido' },
    { linha: 9, campo: 'telefone', mensagem: 'Telefone sem DDD' },
  ],
  erros_omitidos: 0,
};
const paged = (data: ImportacaoResumo[], total = data.length): Paged<ImportacaoResumo> => ({
  data,
  current_page: 1,
  last_page: Math.max(1, Math.ceil(total / 20)),
  per_page: 20,
  total,
});
const vazio = { data: [], current_page: 1, last_page: 1, per_page: 20, total: 0 };

let historico: Paged<ImportacaoResumo>;
let historicoCalls: number;
let conciliacaoPermitida: boolean;
let posts: string[];

// jsdom has no object URLs: downloads are captured as (blob, name) instead of being saved.
let downloads: { blob: Blob; nome: string }[];
let lastBlob: Blob | undefined;

beforeEach(() => {
  resetSession();
  signInAs(TEST_USERS.operador);
  historico = paged([RESUMO_CSV, RESUMO_XML]);
  historicoCalls = 0;
  posts = [];
  downloads = [];
  Object.assign(URL, {
    createObjectURL: (blob: Blob) => {
      lastBlob = blob;
      return 'blob:teste';
    },
    revokeObjectURL: () => {},
  });
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    if (lastBlob) downloads.push({ blob: lastBlob, nome: this.download });
  });
  conciliacaoPermitida = false;
  server.use(
    http.get('/api/operador/conciliacao', () => HttpResponse.json({ permitido: conciliacaoPermitida })),
    http.get('/api/operador/clientes/:lista', () => HttpResponse.json(vazio)),
    http.get('/api/operador/importacoes', () => {
      historicoCalls++;
      return HttpResponse.json(historico);
    }),
    http.get('/api/operador/importacoes/:id', () => HttpResponse.json(DETALHE_CSV)),
    http.post('/api/*', ({ request }) => {
      posts.push(new URL(request.url).pathname);
      return HttpResponse.json(
        { code: 'ERRO_INTERNO', message: 'Não simulado neste teste.' },
        { status: 500 },
      );
    }),
  );
});
afterEach(() => vi.restoreAllMocks());

// jsdom's Blob has neither text() nor arrayBuffer(); its FileReader reads it (fetch's Blob has both).
const bytesDe = (blob: Blob): Promise<Uint8Array> =>
  'arrayBuffer' in blob && typeof blob.arrayBuffer === 'function'
    ? blob.arrayBuffer().then((b) => new Uint8Array(b))
    : new Promise((resolve, reject) => {
        const reader = new FileReader();
        reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
        reader.onerror = () => reject(reader.error);
        reader.readAsArrayBuffer(blob);
      });
const textoDe = async (download: { blob: Blob } | undefined) =>
  download ? new TextDecoder().decode(await bytesDe(download.blob)) : undefined;

const card = async (name: string) => screen.findByRole('region', { name });
const csvCard = () => card('Clientes (CSV)');
const xmlCard = () => card('Contas a receber (XML de NF-e)');
const csvFile = (conteudo = 'nome;documento\nAna;52998224725\n', nome = 'clientes.csv') =>
  new File([conteudo], nome, { type: 'text/csv' });
const xmlFile = (nome: string, conteudo = `<NFe>${nome}</NFe>`) =>
  new File([conteudo], nome, { type: 'text/xml' });

describe('OperadorImportarClientesPage', () => {
  it('shows both import cards, the CSV columns with the required ones marked, and the XML rules', async () => {
    renderApp(PATH);
    expect(await screen.findByRole('heading', { name: 'Importar Clientes' })).toBeInTheDocument();
    const csv = await csvCard();
    const colunas = within(within(csv).getByRole('list', { name: 'Colunas do arquivo CSV' })).getAllByRole(
      'listitem',
    );
    expect(colunas.map((c) => c.querySelector('code')?.textContent)).toEqual([
      'nome',
      'documento',
      'telefone',
      'email',
      'descricao',
      'valor',
      'vencimento',
      'banco',
      'nosso_numero',
      'linha_digitavel',
      'codigo_barras',
    ]);
    expect(colunas[0]).toHaveTextContent('(obrigatória)');
    expect(colunas[1]).toHaveTextContent('(obrigatória)');
    expect(colunas[2]).not.toHaveTextContent('obrigatória');
    expect(csv).toHaveTextContent('UTF-8 ou Windows-1252');
    expect(csv).toHaveTextContent('1.234,56');
    expect(csv).toHaveTextContent('31/12/2026');
    expect(within(csv).getByRole('group', { name: /soltar o arquivo CSV/ })).toBeInTheDocument();
    expect(within(csv).getByRole('button', { name: 'Escolher arquivo' })).toBeEnabled();
    expect(within(csv).getByRole('button', { name: 'Importar' })).toBeDisabled();

    const xml = await xmlCard();
    expect(xml).toHaveTextContent('NF-e modelo 55, layout 4.00');
    expect(xml).toHaveTextContent('Reimportar a mesma nota não duplica');
    expect(within(xml).getByLabelText('Arquivos XML de NF-e')).toHaveAttribute('accept', '.xml,.zip');
    expect(within(xml).getByRole('button', { name: 'Escolher arquivos' })).toBeEnabled();
  });

  it("offers the bank's files only when the admin allows operators to import them", async () => {
    renderApp(PATH);
    expect(await screen.findByRole('heading', { name: 'Importar Clientes' })).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByRole('heading', { name: 'Importar arquivo do banco' })).toBeNull(),
    );
    cleanup();
    conciliacaoPermitida = true;
    renderApp(PATH);
    expect(await screen.findByRole('heading', { name: 'Importar arquivo do banco' })).toBeInTheDocument();
    expect(screen.getByLabelText('Arquivo do banco (CNAB ou OFX)')).toBeInTheDocument();
  });

  it('imports a CSV and shows the totals, the summary and the problems 10 a page', async () => {
    let recebido: { auth: string | null; conteudo: string[] } | undefined;
    server.use(
      http.post('/api/operador/clientes/importar-csv', async ({ request }) => {
        const form = await request.formData();
        recebido = {
          auth: request.headers.get('authorization'),
          conteudo: await Promise.all((form.getAll('csv_file') as File[]).map((f) => f.text())),
        };
        return HttpResponse.json(RELATORIO_CSV);
      }),
    );
    const user = userEvent.setup();
    renderApp(PATH);
    const csv = await csvCard();
    await waitFor(() => expect(historicoCalls).toBe(1));

    await user.upload(within(csv).getByLabelText('Arquivo CSV de clientes'), csvFile());
    expect(within(csv).getByRole('list', { name: 'Arquivos escolhidos' })).toHaveTextContent('clientes.csv');
    await user.click(within(csv).getByRole('button', { name: 'Importar' }));

    const resultado = await within(csv).findByRole('region', { name: 'Resultado da importação' });
    expect(recebido).toEqual({ auth: `Bearer ${TOKEN}`, conteudo: ['nome;documento\nAna;52998224725\n'] });
    const totais = within(resultado).getByRole('list', { name: 'Totais da importação' });
    for (const texto of [
      'Criados: 3',
      'Atualizados: 1',
      'Ignorados: 0',
      'Rejeitados: 12',
      'Contas criadas: 2',
    ])
      expect(totais).toHaveTextContent(texto);
    expect(within(totais).getByText('Rejeitados: 12').closest('.MuiChip-root')).toHaveClass(
      'MuiChip-colorError',
    );
    expect(within(resultado).getByRole('alert')).toHaveTextContent(
      'Importação concluída: 3 clientes criados, 1 cliente atualizado e 2 contas a receber criadas. 12 linhas rejeitadas. Veja os problemas abaixo.',
    );

    const tabela = within(resultado).getByRole('table', { name: 'Problemas da importação' });
    expect(
      within(tabela)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Linha', 'Campo', 'Motivo']);
    expect(within(tabela).getAllByRole('row')).toHaveLength(11);
    expect(tabela).toHaveTextContent('CPF inválido (2)');
    expect(tabela).not.toHaveTextContent('CPF inválido (12)');
    await user.click(within(resultado).getByRole('button', { name: /próxima/i }));
    expect(within(tabela).getAllByRole('row')).toHaveLength(3);
    expect(tabela).toHaveTextContent('CPF inválido (13)');
    expect(resultado).toHaveTextContent('e mais 3 problemas não listados');
    expect(within(resultado).getByRole('link', { name: 'Ver clientes ativos' })).toHaveAttribute(
      'href',
      '/operador/clientes',
    );

    // The chosen file is cleared and the history reloads.
    expect(within(csv).queryByRole('list', { name: 'Arquivos escolhidos' })).not.toBeInTheDocument();
    await waitFor(() => expect(historicoCalls).toBe(2));
  });

  it('downloads the problems as a CSV safe for spreadsheets', async () => {
    server.use(
      http.post('/api/operador/clientes/importar-csv', () =>
        HttpResponse.json({
          ...RELATORIO_CSV,
          erros: [{ linha: 3, campo: 'nome', mensagem: '=HYPERLINK("x")' }],
        }),
      ),
    );
    const user = userEvent.setup();
    renderApp(PATH);
    const csv = await csvCard();
    await user.upload(within(csv).getByLabelText('Arquivo CSV de clientes'), csvFile());
    await user.click(within(csv).getByRole('button', { name: 'Importar' }));
    await user.click(await within(csv).findByRole('button', { name: 'Baixar relatório (CSV)' }));

    expect(downloads).toHaveLength(1);
    expect(downloads[0]?.nome).toBe('relatorio_importacao_41.csv');
    const bytes = await bytesDe((downloads[0] as { blob: Blob }).blob);
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes)).toBe(
      '\uFEFF"linha";"campo";"mensagem"\r\n"3";"nome";"\'=HYPERLINK(""x"")"',
    );
  });

  it('shows the progress and keeps the card busy while the file goes up and is processed', async () => {
    let responder: () => void = () => {};
    server.use(
      http.post('/api/operador/clientes/importar-csv', async () => {
        await new Promise<void>((resolve) => {
          responder = resolve;
        });
        return HttpResponse.json({ ...RELATORIO_CSV, rejeitados: 0, erros: [], erros_omitidos: 0 });
      }),
    );
    const user = userEvent.setup();
    renderApp(PATH);
    const csv = await csvCard();
    await user.upload(within(csv).getByLabelText('Arquivo CSV de clientes'), csvFile());
    await user.click(within(csv).getByRole('button', { name: 'Importar' }));

    expect(await within(csv).findByRole('progressbar', { name: 'Envio do arquivo' })).toBeInTheDocument();
    expect(within(csv).getByRole('button', { name: 'Importar' })).toBeDisabled();
    expect(within(csv).getByRole('button', { name: 'Escolher arquivo' })).toBeDisabled();
    expect(within(csv).getByRole('button', { name: 'Baixar modelo CSV' })).toBeDisabled();
    expect(within(csv).getByRole('button', { name: 'Remover clientes.csv' })).toBeDisabled();
    responder();

    const resultado = await within(csv).findByRole('region', { name: 'Resultado da importação' });
    expect(within(csv).queryByRole('progressbar')).not.toBeInTheDocument();
    expect(within(resultado).getByRole('status')).toHaveTextContent(
      'Importação concluída: 3 clientes criados, 1 cliente atualizado e 2 contas a receber criadas.',
    );
    expect(within(resultado).queryByRole('table')).not.toBeInTheDocument();
    expect(
      within(resultado).queryByRole('button', { name: 'Baixar relatório (CSV)' }),
    ).not.toBeInTheDocument();
    expect(within(csv).getByRole('button', { name: 'Escolher arquivo' })).toBeEnabled();
  });

  it('shows the message and the reasons of a 422 in the card', async () => {
    server.use(
      http.post('/api/operador/clientes/importar-csv', () =>
        HttpResponse.json(
          {
            code: 'ARQUIVO_INVALIDO',
            message: 'O arquivo enviado não pôde ser importado.',
            errors: { csv_file: ['O arquivo tem só o cabeçalho, sem clientes.'] },
          },
          { status: 422 },
        ),
      ),
    );
    const user = userEvent.setup();
    renderApp(PATH);
    const csv = await csvCard();
    await user.upload(within(csv).getByLabelText('Arquivo CSV de clientes'), csvFile('nome;documento\n'));
    await user.click(within(csv).getByRole('button', { name: 'Importar' }));

    const alerta = await within(csv).findByRole('alert');
    expect(alerta).toHaveTextContent('O arquivo enviado não pôde ser importado.');
    expect(alerta).toHaveTextContent('O arquivo tem só o cabeçalho, sem clientes.');
    expect(within(csv).queryByRole('region', { name: 'Resultado da importação' })).not.toBeInTheDocument();
    // The file stays, so it can be fixed and sent again.
    expect(within(csv).getByRole('button', { name: 'Importar' })).toBeEnabled();
  });

  it('refuses a file above 20 MB and a file of another type without sending anything', async () => {
    const user = userEvent.setup();
    renderApp(PATH);
    const csv = await csvCard();
    const grande = csvFile();
    Object.defineProperty(grande, 'size', { value: IMPORTACAO_TAMANHO_MAXIMO_BYTES + 1 });
    await user.upload(within(csv).getByLabelText('Arquivo CSV de clientes'), grande);

    expect(await within(csv).findByRole('alert')).toHaveTextContent('O arquivo excede 20 MB.');
    expect(within(csv).queryByRole('list', { name: 'Arquivos escolhidos' })).not.toBeInTheDocument();
    expect(within(csv).getByRole('button', { name: 'Importar' })).toBeDisabled();

    // A drop skips the picker's `accept` filter, so the extension is checked here too.
    fireEvent.drop(within(csv).getByRole('group', { name: /soltar o arquivo CSV/ }), {
      dataTransfer: { files: [new File(['x'], 'planilha.xlsx')] },
    });
    expect(await within(csv).findByRole('alert')).toHaveTextContent('O arquivo precisa ser .csv.');
    expect(within(csv).getByRole('button', { name: 'Importar' })).toBeDisabled();
    expect(posts).toEqual([]);
  });

  it('takes a dropped CSV', async () => {
    renderApp(PATH);
    const csv = await csvCard();
    fireEvent.drop(within(csv).getByRole('group', { name: /soltar o arquivo CSV/ }), {
      dataTransfer: { files: [csvFile('x', 'dropado.CSV')] },
    });
    expect(await within(csv).findByRole('list', { name: 'Arquivos escolhidos' })).toHaveTextContent(
      'dropado.CSV',
    );
    expect(within(csv).getByRole('button', { name: 'Importar' })).toBeEnabled();
  });

  it('lists several XML files, removes one, refuses other types and sends the rest', async () => {
    let recebidos: string[] = [];
    server.use(
      http.post('/api/operador/contas-receber/importar-xml', async ({ request }) => {
        const form = await request.formData();
        recebidos = await Promise.all((form.getAll('arquivo_xml') as File[]).map((f) => f.text()));
        return HttpResponse.json({
          ...RELATORIO_CSV,
          tipo: 'xml',
          rejeitados: 1,
          erros: [{ arquivo: 'nota-3.xml', mensagem: 'Não é uma NF-e modelo 55.' }],
          erros_omitidos: 0,
        } satisfies ImportacaoRelatorio);
      }),
    );
    const user = userEvent.setup({ applyAccept: false });
    renderApp(PATH);
    const xml = await xmlCard();
    const input = within(xml).getByLabelText('Arquivos XML de NF-e');
    await user.upload(input, [xmlFile('nota-1.xml'), xmlFile('nota-2.xml')]);
    await user.upload(input, [
      xmlFile('nota-3.xml'),
      xmlFile('lote.zip', 'PK'),
      new File(['%PDF'], 'danfe.pdf'),
    ]);

    const lista = within(xml).getByRole('list', { name: 'Arquivos escolhidos' });
    expect(
      within(lista)
        .getAllByRole('listitem')
        .map((i) => i.querySelector('.MuiListItemText-primary')?.textContent),
    ).toEqual(['nota-1.xml', 'nota-2.xml', 'nota-3.xml', 'lote.zip']);
    expect(within(xml).getByRole('alert')).toHaveTextContent(
      'danfe.pdf: O arquivo precisa ser .xml ou .zip.',
    );

    await user.click(within(xml).getByRole('button', { name: 'Remover nota-2.xml' }));
    await user.click(within(xml).getByRole('button', { name: 'Remover lote.zip' }));
    expect(lista).not.toHaveTextContent('nota-2.xml');
    await user.click(within(xml).getByRole('button', { name: 'Importar' }));

    const resultado = await within(xml).findByRole('region', { name: 'Resultado da importação' });
    expect(recebidos).toEqual(['<NFe>nota-1.xml</NFe>', '<NFe>nota-3.xml</NFe>']);
    const tabela = within(resultado).getByRole('table', { name: 'Problemas da importação' });
    expect(within(tabela).getAllByRole('columnheader')[0]).toHaveTextContent('Arquivo');
    expect(tabela).toHaveTextContent('nota-3.xml');
    expect(within(resultado).getByRole('alert')).toHaveTextContent('1 nota rejeitada.');
    expect(within(resultado).getByRole('link', { name: 'Ver contas a receber' })).toHaveAttribute(
      'href',
      '/operador/contas-receber',
    );
  });

  it('holds back XML files that together pass 20 MB until some are removed', async () => {
    const user = userEvent.setup();
    renderApp(PATH);
    const xml = await xmlCard();
    const [a, b] = [xmlFile('lote-1.zip', 'PK'), xmlFile('lote-2.zip', 'PK')];
    for (const f of [a, b]) Object.defineProperty(f, 'size', { value: 12 * 1024 * 1024 });
    await user.upload(within(xml).getByLabelText('Arquivos XML de NF-e'), [a, b]);

    expect(
      await within(xml).findByText(/Os arquivos somam 24 MB; o limite é 20 MB por envio/),
    ).toBeInTheDocument();
    expect(within(xml).getByRole('button', { name: 'Importar' })).toBeDisabled();
    await user.click(within(xml).getByRole('button', { name: 'Remover lote-2.zip' }));
    expect(within(xml).queryByText(/Os arquivos somam/)).not.toBeInTheDocument();
    expect(within(xml).getByRole('button', { name: 'Importar' })).toBeEnabled();
    expect(posts).toEqual([]);
  });

  it('downloads the CSV template with the bearer token', async () => {
    let auth: string | null = null;
    server.use(
      http.get('/api/operador/clientes/template-csv', ({ request }) => {
        auth = request.headers.get('authorization');
        return new HttpResponse('nome;documento;telefone\n', {
          headers: {
            'Content-Type': 'text/csv; charset=utf-8',
            'Content-Disposition': 'attachment; filename="template_clientes.csv"',
          },
        });
      }),
    );
    renderApp(PATH);
    const csv = await csvCard();
    await userEvent.click(within(csv).getByRole('button', { name: 'Baixar modelo CSV' }));

    await waitFor(() => expect(downloads).toHaveLength(1));
    expect(auth).toBe(`Bearer ${TOKEN}`);
    expect(downloads[0]?.nome).toBe('template_clientes.csv');
    expect(await textoDe(downloads[0])).toBe('nome;documento;telefone\n');
  });
});

describe('Histórico de importações', () => {
  const rowOf = async (text: string) => (await screen.findByText(text)).closest('tr') as HTMLElement;

  it('lists the imports, newest first, with pt-BR dates and status', async () => {
    renderApp(PATH);
    const csv = await rowOf('clientes-marco.csv');
    expect(csv).toHaveTextContent('10/03/2026 10:45');
    expect(csv).toHaveTextContent('CSV');
    expect(csv).toHaveTextContent('Concluída');
    const xml = await rowOf('notas-fevereiro.zip');
    expect(xml).toHaveTextContent('28/02/2026 20:10');
    expect(xml).toHaveTextContent('XML');
    expect(xml).toHaveTextContent('Falhou');
    const tabela = screen.getByRole('table', { name: 'Histórico de importações' });
    expect(
      within(tabela)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Data', 'Tipo', 'Arquivo', 'Status', 'Criados', 'Atualizados', 'Rejeitados', 'Contas']);
  });

  it('says when there are no imports yet', async () => {
    historico = paged([]);
    renderApp(PATH);
    expect(await screen.findByText('Nenhuma importação ainda.')).toBeInTheDocument();
  });

  it('asks for the page kept in the URL', async () => {
    const pages: string[] = [];
    historico = paged([RESUMO_CSV], 45);
    server.use(
      http.get('/api/operador/importacoes', ({ request }) => {
        pages.push(new URL(request.url).searchParams.get('page') ?? '');
        return HttpResponse.json(historico);
      }),
    );
    const app = renderApp(PATH);
    await rowOf('clientes-marco.csv');
    await userEvent.click(screen.getByRole('button', { name: /próxima/i }));
    await waitFor(() => expect(pages.at(-1)).toBe('2'));
    expect(app.router.state.location.search).toBe('?page=2');
  });

  it('opens the report of a past import from its row', async () => {
    const user = userEvent.setup();
    renderApp(PATH);
    await user.click(await rowOf('clientes-marco.csv'));

    const dialog = await screen.findByRole('dialog', { name: 'Importação de clientes-marco.csv' });
    expect(dialog).toHaveTextContent('Olívia Operadora Santos');
    const resultado = await within(dialog).findByRole('region', { name: 'Resultado da importação' });
    expect(within(resultado).getByRole('list', { name: 'Totais da importação' })).toHaveTextContent(
      'Rejeitados: 2',
    );
    const tabela = within(resultado).getByRole('table', { name: 'Problemas da importação' });
    expect(tabela).toHaveTextContent('Telefone sem DDD');
    await user.click(within(resultado).getByRole('button', { name: 'Baixar relatório (CSV)' }));
    expect(downloads[0]?.nome).toBe('relatorio_importacao_41.csv');
    expect(await textoDe(downloads[0])).toContain('"5";"documento";"\'=CPF inválido"');

    await user.click(within(dialog).getByRole('button', { name: 'Fechar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});
