import type { TemplatesResponse, TemplateTipo, TemplateView } from '@cobranca/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderApp, resetSession, signInAs, TEST_USERS } from '../../../test/render-app.tsx';
import { server } from '../../../test/server.ts';

const TEMPLATES_URL = '/api/admin/configuracoes/mensagens/templates';
const CREDOR = '{{empresa}} ({{empresa_documento}})';

const view = (tipo: TemplateTipo, texto: string, extra: Partial<TemplateView> = {}): TemplateView => ({
  tipo,
  texto,
  whatsapp_template_nome: null,
  whatsapp_idioma: 'pt_BR',
  email_assunto: 'Sua conta com {{empresa}}',
  email_texto: `Olá {{nome}}, este é o e-mail da sua conta de {{valor}}. ${CREDOR}`,
  sms_texto: `{{nome}}, sua conta de {{valor}}: {{link}} ${CREDOR}`,
  updated_at: null,
  avisos: [],
  estatisticas: { enviadas: 0, taxa_resposta: 0, valor_recuperado: 0 },
  ...extra,
});

const templates = (): TemplatesResponse => ({
  mensagens: {
    lembrete: view('lembrete', `Olá {{nome}}, sua conta de {{valor}} vence em {{vencimento}}. ${CREDOR}`, {
      whatsapp_template_nome: 'lembrete_vencimento',
      updated_at: '2026-03-10T13:00:00.000Z',
      estatisticas: { enviadas: 1234, taxa_resposta: 12.5, valor_recuperado: 4567.89 },
    }),
    vencimento: view('vencimento', `{{nome}}, hoje vence sua conta de {{valor}}. ${CREDOR}`),
    atraso: view('atraso', `{{nome}}, sua conta está {{dias_atraso}} dias em atraso. ${CREDOR}`),
    negociacao: view('negociacao', 'Olá {{nome}}, seu acordo foi registrado.'),
    agradecimento: view('agradecimento', 'Obrigado pelo pagamento, {{nome}}!'),
    aviso_debito: view('aviso_debito', '{{nome}}, a parcela de {{valor}} será debitada em {{vencimento}}.'),
    debito_recusado: view('debito_recusado', '{{nome}}, pague a parcela de {{valor}} pelo PIX: {{pix}}'),
  },
  whatsapp: {
    provedor: 'simulador',
    status: 'conectado',
    numero_exibicao: null,
    nome_verificado: null,
    qualidade: null,
    verificado_em: null,
    erro: null,
  },
});

let stored: TemplatesResponse;
beforeEach(() => {
  resetSession();
  signInAs(TEST_USERS.admin);
  stored = templates();
  server.use(
    http.get(TEMPLATES_URL, () => HttpResponse.json(stored)),
    // The quick replies below the templates have their own tests (respostas-rapidas-section.test.tsx).
    http.get('/api/admin/configuracoes/mensagens/respostas-rapidas', () => HttpResponse.json([])),
  );
});

// The first render also loads the admin area's chunk, hence the longer wait.
const texto = () => screen.findByRole('textbox', { name: 'Texto da mensagem' });
const preview = () => screen.getByRole('region', { name: 'Pré-visualização' });
const salvar = () => screen.getByRole('button', { name: 'Salvar' });

const replaceText = async (user: ReturnType<typeof userEvent.setup>, value: string) => {
  const field = await texto();
  await user.clear(field);
  await user.click(field);
  // paste, not type: user-event reads `{` as the start of a key name.
  await user.paste(value);
  return field;
};

