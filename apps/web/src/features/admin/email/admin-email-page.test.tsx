import type { EmailSettingsView, VerificacaoCanal } from '@cobranca/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderApp, resetSession, signInAs, TEST_USERS } from '../../../test/render-app.tsx';
import { server } from '../../../test/server.ts';

const URL = '/api/admin/configuracoes/email';

const view = (extra: Partial<EmailSettingsView> = {}): EmailSettingsView => ({
  provedor: 'simulador',
  smtp: { host: null, porta: 587, seguranca: 'starttls', usuario: null, senha: null },
  remetente: { email: 'cobranca@empresa.com.br', nome: 'Cobrança Empresa' },
  dkim: { dominio: 'empresa.com.br', seletor: 'cobranca', configurada: false },
  imap: null,
  limite_por_minuto: 60,
  registros_dns: [
    {
      nome: 'empresa.com.br',
      tipo: 'TXT',
      valor: 'v=spf1 include:_spf.empresa.com.br ~all',
      explicacao: 'SPF: quais servidores podem enviar pelo domínio.',
    },
    {
      nome: '_dmarc.empresa.com.br',
      tipo: 'TXT',
      valor: 'v=DMARC1; p=none; rua=mailto:dmarc@empresa.com.br',
      explicacao: 'DMARC: o que fazer com e-mails que falham no SPF e no DKIM.',
    },
  ],
  descadastro_url: 'https://cobranca.empresa.com.br/api/descadastro',
  ...extra,
});

const smtp = () =>
  view({
    provedor: 'smtp',
    smtp: {
      host: 'smtp.empresa.com.br',
      porta: 587,
      seguranca: 'starttls',
      usuario: 'envio',
      senha: '••••••••a1b2',
    },
  });

const serve = (settings: EmailSettingsView) => server.use(http.get(URL, () => HttpResponse.json(settings)));

beforeEach(() => {
  resetSession();
  signInAs(TEST_USERS.admin);
});

const radio = (name: RegExp) => screen.findByRole('radio', { name });

