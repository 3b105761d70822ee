import { screen, waitFor } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from '../test/server.ts';
import { comSessao, entrar, falha, resumo } from './portal.test-fixtures.tsx';

describe('portal: talk to a person', () => {
  it('sends the message and confirms; the counter follows the text', async () => {
    let enviado: unknown;
    server.use(
      http.post(
        '/api/portal/atendente',
        comSessao(async (request) => {
          enviado = await request.json();
          return new HttpResponse(null, { status: 204 });
        }),
      ),
    );
    const user = await entrar();
    await user.click(screen.getByRole('button', { name: 'Falar com um atendente' }));
    const campo = screen.getByLabelText('Sua mensagem');
    expect(campo).toHaveAccessibleDescription('0 de 1000 caracteres');
    await user.type(campo, '  Quero pagar em duas vezes. ');
    expect(campo).toHaveAccessibleDescription('29 de 1000 caracteres');
    await user.click(screen.getByRole('button', { name: 'Enviar' }));
    expect(
      await screen.findByText('Recebemos sua mensagem. Um atendente vai responder pelo WhatsApp.'),
    ).toBeInTheDocument();
    expect(enviado).toEqual({ mensagem: 'Quero pagar em duas vezes.' });
  });

  it('too short is refused on the page; a 422 shows the server’s field error', async () => {
    let pedidos = 0;
    server.use(
      http.post(
        '/api/portal/atendente',
        comSessao(() => {
          pedidos += 1;
          return falha(422, 'DADOS_INVALIDOS', 'Dados inválidos.', {
            mensagem: ['A mensagem pode ter no máximo 1000 caracteres.'],
          });
        }),
      ),
    );
    const user = await entrar();
    await user.click(screen.getByRole('button', { name: 'Falar com um atendente' }));
    const campo = screen.getByLabelText('Sua mensagem');
    await user.type(campo, 'a');
    await user.click(screen.getByRole('button', { name: 'Enviar' }));
    expect(screen.getByText('Escreva a sua mensagem.')).toBeInTheDocument();
    expect(campo).toHaveAttribute('aria-invalid', 'true');
    expect(campo).toHaveFocus();
    expect(pedidos).toBe(0);

    await user.type(campo, 'lguma coisa');
    await user.click(screen.getByRole('button', { name: 'Enviar' }));
    expect(await screen.findByText('A mensagem pode ter no máximo 1000 caracteres.')).toBeInTheDocument();
    expect(campo).toHaveAccessibleDescription(/no máximo 1000 caracteres/);
    expect(pedidos).toBe(1);
  });
});

describe('portal: stop the messages', () => {
  it('asks first, then records and shows when', async () => {
    const registrado = '2026-11-20T15:07:00.000Z';
    let pedidos = 0;
    server.use(
      http.post(
        '/api/portal/opt-out',
        comSessao(() => {
          pedidos += 1;
          return HttpResponse.json({ opt_out_em: registrado });
        }),
      ),
    );
    const user = await entrar();
    await user.click(screen.getByRole('button', { name: 'Não quero mais receber mensagens' }));
    expect(
      screen.getByText(
        'Você deixará de receber mensagens de cobrança automáticas de Loja Exemplo Ltda. Seus débitos continuam em aberto.',
      ),
    ).toBeInTheDocument();
    expect(pedidos).toBe(0);

    await user.click(screen.getByRole('button', { name: 'Confirmar' }));
    const d = new Date(registrado);
    const dois = (n: number) => String(n).padStart(2, '0');
    expect(
      await screen.findByText(
        `Pronto. Você não receberá mais mensagens automáticas. Registramos seu pedido em ${dois(d.getDate())}/${dois(d.getMonth() + 1)}/${d.getFullYear()} às ${dois(d.getHours())}:${dois(d.getMinutes())}.`,
      ),
    ).toBeInTheDocument();
    expect(pedidos).toBe(1);

    // Back on the summary (read again), the action is gone.
    server.use(
      http.get(
        '/api/portal/resumo',
        comSessao(() => HttpResponse.json(resumo({ opt_out_em: registrado }))),
      ),
    );
    await user.click(screen.getByRole('button', { name: 'Voltar ao resumo' }));
    await waitFor(() =>
      expect(
        screen.queryByRole('button', { name: 'Não quero mais receber mensagens' }),
      ).not.toBeInTheDocument(),
    );
    expect(screen.getByText(/Você não recebe mais mensagens de cobrança/)).toBeInTheDocument();
  });

  it('"Cancelar" records nothing', async () => {
    let pedidos = 0;
    server.use(
      http.post(
        '/api/portal/opt-out',
        comSessao(() => {
          pedidos += 1;
          return HttpResponse.json({ opt_out_em: '2026-11-20T15:07:00.000Z' });
        }),
      ),
    );
    const user = await entrar();
    await user.click(screen.getByRole('button', { name: 'Não quero mais receber mensagens' }));
    await user.click(screen.getByRole('button', { name: 'Cancelar' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Olá, Maria' })).toBeInTheDocument();
    expect(pedidos).toBe(0);
  });
});