describe('AdminMensagensPage', () => {
  it('shows each template with its text, results and the channel status', async () => {
    renderApp('/admin/mensagens');
    expect(await texto()).toHaveValue(templates().mensagens.lembrete.texto);
    expect(screen.getByRole('heading', { name: 'Configuração de Mensagens', level: 2 })).toBeInTheDocument();
    expect(screen.getByText('Simulador embutido · Conectado')).toBeInTheDocument();
    const tabs = within(screen.getByRole('tablist', { name: 'Tipos de mensagem' })).getAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual([
      'Lembrete',
      'Vencimento',
      'Atraso',
      'Negociação',
      'Agradecimento',
      'Aviso de débito',
      'Débito recusado',
    ]);
    const resultados = screen.getByRole('region', { name: 'Resultados do modelo' });
    expect(within(resultados).getByText('1.234')).toBeInTheDocument();
    expect(within(resultados).getByText('12,5%')).toBeInTheDocument();
    expect(within(resultados).getByText('R$ 4.567,89')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Nome do template na Meta' })).toHaveValue(
      'lembrete_vencimento',
    );
    expect(salvar()).toBeDisabled();

    await userEvent.setup().click(screen.getByRole('tab', { name: 'Atraso' }));
    expect(await texto()).toHaveValue(templates().mensagens.atraso.texto);
  });

  it('renders the live preview with sample data as the admin types', async () => {
    const user = userEvent.setup();
    renderApp('/admin/mensagens');
    await texto();
    expect(preview()).toHaveTextContent('Olá Maria Oliveira, sua conta de R$ 1.234,56 vence em 15/12/2026.');
    await replaceText(user, `Bom dia {{nome}}! Total: {{total}}. ${CREDOR}`);
    expect(preview()).toHaveTextContent(
      'Bom dia Maria Oliveira! Total: R$ 2.469,12. Empresa Demonstração Ltda (11.222.333/0001-81)',
    );
    expect(salvar()).toBeEnabled();
  });

  it('inserts a placeholder chip at the caret and keeps the caret after it', async () => {
    const user = userEvent.setup();
    renderApp('/admin/mensagens');
    const field = (await texto()) as HTMLTextAreaElement;
    field.setSelectionRange(4, 4);
    fireEvent.select(field);
    await user.click(screen.getByRole('button', { name: '{{pix}}' }));
    const original = templates().mensagens.lembrete.texto;
    expect(field).toHaveValue(`${original.slice(0, 4)}{{pix}}${original.slice(4)}`);
    expect(field).toHaveFocus();
    expect(field.selectionStart).toBe(4 + '{{pix}}'.length);
    const tipos = screen.getByRole('tablist', { name: 'Tipos de mensagem' });
    expect(within(tipos).getByRole('tab', { selected: true })).toHaveAccessibleName(/^Lembrete.*não salvo/);
  });

  it('offers {{link}} with its meaning and previews it as a sample portal link', async () => {
    const user = userEvent.setup();
    renderApp('/admin/mensagens');
    const field = (await texto()) as HTMLTextAreaElement;
    const chip = screen.getByRole('button', { name: '{{link}}' });
    await user.hover(chip);
    expect(
      await screen.findByRole('tooltip', {
        name: 'Link do portal: link pessoal do cliente para pagar ou negociar',
      }),
    ).toBeInTheDocument();
    const original = templates().mensagens.lembrete.texto;
    field.setSelectionRange(original.length, original.length);
    fireEvent.select(field);
    await user.click(chip);
    expect(field).toHaveValue(`${original}{{link}}`);
    await replaceText(user, `Pague ou negocie em {{link}} ${CREDOR}`);
    expect(preview()).toHaveTextContent(
      /^Pré-visualização.*Pague ou negocie em https:\/\/[\w.-]+\/p\/[\w-]{16,} Empresa Demonstração Ltda/,
    );
    expect(preview()).not.toHaveTextContent('{{link}}');
  });

  it('shows placeholder errors beside the field and keeps Salvar disabled', async () => {
    const user = userEvent.setup();
    renderApp('/admin/mensagens');
    const field = await replaceText(user, 'Olá {{cliente}}, sua conta de {{valor}} venceu.');
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription(/Marcadores desconhecidos: \{\{cliente\}\}\./);
    expect(field).toHaveAccessibleDescription(/identificar o credor com \{\{empresa\}\}/);
    expect(salvar()).toBeDisabled();
  });

  it('sends the template and places the server’s 422 messages beside the field', async () => {
    let sent: unknown;
    server.use(
      http.put('/api/admin/configuracoes/mensagens/:tipo', async ({ request, params }) => {
        sent = { tipo: params.tipo, body: await request.json() };
        return HttpResponse.json(
          {
            code: 'DADOS_INVALIDOS',
            message: 'Os dados enviados são inválidos.',
            errors: { texto: ['O texto é longo demais para o SMS.'] },
          },
          { status: 422 },
        );
      }),
    );
    const user = userEvent.setup();
    renderApp('/admin/mensagens');
    const novo = `Oi {{nome}}, lembrete da conta de {{valor}}. ${CREDOR}`;
    const field = await replaceText(user, novo);
    await user.clear(screen.getByRole('textbox', { name: 'Nome do template na Meta' }));
    await user.click(salvar());
    await waitFor(() => expect(field).toHaveAccessibleDescription('O texto é longo demais para o SMS.'));
    expect(sent).toEqual({
      tipo: 'lembrete',
      body: {
        texto: novo,
        whatsapp_template_nome: null,
        whatsapp_idioma: 'pt_BR',
        email_assunto: templates().mensagens.lembrete.email_assunto,
        email_texto: templates().mensagens.lembrete.email_texto,
        sms_texto: templates().mensagens.lembrete.sms_texto,
      },
    });
    expect(await screen.findByText('Os dados enviados são inválidos.')).toBeInTheDocument();
  });

  it('warns about CDC wording while typing and shows the server’s avisos after saving', async () => {
    const aviso = 'Evite "serasa" (ameaça de negativação): o CDC, art. 42, proíbe cobrança abusiva.';
    server.use(
      http.put('/api/admin/configuracoes/mensagens/:tipo', async ({ request }) => {
        const body = (await request.json()) as { texto: string };
        stored.mensagens.lembrete = view('lembrete', body.texto, { avisos: [aviso] });
        return HttpResponse.json(stored.mensagens.lembrete);
      }),
    );
    const user = userEvent.setup();
    renderApp('/admin/mensagens');
    await replaceText(user, `{{nome}}, pague ou vamos ao Serasa. ${CREDOR}`);
    expect(screen.getByText(/Evite "serasa" \(ameaça de negativação\)/)).toBeInTheDocument();
    await user.click(salvar());
    expect(await screen.findByText(aviso)).toBeInTheDocument();
    expect(
      await screen.findByText('Modelo "Lembrete" salvo, mas com avisos do CDC. Revise o texto.'),
    ).toBeVisible();
    expect(salvar()).toBeDisabled();
  });

  it('shows a failed load with a retry', async () => {
    let calls = 0;
    server.use(
      http.get(TEMPLATES_URL, () => {
        calls += 1;
        return calls === 1
          ? HttpResponse.json(
              { code: 'ROTA_NAO_ENCONTRADA', message: 'Serviço indisponível.' },
              { status: 404 },
            )
          : HttpResponse.json(templates());
      }),
    );
    const user = userEvent.setup();
    renderApp('/admin/mensagens');
    expect(await screen.findByText('Serviço indisponível.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Tentar de novo' }));
    expect(await texto()).toBeInTheDocument();
  });

  it('edits the e-mail subject and body in their own tab, with a live preview, and saves every channel', async () => {
    let sent: unknown;
    server.use(
      http.put('/api/admin/configuracoes/mensagens/:tipo', async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json(templates().mensagens.lembrete);
      }),
    );
    const user = userEvent.setup();
    renderApp('/admin/mensagens');
    await texto();
    await user.click(screen.getByRole('tab', { name: 'E-mail' }));
    const assunto = screen.getByRole('textbox', { name: 'Assunto do e-mail' });
    expect(assunto).toHaveValue('Sua conta com {{empresa}}');
    await user.clear(assunto);
    await user.click(assunto);
    await user.paste('Lembrete para {{nome}}');
    expect(screen.getByTestId('preview-email')).toHaveTextContent('Lembrete para Maria Oliveira');
    expect(screen.getByTestId('preview-email')).toHaveTextContent('Olá Maria Oliveira, este é o e-mail');
    await user.click(salvar());
    await waitFor(() =>
      expect(sent).toMatchObject({
        texto: templates().mensagens.lembrete.texto,
        email_assunto: 'Lembrete para {{nome}}',
        email_texto: templates().mensagens.lembrete.email_texto,
        sms_texto: templates().mensagens.lembrete.sms_texto,
      }),
    );
  });

  it('counts the SMS parts live, warns above two, and refuses {{pix}} saying why', async () => {
    const user = userEvent.setup();
    renderApp('/admin/mensagens');
    await texto();
    await user.click(screen.getByRole('tab', { name: 'SMS' }));
    const sms = screen.getByRole('textbox', { name: 'Texto do SMS' });
    await user.clear(sms);
    await user.click(sms);
    await user.paste('Oi {{nome}}, pague em {{link}}');
    expect(screen.getByText(/^\d+ de 160 caracteres · 1 parte/)).toBeInTheDocument();
    expect(screen.queryByText(/cada parte é cobrada/)).toBeNull();
    // {{pix}} is not offered to insert; {{link}} is.
    expect(screen.queryByRole('button', { name: '{{pix}}' })).toBeNull();
    expect(screen.getByRole('button', { name: '{{link}}' })).toBeInTheDocument();
    expect(
      screen.getByText('O SMS não leva o PIX copia e cola: use {{link}} para o portal.'),
    ).toBeInTheDocument();

    await user.clear(sms);
    await user.click(sms);
    // An emoji has no GSM-7 equivalent (an accent would be written plain): the whole SMS is UCS-2.
    await user.paste(`Olá 🙂 {{nome}}, ${'conta '.repeat(60)}${CREDOR}`);
    expect(screen.getByText(/caracteres · \d+ partes \(UCS-2: 67 por parte\)/)).toBeInTheDocument();
    expect(screen.getByText(/cada parte é cobrada como um SMS/)).toBeInTheDocument();

    await user.clear(sms);
    await user.click(sms);
    await user.paste(`{{nome}}, pague com {{pix}} ${CREDOR}`);
    expect(sms).toHaveAccessibleDescription('O SMS não leva o PIX copia e cola: use {{link}} para o portal.');
    expect(screen.getByRole('tab', { name: 'SMS (com erro)' })).toBeInTheDocument();
    expect(salvar()).toBeDisabled();
  });
});