describe('AdminEmailPage', () => {
  it('is in the admin menu and shows the simulator, the outbox link and the DNS records', async () => {
    serve(view());
    const { pathname } = renderApp('/admin/email');
    expect(await radio(/Simulador embutido/)).toBeChecked();
    expect(screen.getByRole('link', { name: 'Config. E-mail' })).toHaveAttribute('href', '/admin/email');
    expect(screen.getByRole('link', { name: 'Config. SMS' })).toHaveAttribute('href', '/admin/sms');
    expect(screen.queryByLabelText('Servidor')).toBeNull();
    expect(screen.getByRole('link', { name: 'Abrir a caixa de saída do simulador' })).toHaveAttribute(
      'href',
      '/admin/simulador/saida?canal=email',
    );
    const dns = screen.getByRole('region', { name: 'Registros DNS' });
    const spf = within(dns).getByRole('listitem', { name: 'Registro empresa.com.br' });
    expect(within(spf).getByText('SPF: quais servidores podem enviar pelo domínio.')).toBeInTheDocument();
    expect(within(spf).getByLabelText('Valor (TXT)')).toHaveValue('v=spf1 include:_spf.empresa.com.br ~all');
    expect(within(dns).getByLabelText('Link de descadastro em um clique')).toHaveValue(
      'https://cobranca.empresa.com.br/api/descadastro',
    );
    expect(pathname()).toBe('/admin/email');
  });

  it('copies a DNS record value and the unsubscribe link', async () => {
    serve(view());
    const user = userEvent.setup();
    renderApp('/admin/email');
    await user.click(await screen.findByRole('button', { name: 'Copiar valor _dmarc.empresa.com.br' }));
    expect(await screen.findByText('Copiado')).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe('v=DMARC1; p=none; rua=mailto:dmarc@empresa.com.br');
    await user.click(screen.getByRole('button', { name: 'Copiar link de descadastro' }));
    await waitFor(async () =>
      expect(await navigator.clipboard.readText()).toBe('https://cobranca.empresa.com.br/api/descadastro'),
    );
  });

  it('asks for the SMTP server, and validates the sender and the port before saving', async () => {
    let called = false;
    serve(view());
    server.use(
      http.put(URL, () => {
        called = true;
        return HttpResponse.json(view());
      }),
    );
    const user = userEvent.setup();
    renderApp('/admin/email');
    await user.click(await radio(/Servidor SMTP/));
    const porta = screen.getByLabelText('Porta');
    await user.clear(porta);
    await user.type(porta, '70000');
    const remetente = screen.getByLabelText('E-mail do remetente');
    await user.clear(remetente);
    await user.type(remetente, 'não é e-mail');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() =>
      expect(screen.getByLabelText('Servidor')).toHaveAccessibleDescription('Informe o servidor.'),
    );
    expect(porta).toHaveAccessibleDescription('Use uma porta de 1 a 65535.');
    expect(remetente).toHaveAccessibleDescription('Informe um e-mail válido.');
    expect(called).toBe(false);
  });

  it('never shows a stored password, and leaves an empty one out of the PUT body', async () => {
    const bodies: unknown[] = [];
    serve(smtp());
    server.use(
      http.put(URL, async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json(smtp());
      }),
    );
    const user = userEvent.setup();
    renderApp('/admin/email');
    expect(await radio(/Servidor SMTP/)).toBeChecked();
    const senha = screen.getByLabelText('Senha do SMTP');
    expect(senha).toHaveAttribute('type', 'password');
    expect(senha).toHaveValue('');
    expect(senha).toHaveAttribute('placeholder', '••••••••a1b2');
    expect(senha).toHaveAccessibleDescription('Valor atual oculto: deixe em branco para manter.');
    const nome = screen.getByLabelText('Nome do remetente');
    await user.clear(nome);
    await user.type(nome, 'Financeiro');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Configurações de e-mail salvas.')).toBeInTheDocument();
    expect(bodies[0]).toEqual({
      provedor: 'smtp',
      smtp: { host: 'smtp.empresa.com.br', porta: 587, seguranca: 'starttls', usuario: 'envio' },
      remetente: { nome: 'Financeiro', email: 'cobranca@empresa.com.br' },
      dkim: { dominio: 'empresa.com.br', seletor: 'cobranca' },
      limite_por_minuto: 60,
    });

    await user.type(screen.getByLabelText('Senha do SMTP'), 'segredo-novo');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(bodies).toHaveLength(2));
    expect(bodies[1]).toMatchObject({ smtp: { senha: 'segredo-novo' } });
    await waitFor(() => expect(screen.getByLabelText('Senha do SMTP')).toHaveValue(''));
  });

  it('turns the IMAP inbox on with its fields, and off again as null', async () => {
    const bodies: { imap?: unknown }[] = [];
    const comImap = view({
      imap: {
        host: 'imap.empresa.com.br',
        porta: 993,
        seguranca: 'tls',
        usuario: 'envio',
        senha: '••••',
        pasta: 'INBOX',
      },
    });
    serve(view());
    server.use(
      http.put(URL, async ({ request }) => {
        bodies.push((await request.json()) as { imap?: unknown });
        return HttpResponse.json(comImap);
      }),
    );
    const user = userEvent.setup();
    renderApp('/admin/email');
    await radio(/Simulador embutido/);
    expect(screen.queryByLabelText('Servidor IMAP')).toBeNull();
    await user.click(screen.getByRole('switch', { name: 'Ler a caixa de entrada' }));
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() =>
      expect(screen.getByLabelText('Servidor IMAP')).toHaveAccessibleDescription('Informe o servidor.'),
    );
    expect(screen.getByLabelText('Usuário IMAP')).toHaveAccessibleDescription(
      'Informe o usuário da caixa de entrada.',
    );
    await user.type(screen.getByLabelText('Servidor IMAP'), 'imap.empresa.com.br');
    await user.type(screen.getByLabelText('Usuário IMAP'), 'envio');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]?.imap).toEqual({
      host: 'imap.empresa.com.br',
      porta: 993,
      seguranca: 'tls',
      usuario: 'envio',
      pasta: 'INBOX',
    });
    await user.click(await screen.findByRole('switch', { name: 'Ler a caixa de entrada', checked: true }));
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(bodies).toHaveLength(2));
    expect(bodies[1]?.imap).toBeNull();
  });

  it('places the server’s 422 messages beside nested fields', async () => {
    serve(smtp());
    server.use(
      http.put(URL, () =>
        HttpResponse.json(
          {
            code: 'DADOS_INVALIDOS',
            message: 'Os dados enviados são inválidos.',
            errors: { 'smtp.host': ['Servidor não encontrado.'] },
          },
          { status: 422 },
        ),
      ),
    );
    const user = userEvent.setup();
    renderApp('/admin/email');
    await radio(/Servidor SMTP/);
    const host = screen.getByLabelText('Servidor');
    await user.clear(host);
    await user.type(host, 'smtp.inexistente.com.br');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(host).toHaveAccessibleDescription('Servidor não encontrado.'));
  });

  it('generates a DKIM key at once when there is none, showing the TXT record to publish', async () => {
    let pedido: unknown;
    serve(view());
    server.use(
      http.post(`${URL}/dkim`, async ({ request }) => {
        pedido = await request.json();
        return HttpResponse.json({
          dominio: 'empresa.com.br',
          seletor: 'cobranca',
          registro: {
            nome: 'cobranca._domainkey.empresa.com.br',
            tipo: 'TXT',
            valor: 'v=DKIM1; k=rsa; p=MIIBIjANBg',
            explicacao: 'DKIM: a chave pública que confere a assinatura.',
          },
        });
      }),
    );
    const user = userEvent.setup();
    renderApp('/admin/email');
    await user.click(await screen.findByRole('button', { name: 'Gerar chave DKIM' }));
    expect(await screen.findByLabelText('Valor do registro TXT')).toHaveValue('v=DKIM1; k=rsa; p=MIIBIjANBg');
    expect(screen.getByLabelText('Nome do registro')).toHaveValue('cobranca._domainkey.empresa.com.br');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(pedido).toEqual({});
    await user.click(screen.getByRole('button', { name: 'Copiar valor do registro DKIM' }));
    await waitFor(async () =>
      expect(await navigator.clipboard.readText()).toBe('v=DKIM1; k=rsa; p=MIIBIjANBg'),
    );
  });

  it('asks before replacing an existing DKIM key, and cancelling keeps it', async () => {
    let chamadas = 0;
    serve(view({ dkim: { dominio: 'empresa.com.br', seletor: 'cobranca', configurada: true } }));
    server.use(
      http.post(`${URL}/dkim`, () => {
        chamadas += 1;
        return HttpResponse.json({ code: 'ERRO_INTERNO', message: 'Falhou.' }, { status: 500 });
      }),
    );
    const user = userEvent.setup();
    renderApp('/admin/email');
    await user.click(await screen.findByRole('button', { name: 'Gerar chave DKIM' }));
    const dialog = screen.getByRole('dialog', { name: 'Gerar uma nova chave DKIM?' });
    expect(dialog).toHaveTextContent('A chave atual deixa de valer quando você publicar a nova');
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(chamadas).toBe(0);
    await user.click(screen.getByRole('button', { name: 'Gerar chave DKIM' }));
    await user.click(screen.getByRole('button', { name: 'Gerar nova chave' }));
    expect(await screen.findByText('Falhou.')).toBeInTheDocument();
    expect(chamadas).toBe(1);
  });

  it('lists each part the connection check failed on', async () => {
    serve(smtp());
    server.use(
      http.post(`${URL}/verificar`, () =>
        HttpResponse.json({
          ok: false,
          erros: [
            { parte: 'SMTP', erro: 'Usuário ou senha recusados pelo servidor.' },
            { parte: 'DKIM', erro: 'O registro DKIM não foi encontrado no DNS.' },
          ],
        } satisfies VerificacaoCanal),
      ),
    );
    const user = userEvent.setup();
    renderApp('/admin/email');
    const card = await screen.findByRole('region', { name: 'Status da conexão' });
    await user.click(within(card).getByRole('button', { name: 'Verificar conexão' }));
    expect(await within(card).findByText('2 problemas encontrados')).toBeInTheDocument();
    expect(within(card).getByText('Usuário ou senha recusados pelo servidor.')).toBeInTheDocument();
    expect(within(card).getByText('O registro DKIM não foi encontrado no DNS.')).toBeInTheDocument();
  });

  it('says when the connection check passed', async () => {
    serve(smtp());
    server.use(http.post(`${URL}/verificar`, () => HttpResponse.json({ ok: true, erros: [] })));
    const user = userEvent.setup();
    renderApp('/admin/email');
    const card = await screen.findByRole('region', { name: 'Status da conexão' });
    await user.click(within(card).getByRole('button', { name: 'Verificar conexão' }));
    expect(await within(card).findByText('Conexão verificada: tudo certo.')).toBeInTheDocument();
  });

  it('shows an error with a retry when the settings do not load', async () => {
    server.use(
      http.get(URL, () => HttpResponse.json({ code: 'ERRO_INTERNO', message: 'Falha.' }, { status: 500 })),
    );
    renderApp('/admin/email');
    expect(await screen.findByRole('button', { name: 'Tentar de novo' })).toBeInTheDocument();
  });
});
