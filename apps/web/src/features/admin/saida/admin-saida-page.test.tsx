import type { SaidaSimulada } from '@cobranca/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderApp, resetSession, signInAs, TEST_USERS } from '../../../test/render-app.tsx';
import { server } from '../../../test/server.ts';

const URL = '/api/admin/simulador/saida';

const item = (id: number, extra: Partial<SaidaSimulada> = {}): SaidaSimulada => ({
  id,
  canal: 'email',
  para: `cliente${id}@example.com`,
  assunto: `Lembrete ${id}`,
  texto: `Olá, texto ${id}`,
  status: 'enviada',
  enviada_em: '2026-03-10T13:05:00.000Z',
  cliente: { id: 70 + id, nome: `Cliente ${id}` },
  ...extra,
});

type Pedido = { canal: string | null; antes_de: string | null };

/** Two pages of e-mails (ids 5..3, then 2..1) and one SMS; records each list request. */
const serveLista = () => {
  const pedidos: Pedido[] = [];
  server.use(
    http.get(URL, ({ request }) => {
      const params = new globalThis.URL(request.url).searchParams;
      const pedido = { canal: params.get('canal'), antes_de: params.get('antes_de') };
      pedidos.push(pedido);
      if (pedido.canal === 'sms')
        return HttpResponse.json({
          itens: [
            item(9, {
              canal: 'sms',
              para: '+5511987654321',
              assunto: null,
              texto: 'Sua conta vence hoje',
              status: 'entregue',
            }),
          ],
          proximo: null,
        });
      if (pedido.antes_de === '3')
        return HttpResponse.json({ itens: [item(2, { status: 'falhou' }), item(1)], proximo: null });
      return HttpResponse.json({ itens: [item(5), item(4), item(3)], proximo: 3 });
    }),
  );
  return pedidos;
};

const serveDetalhe = (html: string | null = '<p>Olá <b>Cliente 5</b></p><script>alert(1)</script>') =>
  server.use(http.get(`${URL}/5`, () => HttpResponse.json({ ...item(5), html })));

beforeEach(() => {
  resetSession();
  signInAs(TEST_USERS.admin);
});

const lista = (name: string) => screen.findByRole('list', { name });

