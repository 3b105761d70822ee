import type { SmsSettingsView } from '@cobranca/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderApp, resetSession, signInAs, TEST_USERS } from '../../../test/render-app.tsx';
import { server } from '../../../test/server.ts';

const URL = '/api/admin/configuracoes/sms';
const WEBHOOK = 'https://cobranca.empresa.com.br/api/webhooks/zenvia/c2VncmVkbw';

const view = (extra: Partial<SmsSettingsView> = {}): SmsSettingsView => ({
  provedor: 'simulador',
  base_url: 'https://api.zenvia.com',
  token: null,
  remetente: null,
  webhook_url: WEBHOOK,
  ...extra,
});
const zenvia = () => view({ provedor: 'zenvia', token: '••••••••9f0e', remetente: 'EMPRESA' });

const serve = (settings: SmsSettingsView) => server.use(http.get(URL, () => HttpResponse.json(settings)));

beforeEach(() => {
  resetSession();
  signInAs(TEST_USERS.admin);
});

const radio = (name: RegExp) => screen.findByRole('radio', { name });

describe('AdminSmsPage', () => {
  it('shows the simulator with the outbox link, and copies the webhook URL', async () => {
    serve(view());
    const user = userEvent.setup();
    renderApp('/admin/sms');
    expect(await radio(/Simulador embutido/)).toBeChecked();
    expect(screen.queryByLabelText('Token da API')).toBeNull();
    expect(screen.getByRole('link', { name: 'Abrir a caixa de saída do simulador' })).toHaveAttribute(
      'href',
      '/admin/simulador/saida?canal=sms',
    );
    expect(screen.getByRole('textbox', { name: 'URL do webhook' })).toHaveValue(WEBHOOK);
    await user.click(screen.getByRole('button', { name: 'Copiar URL do webhook' }));
    expect(await screen.findByText('Copiado')).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe(WEBHOOK);
  });

  it('asks for the Zenvia token when none is stored', async () => {
    let called = false;
    serve(view());
    server.use(
      http.put(URL, () => {
        called = true;
        return HttpResponse.json(view());
      }),
    );
    const user = userEvent.setup();
    renderApp('/admin/sms');
    await user.click(await radio(/Zenvia/));
    const token = screen.getByLabelText('Token da API');
    expect(token).toHaveAttribute('type', 'password');
    const baseUrl = screen.getByLabelText('URL base da API');
    await user.clear(baseUrl);
    await user.type(baseUrl, 'não é url');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(token).toHaveAccessibleDescription('Informe o token da API da Zenvia.'));
    expect(baseUrl).toHaveAccessibleDescription('Informe uma URL http(s) válida.');
    expect(called).toBe(false);
  });

  it('keeps the stored token hidden and out of the body unless a new one is typed', async () => {
    const bodies: unknown[] = [];
    serve(zenvia());
    server.use(
      http.put(URL, async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json(zenvia());
      }),
    );
    const user = userEvent.setup();
    renderApp('/admin/sms');
    expect(await radio(/Zenvia/)).toBeChecked();
    const token = screen.getByLabelText('Token da API');
    expect(token).toHaveValue('');
    expect(token).toHaveAttribute('placeholder', '••••••••9f0e');
    expect(token).toHaveAccessibleDescription('Valor atual oculto: deixe em branco para manter.');
    const remetente = screen.getByLabelText('Remetente');
    await user.clear(remetente);
    await user.type(remetente, 'COBRANCA');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Configurações de SMS salvas.')).toBeInTheDocument();
    expect(bodies[0]).toEqual({
      provedor: 'zenvia',
      base_url: 'https://api.zenvia.com',
      remetente: 'COBRANCA',
    });
  });

  it('switching back to the simulator sends only the provider', async () => {
    let body: unknown;
    serve(zenvia());
    server.use(
      http.put(URL, async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ ...zenvia(), provedor: 'simulador' });
      }),
    );
    const user = userEvent.setup();
    renderApp('/admin/sms');
    await user.click(await radio(/Simulador embutido/));
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Configurações de SMS salvas.')).toBeInTheDocument();
    expect(body).toEqual({ provedor: 'simulador' });
  });

  it('shows each failed part of the connection check, and a request error', async () => {
    serve(zenvia());
    let falhar = false;
    server.use(
      http.post(`${URL}/verificar`, () =>
        falhar
          ? HttpResponse.json({ code: 'ERRO_INTERNO', message: 'Erro interno.' }, { status: 500 })
          : HttpResponse.json({ ok: false, erros: [{ parte: 'Zenvia', erro: 'Token recusado (401).' }] }),
      ),
    );
    const user = userEvent.setup();
    renderApp('/admin/sms');
    const card = await screen.findByRole('region', { name: 'Status da conexão' });
    await user.click(within(card).getByRole('button', { name: 'Verificar conexão' }));
    expect(await within(card).findByText('1 problema encontrado')).toBeInTheDocument();
    expect(within(card).getByText('Token recusado (401).')).toBeInTheDocument();
    falhar = true;
    await user.click(within(card).getByRole('button', { name: 'Verificar conexão' }));
    expect(await within(card).findByText('Erro interno.')).toBeInTheDocument();
  });
});
