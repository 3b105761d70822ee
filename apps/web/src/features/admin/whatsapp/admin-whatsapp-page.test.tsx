import type { WhatsappSettingsView, WhatsappStatus } from '@cobranca/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderApp, resetSession, signInAs, TEST_USERS } from '../../../test/render-app.tsx';
import { server } from '../../../test/server.ts';

const URL = '/api/admin/configuracoes/whatsapp';

const settings = (extra: Partial<WhatsappSettingsView> = {}): WhatsappSettingsView => ({
  provedor: 'simulador',
  phone_number_id: null,
  access_token: null,
  app_secret: null,
  webhook_verify_token: 'verifica-123',
  api_version: 'v23.0',
  base_url: 'https://graph.facebook.com',
  webhook_url: 'https://cobranca.exemplo.com.br/api/webhooks/whatsapp',
  ...extra,
});

const cloud = () =>
  settings({
    provedor: 'whatsapp_cloud',
    phone_number_id: '106540352242922',
    access_token: '••••••••3f9a',
    app_secret: '••••••••77c1',
  });

const status = (extra: Partial<WhatsappStatus> = {}): WhatsappStatus => ({
  provedor: 'simulador',
  status: 'conectado',
  numero_exibicao: '+55 11 99999-0000',
  nome_verificado: 'Empresa Demonstração',
  qualidade: 'GREEN',
  verificado_em: '2026-03-10T13:05:00.000Z',
  erro: null,
  ...extra,
});

const serve = (view: WhatsappSettingsView) =>
  server.use(
    http.get(URL, () => HttpResponse.json(view)),
    http.get(`${URL}/status`, () => HttpResponse.json(status({ provedor: view.provedor }))),
  );

beforeEach(() => {
  resetSession();
  signInAs(TEST_USERS.admin);
});

const radio = (name: RegExp) => screen.findByRole('radio', { name });

