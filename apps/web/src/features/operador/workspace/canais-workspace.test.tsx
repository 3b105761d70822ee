import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { server } from '../../../test/server.ts';
import {
  canalCliente,
  clienteDetalhe,
  mensagem,
  openWorkspace,
  setupWorkspace,
} from './workspace.test-fixtures.ts';

afterEach(() => {
  vi.useRealTimers();
});

const semEmail = () =>
  clienteDetalhe({
    email: null,
    canais: [
      canalCliente('whatsapp', '+5511987654321', {
        disponivel: false,
        opt_out_em: '2026-03-12T15:00:00.000Z',
        motivo: 'O cliente pediu para sair.',
      }),
      canalCliente('email', null, { disponivel: false, motivo: 'Sem e-mail cadastrado.' }),
      canalCliente('sms', '+5511987654321'),
    ],
  });

const canalSelect = () => screen.getByRole('combobox', { name: 'Canal' });

describe('Workspace channels', () => {
  it('shows each channel’s state in the contact card', async () => {
    setupWorkspace(
      clienteDetalhe({
        canais: [
          canalCliente('whatsapp', '+5511987654321', {
            disponivel: false,
            opt_out_em: '2026-03-12T15:00:00.000Z',
          }),
          canalCliente('email', 'maria@example.com', {
            disponivel: false,
            devolvido_em: '2026-11-02T12:00:00.000Z',
          }),
          canalCliente('sms', '+5511987654321'),
        ],
      }),
    );
    await openWorkspace();
    const canais = within(screen.getByRole('list', { name: 'Canais do cliente' }));
    const itens = canais.getAllByRole('listitem');
    expect(itens.map((item) => item.textContent)).toEqual([
      'WhatsApp: Descadastrado em 12/03/2026',
      'E-mail: E-mail devolvido em 02/11/2026',
      'SMS: +5511987654321',
    ]);
  });

  it('says "Sem e-mail" when the customer has no address', async () => {
    setupWorkspace(semEmail());
    await openWorkspace();
    expect(
      within(screen.getByRole('list', { name: 'Canais do cliente' })).getByText(/Sem e-mail/),
    ).toBeInTheDocument();
  });

  it('sets the preferred channel, and back to automatic (null)', async () => {
    const estado = setupWorkspace();
    const corpos: unknown[] = [];
    server.use(
      http.put('/api/operador/clientes/7/canal-preferido', async ({ request }) => {
        const body = (await request.json()) as { canal: 'email' | null };
        corpos.push(body);
        estado.cliente = { ...estado.cliente, canal_preferido: body.canal };
        return HttpResponse.json({ cliente: estado.cliente });
      }),
    );
    const user = userEvent.setup();
    await openWorkspace();
    const select = screen.getByRole('combobox', { name: 'Canal preferido' });
    expect(select).toHaveTextContent('Automático');
    await user.click(select);
    await user.click(await screen.findByRole('option', { name: 'E-mail' }));
    expect(await screen.findByText('Canal preferido atualizado.')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'Canal preferido' })).toHaveTextContent('E-mail'),
    );
    await user.click(screen.getByRole('combobox', { name: 'Canal preferido' }));
    await user.click(await screen.findByRole('option', { name: 'Automático' }));
    await waitFor(() => expect(corpos).toEqual([{ canal: 'email' }, { canal: null }]));
  });

  it('shows each bubble’s channel, an e-mail’s subject, and e-mail states without receipts', async () => {
    setupWorkspace(clienteDetalhe(), [
      mensagem(1, {
        canal: 'email',
        assunto: 'Sua conta vence amanhã',
        conteudo: 'Olá Maria',
        status: 'lida',
        enviada_em: '2026-11-19T11:00:00.000Z',
      }),
      mensagem(2, {
        canal: 'email',
        assunto: 'Conta em atraso',
        status: 'falhou',
        erro: 'Caixa inexistente',
        enviada_em: '2026-11-19T12:00:00.000Z',
      }),
      mensagem(3, { canal: 'sms', status: 'entregue' }),
      mensagem(4, { canal: 'whatsapp', status: 'lida' }),
    ]);
    await openWorkspace();
    const thread = await screen.findByRole('list', { name: /Conversa/ });
    const bolhas = within(thread).getAllByRole('listitem');
    expect(within(bolhas[0] as HTMLElement).getByRole('img', { name: 'Via E-mail' })).toBeInTheDocument();
    expect(bolhas[0]).toHaveTextContent('Assunto: Sua conta vence amanhã');
    expect(within(bolhas[0] as HTMLElement).getByRole('img', { name: 'Enviado' })).toBeInTheDocument();
    expect(within(bolhas[0] as HTMLElement).queryByRole('img', { name: /Lida|Entregue/ })).toBeNull();
    expect(bolhas[1]).toHaveTextContent('Devolvido: Caixa inexistente');
    expect(within(bolhas[2] as HTMLElement).getByRole('img', { name: 'Via SMS' })).toBeInTheDocument();
    expect(within(bolhas[2] as HTMLElement).getByRole('img', { name: 'Entregue' })).toBeInTheDocument();
    expect(within(bolhas[3] as HTMLElement).getByRole('img', { name: 'Via WhatsApp' })).toBeInTheDocument();
    expect(within(bolhas[3] as HTMLElement).getByRole('img', { name: 'Lida' })).toBeInTheDocument();
  });

  it('defaults the composer to the channel of the customer’s last reply and sends it as `canal`', async () => {
    const estado = setupWorkspace(clienteDetalhe(), [
      mensagem(1, {
        direcao: 'entrada',
        origem: 'cliente',
        canal: 'whatsapp',
        status: 'recebida',
        autor: null,
      }),
      mensagem(2, { direcao: 'entrada', origem: 'cliente', canal: 'sms', status: 'recebida', autor: null }),
    ]);
    server.use(
      http.post('/api/operador/clientes/7/mensagens', async ({ request }) => {
        const body = await request.json();
        estado.writes.push({ method: 'POST', path: '/mensagens', body });
        return HttpResponse.json(mensagem(9, { canal: 'sms', status: 'pendente' }));
      }),
    );
    const user = userEvent.setup();
    await openWorkspace();
    await waitFor(() => expect(canalSelect()).toHaveTextContent('SMS'));
    await user.click(screen.getByRole('combobox', { name: 'Mensagem' }));
    await user.paste('Oi Maria');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(estado.writes).toHaveLength(1));
    expect(estado.writes[0]?.body).toEqual({ conteudo: 'Oi Maria', canal: 'sms' });

    await user.click(canalSelect());
    await user.click(await screen.findByRole('option', { name: 'E-mail' }));
    await user.click(screen.getByRole('combobox', { name: 'Mensagem' }));
    await user.paste('Segue por e-mail');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(estado.writes).toHaveLength(2));
    expect(estado.writes[1]?.body).toEqual({ conteudo: 'Segue por e-mail', canal: 'email' });
  });

  it('defaults to the first available channel, with the unavailable ones disabled and explained', async () => {
    setupWorkspace(semEmail(), [
      mensagem(1, {
        direcao: 'entrada',
        origem: 'cliente',
        canal: 'whatsapp',
        status: 'recebida',
        autor: null,
      }),
    ]);
    const user = userEvent.setup();
    await openWorkspace();
    await waitFor(() => expect(canalSelect()).toHaveTextContent('SMS'));
    await user.click(canalSelect());
    expect(
      await screen.findByRole('option', { name: 'WhatsApp (Descadastrado em 12/03/2026)' }),
    ).toHaveAttribute('aria-disabled', 'true');
    expect(screen.getByRole('option', { name: 'E-mail (Sem e-mail)' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
  });

  it('defaults to the preferred channel when the customer has not written, as the server would send', async () => {
    setupWorkspace(
      clienteDetalhe({
        canal_preferido: 'email',
        canais: [
          canalCliente('whatsapp', '+5511987654321'),
          canalCliente('email', 'bia@example.com'),
          canalCliente('sms', '+5511987654321'),
        ],
      }),
      [],
    );
    await openWorkspace();
    await waitFor(() => expect(canalSelect()).toHaveTextContent('E-mail'));
  });

  it('blocks the composer when no channel is available', async () => {
    setupWorkspace(
      clienteDetalhe({
        canais: [
          canalCliente('whatsapp', '+5511987654321', { disponivel: false, motivo: 'Número inválido.' }),
          canalCliente('email', 'maria@example.com', {
            disponivel: false,
            devolvido_em: '2026-11-02T12:00:00.000Z',
          }),
          canalCliente('sms', '+5511987654321', { disponivel: false, motivo: 'Número inválido.' }),
        ],
      }),
    );
    await openWorkspace();
    expect(await screen.findByText('Nenhum canal disponível para este cliente.')).toBeInTheDocument();
  });
});