describe('AdminSaidaSimuladorPage', () => {
  it('lists e-mails newest first with their status, and loads more from `proximo`', async () => {
    const pedidos = serveLista();
    const user = userEvent.setup();
    renderApp('/admin/simulador/saida');
    const emails = await lista('E-mails enviados');
    const linhas = within(emails).getAllByRole('listitem');
    expect(linhas).toHaveLength(3);
    expect(linhas[0]).toHaveTextContent('cliente5@example.com');
    expect(linhas[0]).toHaveTextContent('Lembrete 5');
    expect(linhas[0]).toHaveTextContent('Cliente 5');
    expect(linhas[0]).toHaveTextContent('10/03/2026 10:05');
    expect(linhas[0]).toHaveTextContent('Enviado');
    await user.click(screen.getByRole('button', { name: 'Carregar mais' }));
    await waitFor(() => expect(within(emails).getAllByRole('listitem')).toHaveLength(5));
    expect(within(emails).getAllByRole('listitem')[3]).toHaveTextContent('Devolvido');
    expect(screen.queryByRole('button', { name: 'Carregar mais' })).toBeNull();
    expect(pedidos).toEqual([
      { canal: 'email', antes_de: null },
      { canal: 'email', antes_de: '3' },
    ]);
    // An e-mail has no delivery or read receipt.
    expect(screen.queryByText(/Entregue|Lido/)).toBeNull();
  });

  it('switches to SMS through the tab, kept in the URL', async () => {
    serveLista();
    const user = userEvent.setup();
    const { router } = renderApp('/admin/simulador/saida');
    await lista('E-mails enviados');
    await user.click(screen.getByRole('tab', { name: 'SMS' }));
    const sms = await lista('SMS enviados');
    expect(within(sms).getByRole('listitem')).toHaveTextContent('Sua conta vence hoje');
    expect(within(sms).getByRole('listitem')).toHaveTextContent('Entregue');
    expect(router.state.location.search).toBe('?canal=sms');
  });

  it('says when the outbox is empty', async () => {
    server.use(http.get(URL, () => HttpResponse.json({ itens: [], proximo: null })));
    renderApp('/admin/simulador/saida');
    expect(await screen.findByText('Nenhum e-mail na caixa de saída ainda.')).toBeInTheDocument();
  });

  it('opens an e-mail in a sandboxed iframe, with the text part and a 390 px preview', async () => {
    serveLista();
    serveDetalhe();
    const user = userEvent.setup();
    renderApp('/admin/simulador/saida');
    await user.click(within(await lista('E-mails enviados')).getByText('Lembrete 5'));
    const dialog = await screen.findByRole('dialog', { name: /E-mail enviado/ });
    const iframe = await within(dialog).findByTitle('Conteúdo HTML do e-mail');
    expect(iframe).toHaveAttribute('sandbox', '');
    expect(iframe).toHaveAttribute('srcdoc', '<p>Olá <b>Cliente 5</b></p><script>alert(1)</script>');
    await user.click(within(dialog).getByRole('switch', { name: 'Largura de celular (390 px)' }));
    expect(getComputedStyle(iframe).width).toBe('390px');
    await user.click(within(dialog).getByRole('button', { name: 'Texto' }));
    expect(within(dialog).queryByTitle('Conteúdo HTML do e-mail')).toBeNull();
    expect(within(dialog).getByText('Olá, texto 5')).toBeInTheDocument();
  });

  it('simulates a reply with its text, and says so', async () => {
    serveLista();
    serveDetalhe();
    let body: unknown;
    server.use(
      http.post(`${URL}/5/resposta`, async ({ request }) => {
        body = await request.json();
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const user = userEvent.setup();
    renderApp('/admin/simulador/saida');
    await user.click(within(await lista('E-mails enviados')).getByText('Lembrete 5'));
    await user.click(await screen.findByRole('button', { name: 'Simular resposta' }));
    const dialog = screen.getByRole('dialog', { name: 'Simular resposta do cliente' });
    const confirmar = within(dialog).getByRole('button', { name: 'Simular resposta' });
    expect(confirmar).toBeDisabled();
    await user.type(within(dialog).getByLabelText('Resposta do cliente'), 'Vou pagar amanhã');
    await user.click(confirmar);
    expect(await screen.findByText('Resposta do cliente simulada.')).toBeInTheDocument();
    expect(body).toEqual({ texto: 'Vou pagar amanhã' });
  });

  it('simulates a temporary bounce, and shows the 409 of a provider that is not the simulator', async () => {
    serveLista();
    serveDetalhe();
    const bodies: unknown[] = [];
    let modo: 'ok' | '409' = '409';
    server.use(
      http.post(`${URL}/5/devolucao`, async ({ request }) => {
        bodies.push(await request.json());
        return modo === 'ok'
          ? new HttpResponse(null, { status: 204 })
          : HttpResponse.json(
              { code: 'SIMULADOR_INATIVO', message: 'Disponível só no modo simulador.' },
              { status: 409 },
            );
      }),
    );
    const user = userEvent.setup();
    renderApp('/admin/simulador/saida');
    await user.click(within(await lista('E-mails enviados')).getByText('Lembrete 5'));
    await user.click(await screen.findByRole('button', { name: 'Simular devolução' }));
    const dialog = screen.getByRole('dialog', { name: 'Simular devolução' });
    await user.click(within(dialog).getByRole('radio', { name: /Temporária/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Simular devolução' }));
    expect(await within(dialog).findByText('Disponível só no modo simulador.')).toBeInTheDocument();
    modo = 'ok';
    await user.click(within(dialog).getByRole('button', { name: 'Simular devolução' }));
    expect(await screen.findByText('Devolução simulada.')).toBeInTheDocument();
    expect(bodies).toEqual([{ permanente: false }, { permanente: false }]);
  });

  it('asks before simulating a spam complaint', async () => {
    serveLista();
    serveDetalhe();
    let chamadas = 0;
    server.use(
      http.post(`${URL}/5/reclamacao`, () => {
        chamadas += 1;
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const user = userEvent.setup();
    renderApp('/admin/simulador/saida');
    await user.click(within(await lista('E-mails enviados')).getByText('Lembrete 5'));
    await user.click(await screen.findByRole('button', { name: 'Simular reclamação' }));
    const confirmacao = screen.getByRole('dialog', { name: 'Simular reclamação de spam?' });
    await user.click(within(confirmacao).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Simular reclamação de spam?' })).toBeNull(),
    );
    expect(chamadas).toBe(0);
    await user.click(screen.getByRole('button', { name: 'Simular reclamação' }));
    const denovo = await screen.findByRole('dialog', { name: 'Simular reclamação de spam?' });
    await user.click(within(denovo).getByRole('button', { name: 'Simular reclamação' }));
    expect(await screen.findByText(/Reclamação de spam simulada/)).toBeInTheDocument();
    expect(chamadas).toBe(1);
  });

  it('offers only "Simular resposta" for an SMS', async () => {
    serveLista();
    server.use(
      http.get(`${URL}/9`, () =>
        HttpResponse.json({
          ...item(9, { canal: 'sms', assunto: null, texto: 'Sua conta vence hoje' }),
          html: null,
        }),
      ),
    );
    const user = userEvent.setup();
    renderApp('/admin/simulador/saida?canal=sms');
    await user.click(within(await lista('SMS enviados')).getByText('Sua conta vence hoje'));
    const dialog = await screen.findByRole('dialog', { name: /SMS enviado/ });
    expect(await within(dialog).findByRole('button', { name: 'Simular resposta' })).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Simular devolução' })).toBeNull();
    expect(within(dialog).queryByRole('button', { name: 'Simular reclamação' })).toBeNull();
  });

  it('shows an error with a retry when the outbox does not load', async () => {
    server.use(
      http.get(URL, () => HttpResponse.json({ code: 'ERRO_INTERNO', message: 'Falha.' }, { status: 500 })),
    );
    renderApp('/admin/simulador/saida');
    expect(await screen.findByRole('button', { name: 'Tentar de novo' })).toBeInTheDocument();
  });
});