describe('AdminWhatsappPage', () => {
  it('shows the provider, the connection status and the webhook data', async () => {
    serve(settings());
    renderApp('/admin/whatsapp');
    expect(await radio(/Simulador embutido/)).toBeChecked();
    expect(screen.queryByLabelText('Phone Number ID')).toBeNull();
    const card = screen.getByRole('region', { name: 'Status da conexão' });
    expect(await within(card).findByText('Conectado')).toBeInTheDocument();
    expect(within(card).getByText('+55 11 99999-0000')).toBeInTheDocument();
    expect(within(card).getByText('Empresa Demonstração')).toBeInTheDocument();
    expect(within(card).getByText('GREEN')).toBeInTheDocument();
    expect(within(card).getByText('10/03/2026 10:05')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'URL do webhook' })).toHaveValue(
      'https://cobranca.exemplo.com.br/api/webhooks/whatsapp',
    );
    expect(screen.getByRole('textbox', { name: 'Token de verificação' })).toHaveValue('verifica-123');
  });

  it('shows the Cloud API credentials when that provider is chosen, asking for what is missing', async () => {
    let called = false;
    serve(settings());
    server.use(
      http.put(URL, () => {
        called = true;
        return HttpResponse.json({});
      }),
    );
    const user = userEvent.setup();
    renderApp('/admin/whatsapp');
    await user.click(await radio(/WhatsApp Cloud API/));
    expect(screen.getByLabelText('Phone Number ID')).toBeInTheDocument();
    const token = screen.getByLabelText('Access Token');
    expect(token).toHaveAttribute('type', 'password');
    expect(screen.getByLabelText('App Secret')).toHaveAttribute('type', 'password');
    expect(screen.getByLabelText('Versão da API')).toHaveValue('v23.0');
    expect(screen.getByLabelText('URL base da API')).toHaveValue('https://graph.facebook.com');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(token).toHaveAccessibleDescription('Informe o Access Token.'));
    expect(screen.getByLabelText('Phone Number ID')).toHaveAccessibleDescription(
      'Informe o Phone Number ID.',
    );
    expect(called).toBe(false);
  });

  it('leaves empty secrets out of the PUT body and shows the stored masks as placeholders', async () => {
    const bodies: unknown[] = [];
    serve(cloud());
    server.use(
      http.put(URL, async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json(cloud());
      }),
    );
    const user = userEvent.setup();
    renderApp('/admin/whatsapp');
    expect(await radio(/WhatsApp Cloud API/)).toBeChecked();
    const token = screen.getByLabelText('Access Token');
    expect(token).toHaveAttribute('placeholder', '••••••••3f9a');
    expect(token).toHaveValue('');
    expect(token).toHaveAccessibleDescription('Valor atual oculto: deixe em branco para manter.');
    const phone = screen.getByLabelText('Phone Number ID');
    await user.clear(phone);
    await user.type(phone, '123456789012');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Configurações do WhatsApp salvas.')).toBeInTheDocument();
    expect(bodies[0]).toEqual({
      provedor: 'whatsapp_cloud',
      phone_number_id: '123456789012',
      webhook_verify_token: 'verifica-123',
      api_version: 'v23.0',
      base_url: 'https://graph.facebook.com',
    });

    await user.type(screen.getByLabelText('Access Token'), 'EAAG-novo-token');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(bodies).toHaveLength(2));
    expect(bodies[1]).toMatchObject({ access_token: 'EAAG-novo-token' });
    expect(bodies[1]).not.toHaveProperty('app_secret');
    // Once stored, the secret leaves the field: it is never kept on screen.
    await waitFor(() => expect(screen.getByLabelText('Access Token')).toHaveValue(''));
    expect(screen.getByRole('button', { name: 'Salvar' })).toBeDisabled();
  });

  it('switching back to the simulator sends only the provider, keeping the stored Cloud API settings', async () => {
    let body: unknown;
    serve(cloud());
    server.use(
      http.put(URL, async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ ...cloud(), provedor: 'simulador' });
      }),
    );
    const user = userEvent.setup();
    renderApp('/admin/whatsapp');
    await user.click(await radio(/Simulador embutido/));
    expect(screen.queryByLabelText('Phone Number ID')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Configurações do WhatsApp salvas.')).toBeInTheDocument();
    expect(body).toEqual({ provedor: 'simulador' });
  });

  it('discards unsaved changes, back to the stored provider', async () => {
    serve(settings());
    const user = userEvent.setup();
    renderApp('/admin/whatsapp');
    await user.click(await radio(/WhatsApp Cloud API/));
    await user.type(screen.getByLabelText('Phone Number ID'), '123456');
    await user.click(screen.getByRole('button', { name: 'Descartar alterações' }));
    expect(screen.getByRole('radio', { name: /Simulador embutido/ })).toBeChecked();
    expect(screen.queryByLabelText('Phone Number ID')).toBeNull();
    expect(screen.getByRole('button', { name: 'Salvar' })).toBeDisabled();
  });

  it('places the server’s 422 messages beside the fields', async () => {
    serve(cloud());
    server.use(
      http.put(URL, () =>
        HttpResponse.json(
          {
            code: 'DADOS_INVALIDOS',
            message: 'Os dados enviados são inválidos.',
            errors: { base_url: ['Host não permitido.'] },
          },
          { status: 422 },
        ),
      ),
    );
    const user = userEvent.setup();
    renderApp('/admin/whatsapp');
    await radio(/WhatsApp Cloud API/);
    const baseUrl = screen.getByLabelText('URL base da API');
    await user.clear(baseUrl);
    await user.type(baseUrl, 'http://localhost:9999');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(baseUrl).toHaveAccessibleDescription('Host não permitido.'));
    expect(await screen.findByText('Os dados enviados são inválidos.')).toBeInTheDocument();
  });

  it('verifies the connection and shows the resulting status', async () => {
    serve(cloud());
    server.use(
      http.post(`${URL}/verificar`, () =>
        HttpResponse.json(
          status({
            provedor: 'whatsapp_cloud',
            status: 'erro',
            erro: 'Token de acesso expirado',
            qualidade: null,
          }),
        ),
      ),
    );
    const user = userEvent.setup();
    renderApp('/admin/whatsapp');
    const card = await screen.findByRole('region', { name: 'Status da conexão' });
    expect(await within(card).findByText('Conectado')).toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'Verificar conexão' }));
    expect(await within(card).findByText('Erro')).toBeInTheDocument();
    expect(within(card).getByText('Token de acesso expirado')).toBeInTheDocument();
    expect(await screen.findByText('Falha na conexão: Token de acesso expirado.')).toBeInTheDocument();
  });

  it('copies the webhook URL and the verify token', async () => {
    serve(settings());
    const user = userEvent.setup();
    renderApp('/admin/whatsapp');
    await user.click(await screen.findByRole('button', { name: 'Copiar URL do webhook' }));
    expect(await screen.findByText('Copiado')).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe(
      'https://cobranca.exemplo.com.br/api/webhooks/whatsapp',
    );
    await user.click(screen.getByRole('button', { name: 'Copiar token de verificação' }));
    await waitFor(async () => expect(await navigator.clipboard.readText()).toBe('verifica-123'));
  });
});
